package io.github.radixwheel.benchmarks.peers.eventlist;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;

/**
 * Path (b) of the representation study: a {@code TimingWheelQueue} over a coarse time, the raw
 * bits of each time shifted right by a fixed {@code shift}, with the exact order settled among the
 * events that share the earliest coarse key: they move into a 4-ary heap on (time, priority,
 * scheduling number), the "front", which takes the later events of that key too. A slot then
 * spans {@code 2^shift} ulps of its times, a width relative to the time's magnitude: the shift that
 * suits a simulation depends on how dense its events are around how large a time, which is what
 * the study measures. See {@code EventListRepresentationBenchmark}.
 */
public final class CoarsePrototype implements EventListPeer {
    private final TimingWheelQueue<SimEvent> queue;
    private final FourAryEventHeap front = new FourAryEventHeap(64);
    private final int shift;
    private long frontKey = -1;

    /**
     * @param shift the bits dropped from each time's raw bits
     * @param capacity the events to allocate room for
     */
    public CoarsePrototype(int shift, int capacity) {
        this.shift = shift;
        queue = new TimingWheelQueue<>(LevelBits.DEFAULT, capacity);
    }

    @Override
    public String name() {
        return "coarse" + shift;
    }

    @Override
    public void schedule(double time, int priority, SimEvent event) {
        long c = Double.doubleToRawLongBits(time + 0.0) >>> shift;
        if (c == frontKey && front.size() > 0) {
            front.schedule(time, priority, event);
        } else {
            event.time = time;
            event.priority = priority;
            queue.add(c, event);
        }
    }

    @Override
    public SimEvent pollFirst() {
        if (front.size() == 0) {
            if (queue.isEmpty()) {
                return null;
            }
            frontKey = queue.minKey();
            while (!queue.isEmpty() && queue.minKey() == frontKey) {
                SimEvent e = queue.pollMin();
                front.schedule(e.time, e.priority, e);
            }
        }
        return front.pollFirst();
    }

    @Override
    public double now() {
        return front.now();
    }

    @Override
    public int size() {
        return queue.size() + front.size();
    }
}
