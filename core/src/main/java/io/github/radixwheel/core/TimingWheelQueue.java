package io.github.radixwheel.core;

import io.github.radixwheel.core.internal.Checks;
import io.github.radixwheel.core.internal.HandleWheel;
import io.github.radixwheel.core.internal.RadixEngine;

/**
 * A priority queue of {@code long} keys that are never below a non-decreasing
 * {@link #minAllowedKey()}: a hierarchical radix timing wheel.
 *
 * <p><b>Keys.</b> {@link #add} accepts keys in {@code [minAllowedKey(), maxAllowedKey()]}, where
 * {@code maxAllowedKey()} follows from the {@link LevelBits} (see {@link #maxAllowedKey()}); with
 * {@link LevelBits#DEFAULT} every key {@code >= minAllowedKey()} fits.
 *
 * <p><b>Order.</b> Elements leave in non-decreasing key order and, among equal keys, in insertion
 * order. {@link #add} and {@link #changeKey} insert at the back of their key's order,
 * {@link #addFirst} at its front, and {@link #addBefore}/{@link #addAfter} next to a given element.
 * {@link #minElement()}, {@link #pollMin()}, {@link #increaseMinAllowedKey} and
 * {@link #forEachInOrder} all follow this one order, however the elements were spread over the
 * levels when they were added.
 *
 * <p><b>Handles.</b> The add methods return a {@code long} handle that names the element until it
 * is removed, delivered or cleared. Stale handles, made-up values and handles of other queues are
 * never mistaken for live ones (a handle of another queue may collide with probability at most
 * 2^-32). {@link #NULL_HANDLE} is never a handle.
 *
 * <p><b>Handlers may use the queue.</b> While {@code increaseMinAllowedKey(key, h)} runs, each
 * element is removed just before it is handed to {@code h}, and {@code minAllowedKey()} then equals
 * that element's key {@code j}. Inside {@code h} every method works as usual: an element added
 * with a key in {@code [j, key)} is delivered later in the same call, in its place in the order
 * (an {@link #addFirst addFirst(j, v)} is delivered next); a pending element that {@code h}
 * removes is not delivered, and one it re-keys is delivered at its new place in the order (or
 * not, if its new key is {@code >= key}); {@link #clear()} and {@link #reset} end the deliveries of
 * the elements pending at that moment. A nested {@code increaseMinAllowedKey} or {@code pollMin}
 * throws {@link IllegalStateException}. If {@code h} throws, the exception propagates unchanged,
 * the element given to {@code h} stays removed, every other element stays, {@code minAllowedKey()}
 * stays at {@code j}, and the next call continues from there: nothing is lost. The action of
 * {@link #pollMin(ElementConsumer)} follows the same rules.
 *
 * <p><b>Not thread-safe.</b> Confine a queue to one thread or guard it externally.
 *
 * <p><b>Implementation note.</b> Level {@code i} has {@code 2^bits(i)} slots, each a doubly
 * linked list in insertion order, and an occupancy bitmap (with a summary word per 64 words). Level
 * ranges are disjoint, so a key's elements always share one slot; as the minimum rises, whole slots
 * move down a level (a lazy radix sort), each element at most {@code numLevels() - 1} times.
 * {@code add}, {@code addFirst}, {@code addBefore}, {@code addAfter}, {@code remove},
 * {@code contains}, {@code key}, {@code value}, {@code setValue} and {@code changeKey} cost O(1)
 * (O(levels) worst case) and allocate nothing once capacity suffices. {@code minKey}/{@code minElement}
 * cost O(1) when cached, else one bitmap search plus, when the minimum lies above level 0, a pass
 * over the elements of its slot. {@code pollMin} moves that slot down a level once, after which each
 * next minimum of the slot is found in O(1); a loop that instead removes or re-keys the element that
 * {@code minElement} names passes over the slot every time, O(s²) in all for a slot of s elements
 * (an {@code increaseMinAllowedKey(minKey(), …)} first moves the slot down).
 * {@code increaseMinAllowedKey} costs O(levels) per non-empty slot visited plus O(1) per element
 * moved or delivered; an empty range of any length costs O(levels × words), never time
 * proportional to its length. (A removal leaves its slot's occupancy bit set; the next search that
 * meets it clears it, once per emptied slot.) Storage is pooled primitive arrays: 24
 * bytes per element of capacity besides the value objects (with compressed references), plus 8
 * bytes per slot. Capacity grows by half when full, so grown storage stays within 36 bytes per element of the
 * size that made it grow; {@link #trimToSize()} gives back what the current elements do not need.
 * A growth copies the pool's arrays, whose link array also holds a list head per slot: O(capacity +
 * slots), and for a moment twice that memory. With wide levels (millions of slots), pass an
 * {@code initialCapacity} that spares the growths.
 * A removed element's value is not referenced. A level may have at most 24 bits.
 *
 * @param <V> the type of the values; null values are allowed
 */
