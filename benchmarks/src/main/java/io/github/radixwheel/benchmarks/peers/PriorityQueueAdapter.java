package io.github.radixwheel.benchmarks.peers;

import java.util.Arrays;
import java.util.PriorityQueue;

/**
 * {@link PriorityQueue} of pooled {@code (deadline, slot)} entries: the binary heap most Java
 * code reaches for.
 *
 * <p><b>Driving it.</b> {@link #schedule} is {@code add}; {@link #advanceTo} polls while the head's
 * deadline is {@code <= now} (exact); {@link #cancel} is {@code remove(Object)}, a linear scan
 * (O(n): the queue has no indexed removal); {@link #nextExpiry} is {@code peek()}, exact and O(1).
 *
 * <p><b>Missing.</b> No reschedule: a queued entry's key must not change, so only
 * {@code remove(Object)} (O(n)) and {@code add} anew, which throws
 * {@link UnsupportedOperationException}.
 */
public final class PriorityQueueAdapter implements TimerAdapter {
    /** A pooled entry. */
    static final class Entry implements Comparable<Entry> {
        final int slot;
        long deadline;

        Entry(int slot) {
            this.slot = slot;
        }

        @Override
        public int compareTo(Entry o) {
            return Long.compare(deadline, o.deadline);
        }
    }

    private final PriorityQueue<Entry> queue;
    private final IdSlots slots;
    private final Listener listener;
    private Entry[] entries;
    private long now;

    /**
     * @param initialCapacity entries to create room for up front
     * @param listener receives each fired timer
     */
    public PriorityQueueAdapter(int initialCapacity, Listener listener) {
        this.slots = new IdSlots(Math.max(1, initialCapacity), Integer.MAX_VALUE - 8);
        this.queue = new PriorityQueue<>(Math.max(1, initialCapacity));
        this.entries = new Entry[slots.capacity()];
        this.listener = listener;
    }

    @Override
    public String name() {
        return "java.util.PriorityQueue";
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public long schedule(long deadline) {
        TimerAdapter.checkFuture(this, deadline);
        int slot = slots.allocate();
        if (slot >= entries.length) {
            entries = Arrays.copyOf(entries, slots.capacity());
        }
        Entry e = entries[slot];
        if (e == null) {
            e = new Entry(slot);
            entries[slot] = e;
        }
        e.deadline = deadline;
        queue.add(e);
        return slots.id(slot);
    }

    @Override
    public boolean cancel(long id) {
        int slot = slots.slotOf(id);
        if (slot < 0) {
            return false;
        }
        if (!queue.remove(entries[slot])) {
            throw new IllegalStateException(name() + ": pending entry " + slot + " was not in the queue");
        }
        slots.release(slot);
        return true;
    }

    @Override
    public boolean reschedule(long id, long deadline) {
        throw TimerAdapter.unsupported(this, "reschedule",
                "a queued key must not change; only remove(Object), an O(n) scan, and add anew");
    }

    @Override
    public int advanceTo(long to) {
        TimerAdapter.checkNotBackwards(this, to);
        now = to;
        int fired = 0;
        Entry head;
        while ((head = queue.peek()) != null && head.deadline <= to) {
            queue.poll();
            long id = slots.id(head.slot);
            slots.release(head.slot);
            fired++;
            listener.onFire(id);
        }
        return fired;
    }

    @Override
    public long nextExpiry() {
        Entry head = queue.peek();
        return head == null ? Long.MAX_VALUE : head.deadline;
    }

    @Override
    public int size() {
        return queue.size();
    }
}
