package io.github.radixwheel.benchmarks.peers;

import java.util.Queue;

/**
 * A JDK {@link Queue} ordered by deadline holding one pooled entry per pending timer: what the
 * {@code PriorityQueue} and {@code DelayQueue} adapters share, so that they differ only where the
 * peers do.
 *
 * <p>{@link #schedule} offers the id's entry; {@link #cancel} is {@code remove(Object)}, a linear
 * scan (neither queue has indexed removal); {@link #nextExpiry} is {@code peek()}, exact and O(1).
 * Neither can move a queued entry, so there is no reschedule. The entry of an id is created when
 * the id is first used and serves every later timer of that id.
 *
 * <p><b>Payloads</b> are a field of the entry, as the element a user offers carries its task or
 * event. A user's element becomes garbage once it leaves the queue; the adapter reuses its
 * entries, so it clears the field when a timer is cancelled, and reads and clears it when the
 * timer fires.
 *
 * @param <E> the queue's entry class
 */
abstract class EntryQueueAdapter<E extends EntryQueueAdapter.Entry> extends TimerAdapter {
    /** A pooled entry: its id, and its deadline and payload while queued. */
    abstract static class Entry {
        final int id;
        long deadline;
        Object payload;

        Entry(int id) {
            this.id = id;
        }
    }

    final Queue<E> queue;
    private final Object[] entries;
    private final FreeIds ids;

    EntryQueueAdapter(Queue<E> queue, int capacity, TimerListener listener) {
        super(listener);
        this.queue = queue;
        this.entries = new Object[capacity];
        this.ids = new FreeIds(capacity);
    }

    /** @return a new entry for {@code id} */
    abstract E newEntry(int id);

    /** @return the head, removed, if its deadline is {@code <= now}; else null */
    abstract E pollDue(long now);

    /** @return the head, removed; null if the queue is empty */
    abstract E pollHead();

    @SuppressWarnings("unchecked")
    private E entry(int id) {
        return (E) entries[id];
    }

    @Override
    public final long schedule(long deadline, Object payload) {
        checkSchedule(deadline, payload);
        int id = ids.take();
        E e = entry(id);
        if (e == null) {
            e = newEntry(id);
            entries[id] = e;
        }
        e.deadline = deadline;
        e.payload = payload;
        queue.offer(e);
        return id;
    }

    @Override
    public final boolean cancel(long id) {
        E e = ids.inRange(id) ? entry((int) id) : null;
        if (e == null || !queue.remove(e)) {
            return false;
        }
        e.payload = null;
        ids.give(e.id);
        return true;
    }

    @Override
    public final boolean reschedule(long id, long deadline) {
        throw unsupported("reschedule", "a queued key must not change; only remove(Object), an O(n) scan, and offer anew");
    }

    @Override
    protected final void fireDue(long now) {
        E e;
        while ((e = pollDue(now)) != null) {
            fire(e);
        }
    }

    @Override
    public final long fireNext() {
        E e = pollHead();
        if (e == null) {
            throw empty();
        }
        fire(e);
        return movedTo(e.deadline);
    }

    /** Hands an entry just polled, and its payload, to the listener. */
    private void fire(E e) {
        Object payload = e.payload;
        e.payload = null;
        ids.give(e.id);
        fired(e.id, payload);
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

    @Override
    public final Object structure() {
        return queue;
    }
}
