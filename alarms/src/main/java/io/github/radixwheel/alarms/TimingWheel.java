package io.github.radixwheel.alarms;

import io.github.radixwheel.core.ElementConsumer;
import io.github.radixwheel.core.internal.Checks;
import io.github.radixwheel.core.internal.WheelEngine;
import java.util.ConcurrentModificationException;

/**
 * Alarms on a hierarchical radix timing wheel, for simulators and event loops.
 *
 * <p><b>Time.</b> Times are {@code long}s in one unit of the caller's choice (nanoseconds by
 * convention). From {@link #start()} on, time is cut into half-open intervals of
 * {@link #alarmPrecision()}: interval {@code n} is {@code [start + n × precision, start + (n + 1) ×
 * precision)}. {@code start} may be any {@code long}, negative included, so a
 * {@code System.nanoTime()} value works; all arithmetic is overflow-safe up to
 * {@link Long#MAX_VALUE}. Interval numbers stop at {@code Long.MAX_VALUE}: the last representable
 * interval is the one holding time {@code Long.MAX_VALUE} (with precision 1 and a negative start,
 * that is interval {@code Long.MAX_VALUE}, which then runs from {@code start + Long.MAX_VALUE} to
 * {@code Long.MAX_VALUE}). Alarms in it never fire through {@link #advanceClock}; use
 * {@link #firePastAlarms} once the clock is there.
 *
 * <p><b>Order.</b> {@link #advanceClock} fires alarms in interval order and, within an interval,
 * in insertion order ({@link #add} and {@link #reschedule} both insert). Alarms never fire early:
 * an alarm fires only once the clock has passed the end of its interval, or, through
 * {@link #firePastAlarms} and {@link #advanceClockStopAtNextAlarm}, once the clock has reached its
 * time.
 *
 * <p><b>Handlers may use the wheel</b>, with the same rules as {@code TimingWheelQueue}. Before the
 * alarms of interval {@code j} fire, {@link #now()} becomes {@code max(now(), intervalNumStart(j))}:
 * with precision 1 this is exactly the alarm's time, which is what a discrete-event simulation
 * needs. An alarm that a handler adds before the target fires later in the same call, in order; a
 * pending alarm that a handler removes does not fire; a nested {@code advanceClock},
 * {@code advanceClockStopAtNextAlarm} or {@code firePastAlarms} throws
 * {@link IllegalStateException}. If a handler throws, the exception propagates, that alarm stays
 * removed, all others stay, {@code now()} stays at the start of the interval being fired, and the
 * next call continues: nothing is lost.
 *
 * <p><b>Not thread-safe.</b> See {@link KeyedTimer} for a thread-safe, real-time use.
 *
 * <p><b>Implementation note.</b> An alarm is an element of the radix wheel engine whose key is its
 * interval number, with its time stored beside the key in the same pooled primitive arrays: no
 * object per alarm, 32 bytes per alarm of capacity (24 with precision 1 and a non-negative start,
 * where the time follows from the interval). {@code add}, {@code remove}, {@code reschedule} and
 * the lookups cost O(1) and allocate nothing once capacity suffices; advancing costs O(1) per alarm
 * fired or moved down a level plus O(levels × words) per empty stretch, whatever its length.
 * {@link #minAlarmTime()} and {@link #maxAlarmTimeInMinInterval()} look at the alarms that share
 * the minimum interval's slot; {@link #nextAlarmFiresAt()} and {@link #minAlarmIntervalNum()} are
 * O(1) when cached, and none of them walks empty slots.
 *
 * @param <V> the type of the alarm values; null values are allowed
 */
public final class TimingWheel<V> {
    private static final int DEFAULT_CAPACITY = 16;
    private static final int SHOWN_ALARMS = 8;

    private final TimingWheelConfig config;
    private final Intervals intervals;
    private final WheelEngine<V> engine;
    /** Whether alarm times are stored; if not, an alarm's time is the start of its interval. */
    private final boolean storesTimes;
    private final ElementConsumer<V> fireOne = this::fireOne;

