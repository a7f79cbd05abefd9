package io.github.radixwheel.core.internal;

import io.github.radixwheel.core.ElementConsumer;
import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The radix wheel engine behind {@code TimingWheelQueue} and the alarm wheel. See
 * {@code TimingWheelQueue} for the contract; this class adds an optional auxiliary {@code long}
 * per element (the alarm time) and the queries the alarm layer needs.
 *
 * <p>Each slot holds a doubly linked list in insertion order ({@link SlotLists}). Because level
 * ranges are disjoint (see {@link LevelGeometry}), all elements of one key share one slot, so list
 * order is insertion order per key, and a slot that the minimum reaches moves down as a whole.
 *
 * @param <V> the type of the values
 */
public final class WheelEngine<V> {
    /** The most bits a single level may have: its slot arrays are allocated up front. */
    public static final int MAX_LEVEL_BITS = 24;

    private static final int NIL = ElementPool.NIL;
    private static final AtomicInteger SALTS = new AtomicInteger();

    private final LevelBits levelBits;
    private final LevelGeometry geo;
    private final ElementPool pool;
    private final SlotLists slots;
    /** The minimum element, or NIL if unknown or empty. */
    private int minIndex = NIL;
    private boolean delivering;
    private int modCount;
    /** Counts re-keys, so that an in-place walk can notice its position moved. */
    private int reorders;
    private long deliveredAux;

    /**
     * @param levelBits the levels
     * @param initialCapacity elements to allocate room for
     * @param withAux whether to keep an auxiliary {@code long} per element
     * @throws NullPointerException if {@code levelBits} is null
     * @throws IllegalArgumentException if {@code initialCapacity < 0} or a level has more than
     *     {@link #MAX_LEVEL_BITS} bits
     */
    public WheelEngine(LevelBits levelBits, int initialCapacity, boolean withAux) {
        this(levelBits, initialCapacity, withAux, ElementPool.MAX_CAPACITY);
    }

    /** As above, with at most {@code maxCapacity} elements: for tests of capacity exhaustion. */
    WheelEngine(LevelBits levelBits, int initialCapacity, boolean withAux, int maxCapacity) {
        Checks.requireNonNull(levelBits, "levelBits");
        if (initialCapacity < 0) {
            throw Checks.outOfRange("initialCapacity", initialCapacity, 0, Integer.MAX_VALUE);
        }
        for (int i = 0; i < levelBits.numLevels(); i++) {
            if (levelBits.bits(i) > MAX_LEVEL_BITS) {
                throw Checks.outOfRange("bits of level " + i + " in " + levelBits, levelBits.bits(i), 1, MAX_LEVEL_BITS);
            }
        }
        this.levelBits = levelBits;
        this.geo = new LevelGeometry(levelBits);
        this.pool = new ElementPool(initialCapacity, withAux, mix(SALTS.getAndIncrement()), maxCapacity);
        this.slots = new SlotLists(pool, geo);
    }

    /**
     * The pool index that a live handle names: at least 0 and below the pool's capacity, and reused
     * only after the element leaves. For callers that keep per-element data in their own arrays.
     *
     * @param liveHandle a handle of a live element (not checked)
     * @return its pool index
     */
    public static int indexOf(long liveHandle) {
        return (int) liveHandle;
    }

    /** A well-spread salt per instance (the SplitMix64 finaliser of a counter). */
    private static int mix(int n) {
        long z = n * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (int) (z ^ (z >>> 31));
    }

    public LevelBits levelBits() {
        return levelBits;
    }

    public int size() {
        return pool.size;
    }

    public long minAllowedKey() {
        return geo.min;
    }

    public long maxAllowedKey() {
        return geo.maxAllowedKey();
    }

    // ---------------------------------------------------------------- add, remove, re-key

    public long add(long key, long aux, V value) {
        checkKey(key);
        int e = pool.allocate(key, aux, value);
        link(e, key);
        if (pool.size == 1 || (minIndex != NIL && key < pool.keys[minIndex])) {
            minIndex = e;
        }
        modCount++;
        return pool.handle(e);
    }

    public boolean contains(long handle) {
        return pool.indexOf(handle) != NIL;
    }

    public boolean remove(long handle) {
        int e = pool.indexOf(handle);
        if (e == NIL) {
            return false;
        }
        unlink(e);
        if (e == minIndex) {
            minIndex = NIL;
        }
        pool.release(e);
        modCount++;
        return true;
    }

