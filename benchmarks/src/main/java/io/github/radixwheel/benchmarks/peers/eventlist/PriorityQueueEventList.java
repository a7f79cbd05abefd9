package io.github.radixwheel.benchmarks.peers.eventlist;

import java.util.PriorityQueue;

/** {@code java.util.PriorityQueue} of events, ordered by a comparator that reads their fields. */
public final class PriorityQueueEventList implements EventListPeer {
    private final PriorityQueue<SimEvent> queue;
    private long nextSeq;
    private double now;

    /**
     * @param capacity the initial capacity
     */
    public PriorityQueueEventList(int capacity) {
        queue = new PriorityQueue<>(Math.max(1, capacity), SimEvent::compare);
    }

    @Override
    public String name() {
        return EventListImpl.PRIORITY_QUEUE.param();
    }

    @Override
    public void schedule(double time, int priority, SimEvent event) {
        event.time = time;
        event.priority = priority;
        event.seq = nextSeq++;
        queue.add(event);
    }

    @Override
    public SimEvent pollFirst() {
        SimEvent e = queue.poll();
        if (e != null) {
            now = e.time;
        }
        return e;
    }

    @Override
    public double now() {
        return now;
    }

    @Override
    public int size() {
        return queue.size();
    }
}
