package io.github.radixwheel.core.internal;

import io.github.radixwheel.core.LevelBits;
import java.util.ConcurrentModificationException;

/**
 * The radix wheel engine: a monotone priority queue of nodes numbered {@code 0 .. capacity - 1},
 * each with a {@code long} key, delivered in (key, insertion) order. The public queues build on
 * it: {@code IndexedTimingWheelQueue} holds one (a node is the caller's id), and
 * {@link HandleWheel}, through {@link HandlePool}, is one (a node is a pool entry named by a
 * handle), for {@code TimingWheelQueue} and the alarm wheel.
 *
 * <p>Each slot holds a circular doubly linked list in insertion order, through a sentinel node
 * ({@link Slots}, {@link Nodes}); its occupancy bit may stay set after the list empties, until a
 * search meets it. Because level ranges
 * are disjoint ({@link LevelGeometry}), all nodes of one key share one slot, so list order is
 * insertion order per key, and a slot that the minimum reaches moves down as a whole.
 *
 * <p>The engine checks nothing that its callers check: node numbers, liveness and key ranges are
 * the caller's preconditions (see {@link #checkKey}). It owns the one re-entrancy guard of the
 * structure built on it.
 */
public class RadixEngine {
    /** The most bits a single level may have: its slot arrays are allocated up front. */
    public static final int MAX_LEVEL_BITS = 24;
    /** The most nodes an engine can have. */
    public static final int MAX_CAPACITY = Nodes.MAX_CAPACITY;
    /** No node. */
    public static final int NIL = Nodes.NIL;

    private static final int IDLE = 0;
    private static final int DELIVERING = 1;
    private static final int ITERATING = 2;
    private static final long UNKNOWN = -1L;
    private static final int RELINK_BUFFER = 256;

    /**
     * Receives each node the engine removes while it advances, after the node has left the engine.
     *
     * @param <H> what the caller passes through to it, usually the user's handler
     */
    @FunctionalInterface
    public interface Delivery<H> {
        /**
         * @param node the delivered node, no longer linked
         * @param key its key, which is now the minimum allowed key
         * @param handler the caller's argument
         */
        void deliver(int node, long key, H handler);
    }

    /** Visits nodes without removing them. */
    @FunctionalInterface
    public interface NodeVisitor {
        /**
         * @param node a node
         * @param key its key
         */
        void visit(int node, long key);
    }

    /**
     * Visits nodes without removing them, with an argument of the caller's: a visitor that captures
     * nothing is one object for good, where a capturing one would be made at every call.
     */
    @FunctionalInterface
    public interface NodeVisitorWith<A> {
        /**
         * @param argument the caller's argument
         * @param node a node
         * @param key its key
         */
        void visit(A argument, int node, long key);
    }

    private final LevelBits levelBits;
    private final LevelGeometry geo;
    /** The slot lists, and the node arrays beneath them: {@code slots.key(e)} is node {@code e}'s key. */
    private final Slots slots;
    /** The first node in delivery order, or NIL if unknown or empty. */
    private int minNode = NIL;
    /**
     * The key of {@link #minNode} if known; else {@link #UNKNOWN}, below every key, or
     * {@link Long#MAX_VALUE} when empty, so that an insertion updates the minimum with one compare.
     */
    private long minKey = Long.MAX_VALUE;
    private int size;
    /** {@link #IDLE}, {@link #DELIVERING} or {@link #ITERATING}. */
    private int guard = IDLE;
    /** Counts insertions before existing nodes and re-keys, so that an in-place walk can notice them. */
    private int reorders;
    /** The back half of a slot being relinked; see {@link #relinkSlot}. */
    private final int[] relinkBuffer = new int[RELINK_BUFFER];

    /**
     * @param levelBits the levels
     * @param capacity the number of nodes
     * @throws NullPointerException if {@code levelBits} is null
     * @throws IllegalArgumentException if a level has more than {@link #MAX_LEVEL_BITS} bits, or
     *     {@code capacity} is negative, above {@link #MAX_CAPACITY} or cannot be allocated
     */
    public RadixEngine(LevelBits levelBits, int capacity) {
        Checks.requireNonNull(levelBits, "levelBits");
        for (int i = 0; i < levelBits.numLevels(); i++) {
            if (levelBits.bits(i) > MAX_LEVEL_BITS) {
                throw Checks.outOfRange("bits of level " + i + " in " + levelBits, levelBits.bits(i), 1, MAX_LEVEL_BITS);
            }
        }
        this.levelBits = levelBits;
        this.geo = new LevelGeometry(levelBits);
        this.slots = allocateSlots(levelBits, geo, capacity);
    }

