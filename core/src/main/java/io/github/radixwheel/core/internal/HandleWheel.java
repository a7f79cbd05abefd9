package io.github.radixwheel.core.internal;

import io.github.radixwheel.core.LevelBits;

/**
 * The radix wheel engine with handles and values: what {@code TimingWheelQueue} and the alarm
 * wheel share. See {@code TimingWheelQueue} for the contract. Each element is an engine node plus
 * its stamp, value and optional alarm time, kept by the {@link HandlePool} it extends (which
 * extends the engine): the fronts reach every array through this one object. Its own methods take
 * handles ({@code long}); the inherited ones take nodes ({@code int}) and are for this class and
 * the fronts' delivery callbacks.
 *
 * <p>Delivering calls take a {@link RadixEngine.Delivery} from the front class, which reads what
 * it needs ({@link #valueOf}, {@link #alarmTimeOf}), then {@link #release}s the node and calls the user's
 * handler: data travels as arguments, and the front decides what its handler sees.
 *
 * @param <V> the type of the values
 */
public final class HandleWheel<V> extends HandlePool {
    private static final int NIL = RadixEngine.NIL;

    private final RadixEngine.NodeVisitor forget;
    /** Counts {@link #reset}s, so that {@link #deliverAtMinWhereAlarmTimeAtMost} can tell that its call is over. */
    private int resets;

    /**
     * @param levelBits the levels
     * @param initialCapacity elements to allocate room for up front
     * @param withAlarmTimes whether to keep an alarm time per element
     * @throws NullPointerException if {@code levelBits} is null
     * @throws IllegalArgumentException if {@code initialCapacity} is negative, too large or cannot be
     *     allocated, or a level has more than {@link RadixEngine#MAX_LEVEL_BITS} bits
     */
    public HandleWheel(LevelBits levelBits, int initialCapacity, boolean withAlarmTimes) {
        this(levelBits, initialCapacity, withAlarmTimes, RadixEngine.MAX_CAPACITY);
    }

    /** As above, with at most {@code maxCapacity} elements: for tests of capacity exhaustion. */
    HandleWheel(LevelBits levelBits, int initialCapacity, boolean withAlarmTimes, int maxCapacity) {
        super(levelBits, checkedCapacity(initialCapacity), withAlarmTimes, maxCapacity);
        this.forget = (e, key) -> forget(e);
    }

    private static int checkedCapacity(int initialCapacity) {
        Nodes.checkCapacity("initialCapacity", initialCapacity);
        return initialCapacity;
    }

    // ---------------------------------------------------------------- adding

    /** Adds at the back of {@code key}'s insertion order. */
    public long add(long key, long alarmTime, V value) {
        checkKey(key);
        return addInRange(key, alarmTime, value, false);
    }

    /** Adds at the front of {@code key}'s insertion order. */
    public long addFirst(long key, long alarmTime, V value) {
        checkKey(key);
        return addInRange(key, alarmTime, value, true);
    }

    /** {@link #add} or {@link #addFirst} for a key the caller has checked to be in range. */
    public long addInRange(long key, long alarmTime, V value, boolean first) {
        requireMutable();
        int e = allocate(alarmTime, value);
        if (first) {
            insertFirst(e, key);
        } else {
            insertLast(e, key);
        }
        return handle(e);
    }

    /** Adds with the key and alarm time of {@code handle}, immediately before or after it. */
    public long addBeside(long handle, V value, boolean after) {
        int ref = live(handle);
        requireMutable();
        int e = allocate(alarmTimeOrZero(ref), value);
        insertBeside(e, ref, after);
        return handle(e);
    }

    /**
     * Takes an unused node with an alarm time and a value, not linked yet: for a front that decides
     * where it goes ({@link #insertLast}, {@link #insertFirst}, {@link #insertBeside}).
     */
    public int allocateNode(long alarmTime, V value) {
        requireMutable();
        return allocate(alarmTime, value);
    }

    // ---------------------------------------------------------------- one element

