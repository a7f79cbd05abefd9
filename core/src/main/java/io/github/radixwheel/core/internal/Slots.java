package io.github.radixwheel.core.internal;

/**
 * The slots of every level: per slot a circular doubly linked list of nodes in insertion order
 * through the slot's sentinel node ({@link Nodes}), and an occupancy bit.
 *
 * <p>Linking sets the slot's bit; unlinking does not clear it, since that would need the slot
 * (from the key) and a test for emptiness. So a set bit means "maybe occupied": whoever finds a set
 * bit over an empty list clears it ({@link #isStale}), which costs each emptied slot one check,
 * once. A clear bit always means empty. This class owns every write to the lists and the bits.
 *
 * <p>It extends {@link Nodes}, the arrays its lists live in, instead of holding a reference to them:
 * the engine then reaches the links in two dependent loads, not three, on every operation.
 */
final class Slots extends Nodes {
    private static final int NIL = Nodes.NIL;

    /** The global index of each level's slot 0 ({@link LevelGeometry#globalSlot}), at hand. */
    private final int[] offset;
    final OccupancyBitmap[] occupancy;
    /** Bit {@code i} set if level {@code i} may hold a node (clear: it holds none). */
    long occupiedLevels;

    Slots(LevelGeometry geo, int capacity) {
        super(geo.slotCount, capacity);
        int levels = geo.numLevels;
        offset = new int[levels];
        occupancy = new OccupancyBitmap[levels];
        for (int i = 0; i < levels; i++) {
            offset[i] = geo.globalSlot(i, 0);
            occupancy[i] = new OccupancyBitmap((int) geo.slotMask[i] + 1);
        }
    }

    private int sentinel(int level, int slot) {
        return sentinel(offset[level] + slot);
    }

    /** The first node of a slot, or NIL if it is empty. */
    int head(int level, int slot) {
        return following(sentinel(level, slot));
    }

    boolean isEmpty(int level, int slot) {
        int s = sentinel(level, slot);
        return next(s) == s;
    }

    boolean isOccupied(int level) {
        return (occupiedLevels & (1L << level)) != 0;
    }

    /** Appends {@code e} to the back of a slot, named also by its global index (see {@link LevelGeometry#globalSlot}). */
    void append(int level, int slot, int globalSlot, int e) {
        if (linkLast(globalSlot, e)) {
            mark(level, slot); // a stale bit may be set already; setting it again is harmless
        }
    }

    /** {@link #append}, setting the slot's bits whether or not it was empty: no branch on the slot. */
    void appendMarking(int level, int slot, int globalSlot, int e) {
        linkLast(globalSlot, e);
        mark(level, slot);
    }

    /** Links {@code e} at the back of a slot's list; returns whether the list was empty. */
    private boolean linkLast(int globalSlot, int e) {
        int s = sentinel(globalSlot);
        int tail = prev(s);
        setLinks(e, s, tail);
        setNext(tail, e);
        setPrev(s, e);
        return tail == s;
    }

    /** Puts {@code e} at the front of a slot: before every node of its key. */
    void prepend(int level, int slot, int e) {
        int s = sentinel(level, slot);
        int head = next(s);
        setLinks(e, head, s);
        setPrev(head, e);
        setNext(s, e);
        if (head == s) {
            mark(level, slot);
        }
    }

    /** Puts {@code e} immediately before linked node {@code ref}. */
    void insertBefore(int e, int ref) {
        int prev = prev(ref);
        setLinks(e, ref, prev);
        setNext(prev, e);
        setPrev(ref, e);
    }

    /** Puts {@code e} immediately after linked node {@code ref}. */
    void insertAfter(int e, int ref) {
        int next = next(ref);
        setLinks(e, next, ref);
        setPrev(next, e);
        setNext(ref, e);
    }

    /** Unlinks {@code e}, wherever it is; its slot's bit may go stale. */
    void unlink(int e) {
        int next = next(e);
        int prev = prev(e);
        setNext(prev, next);
        setPrev(next, prev);
        setPrev(e, Nodes.UNLINKED);
    }