    /**
     * The slot arrays and {@code capacity} nodes, or an exception that names both the capacity and
     * the level bits: with few nodes, the slots of wide levels are what the heap cannot hold.
     */
    private static Slots allocateSlots(LevelBits levelBits, LevelGeometry geo, int capacity) {
        Nodes.checkCapacity("capacity", capacity);
        if (Nodes.fits(capacity, geo.slotCount)) {
            try {
                return new Slots(geo, capacity);
            } catch (OutOfMemoryError e) {
                // fall through: too large for this heap
            }
        }
        throw Checks.argument("capacity " + capacity + " with " + levelBits + " (" + geo.slotCount + " slots): "
                + Nodes.bytes(capacity, geo.slotCount) + " bytes cannot be allocated in this JVM's heap");
    }

    public LevelBits levelBits() {
        return levelBits;
    }

    public int size() {
        return size;
    }

    public int capacity() {
        return slots.capacity();
    }

    /** Grows or shrinks to {@code capacity} nodes; nodes cut off must not be linked. */
    public void resize(int capacity) {
        slots.resize(capacity);
    }

    public long minAllowedKey() {
        return geo.min;
    }

    public long maxAllowedKey() {
        return geo.maxAllowedKey();
    }

    /** @throws IllegalArgumentException unless {@code minAllowedKey() <= key <= maxAllowedKey()} */
    public void checkKey(long key) {
        if (key < geo.min || key > geo.maxKey) {
            throw Checks.outOfRange("key", key, geo.min, geo.maxKey);
        }
    }

    public boolean isLinked(int e) {
        return slots.isLinked(e);
    }

    /** The key of a linked node. */
    public long key(int e) {
        return slots.key(e);
    }

    /** The node after linked node {@code e} in its slot's list, or NIL. */
    public int next(int e) {
        return slots.following(e);
    }

    /** The node before linked node {@code e} in its slot's list, or NIL if {@code e} is the head. */
    public int previous(int e) {
        int p = slots.prev(e);
        return p < slots.capacity() ? p : NIL;
    }

    /** The next node of an unlinked node's free list. */
    public int nextFree(int e) {
        return slots.next(e);
    }

    /** For callers that thread a free list through unlinked nodes. */
    public void setNext(int e, int next) {
        slots.setNext(e, next);
    }

    // ---------------------------------------------------------------- the guard

    /**
     * Marks the start of a delivering call.
     *
     * @throws IllegalStateException if a delivering call is under way (a nested call from a handler)
     * @throws ConcurrentModificationException if an iteration is under way
     */
    public void beginDelivery(String method) {
        requireNotDelivering(method);
        requireMutable();
        guard = DELIVERING;
    }

    /** @throws IllegalStateException if a delivering call is under way (a nested call from a handler) */
    public void requireNotDelivering(String method) {
        if (guard == DELIVERING) {
            throw Checks.state(method + " called from inside one of this structure's own handlers (a nested delivery)");
        }
    }

    public void endDelivery() {
        guard = IDLE;
    }

    /** {@return the state to hand back to {@link #endIteration}} */
    public int beginIteration() {
        int saved = guard;
        guard = ITERATING;
        return saved;
    }

    public void endIteration(int saved) {
        guard = saved;
    }

    /**
     * For a call that runs no handler but must not run inside one (a nested poll): throws as
     * {@link #beginDelivery} does, without taking the guard.
     */
    public void requireIdle(String method) {
        requireNotDelivering(method);
        requireMutable();
    }

    /** @throws ConcurrentModificationException if an iteration is under way */
    public void requireMutable() {
        if (guard == ITERATING) {
            throw new ConcurrentModificationException(
                    "modified from inside an iteration over it (forEach, forEachInOrder)");
        }
    }

    // ---------------------------------------------------------------- linking