public final class TimingWheelQueue<V> {
    /** Never a valid handle. */
    public static final long NULL_HANDLE = 0L;

    private static final int DEFAULT_CAPACITY = 16;
    private static final int SHOWN_ELEMENTS = 8;

    private final HandleWheel<V> wheel;
    /** Hands a delivered element to the caller's consumer. */
    private final RadixEngine.Delivery<ElementConsumer<? super V>> delivery = this::deliver;

    /** A queue with {@link LevelBits#DEFAULT}: every key {@code >= minAllowedKey()} fits. */
    public TimingWheelQueue() {
        this(LevelBits.DEFAULT);
    }

    /**
     * A queue with the given levels and the default initial capacity.
     *
     * @param levelBits the levels
     * @throws NullPointerException if {@code levelBits} is null
     * @throws IllegalArgumentException if a level has more than 24 bits
     */
    public TimingWheelQueue(LevelBits levelBits) {
        this(levelBits, DEFAULT_CAPACITY);
    }

    /**
     * A queue with the given levels and room for {@code initialCapacity} elements allocated up front.
     *
     * @param levelBits the levels
     * @param initialCapacity the number of elements to allocate room for up front
     * @throws NullPointerException if {@code levelBits} is null
     * @throws IllegalArgumentException if {@code initialCapacity < 0}, if it is above 2^30 or cannot
     *     be allocated in the heap, or if a level has more than 24 bits
     */
    public TimingWheelQueue(LevelBits levelBits, int initialCapacity) {
        this.wheel = new HandleWheel<>(levelBits, initialCapacity, false);
    }

    /** {@return the level bits this queue was built with} */
    public LevelBits levelBits() {
        return wheel.levelBits();
    }

    /** {@return the number of elements} */
    public int size() {
        return wheel.size();
    }

    /** {@return whether the queue holds no element} */
    public boolean isEmpty() {
        return wheel.size() == 0;
    }

    /**
     * {@return the least key that {@link #add} accepts; starts at 0 and never decreases but through
     *     {@link #reset}}
     */
    public long minAllowedKey() {
        return wheel.minAllowedKey();
    }

    /**
     * The greatest key that {@link #add} accepts. With level bits {@code b_0 … b_(L-1)},
     * {@code B_i = b_0 + … + b_i} and {@code k = minAllowedKey()}, level 0 holds
     * {@code [k, k | (2^B_0 - 1)]}, each level {@code i} up to {@code L - 2} continues to the end of
     * the aligned block of {@code 2^B_i} keys where it starts, and the last level holds
     * {@code 2^B_(L-1)} keys from its start (saturating at {@link Long#MAX_VALUE}).
     *
     * @return the end of the last level: at least {@code min(Long.MAX_VALUE, k + 2^numBits - 1)}
     */
    public long maxAllowedKey() {
        return wheel.maxAllowedKey();
    }

    /**
     * Adds an element at the back of its key's insertion order. O(1), but for a growth of the pool
     * (O(capacity + slots), see the class doc), the only time it allocates.
     *
     * @param key the key, {@code minAllowedKey() <= key <= maxAllowedKey()}
     * @param value the value, possibly null
     * @return a new handle for the element
     * @throws IllegalArgumentException if {@code key < minAllowedKey()} or {@code key > maxAllowedKey()}
     * @throws IllegalStateException if the pool cannot grow further (2^30 elements)
     */
    public long add(long key, V value) {
        return wheel.add(key, 0L, value);
    }

