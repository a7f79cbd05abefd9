package io.github.radixwheel.core.internal;

import java.util.Arrays;

/**
 * The slots of every level: per slot a doubly linked list of pool entries in insertion order
 * (head, tail, links in the {@link ElementPool}), an occupancy bit, and, for the coarse levels, a
 * cache of the slot's minimum element.
 *
 * <p>Lists are not circular and keep their tail, so appending touches only the old tail's links
 * and unlinking only the two neighbours' links: one cache line each at large sizes.
 */
final class SlotLists {
    private static final int NIL = ElementPool.NIL;

    private final ElementPool pool;
    private final int[] offset;
    private final int[] heads;
    private final int[] tails;
    /**
     * For slots of levels {@code >= 1}: the first element of least key, or NIL if unknown. Set on
     * append, dropped when that element leaves; then found again by one pass when asked for.
     */
    private final int[] minIndex;
    private final long[] minKey;
    final OccupancyBitmap[] occupancy;
    private final int[] count;
    /** Bit {@code i} set iff level {@code i} holds an element. */
    long occupiedLevels;

    SlotLists(ElementPool pool, LevelGeometry geo) {
        this.pool = pool;
        int levels = geo.numLevels;
        offset = new int[levels];
        occupancy = new OccupancyBitmap[levels];
        count = new int[levels];
        int slots = 0;
        for (int i = 0; i < levels; i++) {
            int n = (int) geo.slotMask[i] + 1;
            offset[i] = slots;
            slots += n;
            occupancy[i] = new OccupancyBitmap(n);
        }
        heads = new int[slots];
        tails = new int[slots];
        minIndex = new int[slots];
        minKey = new long[slots];
        Arrays.fill(heads, NIL);
        Arrays.fill(tails, NIL);
        Arrays.fill(minIndex, NIL);
    }

    int head(int level, int slot) {
        return heads[offset[level] + slot];
    }

    int count(int level) {
        return count[level];
    }

    /** Appends {@code e}, whose key is {@code key}, to the back of a slot. */
    void append(int level, int slot, int e, long key) {
        int g = offset[level] + slot;
        int tail = tails[g];
        tails[g] = e;
        if (tail == NIL) {
            heads[g] = e;
            pool.setLinks(e, NIL, NIL);
            occupancy[level].set(slot);
            if (level != 0) {
                minIndex[g] = e;
                minKey[g] = key;
            }
            if (count[level]++ == 0) {
                occupiedLevels |= 1L << level;
            }
            return;
        }
        pool.setNext(tail, e);
        pool.setLinks(e, NIL, tail);
        if (level != 0 && minIndex[g] != NIL && key < minKey[g]) {
            minIndex[g] = e;
            minKey[g] = key;
        }
        count[level]++;
    }

    void unlink(int level, int slot, int e) {
        int g = offset[level] + slot;
        int next = pool.next(e);
        int prev = pool.prev(e);
        if (prev == NIL) {
            heads[g] = next;
        } else {
            pool.setNext(prev, next);
        }
        if (next == NIL) {
            tails[g] = prev;
        } else {
            pool.setPrev(next, prev);
        }
        if (heads[g] == NIL) {
            occupancy[level].clear(slot);
        }
        if (minIndex[g] == e) {
            minIndex[g] = NIL;
        }
        if (--count[level] == 0) {
            occupiedLevels &= ~(1L << level);
        }
    }

    /**
     * Empties a slot and returns its former head; the entries stay chained through their next
     * links, and the caller must {@link #uncount} them as it re-places them.
     */
    int detach(int level, int slot) {
        int g = offset[level] + slot;
        int head = heads[g];
        heads[g] = NIL;
        tails[g] = NIL;
        minIndex[g] = NIL;
        occupancy[level].clear(slot);
        return head;
    }

    void uncount(int level, int n) {
        if ((count[level] -= n) == 0) {
            occupiedLevels &= ~(1L << level);
        }
    }

    /** The cached first element of least key of a slot of a level {@code >= 1}, or NIL if unknown. */
    int cachedMin(int level, int slot) {
        return minIndex[offset[level] + slot];
    }

    /** The first element of least key in a non-empty slot. */
    int slotMin(int level, int slot) {
        int head = head(level, slot);
        if (level == 0) {
            return head; // a level 0 slot holds a single key
        }
        int g = offset[level] + slot;
        if (minIndex[g] == NIL) {
            int best = scanMin(head);
            minIndex[g] = best;
            minKey[g] = pool.keys[best];
        }
        return minIndex[g];
    }

    private int scanMin(int head) {
        long[] keys = pool.keys;
        int best = head;
        for (int e = pool.next(head); e != NIL; e = pool.next(e)) {
            if (keys[e] < keys[best]) {
                best = e;
            }
        }
        return best;
    }

    void clear() {
        Arrays.fill(heads, NIL);
        Arrays.fill(tails, NIL);
        Arrays.fill(minIndex, NIL);
        for (OccupancyBitmap bits : occupancy) {
            bits.clearAll();
        }
        Arrays.fill(count, 0);
        occupiedLevels = 0;
    }

    /**
     * Checks one slot's list shape, bit and cached minimum; returns its length.
     *
     * @throws IllegalStateException naming the first violation
     */
    int checkSlot(int level, int slot, int limit) {
        int g = offset[level] + slot;
        String where = "level " + level + " slot " + slot;
        int head = heads[g];
        if ((head != NIL) != occupancy[level].get(slot) || (head == NIL) != (tails[g] == NIL)) {
            throw Checks.state(where + ": head, tail and occupancy bit disagree");
        }
        int n = 0;
        int prev = NIL;
        for (int e = head; e != NIL; e = pool.next(e)) {
            if (e < 0 || e >= pool.highWater || pool.keys[e] == ElementPool.FREE) {
                throw Checks.state(where + ": links to a free entry " + e);
            }
            if (pool.prev(e) != prev) {
                throw Checks.state(where + ": broken back link at entry " + e);
            }
            if (++n > limit) {
                throw Checks.state(where + ": cycle");
            }
            prev = e;
        }
        if (prev != tails[g]) {
            throw Checks.state(where + ": tail is " + tails[g] + " but the list ends at " + prev);
        }
        if (level != 0 && minIndex[g] != NIL) {
            int best = scanMin(head);
            if (best != minIndex[g] || minKey[g] != pool.keys[best]) {
                throw Checks.state(where + ": cached minimum is entry " + minIndex[g] + " but the minimum is " + best);
            }
        }
        return n;
    }

    /** Checks level counts and summaries against slot contents counted by the caller. */
    void checkLevel(int level, int counted) {
        occupancy[level].checkSummary("level " + level);
        if (counted != count[level] || (counted != 0) != ((occupiedLevels & (1L << level)) != 0)) {
            throw Checks.state("level " + level + ": holds " + counted + " elements, counted " + count[level]);
        }
    }
}
