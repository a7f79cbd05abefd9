package io.github.radixwheel.core;

import io.github.radixwheel.core.internal.WheelEngine;

/**
 * A priority queue of {@code long} keys that are never below a non-decreasing
 * {@link #minAllowedKey()}: a hierarchical radix timing wheel.
 *
 * <p><b>Keys.</b> {@link #add} accepts keys in {@code [minAllowedKey(), maxAllowedKey()]}, where
 * {@code maxAllowedKey()} follows from the {@link LevelBits} (SPEC §1); with
 * {@link LevelBits#DEFAULT} every key {@code >= minAllowedKey()} fits.
 *
 * <p><b>Order.</b> {@link #increaseMinAllowedKey} delivers elements in non-decreasing key order
 * and, among equal keys, in insertion order, where {@link #add} and {@link #changeKey} both count
 * as inserting. {@link #minElement()} and {@link #pollMin()} follow the same order. This holds
 * however the elements were spread over the levels when they were added.
 *
 * <p><b>Handles.</b> {@code add} returns a {@code long} handle that names the element until it is
 * removed, delivered or cleared. Stale handles, made-up values and handles of other queues are
 * never mistaken for live ones (a handle of another queue may collide with probability at most
 * 2^-32). {@link #NULL_HANDLE} is never a handle.
 *
 * <p><b>Handlers may use the queue.</b> While {@code increaseMinAllowedKey(key, h)} runs, each
 * element is removed just before it is handed to {@code h}, and {@code minAllowedKey()} then equals
 * that element's key {@code j}. Inside {@code h} every method works as usual: an element added
 * with a key in {@code [j, key)} is delivered later in the same call, after the pending elements
 * of its key; a pending element that {@code h} removes is not delivered, and one it re-keys is
 * delivered at its new place in the order (or not, if its new key is {@code >= key});
 * {@link #clear()} ends the deliveries of the elements pending at that moment. A nested
 * {@code increaseMinAllowedKey} or {@code pollMin} throws {@link IllegalStateException}. If
 * {@code h} throws, the exception propagates unchanged, the element given to {@code h} stays
 * removed, every other element stays, {@code minAllowedKey()} stays at {@code j}, and the next
 * call continues from there: nothing is lost.
 *
 * <p><b>Not thread-safe.</b> Confine a queue to one thread or guard it externally.
 *
 * <p><b>Implementation note.</b> Level {@code i} has {@code 2^bits(i)} slots, each a doubly
 * linked list in insertion order, and an occupancy bitmap (with a summary word per 64 words). Level
 * ranges are disjoint, so a key's elements always share one slot; as the minimum rises, whole slots
 * move down a level (a lazy radix sort), each element at most {@code numLevels() - 1} times.
 * {@code add}, {@code remove}, {@code contains}, {@code key}, {@code value} and {@code changeKey}
 * cost O(1) (O(levels) worst case) and allocate nothing once capacity suffices.
 * {@code minKey}/{@code minElement} cost O(1) when cached, else one bitmap search plus, when the
 * minimum lies above level 0, a pass over the elements of its slot. {@code increaseMinAllowedKey}
 * costs O(levels) per non-empty slot visited plus O(1) per element moved or delivered; an empty
 * range of any length costs O(levels × words), never time proportional to its length. Storage is
 * parallel primitive arrays that grow by doubling: 24 bytes per element of capacity besides the
 * value objects (with compressed references), plus 20 bytes per slot; a removed element's value
 * is not referenced. A level may have at most 24 bits.
 *
 * @param <V> the type of the values; null values are allowed
 */
public final class TimingWheelQueue<V> {
    /** Never a valid handle. */
    public static final long NULL_HANDLE = 0L;

    private static final int DEFAULT_CAPACITY = 16;
    private static final int SHOWN_ELEMENTS = 8;

    private final WheelEngine<V> engine;

    /** A queue with {@link LevelBits#DEFAULT}: every key {@code >= minAllowedKey()} fits. */
    public TimingWheelQueue() {
        this(LevelBits.DEFAULT);
    }

    /**
     * @param levelBits the levels
     * @throws NullPointerException if {@code levelBits} is null
     * @throws IllegalArgumentException if a level has more than 24 bits
     */
    public TimingWheelQueue(LevelBits levelBits) {
        this(levelBits, DEFAULT_CAPACITY);
    }

    /**
     * @param levelBits the levels
     * @param initialCapacity the number of elements to allocate room for up front
     * @throws NullPointerException if {@code levelBits} is null
     * @throws IllegalArgumentException if {@code initialCapacity < 0} or a level has more than 24 bits
     */
    public TimingWheelQueue(LevelBits levelBits, int initialCapacity) {
        this.engine = new WheelEngine<>(levelBits, initialCapacity, false);
    }

    /** @return the level bits this queue was built with */
    public LevelBits levelBits() {
        return engine.levelBits();
    }

    /** @return the number of elements */
    public int size() {
        return engine.size();
    }

    /** @return whether the queue holds no element */
    public boolean isEmpty() {
        return engine.size() == 0;
    }