    /** Links free node {@code e} at the back of {@code key}'s insertion order. */
    public void insertLast(int e, long key) {
        place(e, key);
        if (++size == 1 || key < minKey) {
            minNode = e; // written here, not through setMin: see the note on setMin
            minKey = key;
        }
    }

    /** Links free node {@code e} at the front of {@code key}'s insertion order. */
    public void insertFirst(int e, long key) {
        slots.setKey(e, key);
        int level = geo.levelOf(key);
        slots.prepend(level, geo.slotOf(level, key), e);
        size++;
        if (key <= minKey) {
            minNode = e; // written here, not through setMin: see the note on setMin
            minKey = key;
        }
        reorders++;
    }

    /** Links free node {@code e} immediately before or after linked node {@code ref}, with its key. */
    public void insertBeside(int e, int ref, boolean after) {
        slots.setKey(e, slots.key(ref));
        if (after) {
            slots.insertAfter(e, ref);
        } else {
            slots.insertBefore(e, ref);
            if (minNode == ref) {
                minNode = e; // same key, now first
            }
        }
        size++;
        reorders++;
    }

    /** Unlinks linked node {@code e}; it becomes free. */
    public void unlink(int e) {
        slots.unlink(e);
        size--;
        if (e == minNode) {
            minNode = NIL; // written here, not through forgetMin: see the note on setMin
            minKey = size == 0 ? Long.MAX_VALUE : UNKNOWN;
        }
    }

    /** Moves linked node {@code e} to the back of {@code key}'s insertion order. */
    public void changeKey(int e, long key) {
        slots.unlink(e);
        place(e, key);
        if (e == minNode) {
            minNode = NIL; // written here, not through forgetMin or setMin: see the note on setMin
            minKey = UNKNOWN; // not empty: e is still linked
        } else if (key < minKey) {
            minNode = e;
            minKey = key;
        }
        reorders++;
    }

    /** For callers that keep a cursor into the minimum key's slot: see {@link #firstAtMin()}. */
    public int reorders() {
        return reorders;
    }

    /** Appends {@code e} to the slot where {@code key} belongs; counts and the minimum are the caller's. */
    private void place(int e, long key) {
        slots.setKey(e, key);
        LevelGeometry g = geo;
        int level = g.levelOf(key);
        int slot = g.placeSlot(level, key);
        slots.append(level, slot, g.globalSlot(level, slot), e);
    }

    /**
     * {@link #place} for a node moving down from level {@code from}, whose key now belongs below it,
     * with no branch on the key: a relink's keys are cache misses, and a mispredicted branch on one
     * would discard the walk's next loads, already under way.
     */
    private void placeDown(int e, long key, int from) {
        slots.setKey(e, key);
        LevelGeometry g = geo;
        int level = 0;
        for (int i = 0; i < from - 1; i++) {
            level += (int) ((g.end[i] - key) >>> 63); // 1 if key > end[i]
        }
        int slot = g.placeSlot(level, key);
        slots.appendMarking(level, slot, g.globalSlot(level, slot), e);
    }

    // ---------------------------------------------------------------- the minimum

    /** {@return the first node in delivery order, or NIL if empty} */
    public int minNode() {
        int m = minNode;
        if (m != NIL || size == 0) {
            return m;
        }
        while (true) {
            int level = Long.numberOfTrailingZeros(slots.occupiedLevels);
            int slot = firstSlot(level);
            if (slot >= 0) {
                m = slots.slotMin(level, slot);
                setMin(m, slots.key(m));
                return m;
            }
        }
    }

    /*
     * The insertion and removal entry points write the two fields themselves, and the searches
     * clear a level's occupancy bit themselves. Called there, such helpers run once in many of a
     * caller's iterations, and C2 does not inline a call that rare (JDK 17: a callee run fewer
     * than 250 times before the caller compiles; JDK 18 on: a call site reached by under 0.85 %
     * of the caller's runs). The call left in the caller's loop makes the loop spill the values
     * live across it and reload every field it reads.
     */
    private void setMin(int e, long key) {
        minNode = e;
        minKey = key;
    }

    /** After the minimum node left or moved: unknown, or known empty. */
    private void forgetMin() {
        minNode = NIL;
        minKey = size == 0 ? Long.MAX_VALUE : UNKNOWN;
    }

