package io.github.radixwheel.benchmarks.peers;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;

/**
 * radixwheel's {@link TimingWheelQueue} ({@code LevelBits.DEFAULT}, room for every id up front)
 * used as a user without {@code IndexedTimingWheelQueue} would: each id's handle in a
 * {@code long[]}, the id as the element's value (boxed once up front), so that {@code pollMin()}
 * names it. An id is queued while its handle is contained; {@link #reset} is {@code reset(0)},
 * after which every old handle is no longer contained.
 */
final class HandleWheelQueue implements IndexedQueue {
    private final TimingWheelQueue<Integer> queue;
    private final long[] handles;
    private final Integer[] ids;

    HandleWheelQueue(int capacity) {
        queue = new TimingWheelQueue<>(LevelBits.DEFAULT, capacity);
        handles = new long[capacity];
        ids = new Integer[capacity];
        for (int id = 0; id < capacity; id++) {
            ids[id] = id;
        }
    }

    @Override
    public String name() {
        return "TimingWheelQueue";
    }

    @Override
    public int size() {
        return queue.size();
    }

    @Override
    public boolean contains(int id) {
        return queue.contains(handles[id]);
    }

    @Override
    public void add(int id, long key) {
        handles[id] = queue.add(key, ids[id]);
    }

    @Override
    public void changeKey(int id, long key) {
        queue.changeKey(handles[id], key);
    }

    @Override
    public boolean remove(int id) {
        return queue.remove(handles[id]);
    }

    @Override
    public long minKey() {
        return queue.minKey();
    }

    @Override
    public int pollMin() {
        return queue.pollMin();
    }

    @Override
    public void reset() {
        queue.reset(0);
    }
}
