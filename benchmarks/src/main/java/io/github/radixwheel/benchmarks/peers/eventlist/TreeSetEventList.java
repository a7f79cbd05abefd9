package io.github.radixwheel.benchmarks.peers.eventlist;

import java.util.TreeSet;

/** {@code java.util.TreeSet} of events on (time, priority, scheduling number): a red-black tree node per event. */
public final class TreeSetEventList implements EventListPeer {
    private final TreeSet<SimEvent> set = new TreeSet<>(SimEvent::compare);
    private long nextSeq;
    private double now;

    @Override
    public String name() {
        return EventListImpl.TREE_SET.param();
    }

    @Override
    public void schedule(double time, int priority, SimEvent event) {
        event.time = time;
        event.priority = priority;
        event.seq = nextSeq++;
        set.add(event);
    }

    @Override
    public SimEvent pollFirst() {
        SimEvent e = set.pollFirst();
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
        return set.size();
    }
}