    public long key(long handle) {
        return pool.keys[live(handle)];
    }

    public long aux(long handle) {
        return pool.aux[live(handle)];
    }

    @SuppressWarnings("unchecked")
    public V value(long handle) {
        return (V) pool.values[live(handle)];
    }

    /** Moves an element to {@code key}, at the back of that key's insertion order. */
    public void changeKey(long handle, long key, long aux) {
        int e = live(handle);
        checkKey(key);
        unlink(e);
        pool.keys[e] = key;
        if (pool.aux != null) {
            pool.aux[e] = aux;
        }
        link(e, key);
        if (e == minIndex) {
            minIndex = NIL;
        } else if (minIndex != NIL && key < pool.keys[minIndex]) {
            minIndex = e;
        }
        reorders++;
        modCount++;
    }

    private int live(long handle) {
        int e = pool.indexOf(handle);
        if (e == NIL) {
            throw Checks.notContained("handle", handle);
        }
        return e;
    }

    private void checkKey(long key) {
        if (key < geo.min || key > geo.maxAllowedKey()) {
            throw Checks.outOfRange("key", key, geo.min, geo.maxAllowedKey());
        }
    }

    // ---------------------------------------------------------------- placement

    private void link(int e, long key) {
        int level = geo.levelOf(key);
        slots.append(level, geo.slotOf(level, key), e, key);
    }

    private void unlink(int e) {
        long key = pool.keys[e];
        int level = geo.levelOf(key);
        slots.unlink(level, geo.slotOf(level, key), e);
    }

    /** The first occupied slot of a non-empty level, in key order. */
    private int firstSlot(int level) {
        return level == geo.top
                ? slots.occupancy[level].nextSetBitCyclic(geo.slotOf(level, geo.start(level)))
                : slots.occupancy[level].nextSetBit(0);
    }

    // ---------------------------------------------------------------- minimum

    /** @return the index of the minimum element, or NIL if empty */
    private int findMin() {
        if (minIndex != NIL || slots.occupiedLevels == 0) {
            return minIndex;
        }
        int level = Long.numberOfTrailingZeros(slots.occupiedLevels);
        return minIndex = slots.slotMin(level, firstSlot(level));
    }

    public long minKey() {
        int e = findMin();
        if (e == NIL) {
            throw Checks.empty("minKey of an empty queue");
        }
        return pool.keys[e];
    }

    public long minElement() {
        int e = findMin();
        if (e == NIL) {
            throw Checks.empty("minElement of an empty queue");
        }
        return pool.handle(e);
    }

    /** The least (or greatest) auxiliary value among the elements whose key is the minimum key. */
    public long auxExtremeAtMinKey(boolean greatest) {
        int min = findMin();
        if (min == NIL) {
            throw Checks.empty("empty");
        }
        long key = pool.keys[min];
        int level = geo.levelOf(key);
        long[] keys = pool.keys;
        long[] aux = pool.aux;
        long best = aux[min];
        for (int e = slots.head(level, geo.slotOf(level, key)); e != NIL; e = pool.next(e)) {
            if (keys[e] == key && (greatest ? aux[e] > best : aux[e] < best)) {
                best = aux[e];
            }
        }
        return best;
    }

    @SuppressWarnings("unchecked")
    public V pollMin() {
        requireNotDelivering("pollMin");
        int e = findMin();
        if (e == NIL) {
            throw Checks.empty("pollMin of an empty queue");
        }
        long key = pool.keys[e];
        V value = (V) pool.values[e];
        unlink(e);
        minIndex = NIL;
        pool.release(e);
        modCount++;
        moveMinTo(key);
        return value;
    }

    // ---------------------------------------------------------------- advancing the minimum

    /**
     * Delivers every element with key {@code < key} in (key, insertion) order, then sets the
     * minimum to {@code key}. See {@code TimingWheelQueue.increaseMinAllowedKey}.
     */
    public void increaseMinAllowedKey(long key, ElementConsumer<? super V> handler) {
        requireNotDelivering("increaseMinAllowedKey");
        Checks.requireNonNull(handler, "handler");
        if (key <= geo.min) {
            return;
        }
        modCount++; // the minimum moves even when nothing is delivered
        delivering = true;
        try {
            deliverBelow(key, handler);
        } finally {
            delivering = false;
        }
    }

