package io.github.radixwheel.core;

import io.github.radixwheel.core.internal.Checks;
import io.github.radixwheel.core.internal.RadixEngine;

/**
 * A monotone priority queue over the caller's own dense {@code int} ids {@code 0 .. capacity - 1},
 * with {@code long} keys never below a non-decreasing {@link #minAllowedKey()}: the shape of an
 * indexed min-priority queue, for shortest paths, A*, event ids, and any algorithm whose items are
 * already numbered. There are no handles and no values: an id is contained at most once.
 *
 * <p><b>Order, keys and handlers</b> are exactly as in {@link TimingWheelQueue}: ids leave in
 * non-decreasing key order and, among equal keys, in insertion order ({@link #add},
 * {@link #changeKey} and a moving {@link #addOrDecreaseKey} insert at the back of their key's
 * order); a handler of {@link #increaseMinAllowedKey} may use the queue, a nested
 * {@code increaseMinAllowedKey} or {@code pollMin} throws {@link IllegalStateException}, and a
 * throwing handler loses nothing.
 *
 * <p><b>Shortest paths.</b> Dijkstra's algorithm with integer arc lengths is monotone: every key
 * added is at least the key just removed. So one queue runs one search with {@link #pollMin()} and
 * {@link #addOrDecreaseKey} for each relaxation, and {@link #reset} readies it for the next source.
 *
 * <p><b>Not thread-safe.</b>
 *
 * <p><b>Implementation note.</b> The radix wheel of {@code TimingWheelQueue} with the ids as its
 * nodes: 16 bytes per id of capacity (a key and two links), plus the slot arrays of the
 * {@link LevelBits} (8 bytes per slot), all allocated by the constructor; nothing is allocated
 * afterwards. {@code add}, {@code addOrDecreaseKey}, {@code remove}, {@code contains},
 * {@code key} and {@code changeKey} cost O(1) (O(levels) worst case); the rest as in
 * {@code TimingWheelQueue}: take the minimum with {@link #pollMin()}, since a loop that removes or
 * re-keys the id that {@link #minId()} names may pass over its slot every time.
 */
public final class IndexedTimingWheelQueue {
    private static final int SHOWN_IDS = 8;
    private static final RadixEngine.Delivery<IdConsumer> DELIVERY = (id, key, handler) -> handler.accept(id, key);
    private static final RadixEngine.NodeVisitor NOTHING = (id, key) -> { };

    private final RadixEngine engine;
    private final int capacity;

    /**
     * A queue for ids {@code 0 .. capacity - 1} with {@link LevelBits#DEFAULT}.
     *
     * @param capacity the number of ids
     * @throws IllegalArgumentException if {@code capacity < 0}, above 2^30, or cannot be allocated
     */
    public IndexedTimingWheelQueue(int capacity) {
        this(capacity, LevelBits.DEFAULT);
    }

    /**
     * A queue for ids {@code 0 .. capacity - 1} with the given levels.
     *
     * @param capacity the number of ids
     * @param levelBits the levels
     * @throws NullPointerException if {@code levelBits} is null
     * @throws IllegalArgumentException if {@code capacity < 0}, above 2^30, or cannot be allocated,
     *     or if a level has more than 24 bits
     */
    public IndexedTimingWheelQueue(int capacity, LevelBits levelBits) {
        Checks.requireNonNull(levelBits, "levelBits");
        this.engine = new RadixEngine(levelBits, capacity);
        this.capacity = capacity;
    }

    /** {@return the number of ids: they are {@code 0 .. capacity() - 1}} */
    public int capacity() {
        return capacity;
    }

    /** {@return the number of ids in the queue} */
    public int size() {
        return engine.size();
    }

    /** {@return whether the queue holds no id} */
    public boolean isEmpty() {
        return engine.size() == 0;
    }

    /** {@return the level bits this queue was built with} */
    public LevelBits levelBits() {
        return engine.levelBits();
    }

    /**
     * {@return the least key that {@link #add} accepts; starts at 0 and never decreases but through
     *     {@link #reset}}
     */
    public long minAllowedKey() {
        return engine.minAllowedKey();
    }

    /** {@return the greatest key that {@link #add} accepts; see {@link TimingWheelQueue#maxAllowedKey()}} */
    public long maxAllowedKey() {
        return engine.maxAllowedKey();
    }