    /**
     * The first occupied slot of a level whose bit is set, in key order (at or after its start's
     * slot), clearing the stale bits it passes; -1, with the level's bit cleared, if the level holds
     * nothing.
     */
    private int firstSlot(int level) {
        OccupancyBitmap bits = slots.occupancy[level];
        int from = geo.slotOf(level, geo.start(level));
        while (true) {
            int slot = level == geo.top ? bits.nextSetBitCyclic(from) : bits.nextSetBit(from);
            if (slot < 0) {
                slots.occupiedLevels &= ~(1L << level); // in place, not a call: see the note on setMin
                return -1;
            }
            if (!slots.isStale(level, slot)) {
                return slot;
            }
        }
    }

    /**
     * The first node of the minimum allowed key's slot, or NIL; the rest follow through
     * {@link #next}. Every node of that slot has the minimum allowed key.
     */
    public int firstAtMin() {
        return slots.head(0, geo.slotOf(0, geo.min));
    }

    /** The first node of the slot that holds {@code key}, whose nodes may have other keys too. */
    public int firstInSlotOf(long key) {
        int level = geo.levelOf(key);
        return slots.head(level, geo.slotOf(level, key));
    }

    /**
     * Unlinks the first node in delivery order and raises the minimum allowed key to its key.
     *
     * @return the node, whose key is now {@link #minAllowedKey()}; NIL if empty
     */
    public int pollMinNode() {
        int e = minNode;
        boolean sortedDown = e == NIL;
        if (sortedDown) {
            if (size == 0) {
                return NIL;
            }
            e = sortDownToMin();
        }
        long key = minKey;
        int following = slots.following(e);
        int level = geo.levelOf(key);
        boolean inLevel0 = level == 0;
        unlink(e);
        int other = NIL; // the node left in e's slot above level 0, if e was one of its two
        int nextSlot = -1; // in level 0, the next occupied slot if found in e's slot's bitmap word
        int next = NIL; // above level 0, if e's slot emptied: the only node of the next slot in its bitmap word
        if (inLevel0 && following != NIL) {
            setMin(following, key); // a level 0 slot holds one key: the next node is the next minimum
        } else if (inLevel0) {
            nextSlot = slots.emptiedThenNextInWord(0, geo.slotOf(0, key)); // e was its slot's head and last node
        } else if (sortedDown) {
            int slot = geo.slotOf(level, key);
            other = slots.head(level, slot); // sortDownToMin left e where it lies only in a slot of one or two
            if (other == NIL) {
                next = slots.emptiedThenOnlyNodeOfNextInWord(level, slot);
            }
        } else {
            int slot = geo.slotOf(level, key);
            if (slots.isEmpty(level, slot)) { // the slot is known: clear its bit now if it emptied
                next = slots.emptiedThenOnlyNodeOfNextInWord(level, slot);
            }
        }
        if (key > geo.min) {
            if (inLevel0 && geo.top != 0) { // moving inside level 0's block moves no range but the top's ring
                geo.setMinInLevel0(key);
            } else {
                moveMinTo(key);
            }
        }
        if (other != NIL) {
            setMin(other, slots.key(other)); // nothing lay below its slot: wherever it moved, it is next
        } else if (nextSlot >= 0) {
            int head = slots.head(0, nextSlot); // NIL if the bit was stale
            if (head != NIL) {
                setMin(head, slots.key(head)); // no slot between holds a node, and level 0 holds the least keys
            }
        } else if (next != NIL && slots.key(next) > geo.end[level - 1]) {
            // Nothing lay below it, so it is next wherever it is; but if the rise moved it down, it
            // may have joined other nodes in a lower slot, which the next removal's search serves
            // better (a slot of two) than a known minimum would.
            setMin(next, slots.key(next));
        }
        return e;
    }