    /** The node that {@code handle} names if it is live, else NIL. */
    public int node(long handle) {
        return indexOf(handle);
    }

    /** The handle of a live node. */
    public long handleOf(int e) {
        return handle(e);
    }

    public boolean contains(long handle) {
        return indexOf(handle) != NIL;
    }

    public boolean remove(long handle) {
        int e = indexOf(handle);
        if (e == NIL) {
            return false;
        }
        requireMutable();
        unlink(e);
        free(e);
        return true;
    }

    public long key(long handle) {
        return key(live(handle));
    }

    public long alarmTime(long handle) {
        return alarmTimes[live(handle)];
    }

    @SuppressWarnings("unchecked")
    public V value(long handle) {
        return (V) values[live(handle)];
    }

    /** Replaces the value; returns the old one. */
    @SuppressWarnings("unchecked")
    public V setValue(long handle, V value) {
        int e = live(handle);
        requireMutable();
        return (V) replaceValue(e, value);
    }

    /** Moves an element to {@code key}, at the back of that key's insertion order. */
    public void changeKey(long handle, long key, long alarmTime) {
        int e = live(handle);
        checkKey(key);
        changeKeyInRange(e, key, alarmTime);
    }

    /** {@link #changeKey} for a key the caller has checked to be in range. */
    public void changeKeyInRange(long handle, long key, long alarmTime) {
        changeKeyInRange(live(handle), key, alarmTime);
    }

    private void changeKeyInRange(int e, long key, long alarmTime) {
        requireMutable();
        changeKey(e, key);
        if (alarmTimes != null) {
            alarmTimes[e] = alarmTime;
        }
    }

    private int live(long handle) {
        int e = indexOf(handle);
        if (e == NIL) {
            throw Checks.notContained("handle", handle);
        }
        return e;
    }

    // ---------------------------------------------------------------- the minimum

    public long minKey() {
        return key(requireMin("minKey"));
    }

    public long minElement() {
        return handle(requireMin("minElement"));
    }

    private int requireMin(String method) {
        int e = minNode();
        if (e == NIL) {
            throw Checks.empty(method + " of an empty queue");
        }
        return e;
    }

    /** The least (or greatest) alarm time among the elements whose key is the minimum key. */
    public long alarmTimeExtremeAtMinKey(boolean greatest) {
        int min = requireMin("alarmTime");
        long key = key(min);
        long[] times = alarmTimes;
        long best = times[min];
        for (int e = firstInSlotOf(key); e != NIL; e = next(e)) {
            if (key(e) == key && (greatest ? times[e] > best : times[e] < best)) {
                best = times[e];
            }
        }
        return best;
    }

    /**
     * Removes the minimum element and raises the minimum allowed key to its key.
     *
     * @return its value
     */
    @SuppressWarnings("unchecked")
    public V pollMin() {
        requireIdle("pollMin");
        int e = pollMinNode();
        if (e == NIL) {
            throw Checks.empty("pollMin of an empty queue");
        }
        V value = (V) valueAt(e);
        free(e);
        return value;
    }

    /**
     * Removes the minimum element, raises the minimum allowed key to its key, then hands it to
     * {@code delivery} inside the guard.
     *
     * @return false, calling nothing, if empty
     */
    public <H> boolean pollMin(String method, RadixEngine.Delivery<H> delivery, H handler) {
        requireIdle(method);
        int e = pollMinNode();
        if (e == NIL) {
            return false;
        }
        beginDelivery(method);
        try {
            delivery.deliver(e, minAllowedKey(), handler);
            return true;
        } finally {
            endDelivery();
        }
    }

    // ---------------------------------------------------------------- delivering

    /**
     * Delivers every element with key {@code < key} in (key, insertion) order, then sets the
     * minimum allowed key to {@code key}; a no-op if {@code key <= minAllowedKey()}.
     *
     * @throws IllegalStateException if a delivering call is under way
     */
    public <H> void increaseMinAllowedKey(long key, RadixEngine.Delivery<H> delivery, H handler) {
        requireNotDelivering("increaseMinAllowedKey");
        if (key <= minAllowedKey()) {
            return;
        }
        beginDelivery("increaseMinAllowedKey");
        try {
            advance(key, delivery, handler);
        } finally {
            endDelivery();
        }
    }

