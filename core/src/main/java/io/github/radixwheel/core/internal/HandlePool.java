package io.github.radixwheel.core.internal;

import io.github.radixwheel.core.LevelBits;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The engine plus the per-node data of a handle-based queue beside its keys and links: a
 * generation stamp, the value, and optionally the alarm time; plus the free list of unused nodes,
 * threaded through their next links. There is no object per element. {@link HandleWheel} extends
 * it with the handle API; the layers are subclasses rather than fields so that an operation reaches
 * every array through one object (each object in between cost a dependent load per operation).
 *
 * <p>A handle packs a node (low 32 bits) with its stamp (high 32 bits). Stamps start at a per-pool
 * salt and change every time the node is freed, so stale handles, made-up values and handles of
 * other pools are rejected. A stamp repeats only after 2^32 reuses of the same node; nodes that
 * {@link #trimPool} cuts off come back with stamps past every one they had.
 *
 * <p>Capacity grows by half (by a quarter with alarm times), so that grown storage
 * stays within 40 bytes per element of the size that made it grow: 16 (key, links) + 4 (stamp) + 4
 * (value reference, compressed) = 24 bytes per node, or 32 with the alarm time.
 */
class HandlePool extends RadixEngine {
    private static final int NIL = Nodes.NIL;
    private static final int MIN_GROWTH = 16;
    private static final AtomicInteger SALTS = new AtomicInteger();

    private final int initialCapacity;
    private final int maxCapacity;
    int[] stamps;
    /** Read directly; written only through {@link #allocate}, {@link #setValue} and {@link #forget}. */
    Object[] values;
    /**
     * Whether any element has had a non-null value since the last {@link #clear}. Until then every
     * entry of {@link #values} is null, so freeing a node skips the store: at large sizes it is a
     * cache miss per removal that a queue used with null values (the handle as the only identity)
     * need not pay.
     */
    private boolean valuesStored;
    /** Each node's alarm time, or null for a queue that keeps none. */
    long[] alarmTimes;
    /** Nodes at or above this one have not been handed out since the last clear. */
    int highWater;
    int freeHead = NIL;
    /** The stamp of nodes added by growth. */
    private int freshStamp;

    HandlePool(LevelBits levelBits, int initialCapacity, boolean withAlarmTimes, int maxCapacity) {
        super(levelBits, initialCapacity);
        this.initialCapacity = initialCapacity;
        this.maxCapacity = maxCapacity;
        this.freshStamp = salt(SALTS.getAndIncrement());
        try {
            stamps = new int[initialCapacity];
            values = new Object[initialCapacity];
            alarmTimes = withAlarmTimes ? new long[initialCapacity] : null;
        } catch (OutOfMemoryError e) {
            throw Checks.argument("initialCapacity: " + initialCapacity + " cannot be allocated in this JVM's heap");
        }
        Arrays.fill(stamps, freshStamp);
    }

    /** A well-spread non-zero salt per pool (the SplitMix64 finaliser of a counter). */
    private static int salt(int n) {
        long z = n * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        int s = (int) (z ^ (z >>> 31));
        return s == 0 ? 1 : s;
    }

    /** Takes an unused node for a new element, growing if none is left. */
    int allocate(long alarmTime, Object value) {
        int e = freeHead;
        if (e != NIL && size() == 0) {
            // Every node is free: hand them out in order again, as after clear(), instead of
            // walking a free list whose order is the order of removal, one dependent miss per node.
            freeHead = e = NIL;
            highWater = 0;
        }
        if (e != NIL) {
            freeHead = nextFree(e);
        } else {
            if (highWater == stamps.length) {
                grow();
            }
            e = highWater++;
        }
        if (value != null) { // a free node's entry is null already
            valuesStored = true;
            values[e] = value;
        }
        if (alarmTimes != null) {
            alarmTimes[e] = alarmTime;
        }
        return e;
    }

    /** Frees a node that has left the engine: its value is dropped and every handle to it goes stale. */
    void free(int e) {
        forget(e);
        setNext(e, freeHead);
        freeHead = e;
    }

    /** Drops the value and stales the handles of a node that has left the engine. */
    void forget(int e) {
        if (valuesStored) {
            values[e] = null;
        }
        stamps[e] = stamps[e] + 1 == 0 ? 1 : stamps[e] + 1;
    }

    /**
     * The value of a node, read only if some node has had one: a delivery reads the value of a
     * node that it does not otherwise touch, a cache miss at large sizes that a queue used with
     * null values need not pay.
     */
    Object valueAt(int e) {
        return valuesStored ? values[e] : null;
    }

    /** Replaces the value of a live node; returns the old one. */
    Object replaceValue(int e, Object value) {
        Object old = values[e];
        if (value != null) {
            valuesStored = true;
        }
        values[e] = value;
        return old;
    }

    /** The alarm time of node {@code e}, or 0 for a pool that keeps none. */
    long alarmTimeOrZero(int e) {
        return alarmTimes == null ? 0 : alarmTimes[e];
    }

    long handle(int e) {
        return ((long) stamps[e] << 32) | e;
    }

    /**
     * {@return the node that {@code handle} names if it is live, else NIL. Linked, not only stamped:
     *     a made-up handle can guess a free node's stamp.}
     */
    int indexOf(long handle) {
        int e = (int) handle;
        if (e < 0 || e >= highWater || stamps[e] != (int) (handle >>> 32) || !isLinked(e)) {
            return NIL;
        }
        return e;
    }

    /** After the engine was cleared, with {@link #forget} called on every node it held. */
    void clearPool() {
        highWater = 0;
        freeHead = NIL;
        valuesStored = false; // every entry is null again
    }

    private void grow() {
        int old = stamps.length;
        if (old >= maxCapacity) {
            throw Checks.state("capacity exhausted: " + old + " elements (expected: at most " + maxCapacity + ")");
        }
        int growth = Math.max(MIN_GROWTH, alarmTimes == null ? old >>> 1 : old >>> 2);
        resizePool((int) Math.min(maxCapacity, (long) old + growth));
    }

    /**
     * Shrinks to the last live node (at least the initial capacity), so that an emptied pool is back
     * to its initial footprint. O(capacity).
     */
    void trimPool() {
        int keep = highWater;
        while (keep > 0 && !isLinked(keep - 1)) {
            keep--;
        }
        int capacity = Math.max(keep, initialCapacity);
        if (capacity >= stamps.length) {
            return;
        }
        // Nodes cut off come back from growth with stamps past every one they had.
        for (int e = capacity; e < stamps.length; e++) {
            if (stamps[e] - freshStamp >= 0) {
                freshStamp = stamps[e] + 1 == 0 ? 1 : stamps[e] + 1;
            }
        }
        highWater = Math.min(highWater, capacity);
        freeHead = NIL;
        for (int e = highWater - 1; e >= 0; e--) {
            if (!isLinked(e)) {
                free(e); // already stale; stamps move once more, harmlessly
            }
        }
        resizePool(capacity);
    }

    private void resizePool(int capacity) {
        int old = stamps.length;
        resize(capacity);
        stamps = Arrays.copyOf(stamps, capacity);
        values = Arrays.copyOf(values, capacity);
        if (alarmTimes != null) {
            alarmTimes = Arrays.copyOf(alarmTimes, capacity);
        }
        if (capacity > old) {
            Arrays.fill(stamps, old, capacity, freshStamp);
        }
    }

    /** Nodes at or above {@link #highWater} have not been handed out since the pool was last empty. */
    @Override
    int nodesInUse() {
        return highWater;
    }

    /**
     * Checks the free list and that unused nodes below {@link #highWater} hold no value; throws
     * naming the first violation. O(high water): the largest size since the pool was last empty,
     * not its capacity, so a structure cleared after a peak checks as fast as a new one.
     */
    void checkPool() {
        int free = 0;
        for (int e = freeHead; e != NIL; e = nextFree(e)) {
            if (e < 0 || e >= highWater) {
                throw Checks.state("free list: node " + e + " outside [0, " + highWater + ")");
            }
            if (isLinked(e) || values[e] != null) {
                throw Checks.state("free list: node " + e + " is not cleared");
            }
            if (++free > highWater) {
                throw Checks.state("free list: cycle");
            }
        }
        int live = 0;
        for (int e = 0; e < highWater; e++) {
            if (stamps[e] == 0) {
                throw Checks.state("pool: node " + e + " has stamp 0");
            }
            if (isLinked(e)) {
                live++;
            } else if (values[e] != null) {
                throw Checks.state("pool: free node " + e + " still references its value");
            }
            if (!valuesStored && values[e] != null) {
                throw Checks.state("pool: node " + e + " has a value, but no value is recorded as stored");
            }
        }
        if (live != size() || live + free != highWater) {
            throw Checks.state("pool: size " + size() + ", live " + live + ", free " + free
                    + ", high water " + highWater);
        }
    }
}
