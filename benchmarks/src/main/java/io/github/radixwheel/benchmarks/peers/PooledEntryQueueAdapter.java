package io.github.radixwheel.benchmarks.peers;

import java.util.Queue;

/**
 * A {@link Queue} ordered by deadline, holding one pooled entry per pending timer: what the
 * JDK's {@code DelayQueue} and {@code PriorityQueue} adapters share, so that they differ only
 * where the peers do.
 *
 * <p>{@link #schedule} offers the slot's entry; {@link #cancel} is {@code remove(Object)}, a linear
 * scan (O(n): neither queue has indexed removal); {@link #advanceTo} fires the heads that
 * {@link #pollDue} hands out; {@link #nextExpiry} is {@code peek()}'s deadline, exact and O(1).
 * A subclass builds the queue, creates its entries and says how a due head is polled.
 *
 * @param <E> the queue's entry class
 */
abstract class PooledEntryQueueAdapter<E extends PooledEntryQueueAdapter.TimerEntry> extends VirtualClockAdapter {
    /** A pooled queue entry: its id slot, and its deadline while it is queued. */
    abstract static class TimerEntry {
        final int slot;
        long deadline;

        TimerEntry(int slot) {
            this.slot = slot;
        }
    }

    final Queue<E> queue;
    private final IdSlots<E> slots;

    /**
     * @param queue the empty queue, ordered by deadline
     * @param initialCapacity entry slots to create room for up front
     * @param listener receives each fired timer
     */
    PooledEntryQueueAdapter(Queue<E> queue, int initialCapacity, Listener listener) {
        super(listener);
        this.queue = queue;
        this.slots = IdSlots.pooling(initialCapacity, this::newEntry);
    }

    /**
     * @param slot the id slot the entry will serve, for as long as the adapter lives
     * @return a new entry
     */
    abstract E newEntry(int slot);

    /**
     * @param now the current time
     * @return the head, removed from the queue, if its deadline is {@code <= now}; else null
     */
    abstract E pollDue(long now);

    @Override
    public final long schedule(long deadline) {
        TimerAdapter.checkFuture(this, deadline);
        int slot = slots.allocate();
        E e = slots.object(slot);
        e.deadline = deadline;
        queue.offer(e);
        return slots.id(slot);
    }

    @Override
    public final boolean cancel(long id) {
        int slot = slots.slotOf(id);
        if (slot < 0) {
            return false;
        }
        if (!queue.remove(slots.object(slot))) {
            throw new IllegalStateException(name() + ": pending entry " + slot + " was not in the queue");
        }
        slots.release(slot);
        return true;
    }

    @Override
    protected final void fireDue(long now) {
        E e;
        while ((e = pollDue(now)) != null) {
            fired(slots.release(e.slot));
        }
    }

    @Override
    public final long nextExpiry() {
        E head = queue.peek();
        return head == null ? Long.MAX_VALUE : head.deadline;
    }

    @Override
    public final int size() {
        return queue.size();
    }
}