    /**
     * Adds an element at the front of its key's insertion order: it leaves before every pending
     * element of that key. Inside a handler delivering key {@code j}, an {@code addFirst(j, v)} is
     * delivered next. O(1).
     *
     * @param key the key, {@code minAllowedKey() <= key <= maxAllowedKey()}
     * @param value the value, possibly null
     * @return a new handle for the element
     * @throws IllegalArgumentException if {@code key < minAllowedKey()} or {@code key > maxAllowedKey()}
     * @throws IllegalStateException if the pool cannot grow further (2^30 elements)
     */
    public long addFirst(long key, V value) {
        return wheel.addFirst(key, 0L, value);
    }

    /**
     * Adds an element with the key of {@code handle}, immediately before it in delivery order. O(1).
     *
     * @param handle a contained handle
     * @param value the value, possibly null
     * @return a new handle for the element
     * @throws IllegalArgumentException if {@code handle} is not contained
     * @throws IllegalStateException if the pool cannot grow further (2^30 elements)
     */
    public long addBefore(long handle, V value) {
        return wheel.addBeside(handle, value, false);
    }

    /**
     * Adds an element with the key of {@code handle}, immediately after it in delivery order. O(1).
     *
     * @param handle a contained handle
     * @param value the value, possibly null
     * @return a new handle for the element
     * @throws IllegalArgumentException if {@code handle} is not contained
     * @throws IllegalStateException if the pool cannot grow further (2^30 elements)
     */
    public long addAfter(long handle, V value) {
        return wheel.addBeside(handle, value, true);
    }

    /**
     * Tells whether a handle names an element of this queue. O(1).
     *
     * @param handle any value
     * @return whether {@code handle} names an element of this queue; false for removed, delivered,
     *     cleared and made-up handles and for handles of other queues
     */
    public boolean contains(long handle) {
        return wheel.contains(handle);
    }

    /**
     * Removes an element. O(1).
     *
     * @param handle any value
     * @return true if the element was contained and is now removed; false if not contained
     */
    public boolean remove(long handle) {
        return wheel.remove(handle);
    }

    /**
     * Returns the key of a contained element. O(1).
     *
     * @param handle a contained handle
     * @return the element's key
     * @throws IllegalArgumentException if {@code handle} is not contained
     */
    public long key(long handle) {
        return wheel.key(handle);
    }

    /**
     * Returns the value of a contained element. O(1).
     *
     * @param handle a contained handle
     * @return the element's value, possibly null
     * @throws IllegalArgumentException if {@code handle} is not contained
     */
    public V value(long handle) {
        return wheel.value(handle);
    }

    /**
     * Replaces an element's value; its key, handle and place in the order stay. O(1).
     *
     * @param handle a contained handle
     * @param value the new value, possibly null
     * @return the old value, possibly null
     * @throws IllegalArgumentException if {@code handle} is not contained
     */
    public V setValue(long handle, V value) {
        return wheel.setValue(handle, value);
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
        wheel.changeKey(handle, key, 0L);
    }

    /**
     * {@return the least key in the queue}
     *
     * @throws java.util.NoSuchElementException if the queue is empty
     */
    public long minKey() {
        return wheel.minKey();
    }

    /**
     * {@return the handle of the element that the next removal in order would deliver first: the
     *     first in insertion order of those with the least key}
     *
     * @throws java.util.NoSuchElementException if the queue is empty
     */
    public long minElement() {
        return wheel.minElement();
    }

    /**
     * Removes {@link #minElement()} and raises {@link #minAllowedKey()} to its key.
     *
     * @return the removed element's value, possibly null
     * @throws java.util.NoSuchElementException if the queue is empty
     * @throws IllegalStateException if called from inside a handler of this queue
     */
    public V pollMin() {
        return wheel.pollMin();
    }

