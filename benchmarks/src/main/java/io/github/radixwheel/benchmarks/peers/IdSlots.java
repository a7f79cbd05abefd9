package io.github.radixwheel.benchmarks.peers;

import java.util.Arrays;

/**
 * Timer ids for the adapters whose peers hand out objects rather than ids: a slot index (into the
 * adapter's pooled per-timer objects) with a generation in the upper 32 bits, so that the id of a
 * fired or cancelled timer is never mistaken for a later timer that reuses its slot. Freed slots
 * are reused last-in first-out. Nothing is allocated except when the capacity doubles.
 */
public final class IdSlots {
    private int[] generation;
    private boolean[] live;
    private int[] free;
    private int freeCount;
    private int used;
    private final int maxCapacity;

    /**
     * @param initialCapacity the slots to allocate up front, {@code >= 1}
     * @param maxCapacity the most slots ever handed out; {@link #allocate()} throws beyond it
     */
    public IdSlots(int initialCapacity, int maxCapacity) {
        if (initialCapacity < 1 || maxCapacity < initialCapacity) {
            throw new IllegalArgumentException("capacities " + initialCapacity + ", " + maxCapacity);
        }
        this.maxCapacity = maxCapacity;
        generation = new int[initialCapacity];
        live = new boolean[initialCapacity];
        free = new int[initialCapacity];
    }

    /** @return the number of slots the arrays have room for; slot indices are below it */
    public int capacity() {
        return generation.length;
    }

    /**
     * @return a free slot, now live; possibly {@code == capacity()} before the call (the caller's
     *     parallel arrays must then grow to the new {@link #capacity()})
     * @throws IllegalStateException if {@code maxCapacity} slots are live
     */
    public int allocate() {
        int slot;
        if (freeCount > 0) {
            slot = free[--freeCount];
        } else {
            if (used == generation.length) {
                if (used == maxCapacity) {
                    throw new IllegalStateException("all " + maxCapacity + " timer slots are in use");
                }
                int n = (int) Math.min(maxCapacity, 2L * used);
                generation = Arrays.copyOf(generation, n);
                live = Arrays.copyOf(live, n);
                free = Arrays.copyOf(free, n);
            }
            slot = used++;
        }
        live[slot] = true;
        return slot;
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
     * Frees a live slot; its id goes stale.
     *
     * @param slot a live slot
     */
    public void release(int slot) {
        live[slot] = false;
        generation[slot]++;
        free[freeCount++] = slot;
    }

    /** @return the number of live slots */
    public int liveCount() {
        return used - freeCount;
    }
}