    /** Unlinks and returns the head of a non-empty slot, clearing its bit if it empties. */
    int removeHead(int level, int slot) {
        int s = sentinel(level, slot);
        int e = next(s);
        int next = next(e);
        setNext(s, next);
        setPrev(next, s);
        setPrev(e, Nodes.UNLINKED);
        if (next == s) {
            clearBit(level, slot);
        }
        return e;
    }

    /** Sets the bits of a slot that was empty (its own bit may still be set, stale). */
    private void mark(int level, int slot) {
        occupancy[level].set(slot);
        occupiedLevels |= 1L << level;
    }

    /**
     * For a slot whose bit is set: if its list is empty, clears the bit (and the level's, if it was
     * the last) and returns true.
     */
    boolean isStale(int level, int slot) {
        if (!isEmpty(level, slot)) {
            return false;
        }
        clearBit(level, slot);
        return true;
    }

    /**
     * For a slot that just emptied: clears its bit, then returns the next set bit after it in its
     * bitmap word, or -1. The word is at hand; the slot of that bit is the level's next occupied
     * one (or stale).
     */
    int emptiedThenNextInWord(int level, int slot) {
        return clearBit(level, slot) ? -1 : occupancy[level].nextInWord(slot);
    }

    /** {@link #emptiedThenNextInWord}, then that slot's node if it holds exactly one; else NIL. */
    int emptiedThenOnlyNodeOfNextInWord(int level, int slot) {
        int next = emptiedThenNextInWord(level, slot);
        if (next < 0) {
            return NIL;
        }
        int s = sentinel(level, next);
        int head = next(s);
        return head != s && head == prev(s) ? head : NIL;
    }

    /** Clears a slot's bit, and the level's if it was the last; returns whether it was. */
    private boolean clearBit(int level, int slot) {
        if (occupancy[level].clear(slot)) {
            occupiedLevels &= ~(1L << level); // in place, not a call: see RadixEngine's note on setMin
            return true;
        }
        return false;
    }

    /** The last node of a slot, or NIL if it is empty. */
    int tail(int level, int slot) {
        int s = sentinel(level, slot);
        int t = prev(s);
        return t == s ? NIL : t;
    }

    /**
     * Empties a slot and returns its former head (NIL if it was empty); the nodes stay chained
     * through their links, the last one's next still pointing at the sentinel (see
     * {@link Nodes#following}).
     */
    int detach(int level, int slot) {
        int s = sentinel(level, slot);
        int head = following(s);
        setLinks(s, s, s);
        if (occupancy[level].get(slot)) {
            clearBit(level, slot);
        }
        return head;
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
        long bestKey = key(head);
        for (int e = following(head); e != NIL; e = following(e)) {
            long key = key(e);
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
        int s = sentinel(level, slot);
        if (next(s) != s && !occupancy[level].get(slot)) {
            throw slotState(level, slot, "head, tail and occupancy bit disagree (an occupied slot's bit is clear)");
        }
        int n = 0;
        int prev = s;
        for (int e = next(s); e != s; e = next(e)) {
            if (e < 0 || e >= capacity() || !isLinked(e)) {
                throw slotState(level, slot, "links to a free node " + e);
            }
            if (prev(e) != prev) {
                throw slotState(level, slot, "broken back link at node " + e);
            }
            if (++n > limit) {
                throw slotState(level, slot, "cycle");
            }
            prev = e;
        }
        if (prev != prev(s)) {
            throw slotState(level, slot, "tail is " + prev(s) + " but the list ends at " + prev);
        }
        return n;
    }

    /** The message is built only on failure: a check of every slot allocates nothing per slot. */
    private static IllegalStateException slotState(int level, int slot, String what) {
        return Checks.state("level " + level + " slot " + slot + ": " + what);
    }

    /** Checks a level's bitmap summaries, and that a level holding nodes has its bit set. */
    void checkLevel(int level, int counted) {
        occupancy[level].checkSummary("level " + level);
        if (counted != 0 && !isOccupied(level)) {
            throw Checks.state("level " + level + ": holds " + counted + " nodes but its occupied bit is clear");
        }
    }
}
