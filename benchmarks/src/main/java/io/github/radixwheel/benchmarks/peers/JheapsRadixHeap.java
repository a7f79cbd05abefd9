package io.github.radixwheel.benchmarks.peers;

import java.util.Arrays;
import org.jheaps.AddressableHeap;
import org.jheaps.monotone.LongRadixAddressableHeap;

/**
 * jheaps' monotone {@link LongRadixAddressableHeap}, keys in {@code [0, maxKey]}, as its API is
 * meant to be used: {@code insert(key, id)} returns a handle, kept per id, that
 * {@code decreaseKey} and {@code delete} take; {@code deleteMin()} returns the handle, whose value
 * is the id (boxed once up front). Keys are {@code Long} objects and each insert allocates a
 * node: jheaps' own cost. A raised key is a delete and an insert; {@link #reset} is
 * {@code clear()} and forgetting the handles.
 */
final class JheapsRadixHeap implements IndexedQueue {
    private final LongRadixAddressableHeap<Integer> heap;
    private final AddressableHeap.Handle<Long, Integer>[] handles;
    private final Integer[] ids;

    @SuppressWarnings({"unchecked", "rawtypes"})
    JheapsRadixHeap(int capacity, long maxKey) {
        heap = new LongRadixAddressableHeap<>(0, maxKey);
        handles = new AddressableHeap.Handle[capacity];
        ids = new Integer[capacity];
        for (int id = 0; id < capacity; id++) {
            ids[id] = id;
        }
    }

    @Override
    public String name() {
        return "jheaps";
    }

    @Override
    public int size() {
        return (int) heap.size();
    }

    @Override
    public boolean contains(int id) {
        return handles[id] != null;
    }

    @Override
    public void add(int id, long key) {
        handles[id] = heap.insert(key, ids[id]);
    }

    @Override
    public void changeKey(int id, long key) {
        if (key < handles[id].getKey()) {
            handles[id].decreaseKey(key);
        } else {
            handles[id].delete();
            add(id, key);
        }
    }

    @Override
    public boolean remove(int id) {
        if (handles[id] == null) {
            return false;
        }
        handles[id].delete();
        handles[id] = null;
        return true;
    }

    @Override
    public long minKey() {
        return heap.findMin().getKey();
    }

    @Override
    public int pollMin() {
        int id = heap.deleteMin().getValue();
        handles[id] = null;
        return id;
    }

    @Override
    public void reset() {
        heap.clear();
        Arrays.fill(handles, null);
    }
}
