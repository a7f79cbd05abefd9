package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.alarms.AlarmConsumer;
import io.github.radixwheel.alarms.KeyedTimer;
import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import io.github.radixwheel.core.internal.Checks;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntMap;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import it.unimi.dsi.fastutil.objects.ObjectIterator;
import java.util.Arrays;

/**
 * One independently locked part of a {@link KeyedTimer}: the armings of the keys that hash to it.
 * Every method but {@link #withLock} must be called with {@link #lock} held.
 *
 * <p>Each armed key has a dense id from {@link #ids}; per id, parallel arrays hold the key, the
 * value, the deadline and arming order ({@link #times}, written together by every arming), the
 * alarm time and handle of its alarm in {@link #wheel}, and a generation that changes whenever a
 * found expiry stops being the key's current arming. The wheel's alarms carry the id.
 *
 * <p>An arming is in one of two states. <em>Waiting</em>: its alarm is in the wheel, at or before
 * its deadline (a later deadline leaves the alarm where it was; when the alarm fires early it is
 * re-armed once). <em>Found</em>: an advance found it due and handed {@code (stripe, id,
 * generation)} to a {@link KeyedTimerBatch}; it has no alarm ({@link #alarms} holds
 * {@link #FOUND}) and stays armed until the batch claims it with {@link #claim}, or until a
 * {@code set}, {@code move} or {@code remove} supersedes it (which changes the generation, so the
 * claim fails). While any arming of the stripe is found, every re-arming takes the slow path,
 * which sees that state; otherwise a re-arming to a deadline past every alarm only stores it.
 */
public final class KeyedTimerStripe<K, V> {
    /** Returned by {@link #move} and {@link #replace} when no alarm moved earlier: nothing to wake the driver for. */
    public static final long UNCHANGED = Long.MAX_VALUE;
    /** What {@link #claim} returns when the found arming is no longer the key's current one. */
    public static final Object STALE = new Object();
    /** The handle slot of a found arming: no alarm. */
    private static final long FOUND = TimingWheelQueue.NULL_HANDLE;
    private static final int NO_ID = -1;

    public final StripeLock lock = new StripeLock();
    /** This stripe's position in the timer, recorded in batches. */
    public final int index;
    private final TimingWheel<Integer> wheel;
    private final Object2IntOpenHashMap<K> ids = new Object2IntOpenHashMap<>();

    private Object[] keys = new Object[16];
    private Object[] values = new Object[16];
    /** Per id: {@code [2 id]} the deadline, {@code [2 id + 1]} the arming order; one cache line. */
    private long[] times = new long[32];
    private long[] alarms = new long[16];
    private long[] alarmTimes = new long[16];
    private int[] generations = new int[16];
    /** The wheel's values: one box per id, made once and reused with the id. */
    private Integer[] boxes = new Integer[16];
    /** Ids below {@link #idLimit} not in use, as a stack. */
    private int[] freeIds = new int[16];
    private int freeCount;
    private int idLimit;

    /** At least every alarm time in the wheel (it only grows, until {@link #clear}). */
    private long maxAlarmTime;
    /** A re-arming whose alarm time exceeds this only stores its deadline: see {@link #updateFastPath}. */
    private long fastPathAbove = -1;
    /** The number of found armings. */
    private int foundCount;

    /** Ids whose alarm fired during {@link #collectDue}; filled by {@link #onFired}. */
    private final IntArrayList fired = new IntArrayList();
    private final AlarmConsumer<Integer> onFired = (alarm, at, id) -> fired.add(id.intValue());

    public KeyedTimerStripe(int index, long tickNanos, LevelBits levelBits) {
        this.index = index;
        this.wheel = new TimingWheel<>(new TimingWheelConfig(tickNanos, levelBits), 0);
        ids.defaultReturnValue(NO_ID);
    }

    /** An operation on a stripe, with an object and a number as its arguments. */
    @FunctionalInterface
    public interface Locked<K, V, A, R> {
        R apply(KeyedTimerStripe<K, V> stripe, A a, long n);
    }

