package io.github.radixwheel.core.internal;

import java.util.Arrays;

/**
 * Pooled primitive storage for elements: parallel arrays indexed by element, grown by doubling,
 * with a free list threaded through {@link #next}. There is no object per element.
 *
 * <p>A handle packs an element's index (low 32 bits) with its stamp (high 32 bits). The stamp
 * starts at a per-pool salt, changes every time the element is freed, and is never 0, so
 * {@code 0} is never a handle and stale or foreign handles are rejected. A stamp repeats only
 * after 2^32 reuses of the same index.
 *
 * <p>Bytes per element: 8 (key) + 4 (value reference, compressed) + 8 (both links in one word, so
 * that an unlink touches one cache line per neighbour) + 4 (stamp), plus 8 when an auxiliary
 * {@code long} is kept.
 */
final class ElementPool {
    static final int NIL = -1;
    /** The key of a free entry; real keys are never negative. */
    static final long FREE = -1L;
    /** The most elements a pool can hold: the largest array the JVM allocates. */
    static final int MAX_CAPACITY = Integer.MAX_VALUE - 8;

    long[] keys;
    /** One extra {@code long} per element, or null. */
    long[] aux;
    Object[] values;
    /** Per element, {@code next << 32 | prev} in its slot's list ({@link #NIL} at the ends); free entries chain through next. */
    long[] links;
    int[] stamps;

    /** Entries at or above this index have never been handed out since the last clear. */
    int highWater;
    int freeHead = NIL;
    int size;
    private final int initialStamp;
    private final int maxCapacity;

    /** @param maxCapacity at most {@link #MAX_CAPACITY}; lower only in tests of exhaustion */
    ElementPool(int initialCapacity, boolean withAux, int salt, int maxCapacity) {
        this.maxCapacity = maxCapacity;
        int capacity = Math.max(initialCapacity, 0);
        keys = new long[capacity];
        aux = withAux ? new long[capacity] : null;
        values = new Object[capacity];
        links = new long[capacity];
        stamps = new int[capacity];
        initialStamp = salt == 0 ? 1 : salt;
        Arrays.fill(stamps, initialStamp);
    }

    int capacity() {
        return keys.length;
    }

    /** Takes a free entry, growing the arrays if none is left. Links are left to the caller. */
    int allocate(long key, long auxValue, Object value) {
        int e = freeHead;
        if (e != NIL) {
            freeHead = next(e);
        } else {
            if (highWater == keys.length) {
                grow();
            }
            e = highWater++;
        }
        keys[e] = key;
        values[e] = value;
        if (aux != null) {
            aux[e] = auxValue;
        }
        size++;
        return e;
    }

    /** Frees a live entry: its value is dropped and every handle to it goes stale. */
    void release(int e) {
        keys[e] = FREE;
        values[e] = null;
        stamps[e] = nextStamp(stamps[e]);
        setLinks(e, freeHead, NIL);
        freeHead = e;
        size--;
    }

    void setLinks(int e, int next, int prev) {
        links[e] = ((long) next << 32) | (prev & 0xFFFF_FFFFL);
    }

    int next(int e) {
        return (int) (links[e] >>> 32);
    }

    int prev(int e) {
        return (int) links[e];
    }

    void setNext(int e, int next) {
        links[e] = ((long) next << 32) | (links[e] & 0xFFFF_FFFFL);
    }

    void setPrev(int e, int prev) {
        links[e] = (links[e] & 0xFFFF_FFFF_0000_0000L) | (prev & 0xFFFF_FFFFL);
    }

    long handle(int e) {
        return ((long) stamps[e] << 32) | e;
    }

    /** @return the index of the live element {@code handle} names, or {@link #NIL} */
    int indexOf(long handle) {
        int e = (int) handle;
        if (e < 0 || e >= highWater || stamps[e] != (int) (handle >>> 32) || keys[e] == FREE) {
            return NIL;
        }
        return e;
    }

    /** Frees everything in O(high water): live entries' handles go stale and values are dropped. */
    void clear() {
        for (int e = 0; e < highWater; e++) {
            if (keys[e] != FREE) {
                keys[e] = FREE;
                values[e] = null;
                stamps[e] = nextStamp(stamps[e]);
            }
        }
        highWater = 0;
        freeHead = NIL;
        size = 0;
    }

    private static int nextStamp(int stamp) {
        int s = stamp + 1;
        return s == 0 ? 1 : s;
    }

    private void grow() {
        int old = keys.length;
        if (old >= maxCapacity) {
            throw Checks.state("capacity exhausted: " + old + " elements (expected: at most " + maxCapacity + ")");
        }
        int capacity = (int) Math.min(maxCapacity, Math.max(16L, 2L * old));
        keys = Arrays.copyOf(keys, capacity);
        if (aux != null) {
            aux = Arrays.copyOf(aux, capacity);
        }
        values = Arrays.copyOf(values, capacity);
        links = Arrays.copyOf(links, capacity);
        stamps = Arrays.copyOf(stamps, capacity);
        Arrays.fill(stamps, old, capacity, initialStamp);
    }

    /** Checks the free list and the live count; throws naming the first violation. */
    void checkInvariants() {
        int free = 0;
        for (int e = freeHead; e != NIL; e = next(e)) {
            if (e < 0 || e >= highWater) {
                throw Checks.state("free list: index " + e + " outside [0, " + highWater + ")");
            }
            if (keys[e] != FREE || values[e] != null) {
                throw Checks.state("free list: entry " + e + " is not cleared");
            }
            if (++free > highWater) {
                throw Checks.state("free list: cycle");
            }
        }
        int live = 0;
        for (int e = 0; e < highWater; e++) {
            if (stamps[e] == 0) {
                throw Checks.state("pool: entry " + e + " has stamp 0");
            }
            if (keys[e] != FREE) {
                live++;
            } else if (values[e] != null) {
                throw Checks.state("pool: free entry " + e + " still references its value");
            }
        }
        if (live != size || live + free != highWater) {
            throw Checks.state("pool: size " + size + ", live " + live + ", free " + free + ", high water " + highWater);
        }
    }
}
