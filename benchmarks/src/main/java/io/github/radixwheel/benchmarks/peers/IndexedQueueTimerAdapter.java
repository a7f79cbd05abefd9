package io.github.radixwheel.benchmarks.peers;

import java.util.function.LongConsumer;

/**
 * Timers on an {@link IndexedQueue} (fastutil's indexed heap, the hand-written d-ary heaps): a
 * timer is an id from {@link FreeIds} queued at its deadline. {@link #schedule} is {@code add},
 * {@link #cancel} {@code remove}, {@link #reschedule} {@code changeKey}; due timers are polled
 * while the least key is {@code <= now} (exact); {@link #nextExpiry} is the least key. Capacity is
 * fixed at construction.
 */
public final class IndexedQueueTimerAdapter extends TimerAdapter {
    private final IndexedQueue queue;
    private final FreeIds ids;

    /**
     * @param queue an empty queue over ids {@code [0, capacity)}
     * @param capacity the most timers pending at once
     * @param listener receives each fired timer
     */
    public IndexedQueueTimerAdapter(IndexedQueue queue, int capacity, LongConsumer listener) {
        super(listener);
        this.queue = queue;
        this.ids = new FreeIds(capacity);
    }

    @Override
    public String name() {
        return queue.name();
    }

    @Override
    public long schedule(long deadline) {
        checkFuture(deadline);
        int id = ids.take();
        queue.add(id, deadline);
        return id;
    }

    @Override
    public boolean cancel(long id) {
        if (!ids.inRange(id) || !queue.remove((int) id)) {
            return false;
        }
        ids.give((int) id);
        return true;
    }

    @Override
    public boolean reschedule(long id, long deadline) {
        checkFuture(deadline);
        if (!ids.inRange(id) || !queue.contains((int) id)) {
            return false;
        }
        queue.changeKey((int) id, deadline);
        return true;
    }

    @Override
    protected void fireDue(long now) {
        IndexedQueue q = queue;
        while (q.size() > 0 && q.minKey() <= now) {
            int id = q.pollMin();
            ids.give(id);
            fired(id);
        }
    }

    @Override
    public long fireNext() {
        if (queue.size() == 0) {
            throw empty();
        }
        long deadline = queue.minKey();
        int id = queue.pollMin();
        ids.give(id);
        fired(id);
        return movedTo(deadline);
    }

    @Override
    public long nextExpiry() {
        return queue.size() == 0 ? Long.MAX_VALUE : queue.minKey();
    }

    @Override
    public int size() {
        return queue.size();
    }

    @Override
    public Object structure() {
        return queue;
    }
}