    /**
     * Adds {@code id} at the back of its key's insertion order. O(1).
     *
     * @param id an id that is not contained, {@code 0 <= id < capacity()}
     * @param key the key, {@code minAllowedKey() <= key <= maxAllowedKey()}
     * @throws IllegalArgumentException if {@code id} is out of range or already contained, or
     *     {@code key} is out of range
     */
    public void add(int id, long key) {
        checkId(id);
        engine.requireMutable();
        if (engine.isLinked(id)) {
            throw Checks.argument("id: " + id + " is already contained (key " + engine.key(id) + ")");
        }
        engine.checkKey(key);
        engine.insertLast(id, key);
    }

    /**
     * Adds {@code id} if it is absent; if it is present with a larger key, moves it to {@code key}, at
     * the back of that key's insertion order; otherwise does nothing. The relaxation step of
     * shortest-path algorithms. O(1).
     *
     * @param id an id, {@code 0 <= id < capacity()}
     * @param key the key, {@code minAllowedKey() <= key <= maxAllowedKey()}
     * @return whether the queue changed
     * @throws IllegalArgumentException if {@code id} or {@code key} is out of range
     */
    public boolean addOrDecreaseKey(int id, long key) {
        checkId(id);
        engine.requireMutable();
        engine.checkKey(key);
        if (!engine.isLinked(id)) {
            engine.insertLast(id, key);
            return true;
        }
        if (key < engine.key(id)) {
            engine.changeKey(id, key);
            return true;
        }
        return false;
    }

    /**
     * Tells whether {@code id} is in the queue. O(1).
     *
     * @param id any {@code int}
     * @return whether {@code id} is in the queue; false for ids outside {@code [0, capacity())}
     */
    public boolean contains(int id) {
        return id >= 0 && id < capacity && engine.isLinked(id);
    }

    /**
     * Returns the key of a contained id. O(1).
     *
     * @param id a contained id
     * @return its key
     * @throws IllegalArgumentException if {@code id} is not contained
     */
    public long key(int id) {
        return engine.key(live(id));
    }

    /**
     * Removes {@code id}. O(1).
     *
     * @param id any {@code int}
     * @return true if it was contained and is now removed; false if not contained
     */
    public boolean remove(int id) {
        if (!contains(id)) {
            return false;
        }
        engine.requireMutable();
        engine.unlink(id);
        return true;
    }

    /**
     * Gives a contained id a new key, at the back of that key's insertion order (even when the key
     * is unchanged). O(1).
     *
     * @param id a contained id
     * @param key the new key, {@code minAllowedKey() <= key <= maxAllowedKey()}
     * @throws IllegalArgumentException if {@code id} is not contained or {@code key} is out of range
     */
    public void changeKey(int id, long key) {
        live(id);
        engine.requireMutable();
        engine.checkKey(key);
        engine.changeKey(id, key);
    }

    /**
     * {@return the id that {@link #pollMin()} would remove: the first in insertion order of those with
     *     the least key}
     *
     * @throws java.util.NoSuchElementException if the queue is empty
     */
    public int minId() {
        return requireMin("minId");
    }

    /**
     * {@return the least key in the queue}
     *
     * @throws java.util.NoSuchElementException if the queue is empty
     */
    public long minKey() {
        return engine.key(requireMin("minKey"));
    }

    /**
     * Removes {@link #minId()} and raises {@link #minAllowedKey()} to its key. O(1) when the minimum
     * is cached; see {@link TimingWheelQueue} for the cost of finding it.
     *
     * @return the removed id
     * @throws java.util.NoSuchElementException if the queue is empty
     * @throws IllegalStateException if called from inside a handler of this queue
     */
    public int pollMin() {
        engine.requireIdle("pollMin");
        int id = engine.pollMinNode();
        if (id == RadixEngine.NIL) {
            throw Checks.empty("pollMin of an empty queue");
        }
        return id;
    }

    private int requireMin(String method) {
        int id = engine.minNode();
        if (id == RadixEngine.NIL) {
            throw Checks.empty(method + " of an empty queue");
        }
        return id;
    }

