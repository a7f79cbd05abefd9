package io.github.radixwheel.benchmarks.peers;

import java.util.PriorityQueue;

/**
 * {@link PriorityQueue} of pooled {@code (deadline, id)} entries: the binary heap most Java code
 * reaches for. Due timers are polled while the head's deadline is {@code <= now} (the queue does
 * not know the clock); see {@link EntryQueueAdapter} for the rest.
 */
public final class PriorityQueueAdapter extends EntryQueueAdapter<PriorityQueueAdapter.Element> {
    /** An entry ordered by deadline. */
    static final class Element extends EntryQueueAdapter.Entry implements Comparable<Element> {
        Element(int id) {
            super(id);
        }

        @Override
        public int compareTo(Element o) {
            return Long.compare(deadline, o.deadline);
        }
    }

    /**
     * @param capacity the most timers pending at once
     * @param listener receives each fired timer
     */
    public PriorityQueueAdapter(int capacity, TimerListener listener) {
        super(new PriorityQueue<>(Math.max(1, capacity)), capacity, listener);
    }

    @Override
    public String name() {
        return "java.util.PriorityQueue";
    }

    @Override
    Element newEntry(int id) {
        return new Element(id);
    }

    @Override
    Element pollDue(long now) {
        Element head = queue.peek();
        return head == null || head.deadline > now ? null : queue.poll();
    }

    @Override
    Element pollHead() {
        return queue.poll();
    }
}
