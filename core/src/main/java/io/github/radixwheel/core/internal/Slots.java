package io.github.radixwheel.core.internal;

import java.util.Arrays;

/**
 * The slots of every level: per slot a doubly linked list of nodes in insertion order (head and
 * tail here, links in {@link Nodes}) and an occupancy bit: 8 bytes per slot.
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
        Arrays.fill(heads, NIL);
        Arrays.fill(tails, NIL);
    }

    int head(int level, int slot) {
        return heads[offset[level] + slot];
    }

    int tail(int level, int slot) {
        return tails[offset[level] + slot];
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
            filled(level, slot);
        } else {
            nodes.setNext(tail, e);
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
            filled(level, slot);
        } else {
            nodes.setPrev(head, e);
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
        nodes.setPrev(next, e);
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
    }

    /** Empties a slot and returns its former head; the nodes stay chained through their next links. */
    int detach(int level, int slot) {
        int g = offset[level] + slot;
        int head = heads[g];
        heads[g] = NIL;
        tails[g] = NIL;
        emptied(level, slot);
        return head;
    }

    private void filled(int level, int slot) {
        occupancy[level].set(slot);
        occupiedLevels |= 1L << level;
    }

    private void emptied(int level, int slot) {
        if (occupancy[level].clear(slot)) {
            occupiedLevels &= ~(1L << level);
        }
    }

    /**
     * The first node of least key in a non-empty slot: its head at level 0, where a slot holds one
     * key; else found by one pass (the engine caches the result as its minimum).
     */
    int slotMin(int level, int slot) {
        int head = head(level, slot);
        return level == 0 ? head : scanMin(head);
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
     * Checks one slot's list shape and bit; returns its length.
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
