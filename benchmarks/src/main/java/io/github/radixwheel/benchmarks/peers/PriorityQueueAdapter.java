package io.github.radixwheel.benchmarks.peers;

import java.util.PriorityQueue;

/**
 * {@link PriorityQueue} of pooled {@code (deadline, slot)} entries: the binary heap most Java
 * code reaches for.
 *
 * <p><b>Driving it.</b> {@link #schedule} is {@code offer} (what {@code add} calls);
 * {@link #advanceTo} polls while the head's deadline is {@code <= now} (exact); {@link #cancel} is
 * {@code remove(Object)}, a linear scan (O(n): the queue has no indexed removal);
 * {@link #nextExpiry} is {@code peek()}, exact and O(1).
 *
 * <p><b>Missing.</b> No reschedule: a queued entry's key must not change, so only
 * {@code remove(Object)} (O(n)) and {@code add} anew, which throws
 * {@link UnsupportedOperationException}.
 */
public final class PriorityQueueAdapter extends PooledEntryQueueAdapter<PriorityQueueAdapter.Entry> {
    /** A pooled entry, ordered by deadline. */
    static final class Entry extends TimerEntry implements Comparable<Entry> {
        Entry(int slot) {
            super(slot);
        }

        @Override
        public int compareTo(Entry o) {
            return Long.compare(deadline, o.deadline);
        }
    }

    /**
     * @param initialCapacity entries to create room for up front
     * @param listener receives each fired timer
     */
    public PriorityQueueAdapter(int initialCapacity, Listener listener) {
        super(new PriorityQueue<>(Math.max(1, initialCapacity)), initialCapacity, listener);
    }

    @Override
    public String name() {
        return "java.util.PriorityQueue";
    }

    @Override
    Entry newEntry(int slot) {
        return new Entry(slot);
    }

    /** The queue does not know the clock: {@code peek()} the head and {@code poll()} it if due. */
    @Override
    Entry pollDue(long now) {
        Entry head = queue.peek();
        if (head == null || head.deadline > now) {
            return null;
        }
        queue.poll();
        return head;
    }

    @Override
    public boolean reschedule(long id, long deadline) {
        throw TimerAdapter.unsupported(this, "reschedule",
                "a queued key must not change; only remove(Object), an O(n) scan, and add anew");
    }
}