    private long now;
    /** {@code intervalStart(now)}: the least time {@code add} accepts; valid while the minimum is {@link #boundsKey}. */
    private long minTime;
    /** {@code maxAllowedAlarmTime()}; valid while the queue's minimum is {@link #boundsKey}. */
    private long maxTime;
    /** The queue's minimum when {@link #minTime} and {@link #maxTime} were computed, or -1. */
    private long boundsKey = -1;
    private boolean firing;
    private AlarmConsumer<? super V> handler;
    /** The interval whose alarms are firing, or -1. */
    private long firingInterval;

    /**
     * A wheel whose clock starts at {@code start}.
     *
     * @param config the precision and levels
     * @param start the time of the start of interval 0, and the initial {@link #now()}; any value
     * @throws NullPointerException if {@code config} is null
     * @throws IllegalArgumentException if a level of {@code config} has more than 24 bits
     */
    public TimingWheel(TimingWheelConfig config, long start) {
        this.config = Checks.requireNonNull(config, "config");
        this.intervals = new Intervals(start, config.alarmPrecision());
        this.storesTimes = config.alarmPrecision() != 1 || start < 0;
        this.engine = new WheelEngine<>(config.levelBits(), DEFAULT_CAPACITY, storesTimes);
        this.now = start;
    }

    /** @return the configuration */
    public TimingWheelConfig config() {
        return config;
    }

    /** @return the length of one interval */
    public long alarmPrecision() {
        return intervals.precision;
    }

    /** @return the start of interval 0 */
    public long start() {
        return intervals.start;
    }

    /** @return the current time; starts at {@link #start()} and never decreases */
    public long now() {
        return now;
    }

    /** @return the number of pending alarms */
    public int size() {
        return engine.size();
    }

    /** @return whether no alarm is pending */
    public boolean isEmpty() {
        return engine.size() == 0;
    }

    // ---------------------------------------------------------------- intervals

    /**
     * @param time a time {@code >= start()}
     * @return {@code floor((time - start()) / alarmPrecision())}, computed without overflow (capped
     *     at the last representable interval, which only matters for precision 1 and a negative start)
     * @throws IllegalArgumentException if {@code time < start()}
     */
    public long intervalNum(long time) {
        checkTime(time);
        return intervals.num(time);
    }

    /** @return the interval of {@link #now()} */
    public long nowIntervalNum() {
        return engine.minAllowedKey();
    }

    /**
     * @param n an interval number, {@code >= 0}
     * @return {@code start() + n × alarmPrecision()}
     * @throws IllegalArgumentException if {@code n < 0} or the result would exceed {@link Long#MAX_VALUE}
     */
    public long intervalNumStart(long n) {
        checkIntervalNum(n);
        return intervals.numStart(n);
    }

    /**
     * @param time a time {@code >= start()}
     * @return the start of the interval that holds {@code time}
     * @throws IllegalArgumentException if {@code time < start()}
     */
    public long intervalStart(long time) {
        checkTime(time);
        return intervals.startOf(time);
    }

    /**
     * @return the greatest time {@link #add} accepts: {@link Long#MAX_VALUE} if the queue beneath
     *     reaches the last representable interval, else the last time of its last interval
     */
    public long maxAllowedAlarmTime() {
        refreshBounds();
        return maxTime;
    }

    /** @return {@link #maxAllowedAlarmTime()} + 1, saturating at {@link Long#MAX_VALUE} */
    public long alarmUpperBound() {
        return Checks.saturatedAdd(maxAllowedAlarmTime(), 1);
    }

    /** @return the interval of {@link #maxAllowedAlarmTime()} */
    public long maxAllowedAlarmIntervalNum() {
        return intervals.num(maxAllowedAlarmTime());
    }

    // ---------------------------------------------------------------- alarms