    private void deliverBelow(long target, ElementConsumer<? super V> handler) {
        LevelGeometry g = geo;
        while (slots.occupiedLevels != 0) {
            int level = Long.numberOfTrailingZeros(slots.occupiedLevels);
            if (level == 0 && g.top != 0) {
                // Level 0 lies inside the minimum's aligned block: its next key is the block's start
                // plus the next occupied slot, and moving the minimum within the block moves no level.
                long mask = g.slotMask[0];
                int slot = slots.occupancy[0].nextSetBit((int) (g.min & mask));
                long key = (g.min & ~mask) | slot;
                if (key >= target) {
                    break;
                }
                g.min = key;
                deliver(slots.head(0, slot), slot, key, handler);
                continue;
            }
            int slot = firstSlot(level);
            long start = geo.slotStart(level, slot);
            if (start >= target) {
                break;
            }
            if (level == 0) {
                // Level 0 slots hold a single key; the head is the next element in order.
                moveMinTo(start);
                deliver(slots.head(0, slot), slot, start, handler);
            } else {
                // Nothing lies below this slot, so the minimum may rise to its least key (when known)
                // or its start; either way its elements move straight to the levels they now belong.
                int min = slots.cachedMin(level, slot);
                long to = min == NIL ? start : pool.keys[min];
                if (to >= target) {
                    break;
                }
                moveMinTo(to);
            }
        }
        if (target > geo.min) {
            moveMinTo(target);
        }
    }

    private void deliver(int e, int slot, long key, ElementConsumer<? super V> handler) {
        slots.unlink(0, slot, e);
        minIndex = NIL;
        @SuppressWarnings("unchecked")
        V value = (V) pool.values[e];
        long handle = pool.handle(e);
        if (pool.aux != null) {
            deliveredAux = pool.aux[e];
        }
        pool.release(e);
        modCount++;
        handler.accept(handle, key, value);
    }

    /**
     * Delivers, in insertion order, the elements whose key is the minimum allowed key and whose
     * auxiliary value is {@code <= maxAux} (all of them if there is no auxiliary value), including
     * those the handler adds meanwhile.
     */
    public void deliverAtMinWhereAuxAtMost(long maxAux, ElementConsumer<? super V> handler) {
        requireNotDelivering("deliver");
        Checks.requireNonNull(handler, "handler");
        delivering = true;
        try {
            long key = geo.min;
            int slot = geo.slotOf(0, key);
            // The last element passed over, still in place, or NIL to start from the head.
            int kept = NIL;
            long keptHandle = 0;
            while (true) {
                int e = kept == NIL ? slots.head(0, slot) : pool.next(kept);
                if (e == NIL) {
                    return;
                }
                if (pool.aux != null && pool.aux[e] > maxAux) {
                    kept = e;
                    keptHandle = pool.handle(e);
                    continue;
                }
                int reordersBefore = reorders;
                deliver(e, slot, key, handler);
                if (kept != NIL && (reorders != reordersBefore || pool.indexOf(keptHandle) != kept)) {
                    kept = NIL;
                }
            }
        } finally {
            delivering = false;
        }
    }

    /** The auxiliary value of the element most recently handed to a handler. */
    public long deliveredAux() {
        return deliveredAux;
    }

    private void requireNotDelivering(String method) {
        if (delivering) {
            throw Checks.state(method + " called from inside a handler of this queue");
        }
    }

    /**
     * Raises the minimum to {@code k}, which no element lies below, and moves every slot that
     * falls below its level's new start down to where its keys now belong. Levels are settled
     * from the bottom up, so a moved element never lands in a slot that has yet to move.
     */
    private void moveMinTo(long k) {
        LevelGeometry g = geo;
        g.min = k;
        long prevOld = g.end[0];
        long prevNew = g.endOf(0, k);
        g.end[0] = prevNew;
        for (int i = 1; i < g.numLevels && prevOld != prevNew; i++) {
            long oldEnd = g.end[i];
            long newEnd = g.endAfter(i, prevNew);
            g.end[i] = newEnd;
            if (slots.count(i) != 0) {
                // Old range [prevOld + 1, oldEnd]; keys up to prevNew now belong below.
                long firstKept = prevNew >= oldEnd ? Long.MAX_VALUE : prevNew + 1;
                sortDown(i, prevOld + 1, firstKept);
            }
            prevOld = oldEnd;
            prevNew = newEnd;
        }
    }