    /**
     * Finds the minimum for a removal: while the lowest occupied level is above 0 and its first
     * slot holds more than two nodes, raises the minimum to that slot's start, which relinks the slot
     * down, as advancing does. So a slot above level 0 is walked once, by the relink, instead of once
     * to find its least key and again when the removal raises the minimum into it. Of one or two
     * nodes, head and tail, the least is found without a walk and taken where it lies: moving it
     * down first would place it once more and search level 0 for it again. The other of two is then
     * the next minimum, wherever the removal moves it, so {@link #pollMinNode} caches it.
     *
     * @return the first node in delivery order, now cached with its key; the queue is not empty
     */
    private int sortDownToMin() {
        LevelGeometry g = geo;
        while (true) {
            int level = Long.numberOfTrailingZeros(slots.occupiedLevels);
            int slot = firstSlot(level);
            if (slot < 0) {
                continue; // only stale bits: the level's bit is cleared now
            }
            int e = slots.head(level, slot);
            if (level == 0) {
                setMin(e, slots.key(e)); // a level 0 slot holds one key
                return e;
            }
            int t = slots.tail(level, slot);
            if (e == t || slots.following(e) == t) {
                if (slots.key(t) < slots.key(e)) {
                    e = t; // of two nodes, the later wins only with a smaller key: ties go in insertion order
                }
                setMin(e, slots.key(e));
                return e;
            }
            moveMinTo(g.slotStart(level, slot));
        }
    }

    // ---------------------------------------------------------------- advancing

    /**
     * Delivers every node with key {@code < target} in (key, insertion) order, unlinking each just
     * before handing it to {@code delivery}, then raises the minimum to {@code target}. The caller
     * holds the guard ({@link #beginDelivery}); what the delivery does to the engine is seen by the
     * next step.
     */
    public <H> void advance(long target, Delivery<H> delivery, H handler) {
        LevelGeometry g = geo;
        while (slots.occupiedLevels != 0) {
            int level = Long.numberOfTrailingZeros(slots.occupiedLevels);
            if (level == 0 && g.top != 0) {
                if (deliverLevel0(target, delivery, handler)) {
                    break;
                }
                continue;
            }
            int slot = firstSlot(level);
            if (slot < 0) {
                continue;
            }
            long start = g.slotStart(level, slot);
            if (start >= target) {
                break;
            }
            moveMinTo(start); // nothing lies below this slot: its nodes move down to where they now belong
            if (level == 0) {
                deliverHead(slot, start, delivery, handler); // level 0 slots hold a single key
            }
        }
        if (target > g.min) {
            moveMinTo(target);
        }
    }

    /**
     * Delivers level 0's nodes with keys below {@code target} in order, when level 0 is not the top.
     * Level 0 then lies inside the minimum's aligned block: its next key is the block's start plus
     * the next occupied slot, and moving the minimum within the block moves no level, so the loop
     * stays here until level 0 is done or a handler's reset moves the minimum.
     *
     * @return true if level 0 still holds a key at or above {@code target} (advancing is done);
     *     false if it emptied or a reset moved the minimum (the caller looks again)
     */
    private <H> boolean deliverLevel0(long target, Delivery<H> delivery, H handler) {
        LevelGeometry g = geo;
        OccupancyBitmap bits = slots.occupancy[0];
        long mask = g.slotMask[0];
        long block = g.min & ~mask;
        while (true) {
            int slot = bits.nextSetBit((int) (g.min & mask));
            if (slot < 0) {
                slots.occupiedLevels &= ~1L; // only stale bits below the minimum's slot
                return false;
            }
            if (slots.isStale(0, slot)) {
                continue;
            }
            long key = block | slot;
            if (key >= target) {
                return true;
            }
            g.setMinInLevel0(key);
            deliverHead(slot, key, delivery, handler);
            if (g.min != key) {
                return false; // a handler's reset moved the minimum, maybe out of this block
            }
        }
    }

    private <H> void deliverHead(int slot, long key, Delivery<H> delivery, H handler) {
        int e = slots.removeHead(0, slot);
        size--;
        forgetMin();
        delivery.deliver(e, key, handler);
    }

    /**
     * Raises the minimum to {@code k}, which no node lies below, and moves every slot that falls
     * below its level's new start down to where its keys now belong. Levels are settled from the
     * bottom up, so a moved node never lands in a slot that has yet to move.
     */
    private void moveMinTo(long k) {
        LevelGeometry g = geo;
        long prevOld = g.end[0];
        long prevNew = g.setMin(k);
        for (int i = 1; i < g.numLevels && prevOld != prevNew; i++) {
            long oldEnd = g.end[i];
            long newEnd = g.setEndAfter(i, prevNew);
            if (slots.isOccupied(i)) {
                // Old range [prevOld + 1, oldEnd]; keys up to prevNew now belong below.
                long firstKept = prevNew >= oldEnd ? Long.MAX_VALUE : prevNew + 1;
                sortDown(i, prevOld + 1, firstKept);
            }
            prevOld = oldEnd;
            prevNew = newEnd;
        }
    }