    /**
     * Adds an alarm. O(1); allocates only when the pool grows.
     *
     * @param at the alarm's time, {@code intervalStart(now()) <= at <= maxAllowedAlarmTime()}
     * @param value the alarm's value, possibly null
     * @return a new alarm handle
     * @throws IllegalArgumentException if {@code at} is too far in the future or before the start of
     *     the current interval
     * @throws IllegalStateException if the pool cannot grow further (about 2^31 alarms)
     */
    public long add(long at, V value) {
        checkAlarmTime(at);
        return engine.add(intervals.num(at), at, value);
    }

    /**
     * Adds an alarm at the start of interval {@code n}: {@code add(intervalNumStart(n), value)}.
     *
     * @param n the interval number
     * @param value the alarm's value, possibly null
     * @return a new alarm handle
     * @throws IllegalArgumentException if {@code n} is not a valid interval or its start is not a
     *     valid alarm time
     * @throws IllegalStateException if the pool cannot grow further (about 2^31 alarms)
     */
    public long addAtIntervalNum(long n, V value) {
        return add(intervalNumStart(n), value);
    }

    /**
     * @param alarm any value
     * @return whether {@code alarm} names a pending alarm of this wheel
     */
    public boolean contains(long alarm) {
        return engine.contains(alarm);
    }

    /**
     * Removes a pending alarm. O(1).
     *
     * @param alarm any value
     * @return true if it was pending and is now removed, false if not pending
     */
    public boolean remove(long alarm) {
        return engine.remove(alarm);
    }

    /**
     * Moves a pending alarm to a new time. It keeps its handle and counts as newly inserted. O(1).
     *
     * @param alarm a pending alarm
     * @param at the new time, valid as for {@link #add}
     * @throws IllegalArgumentException if {@code alarm} is not pending or {@code at} is invalid
     */
    public void reschedule(long alarm, long at) {
        checkAlarmTime(at);
        engine.changeKey(alarm, intervals.num(at), at); // checks the handle
    }

    /**
     * Moves a pending alarm to the start of interval {@code n}.
     *
     * @param alarm a pending alarm
     * @param n the interval number
     * @throws IllegalArgumentException if {@code alarm} is not pending or {@code n} is invalid
     */
    public void rescheduleAtIntervalNum(long alarm, long n) {
        if (!engine.contains(alarm)) {
            throw Checks.notContained("alarm", alarm);
        }
        reschedule(alarm, intervalNumStart(n));
    }

    /**
     * @param alarm a pending alarm
     * @return its time
     * @throws IllegalArgumentException if {@code alarm} is not pending
     */
    public long alarmAt(long alarm) {
        return storesTimes ? engine.aux(alarm) : intervals.numStart(engine.key(alarm));
    }

    /**
     * @param alarm a pending alarm
     * @return its interval number
     * @throws IllegalArgumentException if {@code alarm} is not pending
     */
    public long alarmIntervalNum(long alarm) {
        return engine.key(alarm);
    }

    /**
     * @param alarm a pending alarm
     * @return its value, possibly null
     * @throws IllegalArgumentException if {@code alarm} is not pending
     */
    public V alarmValue(long alarm) {
        return engine.value(alarm);
    }

    /** Removes every alarm; the clock is unchanged and every handle goes stale. O(capacity). */
    public void clear() {
        engine.clear();
    }

    /**
     * Hands each pending alarm to {@code action} once, in unspecified order. O(capacity).
     *
     * @param action receives each alarm; must not modify the wheel
     * @throws NullPointerException if {@code action} is null
     * @throws java.util.ConcurrentModificationException if {@code action} modifies the wheel
     */
    public void forEach(AlarmConsumer<? super V> action) {
        Checks.requireNonNull(action, "action");
        long clock = now;
        engine.forEach((alarm, key, value) -> {
            action.accept(alarm, alarmAt(alarm), value);
            if (now != clock) { // the clock can move without the queue beneath changing
                throw new ConcurrentModificationException("the clock moved during forEach");
            }
        });
    }

    // ---------------------------------------------------------------- the clock