    /**
     * Removes {@link #minElement()}, raises {@link #minAllowedKey()} to its key, then hands it to
     * {@code action} with its handle (no longer contained), key and value. Inside {@code action}
     * the rules for handlers apply (see the class documentation). Allocates nothing.
     *
     * @param action receives the removed element
     * @return false, without calling {@code action}, if the queue is empty; else true
     * @throws NullPointerException if {@code action} is null
     * @throws IllegalStateException if called from inside a handler of this queue
     */
    public boolean pollMin(ElementConsumer<? super V> action) {
        Checks.requireNonNull(action, "action");
        return wheel.pollMin("pollMin", delivery, action);
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
        Checks.requireNonNull(handler, "handler");
        wheel.increaseMinAllowedKey(key, delivery, handler);
    }

    private void deliver(int node, long key, ElementConsumer<? super V> handler) {
        V value = wheel.valueOf(node);
        handler.accept(wheel.release(node), key, value);
    }

    /**
     * Removes every element; {@link #minAllowedKey()} is unchanged, every handle goes stale, and the
     * capacity stays. O(size + occupied slots).
     */
    public void clear() {
        wheel.clear();
    }

    /**
     * Removes every element, as {@link #clear()} does, and sets {@link #minAllowedKey()} to
     * {@code minAllowedKey}, lower or higher than before: one queue serves many runs (one
     * shortest-path search per source, one simulation per replication). O(size + occupied slots).
     *
     * @param minAllowedKey the new minimum allowed key, {@code >= 0}
     * @throws IllegalArgumentException if {@code minAllowedKey < 0}
     */
    public void reset(long minAllowedKey) {
        if (minAllowedKey < 0) {
            throw Checks.outOfRange("minAllowedKey", minAllowedKey, 0, Long.MAX_VALUE);
        }
        wheel.reset(minAllowedKey);
    }

    /**
     * Releases storage beyond what the current elements need: the pool shrinks to its last live
     * element, and never below the initial capacity, so an emptied queue is back to its initial
     * footprint. Handles stay valid. O(capacity).
     */
    public void trimToSize() {
        wheel.trimToSize();
    }

    /**
     * Hands each element to {@code action} once, in unspecified order. O(size + occupied slots).
     *
     * @param action receives each element; must not modify the queue
     * @throws NullPointerException if {@code action} is null
     * @throws java.util.ConcurrentModificationException if {@code action} calls a method that would
     *     modify the queue; that call changes nothing
     */
    public void forEach(ElementConsumer<? super V> action) {
        Checks.requireNonNull(action, "action");
        wheel.forEach((handle, key, alarmTime, value) -> action.accept(handle, key, value));
    }

    /**
     * Hands each element to {@code action} once, in delivery order: the order in which
     * {@link #pollMin()} would remove them. O(n log n) at worst, O(n) when each slot above level 0
     * was filled in key order; allocates scratch space.
     *
     * @param action receives each element; must not modify the queue
     * @throws NullPointerException if {@code action} is null
     * @throws java.util.ConcurrentModificationException if {@code action} calls a method that would
     *     modify the queue; that call changes nothing
     */
    public void forEachInOrder(ElementConsumer<? super V> action) {
        Checks.requireNonNull(action, "action");
        wheel.forEachInOrder((handle, key, alarmTime, value) -> action.accept(handle, key, value), Integer.MAX_VALUE);
    }

    /**
     * Checks every internal invariant: links, level ranges, slot placement, occupancy bitmaps and
     * their summaries, the cached minimum, the size and the free list. O(n + slots), n the largest
     * size since its last clear or its last add while empty (not its capacity); allocates nothing
     * unless a check fails, so a test may call it after every step.
     *
     * @throws IllegalStateException naming the first violation found
     */
    public void checkInvariants() {
        wheel.checkInvariants();
    }

    /**
     * {@return the size, the allowed key range and the first few elements in delivery order} To find
     * them it puts the first occupied slot in order: O(s log s) for a slot of s elements, with a copy.
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("TimingWheelQueue[size=").append(size())
                .append(", allowed keys ").append(minAllowedKey()).append("..").append(maxAllowedKey());
        int[] shown = {0};
        wheel.forEachInOrder((handle, key, alarmTime, value) -> sb.append(shown[0]++ == 0 ? ", first: " : ", ")
                .append(key).append('=').append(value), SHOWN_ELEMENTS);
        return sb.append(shown[0] < size() ? ", ...]" : "]").toString();
    }
}