    /** @return the least key that {@link #add} accepts; starts at 0 and never decreases */
    public long minAllowedKey() {
        return engine.minAllowedKey();
    }

    /**
     * @return the greatest key that {@link #add} accepts: {@code M_(L-1)} of SPEC §1, at least
     *     {@code min(Long.MAX_VALUE, minAllowedKey() + 2^levelBits().numBits() - 1)}
     */
    public long maxAllowedKey() {
        return engine.maxAllowedKey();
    }

    /**
     * Adds an element. O(1); allocates only when the pool grows.
     *
     * @param key the key, {@code minAllowedKey() <= key <= maxAllowedKey()}
     * @param value the value, possibly null
     * @return a new handle for the element
     * @throws IllegalArgumentException if {@code key < minAllowedKey()} or {@code key > maxAllowedKey()}
     * @throws IllegalStateException if the pool cannot grow further
     */
    public long add(long key, V value) {
        return engine.add(key, 0L, value);
    }

    /**
     * @param handle any value
     * @return whether {@code handle} names an element of this queue; false for removed, delivered,
     *     cleared and made-up handles and for handles of other queues
     */
    public boolean contains(long handle) {
        return engine.contains(handle);
    }

    /**
     * Removes an element. O(1).
     *
     * @param handle any value
     * @return true if the element was contained and is now removed; false if not contained
     */
    public boolean remove(long handle) {
        return engine.remove(handle);
    }

    /**
     * @param handle a contained handle
     * @return the element's key
     * @throws IllegalArgumentException if {@code handle} is not contained
     */
    public long key(long handle) {
        return engine.key(handle);
    }

    /**
     * @param handle a contained handle
     * @return the element's value, possibly null
     * @throws IllegalArgumentException if {@code handle} is not contained
     */
    public V value(long handle) {
        return engine.value(handle);
    }

    /**
     * Gives an element a new key. The element keeps its handle and goes to the back of the
     * insertion order of its new key, even when the key is unchanged. O(1).
     *
     * @param handle a contained handle
     * @param key the new key, {@code minAllowedKey() <= key <= maxAllowedKey()}
     * @throws IllegalArgumentException if {@code handle} is not contained or {@code key} is out of range
     */
    public void changeKey(long handle, long key) {
        engine.changeKey(handle, key, 0L);
    }

    /**
     * @return the least key in the queue
     * @throws java.util.NoSuchElementException if the queue is empty
     */
    public long minKey() {
        return engine.minKey();
    }

    /**
     * @return the handle of the element that the next removal in order would deliver first: the
     *     earliest inserted of those with the least key
     * @throws java.util.NoSuchElementException if the queue is empty
     */
    public long minElement() {
        return engine.minElement();
    }

    /**
     * Removes {@link #minElement()} and raises {@link #minAllowedKey()} to its key.
     *
     * @return the removed element's value, possibly null
     * @throws java.util.NoSuchElementException if the queue is empty
     * @throws IllegalStateException if called from inside a handler of this queue
     */
    public V pollMin() {
        return engine.pollMin();
    }

    /**
     * Raises {@link #minAllowedKey()} to {@code key}, removing every element whose key is below it
     * and handing each to {@code handler} in non-decreasing key order and, among equal keys, in
     * insertion order. Does nothing (and calls no handler) if {@code key <= minAllowedKey()}. See
     * the class documentation for what {@code handler} may do and what happens if it throws.
     *
     * @param key the new minimum allowed key; may exceed {@link #maxAllowedKey()}
     * @param handler receives each removed element
     * @throws NullPointerException if {@code handler} is null
     * @throws IllegalStateException if called from inside a handler of this queue
     */
    public void increaseMinAllowedKey(long key, ElementConsumer<? super V> handler) {
        engine.increaseMinAllowedKey(key, handler);
    }

    /**
     * Removes every element; {@link #minAllowedKey()} is unchanged and every handle goes stale.
     * O(capacity).
     */
    public void clear() {
        engine.clear();
    }

    /**
     * Hands each element to {@code action} once, in unspecified order. O(capacity).
     *
     * @param action receives each element; must not modify the queue
     * @throws NullPointerException if {@code action} is null
     * @throws java.util.ConcurrentModificationException if {@code action} modifies the queue
     */
    public void forEach(ElementConsumer<? super V> action) {
        engine.forEach(action);
    }

    /**
     * Checks every internal invariant: links, counts, level ranges, slot placement, occupancy
     * bitmaps and their summaries, the cached minimum and the free list. O(capacity + slots).
     *
     * @throws IllegalStateException naming the first violation found
     */
    public void checkInvariants() {
        engine.checkInvariants();
    }

    /** @return the size, the allowed key range and the first few elements in delivery order */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("TimingWheelQueue[size=").append(size())
                .append(", allowed keys ").append(minAllowedKey()).append("..").append(maxAllowedKey());
        long[] first = engine.firstInOrder(SHOWN_ELEMENTS);
        for (int i = 0; i < first.length; i++) {
            sb.append(i == 0 ? ", first: " : ", ").append(key(first[i])).append('=').append(value(first[i]));
        }
        return sb.append(first.length < size() ? ", ...]" : "]").toString();
    }
}
