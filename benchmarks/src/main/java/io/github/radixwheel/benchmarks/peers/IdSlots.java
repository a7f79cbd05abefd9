package io.github.radixwheel.benchmarks.peers;

import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * Timer ids for the adapters whose peers hand out objects rather than ids: a slot index with a
 * generation in the upper 32 bits, so that the id of a fired or cancelled timer is never mistaken
 * for a later timer that reuses its slot. Freed slots are reused last-in first-out.
 *
 * <p>The slots also own the adapter's pooled per-timer objects (the peer's task, node or queue
 * element): one per slot, created by the factory when the slot is first handed out and reused by
 * every later timer in it, so that an adapter allocates nothing per operation. Nothing is
 * allocated except when a slot is first used and when the capacity doubles.
 *
 * @param <T> the pooled per-slot object
 */
public final class IdSlots<T> {
    /** The default most slots: about the largest array a VM allocates. */
    public static final int MAX_CAPACITY = Integer.MAX_VALUE - 8;

    private final IntFunction<? extends T> newObject;
    private final int maxCapacity;
    private int[] generation;
    private boolean[] live;
    private int[] free;
    private Object[] objects;
    private int freeCount;
    private int used;

    /**
     * @param initialCapacity the slots to allocate up front, {@code >= 1}
     * @param maxCapacity the most slots ever handed out; {@link #allocate()} throws beyond it
     * @param newObject creates slot {@code i}'s object when the slot is first handed out; null for
     *     slots without objects
     */
    public IdSlots(int initialCapacity, int maxCapacity, IntFunction<? extends T> newObject) {
        if (initialCapacity < 1 || maxCapacity < initialCapacity) {
            throw new IllegalArgumentException("capacities " + initialCapacity + ", " + maxCapacity);
        }
        this.newObject = newObject;
        this.maxCapacity = maxCapacity;
        generation = new int[initialCapacity];
        live = new boolean[initialCapacity];
        free = new int[initialCapacity];
        objects = newObject == null ? null : new Object[initialCapacity];
    }

    /**
     * Slots without pooled objects (the caller keeps its own per-slot arrays).
     *
     * @param initialCapacity the slots to allocate up front, {@code >= 1}
     * @param maxCapacity the most slots ever handed out
     */
    public IdSlots(int initialCapacity, int maxCapacity) {
        this(initialCapacity, maxCapacity, null);
    }

    /**
     * Slots that grow by doubling up to {@link #MAX_CAPACITY}, each with a pooled object.
     *
     * @param initialCapacity the slots to allocate up front; values below 1 mean 1
     * @param newObject creates slot {@code i}'s object when the slot is first handed out
     * @param <T> the pooled per-slot object
     * @return the slots
     */
    public static <T> IdSlots<T> pooling(int initialCapacity, IntFunction<? extends T> newObject) {
        return new IdSlots<>(Math.max(1, initialCapacity), MAX_CAPACITY, newObject);
    }

    /** @return the number of slots the arrays have room for; slot indices are below it */
    public int capacity() {
        return generation.length;
    }

    /**
     * @return a free slot, now live, with its object created if this is its first use
     * @throws IllegalStateException if {@code maxCapacity} slots are live
     */
    public int allocate() {
        if (freeCount > 0) {
            int slot = free[--freeCount];
            live[slot] = true;
            return slot;
        }
        if (used == generation.length) {
            grow();
        }
        int slot = used++;
        live[slot] = true;
        if (objects != null) {
            objects[slot] = newObject.apply(slot);
        }
        return slot;
    }

    private void grow() {
        if (used == maxCapacity) {
            throw new IllegalStateException("all " + maxCapacity + " timer slots are in use");
        }
        int n = (int) Math.min(maxCapacity, 2L * used);
        generation = Arrays.copyOf(generation, n);
        live = Arrays.copyOf(live, n);
        free = Arrays.copyOf(free, n);
        if (objects != null) {
            objects = Arrays.copyOf(objects, n);
        }
    }

    /**
     * @param slot a slot that has been handed out at least once
     * @return the slot's pooled object (the same one for every timer in the slot)
     */
    @SuppressWarnings("unchecked")
    public T object(int slot) {
        return (T) objects[slot];
    }

    /**
     * @param slot a live slot
     * @return the id that names the slot's current timer
     */
    public long id(int slot) {
        return ((long) generation[slot] << 32) | slot;
    }

    /**
     * @param id any value
     * @return the live slot that {@code id} names, or -1 if it names none (never issued, fired,
     *     cancelled)
     */
    public int slotOf(long id) {
        int slot = (int) id;
        if (slot < 0 || slot >= used || !live[slot] || generation[slot] != (int) (id >>> 32)) {
            return -1;
        }
        return slot;
    }

    /**
     * Frees a live slot; its id goes stale. The slot keeps its object for the next timer.
     *
     * @param slot a live slot
     * @return the id the slot's timer had, for the listener of a fired timer
     */
    public long release(int slot) {
        long id = id(slot);
        live[slot] = false;
        generation[slot]++;
        free[freeCount++] = slot;
        return id;
    }

    /** @return the number of live slots */
    public int liveCount() {
        return used - freeCount;
    }
}