    /** Re-places the elements of level {@code level} whose keys are in {@code [from, to)}. */
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

    /** Empties a slot, relinking its elements in list order at their new levels. */
    private void relinkSlot(int level, int slot) {
        long[] keys = pool.keys;
        int moved = 0;
        for (int e = slots.detach(level, slot); e != NIL; moved++) {
            int following = pool.next(e);
            link(e, keys[e]);
            e = following;
        }
        slots.uncount(level, moved);
    }

    // ---------------------------------------------------------------- whole-queue operations

    public void clear() {
        if (pool.size != 0) {
            slots.clear();
        }
        pool.clear();
        minIndex = NIL;
        modCount++;
    }

    @SuppressWarnings("unchecked")
    public void forEach(ElementConsumer<? super V> action) {
        Checks.requireNonNull(action, "action");
        int expected = modCount;
        for (int e = 0; e < pool.highWater; e++) {
            long key = pool.keys[e];
            if (key != ElementPool.FREE) {
                action.accept(pool.handle(e), key, (V) pool.values[e]);
                if (modCount != expected) {
                    throw new ConcurrentModificationException("the queue was modified during forEach");
                }
            }
        }
    }

    // ---------------------------------------------------------------- checks and printing

    public void checkInvariants() {
        pool.checkInvariants();
        long k = geo.min;
        long[] expected = geo.endsFor(k);
        for (int i = 0; i < geo.numLevels; i++) {
            if (expected[i] != geo.end[i]) {
                throw Checks.state("level " + i + " ends at " + geo.end[i] + " but minimum " + k
                        + " puts its end at " + expected[i]);
            }
        }
        long[] keys = pool.keys;
        int total = 0;
        for (int level = 0; level < geo.numLevels; level++) {
            int count = 0;
            int numSlots = (int) geo.slotMask[level] + 1;
            for (int slot = 0; slot < numSlots; slot++) {
                count += slots.checkSlot(level, slot, pool.size);
                for (int e = slots.head(level, slot); e != NIL; e = pool.next(e)) {
                    long key = keys[e];
                    if (key < k || key > geo.maxAllowedKey() || geo.levelOf(key) != level
                            || geo.slotOf(level, key) != slot) {
                        throw Checks.state("level " + level + " slot " + slot + ": holds key " + key
                                + " which belongs " + (key < k ? "nowhere (below minimum " + k + ")"
                                : "at level " + geo.levelOf(key) + " slot " + geo.slotOf(geo.levelOf(key), key)));
                    }
                }
            }
            slots.checkLevel(level, count);
            total += count;
        }
        if (total != pool.size) {
            throw Checks.state("levels hold " + total + " elements but size is " + pool.size);
        }
        if (minIndex != NIL) {
            int cached = minIndex;
            minIndex = NIL;
            int actual = findMin();
            if (actual != cached) {
                minIndex = cached;
                throw Checks.state("cached minimum is entry " + cached + " but the minimum is entry " + actual);
            }
        }
    }

    /**
     * The handles of up to {@code limit} elements in delivery order (for printing; allocates).
     * Whole slots are gathered in key order and sorted stably by key, keeping insertion order.
     */
    public long[] firstInOrder(int limit) {
        List<long[]> first = firstPairsInOrder(limit);
        long[] handles = new long[first.size()];
        for (int i = 0; i < handles.length; i++) {
            handles[i] = pool.handle((int) first.get(i)[1]);
        }
        return handles;
    }

    private List<long[]> firstPairsInOrder(int limit) {
        List<long[]> out = new ArrayList<>();
        for (int level = 0; level < geo.numLevels && out.size() < limit; level++) {
            if (slots.count(level) == 0) {
                continue;
            }
            int numSlots = (int) geo.slotMask[level] + 1;
            int from = geo.slotOf(level, geo.start(level));
            for (int i = 0; i < numSlots && out.size() < limit; i++) {
                List<long[]> slot = new ArrayList<>();
                for (int e = slots.head(level, (from + i) & (numSlots - 1)); e != NIL; e = pool.next(e)) {
                    slot.add(new long[] {pool.keys[e], e});
                }
                slot.sort((a, b) -> Long.compare(a[0], b[0])); // stable: keeps insertion order per key
                out.addAll(slot);
            }
        }
        return out.size() > limit ? out.subList(0, limit) : out;
    }
}
