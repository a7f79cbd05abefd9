package io.github.radixwheel.benchmarks.peers;

/**
 * Timers on an {@link IndexedQueue} (fastutil's indexed heap, the hand-written d-ary heaps): a
 * timer is an id from {@link FreeIds} queued at its deadline. {@link #schedule} is {@code add},
 * {@link #cancel} {@code remove}, {@link #reschedule} {@code changeKey}; due timers are polled
 * while the least key is {@code <= now} (exact); {@link #nextExpiry} is the least key. Capacity is
 * fixed at construction.
 *
 * <p><b>Payloads</b> sit in an {@code Object[]} by id beside the heap, as a user of an indexed heap
 * keeps the values its ids stand for: {@link #schedule} stores the payload, a cancel clears its
 * slot, and a fired timer's slot is read and cleared before the payload goes to the listener.
 */
public final class IndexedQueueTimerAdapter extends TimerAdapter {
    private final IndexedQueue queue;
    private final Object[] payloads;
    private final FreeIds ids;

    /**
     * @param queue an empty queue over ids {@code [0, capacity)}
     * @param capacity the most timers pending at once
     * @param listener receives each fired timer
     */
    public IndexedQueueTimerAdapter(IndexedQueue queue, int capacity, TimerListener listener) {
        super(listener);
        this.queue = queue;
        this.payloads = new Object[capacity];
        this.ids = new FreeIds(capacity);
    }

    @Override
    public String name() {
        return queue.name();
    }

    @Override
    public long schedule(long deadline, Object payload) {
        checkSchedule(deadline, payload);
        int id = ids.take();
        queue.add(id, deadline);
        payloads[id] = payload;
        return id;
    }

    @Override
    public boolean cancel(long id) {
        if (!ids.inRange(id) || !queue.remove((int) id)) {
            return false;
        }
        payloads[(int) id] = null;
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
            fire(q.pollMin());
        }
    }

    @Override
    public long fireNext() {
        if (queue.size() == 0) {
            throw empty();
        }
        long deadline = queue.minKey();
        fire(queue.pollMin());
        return movedTo(deadline);
    }

    /** Hands a timer just polled, and its payload, to the listener. */
    private void fire(int id) {
        Object payload = payloads[id];
        payloads[id] = null;
        ids.give(id);
        fired(id, payload);
    }

    @Override
    public long nextExpiry() {
        return queue.size() == 0 ? Long.MAX_VALUE : queue.minKey();
    }

    @Override
    public int size() {
        return queue.size();
    }

    /** @return the queue and the payload table */
    @Override
    public Object structure() {
        return new Object[] {queue, payloads};
    }
}
