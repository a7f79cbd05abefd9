package io.github.radixwheel.benchmarks.peers;

import java.util.Arrays;

/**
 * A hand-written indexed d-ary min-heap ({@code d} = 2 or 4), as a user who needs decrease-key
 * would write it: keys and ids in heap order in two parallel arrays, so that a sift compares keys
 * without an indirection, and each id's position in a third. Every operation but
 * {@link #contains} and {@link #minKey} (O(1)) is O(log n); nothing is allocated after
 * construction. Equal keys leave in no particular order.
 */
public final class DaryHeap implements IndexedQueue {
    private final int shift;
    private final long[] keys;
    private final int[] ids;
    private final int[] position;
    private int size;

    /**
     * @param capacity ids are {@code [0, capacity)}
     * @param arity children per node: 2 or 4
     */
    public DaryHeap(int capacity, int arity) {
        if (arity != 2 && arity != 4) {
            throw new IllegalArgumentException("arity: " + arity + " (expected: 2 or 4)");
        }
        shift = Integer.numberOfTrailingZeros(arity);
        keys = new long[capacity];
        ids = new int[capacity];
        position = new int[capacity];
        Arrays.fill(position, -1);
    }

    @Override
    public String name() {
        return shift == 1 ? "BinaryHeap" : "4-aryHeap";
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean contains(int id) {
        return position[id] >= 0;
    }

    @Override
    public void add(int id, long key) {
        if (position[id] >= 0) {
            throw new IllegalArgumentException("id " + id + " is already queued");
        }
        siftUp(size++, id, key);
    }

    @Override
    public void changeKey(int id, long key) {
        changeAt(position[id], id, key);
    }

    @Override
    public boolean remove(int id) {
        int i = position[id];
        if (i < 0) {
            return false;
        }
        position[id] = -1;
        int last = --size;
        if (i != last) {
            changeAt(i, ids[last], keys[last]);
        }
        return true;
    }

    @Override
    public long minKey() {
        return keys[0];
    }

    @Override
    public int pollMin() {
        int id = ids[0];
        position[id] = -1;
        int last = --size;
        if (last > 0) {
            siftDown(0, ids[last], keys[last]);
        }
        return id;
    }

    @Override
    public void reset() {
        for (int i = 0; i < size; i++) {
            position[ids[i]] = -1;
        }
        size = 0;
    }

    /** Puts {@code (id, key)} at position {@code i}, whose old key it replaces, and restores order. */
    private void changeAt(int i, int id, long key) {
        if (key < keys[i]) {
            siftUp(i, id, key);
        } else {
            siftDown(i, id, key);
        }
    }

    private void siftUp(int i, int id, long key) {
        while (i > 0) {
            int parent = (i - 1) >>> shift;
            long parentKey = keys[parent];
            if (parentKey <= key) {
                break;
            }
            place(i, ids[parent], parentKey);
            i = parent;
        }
        place(i, id, key);
    }

    private void siftDown(int i, int id, long key) {
        int n = size;
        while (true) {
            int first = (i << shift) + 1;
            if (first >= n) {
                break;
            }
            int end = Math.min(first + (1 << shift), n);
            int child = first;
            long childKey = keys[first];
            for (int c = first + 1; c < end; c++) {
                if (keys[c] < childKey) {
                    child = c;
                    childKey = keys[c];
                }
            }
            if (childKey >= key) {
                break;
            }
            place(i, ids[child], childKey);
            i = child;
        }
        place(i, id, key);
    }

    private void place(int i, int id, long key) {
        keys[i] = key;
        ids[i] = id;
        position[id] = i;
    }
}
