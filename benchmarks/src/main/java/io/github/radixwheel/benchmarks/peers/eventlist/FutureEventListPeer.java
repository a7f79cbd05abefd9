package io.github.radixwheel.benchmarks.peers.eventlist;

import io.github.radixwheel.alarms.FutureEventList;

/** radixwheel's {@link FutureEventList}: it keeps time and priority itself and reads no field of the event. */
public final class FutureEventListPeer implements EventListPeer {
    private final FutureEventList<SimEvent> list;

    /**
     * @param capacity the events to allocate room for up front
     */
    public FutureEventListPeer(int capacity) {
        list = new FutureEventList<>(0.0, capacity);
    }

    @Override
    public String name() {
        return EventListImpl.FUTURE_EVENT_LIST.param();
    }

    @Override
    public void schedule(double time, int priority, SimEvent event) {
        list.add(time, priority, event);
    }

    @Override
    public SimEvent pollFirst() {
        return list.pollFirst();
    }

    @Override
    public double now() {
        return list.now();
    }

    @Override
    public int size() {
        return list.size();
    }

    /** @return the list, for checks */
    public FutureEventList<SimEvent> list() {
        return list;
    }
}
