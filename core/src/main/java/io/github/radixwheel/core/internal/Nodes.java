package io.github.radixwheel.core.internal;

import java.util.Arrays;

/**
 * The engine's per-node storage: a key and the two links of its slot's list, for nodes numbered
 * {@code 0 .. capacity - 1}. There is no object per node.
 *
 * <p>Layout: {@code keys[e]}, and {@code links[2e]} (next), {@code links[2e + 1]} (prev). Next and
 * prev are separate {@code int}s so that unlinking a node writes its neighbours' links with plain
 * stores, without first reading them: at large sizes those writes miss the cache, and a store miss
 * does not stall the caller as a load miss does. 16 bytes per node.
 */
final class Nodes {
    static final int NIL = -1;
    /** The key of a node that is in no slot; real keys are never negative. */
    static final long FREE = -1L;
    /** The most nodes: {@code 2 × capacity} links must fit in one array. */
    static final int MAX_CAPACITY = 1 << 30;

    long[] keys;
    int[] links;

    /**
     * @throws IllegalArgumentException if {@code capacity} is negative, above {@link #MAX_CAPACITY},
     *     or cannot be allocated
     */
    Nodes(int capacity) {
        checkCapacity("capacity", capacity);
        try {
            keys = new long[capacity];
            links = new int[2 * capacity];
        } catch (OutOfMemoryError e) {
            throw Checks.argument("capacity: " + capacity + " nodes (" + 16L * capacity
                    + " bytes) cannot be allocated in this JVM's heap");
        }
        Arrays.fill(keys, FREE);
    }

    static void checkCapacity(String name, int capacity) {
        if (capacity < 0 || capacity > MAX_CAPACITY) {
            throw Checks.outOfRange(name, capacity, 0, MAX_CAPACITY);
        }
    }

    int capacity() {
        return keys.length;
    }

    /** Grows or shrinks to {@code capacity} nodes; nodes cut off must be free. */
    void resize(int capacity) {
        int old = keys.length;
        keys = Arrays.copyOf(keys, capacity);
        links = Arrays.copyOf(links, 2 * capacity);
        if (capacity > old) {
            Arrays.fill(keys, old, capacity, FREE);
        }
    }

    long key(int e) {
        return keys[e];
    }

    void setKey(int e, long key) {
        keys[e] = key;
    }

    int next(int e) {
        return links[2 * e];
    }

    int prev(int e) {
        return links[2 * e + 1];
    }

    void setNext(int e, int next) {
        links[2 * e] = next;
    }

    void setPrev(int e, int prev) {
        links[2 * e + 1] = prev;
    }

    void setLinks(int e, int next, int prev) {
        links[2 * e] = next;
        links[2 * e + 1] = prev;
    }
}