    /**
     * Moves the clock to {@code to}, first firing every alarm with {@code at < intervalStart(to)} in
     * interval order and, within an interval, in insertion order. Does nothing if
     * {@code to <= now()}. Afterwards {@code now() == to} and every pending alarm has
     * {@code at >= intervalStart(to)}.
     *
     * @param to the new time
     * @param handler receives each fired alarm
     * @throws NullPointerException if {@code handler} is null
     * @throws IllegalStateException if called from inside a handler of this wheel
     */
    public void advanceClock(long to, AlarmConsumer<? super V> handler) {
        startFiring("advanceClock", handler);
        try {
            if (to > now) {
                engine.increaseMinAllowedKey(intervals.num(to), fireOne);
                now = to;
            }
        } finally {
            stopFiring();
        }
    }

    /**
     * Fires, in insertion order, the alarms of the current interval whose time is
     * {@code <= now()}, including those that handlers add meanwhile. The clock does not move.
     *
     * @param handler receives each fired alarm
     * @throws NullPointerException if {@code handler} is null
     * @throws IllegalStateException if called from inside a handler of this wheel
     */
    public void firePastAlarms(AlarmConsumer<? super V> handler) {
        startFiring("firePastAlarms", handler);
        try {
            engine.deliverAtMinWhereAuxAtMost(now, fireOne);
        } finally {
            stopFiring();
        }
    }

    /**
     * The simulator's step. If the wheel is empty or {@code minAlarmTime() > to}, the same as
     * {@code advanceClock(to, handler)}; otherwise moves {@code now()} to
     * {@code max(now(), minAlarmTime())} and fires as {@link #firePastAlarms} does. When
     * {@code now() <= minAlarmTime()} before the call, the alarms fired are exactly those at that
     * earliest time (plus those that handlers add at it).
     *
     * @param to the time not to go beyond
     * @param handler receives each fired alarm
     * @throws NullPointerException if {@code handler} is null
     * @throws IllegalStateException if called from inside a handler of this wheel
     */
    public void advanceClockStopAtNextAlarm(long to, AlarmConsumer<? super V> handler) {
        long next = engine.size() == 0 ? Long.MAX_VALUE : minAlarmTime();
        if (engine.size() == 0 || next > to) {
            advanceClock(to, handler);
            return;
        }
        startFiring("advanceClockStopAtNextAlarm", handler);
        try {
            if (next > now) {
                // Nothing lies before the earliest alarm, so raising the minimum fires nothing.
                engine.increaseMinAllowedKey(intervals.num(next), fireOne);
                now = next;
            }
            engine.deliverAtMinWhereAuxAtMost(now, fireOne);
        } finally {
            stopFiring();
        }
    }

    private void startFiring(String method, AlarmConsumer<? super V> handler) {
        if (firing) {
            throw Checks.state(method + " called from inside an alarm handler of this wheel");
        }
        this.handler = Checks.requireNonNull(handler, "handler");
        firing = true;
        firingInterval = -1;
    }

    private void stopFiring() {
        firing = false;
        handler = null;
    }

    private void fireOne(long alarm, long interval, V value) {
        long intervalStart = intervals.numStart(interval);
        if (interval != firingInterval) {
            firingInterval = interval;
            now = Math.max(now, intervalStart);
        }
        handler.accept(alarm, storesTimes ? engine.deliveredAux() : intervalStart, value);
    }

    /** Refreshes the bounds of {@link #add} if the queue's minimum moved since they were computed. */
    private void refreshBounds() {
        long minKey = engine.minAllowedKey();
        if (minKey != boundsKey) {
            boundsKey = minKey;
            minTime = intervals.numStart(minKey);
            long maxKey = engine.maxAllowedKey();
            maxTime = maxKey >= intervals.last ? Long.MAX_VALUE : intervals.numStart(maxKey + 1) - 1;
        }
    }

    // ---------------------------------------------------------------- queries