    /** Re-places the nodes of level {@code level} whose keys are in {@code [from, to)}. */
    private void sortDown(int level, long from, long to) {
        OccupancyBitmap bits = slots.occupancy[level];
        int first = geo.slotOf(level, from);
        long numSlots = geo.slotMask[level] + 1;
        long count = to == Long.MAX_VALUE ? numSlots : (to - from) >>> geo.shift[level];
        if (count >= numSlots) {
            first = 0;
            count = numSlots;
        }
        long last = first + count; // exclusive; may pass the end once, for the ring of the top level
        for (int s = bits.nextSetBit(first); s >= 0 && s < last; s = bits.nextSetBit(s)) {
            relinkSlot(level, s);
        }
        if (last > numSlots) {
            for (int s = bits.nextSetBit(0); s >= 0 && s < last - numSlots; s = bits.nextSetBit(s)) {
                relinkSlot(level, s);
            }
        }
    }

    /**
     * Empties a slot, relinking its nodes in list order at their new levels. A long list walked
     * one link at a time is a chain of dependent cache misses, so the walk runs from both ends at
     * once: front nodes are placed as they come, back nodes are kept (up to the buffer's size) and
     * placed, in order, when the two walks meet.
     */
    private void relinkSlot(int level, int slot) {
        int i = slots.head(level, slot); // the next front node to place
        int j = slots.tail(level, slot); // the next back node to keep, while keeping
        slots.detach(level, slot);
        if (i == NIL) {
            return; // a stale bit
        }
        if (i == j) {
            placeDown(i, slots.key(i), level); // the usual case at small sizes: one node
            return;
        }
        int[] back = relinkBuffer;
        int kept = back.length;
        int stop = NIL; // the first kept node: the front walk ends before it
        boolean keeping = true;
        while (i != stop) {
            int nextI = slots.following(i);
            if (keeping) {
                if (j == i || kept == 0) {
                    keeping = false; // the walks met, or the buffer is full: the front walk does the rest
                } else {
                    int prevJ = slots.prev(j); // loaded beside nextI: the two walks' misses overlap
                    back[--kept] = j;
                    stop = j;
                    j = prevJ;
                }
            }
            placeDown(i, slots.key(i), level);
            i = nextI;
        }
        for (int k = kept; k < back.length; k++) {
            placeDown(back[k], slots.key(back[k]), level);
        }
    }

    // ---------------------------------------------------------------- whole-engine operations

    /**
     * Unlinks every node, handing each to {@code removed} first (in no particular order). O(size +
     * occupied slots + bitmap words).
     */
    public void clear(NodeVisitor removed) {
        for (int level = 0; level < geo.numLevels; level++) {
            OccupancyBitmap bits = slots.occupancy[level];
            for (int s = bits.nextSetBit(0); s >= 0; s = bits.nextSetBit(s)) {
                for (int e = slots.detach(level, s); e != NIL; ) {
                    int following = slots.following(e); // the visitor may reuse the links of a freed node
                    slots.setPrev(e, Nodes.UNLINKED);
                    removed.visit(e, slots.key(e));
                    e = following;
                }
            }
        }
        size = 0;
        forgetMin();
        reorders++;
    }

    /** {@link #clear}, then sets the minimum allowed key to {@code min}, lower or higher. */
    public void reset(long min, NodeVisitor removed) {
        clear(removed);
        geo.reset(min);
    }

    /** Visits every node once, in slot order (not delivery order). The caller holds the iteration guard. */
    public void forEach(NodeVisitor visitor) {
        forEach(visitor, NodeVisitor::visit);
    }