    /**
     * Inside a delivering call: delivers, in insertion order, the elements whose key is the minimum
     * allowed key and whose alarm time is {@code <= maxAlarmTime}, including those added meanwhile;
     * stops after a delivery that resets the queue.
     */
    public <H> void deliverAtMinWhereAlarmTimeAtMost(long maxAlarmTime, RadixEngine.Delivery<H> delivery, H handler) {
        long key = minAllowedKey();
        boolean timed = alarmTimes != null;
        int resetsBefore = resets;
        // The last node passed over, still in place, or NIL to start from the head.
        int kept = NIL;
        long keptHandle = 0;
        while (true) {
            int e = kept == NIL ? firstAtMin() : next(kept);
            if (e == NIL) {
                return;
            }
            if (timed && alarmTimes[e] > maxAlarmTime) { // read afresh: a handler may grow the pool
                kept = e;
                keptHandle = handle(e);
                continue;
            }
            int reordersBefore = reorders();
            unlink(e);
            delivery.deliver(e, key, handler);
            if (resets != resetsBefore) {
                return; // the handler reset the queue: this call's elements and bound are gone
            }
            if (kept != NIL && (reorders() != reordersBefore || indexOf(keptHandle) != kept)) {
                kept = NIL; // the walk's place may have moved: start again from the head
            }
        }
    }

    /** In a {@link RadixEngine.Delivery}: the value of a delivered node. */
    @SuppressWarnings("unchecked")
    public V valueOf(int e) {
        return (V) valueAt(e);
    }

    /** In a {@link RadixEngine.Delivery}: the alarm time of a delivered node. */
    public long alarmTimeOf(int e) {
        return alarmTimes[e];
    }

    /** In a {@link RadixEngine.Delivery}: frees a delivered node; returns the handle it had. */
    public long release(int e) {
        long handle = handle(e);
        free(e);
        return handle;
    }

    // ---------------------------------------------------------------- whole-queue operations

    /** Removes every element; O(size + occupied slots). */
    public void clear() {
        requireMutable();
        clear(forget);
        clearPool();
    }

    /** {@link #clear}, then sets the minimum allowed key to {@code key} ({@code >= 0}, not checked). */
    public void reset(long key) {
        requireMutable();
        reset(key, forget);
        clearPool();
        resets++;
    }

    public void trimToSize() {
        requireMutable();
        trimPool();
    }

    /** Visits each element once, in slot order, inside the iteration guard. */
    public void forEach(ElementVisitor<? super V> visitor) {
        int saved = beginIteration();
        try {
            forEach((e, key) -> visit(visitor, e, key));
        } finally {
            endIteration(saved);
        }
    }

    /** Visits the first {@code limit} elements in delivery order, inside the iteration guard. */
    public void forEachInOrder(ElementVisitor<? super V> visitor, int limit) {
        int saved = beginIteration();
        try {
            forEachInOrder((e, key) -> visit(visitor, e, key), limit);
        } finally {
            endIteration(saved);
        }
    }

    @SuppressWarnings("unchecked")
    private void visit(ElementVisitor<? super V> visitor, int e, long key) {
        visitor.visit(handle(e), key, alarmTimeOrZero(e), (V) values[e]);
    }

    /** Receives elements without removing them. */
    @FunctionalInterface
    public interface ElementVisitor<V> {
        /**
         * @param handle the element's handle
         * @param key its key
         * @param alarmTime its alarm time, or 0 if none is kept
         * @param value its value
         */
        void visit(long handle, long key, long alarmTime, V value);
    }

    /** @throws IllegalStateException naming the first violated invariant of the engine or the pool */
    public void checkInvariants() {
        super.checkInvariants();
        checkPool();
    }
}
