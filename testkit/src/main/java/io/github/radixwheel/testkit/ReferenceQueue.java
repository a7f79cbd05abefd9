package io.github.radixwheel.testkit;

import io.github.radixwheel.core.ElementConsumer;
import io.github.radixwheel.core.LevelBits;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A plain model of {@code TimingWheelQueue}: the same public methods, results and exceptions,
 * built on a sorted map from key to a list of elements in insertion order. Obviously correct
 * rather than fast: use it as the expected side of a differential test.
 *
 * <p><b>Keys.</b> {@link #add} accepts keys in {@code [minAllowedKey(), maxAllowedKey()]}. With
 * level bits {@code b_0 … b_(L-1)}, {@code B_i = b_0 + … + b_i}, {@code S_i = 2^B_i - 1} and
 * {@code k = minAllowedKey()}, level 0 holds {@code [k, k ⊕ S_0]}; level {@code i} starts at the
 * end of level {@code i - 1} plus one, rounded down to a multiple of {@code 2^B_(i-1)}, and holds
 * {@code S_i + 1} keys ({@code ⊕} saturates at {@link Long#MAX_VALUE}); {@code maxAllowedKey()} is
 * the last level's end. (The real queue cuts its levels at aligned blocks instead, where its slots
 * turn over; the last key, the only one a caller sees, is the same.)
 *
 * <p><b>Order.</b> Elements leave in non-decreasing key order and, among equal keys, in insertion
 * order: {@link #add} and {@link #changeKey} insert at the back of their key, {@link #addFirst} at
 * its front, {@link #addBefore}/{@link #addAfter} next to a given element.
 *
 * <p><b>Handles</b> are this model's own, unique across every model of the JVM, never 0 and never
 * reused: a removed, delivered or cleared handle is never contained again.
 *
 * <p><b>Handlers may use the queue.</b> While {@code increaseMinAllowedKey(key, h)} runs, each
 * element is removed just before it is handed to {@code h}, and {@code minAllowedKey()} then equals
 * its key {@code j}. Inside {@code h} every method works: an element added with a key in
 * {@code [j, key)} is delivered later in the same call, in order; a pending element that {@code h}
 * removes is not delivered, one it re-keys is delivered at its new place (if still below
 * {@code key}); {@link #clear()} and {@link #reset} end the deliveries of the elements pending at
 * that moment. A nested {@code increaseMinAllowedKey} or {@code pollMin} throws
 * {@link IllegalStateException}. If {@code h} throws, the exception propagates, the element handed
 * to {@code h} stays removed, every other element stays, and {@code minAllowedKey()} stays at
 * {@code j}. The action of {@link #pollMin(ElementConsumer)} follows the same rules. An action of
 * {@link #forEach} or {@link #forEachInOrder} that modifies the queue gets a
 * {@link java.util.ConcurrentModificationException}, and the queue is unchanged.
 *
 * <p><b>Not thread-safe.</b> Every operation costs O(size) or O(log size) at worst.
 *
 * @param <V> the type of the values; null values are allowed
 */
public final class ReferenceQueue<V> {
    /** Never a valid handle. */
    public static final long NULL_HANDLE = 0L;

    private final LevelBits levelBits;
    private final ModelOrder<Long, V> order = new ModelOrder<>();
    private long minAllowedKey;

    /** A queue with {@link LevelBits#DEFAULT}: every key {@code >= minAllowedKey()} fits. */
    public ReferenceQueue() {
        this(LevelBits.DEFAULT);
    }

    /**
     * A queue whose {@link #maxAllowedKey()} follows from {@code levelBits}.
     *
     * @param levelBits the levels
     * @throws NullPointerException if {@code levelBits} is null
     * @throws IllegalArgumentException if a level has more than 24 bits, as the real queue refuses
     */
    public ReferenceQueue(LevelBits levelBits) {
        this.levelBits = Objects.requireNonNull(levelBits, "levelBits is null");
        Levels.checkBuildable(levelBits);
    }

    /**
     * As {@link #ReferenceQueue(LevelBits)}, for code that builds the real queue with an initial
     * capacity: the model allocates nothing up front, and refuses the arguments the real queue refuses
     * (not a capacity that the real queue cannot allocate in the heap at hand).
     *
     * @param levelBits the levels
     * @param initialCapacity the real queue's initial capacity, {@code 0..2^30}
     * @throws NullPointerException if {@code levelBits} is null
     * @throws IllegalArgumentException if {@code initialCapacity} is negative or above 2^30, or if a
     *     level has more than 24 bits
     */
    public ReferenceQueue(LevelBits levelBits, int initialCapacity) {
        this(levelBits);
        Levels.checkInitialCapacity(initialCapacity);
    }

    /** {@return the level bits this queue was built with} */
    public LevelBits levelBits() {
        return levelBits;
    }

    /** {@return the number of elements} */
    public int size() {
        return order.size();
    }

    /** {@return whether the queue holds no element} */
    public boolean isEmpty() {
        return order.size() == 0;
    }

    /** {@return the least key that {@link #add} accepts; starts at 0} */
    public long minAllowedKey() {
        return minAllowedKey;
    }

    /** {@return the greatest key that {@link #add} accepts: the end of the last level (see the class documentation)} */
    public long maxAllowedKey() {
        return Levels.maxAllowedKey(levelBits, minAllowedKey);
    }

    /**
     * Adds an element at the back of its key's insertion order.
     *
     * @param key the key, {@code minAllowedKey() <= key <= maxAllowedKey()}
     * @param value the value, possibly null
     * @return a new handle
     * @throws IllegalArgumentException if {@code key} is out of range
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public long add(long key, V value) {
        checkKey(key);
        order.requireMutable();
        return order.add(key, value, false);
    }

    /**
     * Adds an element at the front of its key's insertion order.
     *
     * @param key the key, {@code minAllowedKey() <= key <= maxAllowedKey()}
     * @param value the value, possibly null
     * @return a new handle
     * @throws IllegalArgumentException if {@code key} is out of range
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public long addFirst(long key, V value) {
        checkKey(key);
        order.requireMutable();
        return order.add(key, value, true);
    }

    /**
     * Adds an element with the key of {@code handle}, immediately before it.
     *
     * @param handle a contained handle
     * @param value the value, possibly null
     * @return a new handle
     * @throws IllegalArgumentException if {@code handle} is not contained
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public long addBefore(long handle, V value) {
        return addBeside(handle, value, false);
    }

    /**
     * Adds an element with the key of {@code handle}, immediately after it.
     *
     * @param handle a contained handle
     * @param value the value, possibly null
     * @return a new handle
     * @throws IllegalArgumentException if {@code handle} is not contained
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public long addAfter(long handle, V value) {
        return addBeside(handle, value, true);
    }

    private long addBeside(long handle, V value, boolean after) {
        ModelOrder.Entry<Long, V> ref = order.live("handle", handle);
        order.requireMutable();
        return order.addBeside(ref, value, after);
    }

    /**
     * Tells whether a handle names an element of this queue.
     *
     * @param handle any value
     * @return whether it names an element of this queue
     */
    public boolean contains(long handle) {
        return order.find(handle) != null;
    }

    /**
     * Removes an element.
     *
     * @param handle any value
     * @return true if it was contained and is now removed, false if not contained
     * @throws java.util.ConcurrentModificationException if contained and called from {@link #forEach}
     *     or {@link #forEachInOrder}
     */
    public boolean remove(long handle) {
        ModelOrder.Entry<Long, V> e = order.find(handle);
        if (e == null) {
            return false;
        }
        order.requireMutable();
        order.remove(e);
        return true;
    }

    /**
     * Returns an element's key.
     *
     * @param handle a contained handle
     * @return its key
     * @throws IllegalArgumentException if {@code handle} is not contained
     */
    public long key(long handle) {
        return order.live("handle", handle).key;
    }

    /**
     * Returns an element's value.
     *
     * @param handle a contained handle
     * @return its value, possibly null
     * @throws IllegalArgumentException if {@code handle} is not contained
     */
    public V value(long handle) {
        return order.live("handle", handle).payload;
    }

    /**
     * Replaces an element's value; its key and place stay.
     *
     * @param handle a contained handle
     * @param value the new value, possibly null
     * @return the old value
     * @throws IllegalArgumentException if {@code handle} is not contained
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public V setValue(long handle, V value) {
        ModelOrder.Entry<Long, V> e = order.live("handle", handle);
        order.requireMutable();
        V old = e.payload;
        e.payload = value;
        return old;
    }

    /**
     * Gives an element a new key: it keeps its handle and goes to the back of its new key's
     * insertion order, even when the key is unchanged.
     *
     * @param handle a contained handle
     * @param key the new key, {@code minAllowedKey() <= key <= maxAllowedKey()}
     * @throws IllegalArgumentException if {@code handle} is not contained or {@code key} is out of range
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public void changeKey(long handle, long key) {
        ModelOrder.Entry<Long, V> e = order.live("handle", handle);
        checkKey(key);
        order.requireMutable();
        order.move(e, key);
    }

    /**
     * {@return the least key}
     *
     * @throws NoSuchElementException if the queue is empty
     */
    public long minKey() {
        return requireFirst("minKey").key;
    }

    /**
     * {@return the handle of the first element in delivery order}
     *
     * @throws NoSuchElementException if the queue is empty
     */
    public long minElement() {
        return requireFirst("minElement").handle;
    }

    /**
     * Removes the first element in delivery order and raises {@link #minAllowedKey()} to its key.
     *
     * @return its value
     * @throws NoSuchElementException if the queue is empty
     * @throws IllegalStateException if called from inside a handler of this queue
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public V pollMin() {
        order.requireNotDelivering("pollMin");
        order.requireMutable();
        ModelOrder.Entry<Long, V> e = requireFirst("pollMin");
        order.remove(e);
        minAllowedKey = e.key;
        return e.payload;
    }

    /**
     * Removes the first element in delivery order, raises {@link #minAllowedKey()} to its key, then
     * hands it to {@code action}, inside which the rules for handlers apply.
     *
     * @param action receives the removed element
     * @return false, without calling {@code action}, if the queue is empty; else true
     * @throws NullPointerException if {@code action} is null
     * @throws IllegalStateException if called from inside a handler of this queue
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public boolean pollMin(ElementConsumer<? super V> action) {
        Objects.requireNonNull(action, "action is null");
        order.requireNotDelivering("pollMin");
        order.requireMutable();
        ModelOrder.Entry<Long, V> e = order.first();
        if (e == null) {
            return false;
        }
        order.remove(e);
        minAllowedKey = e.key;
        order.beginDelivery("pollMin");
        try {
            action.accept(e.handle, e.key, e.payload);
        } finally {
            order.endDelivery();
        }
        return true;
    }

    /**
     * Raises {@link #minAllowedKey()} to {@code key}, handing each element whose key is below it to
     * {@code handler}, in delivery order. Does nothing if {@code key <= minAllowedKey()}.
     *
     * @param key the new minimum allowed key
     * @param handler receives each removed element
     * @throws NullPointerException if {@code handler} is null
     * @throws IllegalStateException if called from inside a handler of this queue
     * @throws java.util.ConcurrentModificationException if it would deliver or raise the minimum and is
     *     called from {@link #forEach} or {@link #forEachInOrder}
     */
    public void increaseMinAllowedKey(long key, ElementConsumer<? super V> handler) {
        Objects.requireNonNull(handler, "handler is null");
        order.requireNotDelivering("increaseMinAllowedKey");
        if (key <= minAllowedKey) {
            return;
        }
        order.beginDelivery("increaseMinAllowedKey");
        try {
            for (ModelOrder.Entry<Long, V> e = order.first(); e != null && e.key < key; e = order.first()) {
                order.remove(e);
                minAllowedKey = e.key;
                handler.accept(e.handle, e.key, e.payload);
            }
            minAllowedKey = Math.max(minAllowedKey, key);
        } finally {
            order.endDelivery();
        }
    }

    /**
     * Removes every element; {@link #minAllowedKey()} stays.
     *
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public void clear() {
        order.requireMutable();
        order.clear();
    }

    /**
     * Removes every element and sets {@link #minAllowedKey()}, lower or higher than before.
     *
     * @param minAllowedKey the new minimum allowed key, {@code >= 0}
     * @throws IllegalArgumentException if {@code minAllowedKey < 0}
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public void reset(long minAllowedKey) {
        if (minAllowedKey < 0) {
            throw new IllegalArgumentException("minAllowedKey: " + minAllowedKey + " (expected: 0.." + Long.MAX_VALUE + ")");
        }
        order.requireMutable();
        order.clear();
        this.minAllowedKey = minAllowedKey;
    }

    /**
     * Does nothing but refuse to run from an iteration, as the real queue's storage trim does.
     *
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public void trimToSize() {
        order.requireMutable();
    }

    /**
     * Hands each element to {@code action} once (here in delivery order; the real queue promises no order).
     *
     * @param action receives each element; must not modify the queue
     * @throws NullPointerException if {@code action} is null
     * @throws java.util.ConcurrentModificationException if {@code action} modifies the queue
     */
    public void forEach(ElementConsumer<? super V> action) {
        forEachInOrder(action);
    }

    /**
     * Hands each element to {@code action} once, in delivery order.
     *
     * @param action receives each element; must not modify the queue
     * @throws NullPointerException if {@code action} is null
     * @throws java.util.ConcurrentModificationException if {@code action} modifies the queue
     */
    public void forEachInOrder(ElementConsumer<? super V> action) {
        Objects.requireNonNull(action, "action is null");
        order.iterate(e -> action.accept(e.handle, e.key, e.payload));
    }

    /**
     * Checks the model's own consistency: its map and lists agree, and every key lies in
     * {@code [minAllowedKey(), maxAllowedKey()]}. O(size).
     *
     * @throws IllegalStateException naming the first violation
     */
    public void checkInvariants() {
        order.check();
        long max = maxAllowedKey();
        for (ModelOrder.Entry<Long, V> e : order.inOrder()) {
            if (e.key < minAllowedKey || e.key > max) {
                throw new IllegalStateException("key " + e.key + " outside " + minAllowedKey + ".." + max);
            }
        }
    }

    /** {@return the size, the allowed key range and the first few elements in delivery order} */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ReferenceQueue[size=").append(size())
                .append(", allowed keys ").append(minAllowedKey).append("..").append(maxAllowedKey());
        int shown = 0;
        for (ModelOrder.Entry<Long, V> e : order.inOrder()) {
            if (shown == 8) {
                return sb.append(", ...]").toString();
            }
            sb.append(shown++ == 0 ? ", first: " : ", ").append(e.key).append('=').append(e.payload);
        }
        return sb.append(']').toString();
    }

    private void checkKey(long key) {
        long max = maxAllowedKey();
        if (key < minAllowedKey || key > max) {
            throw new IllegalArgumentException("key: " + key + " (expected: " + minAllowedKey + ".." + max + ")");
        }
    }

    private ModelOrder.Entry<Long, V> requireFirst(String method) {
        ModelOrder.Entry<Long, V> e = order.first();
        if (e == null) {
            throw new NoSuchElementException(method + " of an empty queue");
        }
        return e;
    }
}
