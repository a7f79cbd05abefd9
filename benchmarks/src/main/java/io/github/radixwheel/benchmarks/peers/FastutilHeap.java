package io.github.radixwheel.benchmarks.peers;

import it.unimi.dsi.fastutil.longs.LongHeapIndirectPriorityQueue;

/**
 * fastutil's indexed binary heap {@link LongHeapIndirectPriorityQueue}: keys live in a
 * {@code long[]} indexed by id, the heap holds ids and keeps an inverse index; every operation is
 * O(log n) and nothing is allocated. A key is changed by storing it and calling
 * {@code changed(id)}.
 */
public final class FastutilHeap implements IndexedQueue {
    private final long[] keys;
    private final LongHeapIndirectPriorityQueue heap;

    /** @param capacity ids are {@code [0, capacity)} */
    public FastutilHeap(int capacity) {
        keys = new long[capacity];
        heap = new LongHeapIndirectPriorityQueue(keys, capacity);
    }

    @Override
    public String name() {
        return "fastutil";
    }

    @Override
    public int size() {
        return heap.size();
    }

    @Override
    public boolean contains(int id) {
        return heap.contains(id);
    }

    @Override
    public void add(int id, long key) {
        keys[id] = key;
        heap.enqueue(id);
    }

    @Override
    public void changeKey(int id, long key) {
        keys[id] = key;
        heap.changed(id);
    }

    @Override
    public boolean remove(int id) {
        return heap.remove(id);
    }

    @Override
    public long minKey() {
        return keys[heap.first()];
    }

    @Override
    public int pollMin() {
        return heap.dequeue();
    }

    @Override
    public void reset() {
        heap.clear();
    }
}
