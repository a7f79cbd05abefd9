package io.github.radixwheel.core.internal;

import java.util.Arrays;

/**
 * The slots of every level: per slot a doubly linked list of nodes in insertion order (head and
 * tail here, links in {@link Nodes}), an occupancy bit, and, for the levels above 0, a cache of the
 * slot's first node of least key.
 *
 * <p>Lists are not circular and keep their tail, so every change touches only the node, its
 * neighbours and the slot. This class owns every write to the lists and to the occupancy bits.
 */
final class Slots {
    private static final int NIL = Nodes.NIL;

    private final Nodes nodes;
    /** The first global slot index of each level. */
    private final int[] offset;
    private final int[] heads;
    private final int[] tails;
    /**
     * For slots of levels {@code >= 1}: the first node of least key, or NIL if unknown. Set when the
     * slot fills or a smaller key arrives, dropped when that node leaves; found again by one pass
     * when asked for.
     */
    private final int[] minNode;
    private final long[] minKey;
    final OccupancyBitmap[] occupancy;
    /** Bit {@code i} set iff level {@code i} holds a node. */
    long occupiedLevels;

    Slots(Nodes nodes, LevelGeometry geo) {
        this.nodes = nodes;
        int levels = geo.numLevels;
        offset = new int[levels];
        occupancy = new OccupancyBitmap[levels];
        int slots = 0;
        for (int i = 0; i < levels; i++) {
            int n = (int) geo.slotMask[i] + 1;
            offset[i] = slots;
            slots += n;
            occupancy[i] = new OccupancyBitmap(n);
        }
        heads = new int[slots];
        tails = new int[slots];
        minNode = new int[slots];
        minKey = new long[slots];
        Arrays.fill(heads, NIL);
        Arrays.fill(tails, NIL);
        Arrays.fill(minNode, NIL);
    }

    int head(int level, int slot) {
        return heads[offset[level] + slot];
    }

    boolean isOccupied(int level) {
        return (occupiedLevels & (1L << level)) != 0;
    }

    /** Appends {@code e}, whose key is {@code key}, to the back of a slot. */
    void append(int level, int slot, int e, long key) {
        int g = offset[level] + slot;
        int tail = tails[g];
        tails[g] = e;
        nodes.setLinks(e, NIL, tail);
        if (tail == NIL) {
            heads[g] = e;
            filled(level, slot, g, e, key);
        } else {
            nodes.setNext(tail, e);
            if (level != 0 && minNode[g] != NIL && key < minKey[g]) {
                setMin(g, e, key);
            }
        }
    }

    /** Puts {@code e} at the front of a slot: before every node of its key. */
    void prepend(int level, int slot, int e, long key) {
        int g = offset[level] + slot;
        int head = heads[g];
        heads[g] = e;
        nodes.setLinks(e, head, NIL);
        if (head == NIL) {
            tails[g] = e;
            filled(level, slot, g, e, key);
        } else {
            nodes.setPrev(head, e);
            if (level != 0 && minNode[g] != NIL && key <= minKey[g]) {
                setMin(g, e, key);
            }
        }
    }

    /** Puts {@code e} immediately before {@code ref}, a node of the slot with the same key. */
    void insertBefore(int level, int slot, int e, int ref, long key) {
        int prev = nodes.prev(ref);
        if (prev == NIL) {
            prepend(level, slot, e, key);
            return;
        }
        nodes.setLinks(e, ref, prev);
        nodes.setNext(prev, e);
        nodes.setPrev(ref, e);
        int g = offset[level] + slot;
        if (level != 0 && minNode[g] == ref) {
            minNode[g] = e; // same key, now first
        }
    }

    /** Puts {@code e} immediately after {@code ref}, a node of the slot with the same key. */
    void insertAfter(int level, int slot, int e, int ref, long key) {
        int next = nodes.next(ref);
        if (next == NIL) {
            append(level, slot, e, key);
            return;
        }
        nodes.setLinks(e, next, ref);
        nodes.setNext(ref, e);
        nodes.setPrev(next, e); // e follows a node of its key: never the first of least key
    }

    void unlink(int level, int slot, int e) {
        int g = offset[level] + slot;
        int next = nodes.next(e);
        int prev = nodes.prev(e);
        if (prev == NIL) {
            heads[g] = next;
        } else {
            nodes.setNext(prev, next);
        }
        if (next == NIL) {
            tails[g] = prev;
            if (prev == NIL) {
                emptied(level, slot);
            }
        } else {
            nodes.setPrev(next, prev);
        }
        if (level != 0 && minNode[g] == e) {
            minNode[g] = NIL;
        }
    }

    /** Empties a slot and returns its former head; the nodes stay chained through their next links. */
    int detach(int level, int slot) {
        int g = offset[level] + slot;
        int head = heads[g];
        heads[g] = NIL;
        tails[g] = NIL;
        minNode[g] = NIL;
        emptied(level, slot);
        return head;
    }

    private void filled(int level, int slot, int g, int e, long key) {
        occupancy[level].set(slot);
        occupiedLevels |= 1L << level;
        if (level != 0) {
            setMin(g, e, key);
        }
    }

    private void emptied(int level, int slot) {
        if (occupancy[level].clear(slot)) {
            occupiedLevels &= ~(1L << level);
        }
    }

    private void setMin(int g, int e, long key) {
        minNode[g] = e;
        minKey[g] = key;
    }

    /** The cached first node of least key of a slot of a level {@code >= 1}, or NIL if unknown. */
    int cachedMin(int level, int slot) {
        return minNode[offset[level] + slot];
    }

    /** The first node of least key in a non-empty slot. */
    int slotMin(int level, int slot) {
        int head = head(level, slot);
        if (level == 0) {
            return head; // a level 0 slot holds a single key
        }
        int g = offset[level] + slot;
        if (minNode[g] == NIL) {
            int best = scanMin(head);
            setMin(g, best, nodes.key(best));
        }
        return minNode[g];
    }

    private int scanMin(int head) {
        int best = head;
        long bestKey = nodes.key(head);
        for (int e = nodes.next(head); e != NIL; e = nodes.next(e)) {
            long key = nodes.key(e);
            if (key < bestKey) {
                best = e;
                bestKey = key;
            }
        }
        return best;
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
        for (int e = head; e != NIL; e = nodes.next(e)) {
            if (e < 0 || e >= nodes.capacity() || nodes.key(e) == Nodes.FREE) {
                throw Checks.state(where + ": links to a free node " + e);
            }
            if (nodes.prev(e) != prev) {
                throw Checks.state(where + ": broken back link at node " + e);
            }
            if (++n > limit) {
                throw Checks.state(where + ": cycle");
            }
            prev = e;
        }
        if (prev != tails[g]) {
            throw Checks.state(where + ": tail is " + tails[g] + " but the list ends at " + prev);
        }
        if (level != 0 && minNode[g] != NIL) {
            int best = scanMin(head);
            if (best != minNode[g] || minKey[g] != nodes.key(best)) {
                throw Checks.state(where + ": cached minimum is node " + minNode[g] + " but the minimum is " + best);
            }
        }
        return n;
    }

    /** Checks a level's bitmap summaries and its bit in {@link #occupiedLevels} against its node count. */
    void checkLevel(int level, int counted) {
        occupancy[level].checkSummary("level " + level);
        if ((counted != 0) != isOccupied(level)) {
            throw Checks.state("level " + level + ": holds " + counted + " nodes but its occupied bit is "
                    + isOccupied(level));
        }
    }
}
