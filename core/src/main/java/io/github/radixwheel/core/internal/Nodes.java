package io.github.radixwheel.core.internal;

import java.util.Arrays;

/**
 * The engine's per-node storage: a key and the two links of its slot's list, for element nodes
 * numbered {@code 0 .. capacity - 1}, followed by one sentinel node per slot. There is no object
 * per node.
 *
 * <p>Layout: {@code keys[e]}, and {@code links[2e]} (next), {@code links[2e + 1]} (prev). Each
 * slot's list is circular through its sentinel ({@code capacity + slot index}), so linking and
 * unlinking are the same few plain stores wherever the node is: no end of a list to test for, and
 * no slot to look up to remove a node. Next and prev are separate {@code int}s so that those stores
 * do not first read the neighbours' lines. A node in no list has {@link #UNLINKED} as its prev.
 * 16 bytes per element node, 8 per sentinel. {@link Slots}, the lists, extends it.
 */
class Nodes {
    static final int NIL = -1;
    /** The prev of a node that is in no slot. */
    static final int UNLINKED = -2;
    /** The most element nodes. */
    static final int MAX_CAPACITY = 1 << 30;

    private final int sentinels;
    private int capacity;
    long[] keys;
    int[] links;

    /**
     * @param sentinels the number of slots
     * @param capacity the number of element nodes
     * @throws IllegalArgumentException if {@code capacity} is negative or above {@link #MAX_CAPACITY}
     * @throws OutOfMemoryError if the arrays do not fit: the engine, which knows the level bits behind
     *     {@code sentinels}, turns it into an exception that names them ({@link #fits} first)
     */
    Nodes(int sentinels, int capacity) {
        checkCapacity("capacity", capacity);
        this.sentinels = sentinels;
        this.capacity = capacity;
        keys = new long[capacity];
        links = new int[2 * (capacity + sentinels)];
        for (int e = 0; e < capacity; e++) {
            links[2 * e + 1] = UNLINKED;
        }
        for (int s = capacity; s < capacity + sentinels; s++) {
            setLinks(s, s, s);
        }
    }

    /** Whether the links of {@code capacity} element nodes and {@code sentinels} sentinels fit one array. */
    static boolean fits(int capacity, int sentinels) {
        return 2L * ((long) capacity + sentinels) <= Integer.MAX_VALUE - 8;
    }

    /** Bytes of {@code capacity} element nodes and {@code sentinels} sentinels. */
    static long bytes(int capacity, int sentinels) {
        return 16L * capacity + 8L * sentinels;
    }

    static void checkCapacity(String name, int capacity) {
        if (capacity < 0 || capacity > MAX_CAPACITY) {
            throw Checks.outOfRange(name, capacity, 0, MAX_CAPACITY);
        }
    }

    int capacity() {
        return capacity;
    }

    /** The sentinel of global slot {@code g}. */
    int sentinel(int g) {
        return capacity + g;
    }

    /**
     * Grows or shrinks to {@code newCapacity} element nodes; nodes cut off must be unlinked. The
     * sentinels move to the new end, and the lists that reach them follow.
     */
    void resize(int newCapacity) {
        if (!fits(newCapacity, sentinels)) {
            throw Checks.state("capacity exhausted: " + capacity + " elements");
        }
        int[] old = links;
        int oldCapacity = capacity;
        keys = Arrays.copyOf(keys, newCapacity);
        links = new int[2 * (newCapacity + sentinels)];
        System.arraycopy(old, 0, links, 0, 2 * Math.min(oldCapacity, newCapacity));
        for (int e = oldCapacity; e < newCapacity; e++) {
            links[2 * e + 1] = UNLINKED;
        }
        capacity = newCapacity;
        for (int g = 0; g < sentinels; g++) {
            int from = oldCapacity + g;
            int to = newCapacity + g;
            int next = old[2 * from];
            int prev = old[2 * from + 1];
            if (next == from) {
                setLinks(to, to, to);
            } else {
                setLinks(to, next, prev);
                setPrev(next, to);
                setNext(prev, to);
            }
        }
    }

    long key(int e) {
        return keys[e];
    }

    void setKey(int e, long key) {
        keys[e] = key;
    }

    boolean isLinked(int e) {
        return links[2 * e + 1] != UNLINKED;
    }

    int next(int e) {
        return links[2 * e];
    }

    int prev(int e) {
        return links[2 * e + 1];
    }

    /** The element node after {@code e} in its list, or NIL at the list's end. */
    int following(int e) {
        int n = links[2 * e];
        return n < capacity ? n : NIL;
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