    /**
     * @return the least {@code to} at which {@link #advanceClock} fires something:
     *     {@code intervalNumStart(minAlarmIntervalNum() + 1)}
     * @throws java.util.NoSuchElementException if the wheel is empty or every alarm is in the last
     *     representable interval
     */
    public long nextAlarmFiresAt() {
        long n = minAlarmIntervalNum();
        if (n >= intervals.last) {
            throw Checks.empty("every alarm is in the last representable interval, " + n
                    + ", which advanceClock never fires");
        }
        return intervals.numStart(n + 1);
    }

    /**
     * @return the least interval number of any alarm
     * @throws java.util.NoSuchElementException if the wheel is empty
     */
    public long minAlarmIntervalNum() {
        requireAlarms("minAlarmIntervalNum");
        return engine.minKey();
    }

    /**
     * @return the exact least time of any alarm
     * @throws java.util.NoSuchElementException if the wheel is empty
     */
    public long minAlarmTime() {
        requireAlarms("minAlarmTime");
        return storesTimes ? engine.auxExtremeAtMinKey(false) : intervals.numStart(engine.minKey());
    }

    /**
     * @return the exact greatest time among the alarms of the least interval
     * @throws java.util.NoSuchElementException if the wheel is empty
     */
    public long maxAlarmTimeInMinInterval() {
        requireAlarms("maxAlarmTimeInMinInterval");
        return storesTimes ? engine.auxExtremeAtMinKey(true) : intervals.numStart(engine.minKey());
    }

    private void requireAlarms(String method) {
        if (engine.size() == 0) {
            throw Checks.empty(method + " of an empty wheel");
        }
    }

    // ---------------------------------------------------------------- checks

    private void checkTime(long time) {
        if (time < intervals.start) {
            throw Checks.outOfRange("time", time, intervals.start, Long.MAX_VALUE, "before start");
        }
    }

    private void checkIntervalNum(long n) {
        if (n < 0 || n > intervals.last) {
            throw Checks.outOfRange("interval number", n, 0, intervals.last,
                    n < 0 ? "negative" : "past the last interval whose start is representable");
        }
    }

    private void checkAlarmTime(long at) {
        refreshBounds();
        if (at > maxTime) {
            throw Checks.outOfRange("at", at, minTime, maxTime, "too far in the future");
        }
        if (at < minTime) {
            throw Checks.outOfRange("at", at, minTime, maxTime, "before the start of the current interval");
        }
    }

    /**
     * Checks every invariant of the wheel and the queue beneath.
     *
     * @throws IllegalStateException naming the first violation found
     */
    public void checkInvariants() {
        engine.checkInvariants();
        if (now < intervals.start || intervals.num(now) != engine.minAllowedKey()) {
            throw Checks.state("now " + now + " is in interval " + intervals.num(now) + " but the queue's minimum is "
                    + engine.minAllowedKey());
        }
        long expectedMax = engine.maxAllowedKey() >= intervals.last
                ? Long.MAX_VALUE : intervals.numStart(engine.maxAllowedKey() + 1) - 1;
        if (boundsKey != -1 && boundsKey == engine.minAllowedKey()
                && (minTime != intervals.startOf(now) || maxTime != expectedMax)) {
            throw Checks.state("cached alarm time bounds " + minTime + ".." + maxTime + " are stale");
        }
        engine.forEach((alarm, key, value) -> {
            long at = alarmAt(alarm);
            if (at < intervals.start || intervals.num(at) != key) {
                throw Checks.state("alarm " + alarm + " at " + at + " sits in interval " + key);
            }
        });
    }

    /** @return the clock, the size and the first few alarms in firing order */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("TimingWheel[now=").append(now).append(", start=").append(start())
                .append(", precision=").append(alarmPrecision()).append(", size=").append(size());
        long[] first = engine.firstInOrder(SHOWN_ALARMS);
        for (int i = 0; i < first.length; i++) {
            sb.append(i == 0 ? ", first: " : ", ").append(alarmAt(first[i])).append('=').append(alarmValue(first[i]));
        }
        return sb.append(first.length < size() ? ", ...]" : "]").toString();
    }
}
