package io.github.radixwheel.benchmarks.peers;

import io.github.radixwheel.core.IndexedTimingWheelQueue;

/**
 * radixwheel's {@link IndexedTimingWheelQueue} ({@code LevelBits.DEFAULT}), method for method;
 * {@link #addOrDecreaseKey} is its own, one call. {@link #reset} is {@code reset(0)}.
 */
final class IndexedWheelQueue implements IndexedQueue {
    private final IndexedTimingWheelQueue queue;

    IndexedWheelQueue(int capacity) {
        queue = new IndexedTimingWheelQueue(capacity);
    }

    @Override
    public String name() {
        return "IndexedTimingWheelQueue";
    }

    @Override
    public int size() {
        return queue.size();
    }

    @Override
    public boolean contains(int id) {
        return queue.contains(id);
    }

    @Override
    public void add(int id, long key) {
        queue.add(id, key);
    }

    @Override
    public void addOrDecreaseKey(int id, long key) {
        queue.addOrDecreaseKey(id, key);
    }

    @Override
    public void changeKey(int id, long key) {
        queue.changeKey(id, key);
    }

    @Override
    public boolean remove(int id) {
        return queue.remove(id);
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