    /**
     * Raises {@link #minAllowedKey()} to {@code key}, removing every id whose key is below it and
     * handing each to {@code handler} in non-decreasing key order and, among equal keys, in
     * insertion order. Does nothing if {@code key <= minAllowedKey()}. The handler rules of
     * {@link TimingWheelQueue} apply.
     *
     * @param key the new minimum allowed key; may exceed {@link #maxAllowedKey()}
     * @param handler receives each removed id
     * @throws NullPointerException if {@code handler} is null
     * @throws IllegalStateException if called from inside a handler of this queue
     */
    public void increaseMinAllowedKey(long key, IdConsumer handler) {
        Checks.requireNonNull(handler, "handler");
        engine.requireNotDelivering("increaseMinAllowedKey");
        if (key <= engine.minAllowedKey()) {
            return;
        }
        engine.beginDelivery("increaseMinAllowedKey");
        try {
            engine.advance(key, DELIVERY, handler);
        } finally {
            engine.endDelivery();
        }
    }

    /** Removes every id; {@link #minAllowedKey()} is unchanged. O(size + occupied slots). */
    public void clear() {
        engine.requireMutable();
        engine.clear(NOTHING);
    }

    /**
     * Removes every id and sets {@link #minAllowedKey()} to {@code minAllowedKey}, lower or higher
     * than before, so that one queue serves many searches. O(size + occupied slots).
     *
     * @param minAllowedKey the new minimum allowed key, {@code >= 0}
     * @throws IllegalArgumentException if {@code minAllowedKey < 0}
     */
    public void reset(long minAllowedKey) {
        if (minAllowedKey < 0) {
            throw Checks.outOfRange("minAllowedKey", minAllowedKey, 0, Long.MAX_VALUE);
        }
        engine.requireMutable();
        engine.reset(minAllowedKey, NOTHING);
    }

    /**
     * Hands each contained id to {@code action} once, in unspecified order. O(size + occupied slots).
     *
     * @param action receives each id and its key; must not modify the queue
     * @throws NullPointerException if {@code action} is null
     * @throws java.util.ConcurrentModificationException if {@code action} calls a method that would
     *     modify the queue; that call changes nothing
     */
    public void forEach(IdConsumer action) {
        Checks.requireNonNull(action, "action");
        int saved = engine.beginIteration();
        try {
            engine.forEach(action, IdConsumer::accept); // captures nothing: no object per call
        } finally {
            engine.endIteration(saved);
        }
    }

    /**
     * Checks every internal invariant: links, level ranges, slot placement, occupancy bitmaps and
     * their summaries, the cached minimum and the size. O(capacity + slots); allocates nothing unless a
     * check fails, so a test may call it after every step.
     *
     * @throws IllegalStateException naming the first violation found
     */
    public void checkInvariants() {
        engine.checkInvariants();
    }

    /**
     * {@return the size, the allowed key range and the first few ids in delivery order} To find them
     * it puts the first occupied slot in order: O(s log s) for a slot of s ids, with a copy.
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("IndexedTimingWheelQueue[size=").append(size())
                .append(", capacity=").append(capacity())
                .append(", allowed keys ").append(minAllowedKey()).append("..").append(maxAllowedKey());
        int[] shown = {0};
        int saved = engine.beginIteration();
        try {
            engine.forEachInOrder((id, key) -> sb.append(shown[0]++ == 0 ? ", first: " : ", ")
                    .append(id).append('@').append(key), SHOWN_IDS);
        } finally {
            engine.endIteration(saved);
        }
        return sb.append(shown[0] < size() ? ", ...]" : "]").toString();
    }

    private void checkId(int id) {
        if (id < 0 || id >= capacity) {
            throw idOutOfRange(id);
        }
    }

    private IllegalArgumentException idOutOfRange(int id) {
        return Checks.argument("id: " + id + " (expected: " + validIds() + ")");
    }

    /** The valid ids, for messages: no empty range "0..-1" when the capacity is 0. */
    private String validIds() {
        return capacity == 0 ? "none, the capacity is 0" : "0.." + (capacity - 1L);
    }

    private int live(int id) {
        if (!contains(id)) {
            throw Checks.argument("id: " + id + " (expected: an id in the queue; it was never added, or was "
                    + "removed or delivered, or is not a valid id: " + validIds() + ")");
        }
        return id;
    }
}