    /** {@link #forEach(NodeVisitor)}, handing {@code argument} to each visit. */
    public <A> void forEach(A argument, NodeVisitorWith<? super A> visitor) {
        for (int level = 0; level < geo.numLevels; level++) {
            OccupancyBitmap bits = slots.occupancy[level];
            for (int s = bits.nextSetBit(0); s >= 0; s = bits.nextSetBit(s + 1)) {
                for (int e = slots.head(level, s); e != NIL; e = slots.following(e)) {
                    visitor.visit(argument, e, slots.key(e));
                }
            }
        }
    }

    /**
     * Visits the first {@code limit} nodes in delivery order. The caller holds the iteration guard.
     * O(n log n) at worst: each slot above level 0 is sorted by key (stably, so insertion order
     * per key is kept); allocates scratch space for the largest such slot.
     */
    public void forEachInOrder(NodeVisitor visitor, int limit) {
        new InOrderWalk(slots, visitor, limit).walk(this);
    }

    /** Calls {@code slotVisitor} with each non-empty slot, in key order. */
    void forEachSlotInOrder(SlotVisitor slotVisitor) {
        for (int level = 0; level < geo.numLevels; level++) {
            if (!slots.isOccupied(level)) {
                continue;
            }
            OccupancyBitmap bits = slots.occupancy[level];
            int from = geo.slotOf(level, geo.start(level));
            for (int s = bits.nextSetBit(from); s >= 0; s = bits.nextSetBit(s + 1)) {
                int head = slots.head(level, s);
                if (head != NIL && !slotVisitor.visit(level, head)) {
                    return;
                }
            }
            // Only the ring of the top level holds keys in slots before its start's slot.
            for (int s = bits.nextSetBit(0); s >= 0 && s < from; s = bits.nextSetBit(s + 1)) {
                int head = slots.head(level, s);
                if (head != NIL && !slotVisitor.visit(level, head)) {
                    return;
                }
            }
        }
    }

    /** Visits one non-empty slot by its head; returns whether to go on. */
    @FunctionalInterface
    interface SlotVisitor {
        boolean visit(int level, int head);
    }

    // ---------------------------------------------------------------- checks

    /**
     * {@return the end of the nodes that may be linked: every node here; a pool that hands nodes
     * out from the start keeps a lower mark}
     */
    int nodesInUse() {
        return slots.capacity();
    }

    /**
     * Checks every invariant: level ranges, list shapes, slot placement, occupancy bitmaps and their
     * summaries, the size, and the cached minimum. One walk of each slot's list and one pass over
     * the nodes in use ({@link #nodesInUse}): O(nodes in use + slots), and no allocation unless a
     * check fails.
     *
     * @throws IllegalStateException naming the first violation found
     */
    public void checkInvariants() {
        long k = geo.min;
        long expected = geo.endOf(0, k);
        for (int i = 0; i < geo.numLevels; i++) {
            if (i > 0) {
                expected = geo.endAfter(i, expected);
            }
            if (expected != geo.end[i]) {
                throw Checks.state("level " + i + " ends at " + geo.end[i] + " but minimum " + k
                        + " puts its end at " + expected);
            }
        }
        int total = 0;
        for (int level = 0; level < geo.numLevels; level++) {
            int count = 0;
            int numSlots = (int) geo.slotMask[level] + 1;
            for (int slot = 0; slot < numSlots; slot++) {
                count += slots.checkSlot(level, slot, size, geo, k);
            }
            slots.checkLevel(level, count);
            total += count;
        }
        int linked = 0;
        int inUse = nodesInUse();
        for (int e = 0; e < inUse; e++) {
            if (slots.isLinked(e)) {
                linked++;
            }
        }
        if (total != size || linked != size) {
            throw Checks.state("levels hold " + total + " nodes and " + linked + " have keys below node " + inUse
                    + " (the nodes in use), but size is " + size);
        }
        if (minNode != NIL) {
            int cached = minNode;
            long cachedKey = minKey;
            minNode = NIL;
            int actual = minNode();
            if (actual != cached || cachedKey != slots.key(actual)) {
                setMin(cached, cachedKey);
                throw Checks.state("cached minimum is node " + cached + " with key " + cachedKey
                        + " but the minimum is node " + actual);
            }
        } else if (minKey != UNKNOWN && !(size == 0 && minKey == Long.MAX_VALUE)) {
            throw Checks.state("no cached minimum node, but a cached minimum key " + minKey);
        }
    }
}
