package io.github.radixwheel.benchmarks.peers.eventlist;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;

/**
 * Path (a) of the representation study, bare: a {@code TimingWheelQueue} keyed by the raw bits of
 * each time, with the given levels. Exact in time; priorities are ignored (the study schedules
 * every event with priority 0), so it shows what the wheel itself costs beneath
 * {@code FutureEventList}. See {@code EventListRepresentationBenchmark}.
 */
public final class RawBitsPrototype implements EventListPeer {
    private final TimingWheelQueue<SimEvent> queue;
    private final String name;

    /**
     * @param name the {@code impl} parameter's value
     * @param bits the levels
     * @param capacity the events to allocate room for
     */
    public RawBitsPrototype(String name, LevelBits bits, int capacity) {
        this.name = name;
        queue = new TimingWheelQueue<>(bits, capacity);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void schedule(double time, int priority, SimEvent event) {
        queue.add(Double.doubleToRawLongBits(time + 0.0), event);
    }

    @Override
    public SimEvent pollFirst() {
        return queue.isEmpty() ? null : queue.pollMin();
    }

    @Override
    public double now() {
        return Double.longBitsToDouble(queue.minAllowedKey());
    }

    @Override
    public int size() {
        return queue.size();
    }
}