    /**
     * Runs {@code op} under this stripe's lock. {@code op} should capture nothing (its arguments
     * travel as {@code a} and {@code n}), so that no lambda is allocated per call.
     */
    public <A, R> R withLock(A a, long n, Locked<K, V, A, R> op) {
        lock.lock();
        try {
            return op.apply(this, a, n);
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- the clock

    /** The timer's clock: every stripe's wheel is advanced together, under every lock. */
    public long now() {
        return wheel.now();
    }

    /** Where the alarm for {@code deadline} goes: the deadline, unless it lies beyond the wheel. */
    private long alarmTime(long deadline) {
        return Math.min(deadline, wheel.maxAllowedAlarmTime());
    }

    // ---------------------------------------------------------------- arming

    /** The id of {@code key}'s arming, or -1 if it is not armed. */
    public int idOf(K key) {
        return ids.getInt(key);
    }

    @SuppressWarnings("unchecked")
    public V value(int id) {
        return (V) values[id];
    }

    /**
     * Arms {@code key}, which is not armed, waiting for {@code deadline} (not before the clock).
     *
     * @return the alarm time, for the driving thread's wake-up
     */
    public long arm(K key, V value, long deadline, long order) {
        int id = newId(key, value, deadline, order);
        return addAlarm(id, alarmTime(deadline));
    }

    /**
     * Arms {@code key} (armed with {@code id}, or not armed if {@code id < 0}) as found at once: due
     * in the advance that {@code batch} is delivering, which receives it. Its alarm, or an earlier
     * found expiry, is dropped.
     */
    public void armInBatch(int id, K key, V value, long deadline, long order, KeyedTimerBatch<K, V> batch) {
        if (id < 0) {
            id = newId(key, value, deadline, order);
        } else {
            values[id] = value;
            times[2 * id] = deadline;
            times[2 * id + 1] = order;
            if (alarms[id] == FOUND) {
                supersedeFound(id);
            } else {
                wheel.remove(alarms[id]);
            }
        }
        alarms[id] = FOUND;
        markFound();
        addToBatch(id, batch);
    }

    /** Replaces the value and deadline of armed {@code id}; returns as {@link #move} does. */
    public long replace(int id, V value, long deadline, long order) {
        values[id] = value;
        return move(id, deadline, order);
    }

    /**
     * Gives armed {@code id} a new deadline (not before the clock). Allocates nothing.
     *
     * @return the new alarm time if its alarm moved earlier or was added, else {@link #UNCHANGED}
     */
    public long move(int id, long deadline, long order) {
        int i = 2 * id;
        times[i] = deadline;
        times[i + 1] = order;
        long at = alarmTime(deadline);
        // A heartbeat's new deadline is usually past every alarm. Then the stores above are all it
        // does: their cache miss completes after the caller has gone on (the lock's release has no
        // fence to wait for it), where a read of the key's alarm would make the caller wait.
        if (at > fastPathAbove) {
            return UNCHANGED;
        }
        long alarm = alarms[id];
        if (alarm == FOUND) {
            supersedeFound(id);
            return addAlarm(id, at);
        }
        if (at >= alarmTimes[id]) {
            return UNCHANGED;
        }
        wheel.reschedule(alarm, at);
        alarmTimes[id] = at;
        return at;
    }

    /** Disarms {@code key}; returns whether it was armed (found or waiting). */
    public boolean remove(K key) {
        int id = ids.removeInt(key);
        if (id == NO_ID) {
            return false;
        }
        if (alarms[id] == FOUND) {
            unmarkFound();
        } else {
            wheel.remove(alarms[id]);
        }
        freeId(id);
        return true;
    }

    public V get(K key) {
        int id = ids.getInt(key);
        return id == NO_ID ? null : value(id);
    }

    public boolean containsKey(K key) {
        return ids.containsKey(key);
    }

    public int size() {
        return ids.size();
    }

    /** Whether the clock of this stripe's wheel has reached a tick before which {@code deadline} lies. */
    public boolean isPast(long deadline) {
        return deadline < wheel.intervalStart(wheel.now());
    }

    // ---------------------------------------------------------------- advancing

    /**
     * Advances the clock to {@code to}, marking found every arming whose deadline lies before
     * {@code dueBefore} (the start of the tick of {@code to}) and adding it to {@code batch}; an
     * alarm that fired before its deadline is re-armed once, for the deadline.
     */
    public void collectDue(long to, long dueBefore, KeyedTimerBatch<K, V> batch) {
        wheel.advanceClock(to, onFired);
        for (int n = fired.size(), j = 0; j < n; j++) {
            int id = fired.getInt(j);
            long deadline = times[2 * id];
            if (deadline < dueBefore) {
                alarms[id] = FOUND;
                markFound();
                addToBatch(id, batch);
            } else {
                addAlarm(id, alarmTime(deadline));
            }
        }
        fired.clear();
    }

    /** Hands found {@code id} to {@code batch}. */
    private void addToBatch(int id, KeyedTimerBatch<K, V> batch) {
        batch.add(index, id, generations[id], times[2 * id], times[2 * id + 1], keys[id]);
    }

    /**
     * Claims found arming {@code (id, generation)}: if it is still the key's current arming, the
     * key is disarmed and its value returned; otherwise nothing changes and {@link #STALE} is
     * returned.
     */
    public Object claim(int id, int generation) {
        if (generations[id] != generation || alarms[id] != FOUND) {
            return STALE;
        }
        Object value = values[id];
        if (!ids.remove(keys[id], id)) {
            forgetChangedKey(id);
        }
        unmarkFound();
        freeId(id);
        return value;
    }

    /**
     * The stored key of {@code id} no longer finds its own entry: its {@code hashCode} or
     * {@code equals} changed while it was armed, which the contract forbids. Its entry is found by
     * its id instead, O(keys), so that the id, freed next and reused, is not left mapped from it
     * (which would let the changed key reach another key's arming).
     */
    private void forgetChangedKey(int id) {
        for (ObjectIterator<Object2IntMap.Entry<K>> it = ids.object2IntEntrySet().fastIterator(); it.hasNext(); ) {
            if (it.next().getIntValue() == id) {
                it.remove();
                return;
            }
        }
    }

    /** When an advance would first fire an alarm, or {@link Long#MAX_VALUE} if never. */
    public long nextFireTime() {
        if (wheel.isEmpty() || wheel.minAlarmIntervalNum() >= wheel.intervalNum(Long.MAX_VALUE)) {
            return Long.MAX_VALUE;
        }
        return wheel.nextAlarmFiresAt();
    }

    // ---------------------------------------------------------------- draining

    /** Hands every armed key to {@code into} and disarms it. */
    public void drainInto(KeyedTimerDrain<K, V> into) {
        for (int id = 0; id < idLimit; id++) {
            if (keys[id] != null) {
                into.add(keys[id], values[id], times[2 * id], times[2 * id + 1]);
            }
        }
        clear();
    }

    /** Disarms everything; found armings fail their claims. */
    public void clear() {
        for (int id = 0; id < idLimit; id++) {
            if (keys[id] != null) {
                freeId(id);
            }
        }
        wheel.clear();
        ids.clear();
        foundCount = 0;
        maxAlarmTime = 0;
        updateFastPath();
    }

    // ---------------------------------------------------------------- ids and alarms

    /** Takes a free id for a new arming of {@code key}; nothing changes if the map throws. */
    private int newId(K key, V value, long deadline, long order) {
        if (freeCount == 0 && idLimit == keys.length) {
            grow();
        }
        int id = freeCount > 0 ? freeIds[freeCount - 1] : idLimit;
        ids.put(key, id);
        if (freeCount > 0) {
            freeCount--;
        } else {
            idLimit++;
        }
        if (boxes[id] == null) {
            boxes[id] = id;
        }
        keys[id] = key;
        values[id] = value;
        times[2 * id] = deadline;
        times[2 * id + 1] = order;
        return id;
    }

    private void freeId(int id) {
        keys[id] = null;
        values[id] = null;
        alarms[id] = FOUND;
        generations[id]++;
        freeIds[freeCount++] = id;
    }

    private void grow() {
        int n = 2 * keys.length;
        keys = Arrays.copyOf(keys, n);
        values = Arrays.copyOf(values, n);
        times = Arrays.copyOf(times, 2 * n);
        alarms = Arrays.copyOf(alarms, n);
        alarmTimes = Arrays.copyOf(alarmTimes, n);
        generations = Arrays.copyOf(generations, n);
        boxes = Arrays.copyOf(boxes, n);
        freeIds = Arrays.copyOf(freeIds, n);
    }

    private long addAlarm(int id, long at) {
        // First: the bound must hold even if what follows throws.
        maxAlarmTime = Math.max(maxAlarmTime, at);
        updateFastPath();
        alarms[id] = wheel.add(at, boxes[id]);
        alarmTimes[id] = at;
        return at;
    }

    /** Found {@code id} is re-armed: its pending claim must fail. */
    private void supersedeFound(int id) {
        generations[id]++;
        unmarkFound();
    }

    private void markFound() {
        foundCount++;
        updateFastPath();
    }

    private void unmarkFound() {
        foundCount--;
        updateFastPath();
    }

    /**
     * A re-arming to alarm time {@code at} may skip its alarm when {@code at >= maxAlarmTime}: the
     * alarm is then at or before it. Not while an arming is found, which has no alarm to keep.
     */
    private void updateFastPath() {
        fastPathAbove = foundCount > 0 ? Long.MAX_VALUE : maxAlarmTime - 1;
    }

    // ---------------------------------------------------------------- checking

    /**
     * Checks the wheel's invariants and that the map, the arrays and the wheel agree.
     *
     * @throws IllegalStateException naming the first violation found
     */
    public void checkInvariants() {
        wheel.checkInvariants();
        int found = 0;
        int live = 0;
        for (int id = 0; id < idLimit; id++) {
            if (keys[id] == null) {
                continue;
            }
            live++;
            if (ids.getInt(keys[id]) != id) {
                throw Checks.state("id " + id + " holds key " + keys[id] + ", which maps to " + ids.getInt(keys[id]));
            }
            long deadline = times[2 * id];
            if (alarms[id] == FOUND) {
                found++;
                continue;
            }
            long alarm = alarms[id];
            if (!wheel.contains(alarm) || wheel.alarmValue(alarm).intValue() != id || wheel.alarmAt(alarm) != alarmTimes[id]) {
                throw Checks.state("key " + keys[id] + ": alarm " + alarm + " is not its own");
            }
            if (alarmTimes[id] > deadline || alarmTimes[id] > maxAlarmTime) {
                throw Checks.state("key " + keys[id] + ": alarm at " + alarmTimes[id] + ", deadline " + deadline
                        + ", bound " + maxAlarmTime);
            }
        }
        if (live != ids.size() || live - found != wheel.size() || found != foundCount) {
            throw Checks.state(ids.size() + " keys, " + live + " ids, " + found + " found (counted " + foundCount
                    + "), " + wheel.size() + " alarms");
        }
        if (fastPathAbove != (found > 0 ? Long.MAX_VALUE : maxAlarmTime - 1)) {
            throw Checks.state("fast-path bound " + fastPathAbove + " with " + found + " found");
        }
        for (Object2IntMap.Entry<K> e : ids.object2IntEntrySet()) {
            if (keys[e.getIntValue()] != e.getKey()) {
                throw Checks.state("key " + e.getKey() + " maps to id " + e.getIntValue() + ", which is not its own");
            }
        }
    }
}
