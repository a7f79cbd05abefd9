package io.github.radixwheel.alarms;

import io.github.radixwheel.alarms.internal.Intervals;
import io.github.radixwheel.core.internal.Checks;
import io.github.radixwheel.core.internal.HandleWheel;
import io.github.radixwheel.core.internal.RadixEngine;

/**
 * Alarms on a hierarchical radix timing wheel, for simulators and event loops.
 *
 * <p><b>Time.</b> Times are {@code long}s in one unit of the caller's choice (nanoseconds by
 * convention). From {@link #start()} on, time is cut into half-open intervals of
 * {@link #alarmPrecision()}: interval {@code n} is {@code [start + n × precision, start + (n + 1) ×
 * precision)}. {@code start} may be any {@code long}, negative included, so a
 * {@code System.nanoTime()} value works; all arithmetic is overflow-safe up to
 * {@link Long#MAX_VALUE}. Interval numbers stop at {@code Long.MAX_VALUE}: the last representable
 * interval holds time {@code Long.MAX_VALUE}, except with precision 1 and a negative start, where
 * interval {@code Long.MAX_VALUE} is the single time {@code start + Long.MAX_VALUE} and later times
 * have no interval of their own. The wheel accepts no alarm after the last time whose interval
 * number is representable ({@link #maxAllowedAlarmTime()}). Alarms in the last representable interval never
 * fire through {@link #advanceClock}, since no later interval exists; {@link #firePastAlarms},
 * {@link #advanceClockStopAtNextAlarm} and {@link #fireNextAlarm} fire them once the clock is there.
 *
 * <p><b>Order.</b> Alarms fire in interval order and, within an interval, in insertion order:
 * {@link #add} and {@link #reschedule} insert at the back of their interval, {@link #addFirst} at
 * its front, and {@link #addBefore}/{@link #addAfter} next to a given alarm. Alarms never fire
 * early: an alarm fires only once the clock has passed the end of its interval, or, through
 * {@link #firePastAlarms}, {@link #advanceClockStopAtNextAlarm} and {@link #fireNextAlarm}, once the
 * clock has reached its time.
 *
 * <p><b>A simulator's loop</b> is {@code while (wheel.fireNextAlarm(handler)) { }}: one event at a
 * time, the clock at each event's time (with precision 1), events of one time in insertion order,
 * and {@code addFirst}/{@code addBefore} for equal-time priorities. {@link #reset} readies the
 * wheel for the next replication.
 *
 * <p><b>Handlers may use the wheel</b>, with the same rules as {@code TimingWheelQueue}. Before the
 * alarms of interval {@code j} fire, {@link #now()} becomes {@code max(now(), intervalNumStart(j))}:
 * with precision 1 this is exactly the alarm's time, which is what a discrete-event simulation
 * needs. An alarm that a handler adds before the target fires later in the same call, in order (an
 * {@code addFirst} into the interval being fired fires next); a pending alarm that a handler
 * removes does not fire; {@link #clear()} and {@link #reset} end the firing of the alarms pending at
 * that moment (after a reset, {@code advanceClock} still fires the alarms added before its target
 * and leaves the clock at {@code max(to, the reset time)}; {@code firePastAlarms} and
 * {@code advanceClockStopAtNextAlarm} return); a nested {@code advanceClock}, {@code advanceClockStopAtNextAlarm},
 * {@code firePastAlarms} or {@code fireNextAlarm} throws {@link IllegalStateException}. If a handler
 * throws, the exception propagates, that alarm stays removed, all others stay, {@code now()} stays
 * at the start of the interval being fired, and the next call continues: nothing is lost.
 *
 * <p><b>Not thread-safe.</b> See {@link KeyedTimer} for a thread-safe, real-time use.
 *
 * <p><b>Implementation note.</b> An alarm is an element of the radix wheel engine whose key is its
 * interval number, with its time stored beside the key in the same pooled primitive arrays: no
 * object per alarm, 32 bytes per alarm of capacity (24 with precision 1 and a non-negative start,
 * where the time follows from the interval). {@code add}, {@code addFirst}, {@code addBefore},
 * {@code addAfter}, {@code remove}, {@code reschedule} and the lookups cost O(1) and allocate
 * nothing once capacity suffices; advancing costs O(1) per alarm fired or moved down a level plus
 * O(levels × words) per empty stretch, whatever its length. {@link #minAlarmTime()} and
 * {@link #maxAlarmTimeInMinInterval()} pass over the alarms that share the minimum interval's slot
 * (so does {@link #advanceClockStopAtNextAlarm}, once per call);
 * {@link #nextAlarmFiresAt()} and {@link #minAlarmIntervalNum()} are O(1) when cached, and none of
 * them walks empty slots.
 *
 * @param <V> the type of the alarm values; null values are allowed
 */
public final class TimingWheel<V> {
    private static final int DEFAULT_CAPACITY = 16;
    private static final int SHOWN_ALARMS = 8;
    /** No interval: the bounds of {@code add} are to be recomputed. */
    private static final long STALE = -1;

    private final TimingWheelConfig config;
    private final Intervals intervals;
    private final HandleWheel<V> wheel;
    /** Whether alarm times are stored; if not, an alarm's time is the start of its interval. */
    private final boolean storesTimes;
    /** Fires one alarm of an advance: the clock moves to the start of its interval. */
    private final RadixEngine.Delivery<AlarmConsumer<? super V>> fire = this::fire;
    /** Fires the alarm of {@link #fireNextAlarm}: the clock moves to its time. */
    private final RadixEngine.Delivery<AlarmConsumer<? super V>> fireNext = this::fireNext;

    private long now;
    /**
     * The queue's minimum for which {@link #minTime} and {@link #maxTime} were computed, or
     * {@link #STALE} after anything that may have moved it: {@code add} recomputes them only then.
     */
    private long boundsKey = STALE;
    /** {@code intervalStart(now)}: the least time {@code add} accepts. */
    private long minTime;
    /** {@code maxAllowedAlarmTime()}. */
    private long maxTime;

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
        this.wheel = new HandleWheel<>(config.levelBits(), DEFAULT_CAPACITY, storesTimes);
        this.now = start;
    }

    /** {@return the configuration} */
    public TimingWheelConfig config() {
        return config;
    }

    /** {@return the length of one interval} */
    public long alarmPrecision() {
        return intervals.precision;
    }

    /** {@return the start of interval 0} */
    public long start() {
        return intervals.start;
    }

    /**
     * {@return the current time; starts at {@link #start()} and never decreases but through
     *     {@link #reset}}
     */
    public long now() {
        return now;
    }

    /** {@return the number of pending alarms} */
    public int size() {
        return wheel.size();
    }

    /** {@return whether no alarm is pending} */
    public boolean isEmpty() {
        return wheel.size() == 0;
    }

    // ---------------------------------------------------------------- intervals

    /**
     * Returns the interval number of a time. O(1).
     *
     * @param time a time {@code >= start()}
     * @return {@code floor((time - start()) / alarmPrecision())}, computed without overflow (capped
     *     at the last representable interval, which only matters for precision 1 and a negative start)
     * @throws IllegalArgumentException if {@code time < start()}
     */
    public long intervalNum(long time) {
        checkTime(time);
        return intervals.num(time);
    }

    /** {@return the interval of {@link #now()}} */
    public long nowIntervalNum() {
        return wheel.minAllowedKey();
    }

    /**
     * Returns the first time of an interval. O(1).
     *
     * @param n an interval number, {@code >= 0}
     * @return {@code start() + n × alarmPrecision()}
     * @throws IllegalArgumentException if {@code n < 0} or the result would exceed {@link Long#MAX_VALUE}
     */
    public long intervalNumStart(long n) {
        checkIntervalNum(n);
        return intervals.numStart(n);
    }

    /**
     * Returns the start of the interval that holds a time. O(1).
     *
     * @param time a time {@code >= start()}
     * @return the start of the interval that holds {@code time}
     * @throws IllegalArgumentException if {@code time < start()}
     */
    public long intervalStart(long time) {
        checkTime(time);
        return intervals.startOf(time);
    }

    /**
     * {@return the greatest time {@link #add} accepts: the last time of the last interval of the queue
     *     beneath, but never past the last time whose interval number is representable
     *     ({@link Long#MAX_VALUE}, or {@code start() + Long.MAX_VALUE} with precision 1 and a
     *     negative start)}
     */
    public long maxAllowedAlarmTime() {
        refreshBounds();
        return maxTime;
    }

    /** {@return {@link #maxAllowedAlarmTime()} + 1, saturating at {@link Long#MAX_VALUE}} */
    public long alarmUpperBound() {
        return Checks.saturatedAdd(maxAllowedAlarmTime(), 1);
    }

    /** {@return the interval of {@link #maxAllowedAlarmTime()}} */
    public long maxAllowedAlarmIntervalNum() {
        return intervals.num(maxAllowedAlarmTime());
    }

    // ---------------------------------------------------------------- adding

    /**
     * Adds an alarm at the back of its interval's insertion order. O(1); allocates only when the
     * pool grows.
     *
     * @param at the alarm's time, {@code intervalStart(now()) <= at <= maxAllowedAlarmTime()}
     * @param value the alarm's value, possibly null
     * @return a new alarm handle
     * @throws IllegalArgumentException if {@code at} is too far in the future or before the start of
     *     the current interval
     * @throws IllegalStateException if the pool cannot grow further (2^30 alarms)
     */
    public long add(long at, V value) {
        checkAlarmTime(at);
        return wheel.addInRange(intervals.num(at), at, value, false);
    }

    /**
     * Adds an alarm at the front of its interval's insertion order: it fires before every pending
     * alarm of its interval. Inside a handler firing that interval, it fires next. O(1).
     *
     * @param at the alarm's time, {@code intervalStart(now()) <= at <= maxAllowedAlarmTime()}
     * @param value the alarm's value, possibly null
     * @return a new alarm handle
     * @throws IllegalArgumentException if {@code at} is too far in the future or before the start of
     *     the current interval
     * @throws IllegalStateException if the pool cannot grow further (2^30 alarms)
     */
    public long addFirst(long at, V value) {
        checkAlarmTime(at);
        return wheel.addInRange(intervals.num(at), at, value, true);
    }

    /**
     * Adds an alarm at the same time as {@code alarm}, immediately before it in firing order. O(1).
     *
     * @param alarm a pending alarm
     * @param value the new alarm's value, possibly null
     * @return a new alarm handle
     * @throws IllegalArgumentException if {@code alarm} is not pending
     * @throws IllegalStateException if the pool cannot grow further (2^30 alarms)
     */
    public long addBefore(long alarm, V value) {
        return wheel.addBeside(alarm, value, false);
    }

    /**
     * Adds an alarm at the same time as {@code alarm}, immediately after it in firing order. O(1).
     *
     * @param alarm a pending alarm
     * @param value the new alarm's value, possibly null
     * @return a new alarm handle
     * @throws IllegalArgumentException if {@code alarm} is not pending
     * @throws IllegalStateException if the pool cannot grow further (2^30 alarms)
     */
    public long addAfter(long alarm, V value) {
        return wheel.addBeside(alarm, value, true);
    }

    /**
     * Adds an alarm at the start of interval {@code n}: {@code add(intervalNumStart(n), value)}.
     *
     * @param n the interval number
     * @param value the alarm's value, possibly null
     * @return a new alarm handle
     * @throws IllegalArgumentException if {@code n} is not a valid interval or its start is not a
     *     valid alarm time
     * @throws IllegalStateException if the pool cannot grow further (2^30 alarms)
     */
    public long addAtIntervalNum(long n, V value) {
        return add(intervalNumStart(n), value);
    }

    // ---------------------------------------------------------------- one alarm

    /**
     * Tells whether a handle names a pending alarm of this wheel. O(1).
     *
     * @param alarm any value
     * @return whether {@code alarm} names a pending alarm of this wheel
     */
    public boolean contains(long alarm) {
        return wheel.contains(alarm);
    }

    /**
     * Removes a pending alarm. O(1).
     *
     * @param alarm any value
     * @return true if it was pending and is now removed, false if not pending
     */
    public boolean remove(long alarm) {
        return wheel.remove(alarm);
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
        wheel.changeKeyInRange(alarm, intervals.num(at), at); // checks the handle
    }

    /**
     * Moves a pending alarm to the start of interval {@code n}.
     *
     * @param alarm a pending alarm
     * @param n the interval number
     * @throws IllegalArgumentException if {@code alarm} is not pending or {@code n} is invalid
     */
    public void rescheduleAtIntervalNum(long alarm, long n) {
        if (!wheel.contains(alarm)) {
            throw Checks.notContained("alarm", alarm);
        }
        reschedule(alarm, intervalNumStart(n));
    }

    /**
     * Returns the time of a pending alarm. O(1).
     *
     * @param alarm a pending alarm
     * @return its time
     * @throws IllegalArgumentException if {@code alarm} is not pending
     */
    public long alarmAt(long alarm) {
        return storesTimes ? wheel.alarmTime(alarm) : intervals.numStart(wheel.key(alarm));
    }

    /**
     * Returns the interval number of a pending alarm. O(1).
     *
     * @param alarm a pending alarm
     * @return its interval number
     * @throws IllegalArgumentException if {@code alarm} is not pending
     */
    public long alarmIntervalNum(long alarm) {
        return wheel.key(alarm);
    }

    /**
     * Returns the value of a pending alarm. O(1).
     *
     * @param alarm a pending alarm
     * @return its value, possibly null
     * @throws IllegalArgumentException if {@code alarm} is not pending
     */
    public V alarmValue(long alarm) {
        return wheel.value(alarm);
    }

    /**
     * Replaces a pending alarm's value; its time, handle and place in the order stay. O(1).
     *
     * @param alarm a pending alarm
     * @param value the new value, possibly null
     * @return the old value, possibly null
     * @throws IllegalArgumentException if {@code alarm} is not pending
     */
    public V setAlarmValue(long alarm, V value) {
        return wheel.setValue(alarm, value);
    }

    // ---------------------------------------------------------------- whole-wheel operations

    /**
     * Removes every alarm; the clock and the capacity are unchanged and every handle goes stale.
     * O(size + occupied slots).
     */
    public void clear() {
        wheel.clear();
    }

    /**
     * Removes every alarm, as {@link #clear()} does, and sets {@link #now()} to {@code now}, earlier
     * or later than before: a new replication of a simulation reuses the wheel. O(size + occupied
     * slots).
     *
     * @param now the new time, {@code >= start()}
     * @throws IllegalArgumentException if {@code now < start()}
     */
    public void reset(long now) {
        checkTime(now);
        wheel.reset(intervals.num(now));
        this.now = now;
        boundsKey = STALE;
    }

    /**
     * Releases storage beyond what the pending alarms need; an emptied wheel is back to its initial
     * footprint. Handles stay valid. O(capacity).
     */
    public void trimToSize() {
        wheel.trimToSize();
    }

    /**
     * Hands each pending alarm to {@code action} once, in unspecified order. O(size + occupied slots).
     *
     * @param action receives each alarm; must not modify the wheel
     * @throws NullPointerException if {@code action} is null
     * @throws java.util.ConcurrentModificationException if {@code action} calls a method that would
     *     modify the wheel or move its clock; that call changes nothing
     */
    public void forEach(AlarmConsumer<? super V> action) {
        Checks.requireNonNull(action, "action");
        wheel.forEach((alarm, key, stored, value) -> action.accept(alarm, timeOf(key, stored), value));
    }

    /**
     * Hands each pending alarm to {@code action} once, in firing order. O(n log n) at worst;
     * allocates scratch space.
     *
     * @param action receives each alarm; must not modify the wheel
     * @throws NullPointerException if {@code action} is null
     * @throws java.util.ConcurrentModificationException if {@code action} calls a method that would
     *     modify the wheel or move its clock; that call changes nothing
     */
    public void forEachInOrder(AlarmConsumer<? super V> action) {
        Checks.requireNonNull(action, "action");
        wheel.forEachInOrder((alarm, key, stored, value) -> action.accept(alarm, timeOf(key, stored), value),
                Integer.MAX_VALUE);
    }

    /** An alarm's time: the one stored, or its interval's start when times are not stored. */
    private long timeOf(long interval, long stored) {
        return storesTimes ? stored : intervals.numStart(interval);
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
        Checks.requireNonNull(handler, "handler");
        wheel.beginDelivery("advanceClock");
        try {
            if (to > now) {
                wheel.advance(intervals.num(to), fire, handler);
                now = Math.max(now, to); // a handler's reset may have moved the clock past to
            }
        } finally {
            endDelivery();
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
        Checks.requireNonNull(handler, "handler");
        wheel.beginDelivery("firePastAlarms");
        try {
            wheel.deliverAtMinWhereAlarmTimeAtMost(now, fire, handler);
        } finally {
            endDelivery();
        }
    }

    /**
     * The simulator's step. If the wheel is empty or {@code minAlarmTime() > to}, the same as
     * {@code advanceClock(to, handler)}; otherwise moves {@code now()} to
     * {@code max(now(), minAlarmTime())} and fires as {@link #firePastAlarms} does. When
     * {@code now() <= minAlarmTime()} before the call, the alarms fired are exactly those at that
     * earliest time (plus those that handlers add at it). Besides what it fires, costs a pass over
     * the alarms of the minimum interval's slot, as {@link #minAlarmTime()}: stepping this way
     * through an interval that holds g alarms at distinct times costs O(g²) in all, where
     * {@link #fireNextAlarm} takes one alarm at a time in O(1) amortized. A precision under which an
     * interval holds few alarms keeps the passes short.
     *
     * @param to the time not to go beyond
     * @param handler receives each fired alarm
     * @throws NullPointerException if {@code handler} is null
     * @throws IllegalStateException if called from inside a handler of this wheel
     */
    public void advanceClockStopAtNextAlarm(long to, AlarmConsumer<? super V> handler) {
        Checks.requireNonNull(handler, "handler");
        wheel.beginDelivery("advanceClockStopAtNextAlarm");
        try {
            long next = wheel.size() == 0 ? Long.MAX_VALUE : minAlarmTime();
            if (wheel.size() == 0 || next > to) {
                if (to > now) {
                    wheel.advance(intervals.num(to), fire, handler);
                    now = to;
                }
                return;
            }
            if (next > now) {
                // Nothing lies before the earliest alarm, so raising the minimum fires nothing.
                wheel.advance(intervals.num(next), fire, handler);
                now = next;
            }
            wheel.deliverAtMinWhereAlarmTimeAtMost(now, fire, handler);
        } finally {
            endDelivery();
        }
    }

    /**
     * The simulator's one-event step: removes the first alarm in firing order, moves {@link #now()}
     * to {@code max(now(), at)} of that alarm (not beyond), and hands it to {@code handler}. With
     * precision 1 the clock is then exactly the alarm's time. Allocates nothing.
     *
     * @param handler receives the fired alarm
     * @return false, without calling {@code handler}, if the wheel is empty; else true
     * @throws NullPointerException if {@code handler} is null
     * @throws IllegalStateException if called from inside a handler of this wheel
     */
    public boolean fireNextAlarm(AlarmConsumer<? super V> handler) {
        Checks.requireNonNull(handler, "handler");
        try {
            return wheel.pollMin("fireNextAlarm", fireNext, handler);
        } finally {
            boundsKey = STALE;
        }
    }

    private void fire(int node, long interval, AlarmConsumer<? super V> handler) {
        long intervalStart = intervals.numStart(interval);
        long at = storesTimes ? wheel.alarmTimeOf(node) : intervalStart;
        V value = wheel.valueOf(node);
        long alarm = wheel.release(node);
        now = Math.max(now, intervalStart);
        boundsKey = STALE;
        handler.accept(alarm, at, value);
    }

    private void fireNext(int node, long interval, AlarmConsumer<? super V> handler) {
        long at = storesTimes ? wheel.alarmTimeOf(node) : intervals.numStart(interval);
        V value = wheel.valueOf(node);
        long alarm = wheel.release(node);
        now = Math.max(now, at);
        boundsKey = STALE;
        handler.accept(alarm, at, value);
    }

    /** Ends a delivering call, which may have moved the queue's minimum. */
    private void endDelivery() {
        wheel.endDelivery();
        boundsKey = STALE;
    }

    /** Recomputes the bounds of {@code add} if anything may have moved the queue's minimum since. */
    private void refreshBounds() {
        if (boundsKey == STALE) {
            long minKey = wheel.minAllowedKey();
            boundsKey = minKey;
            minTime = intervals.numStart(minKey);
            maxTime = maxTimeFor(wheel.maxAllowedKey());
        }
    }

    private long maxTimeFor(long maxKey) {
        return maxKey >= intervals.last ? intervals.lastTime : intervals.numStart(maxKey + 1) - 1;
    }

    // ---------------------------------------------------------------- queries

    /**
     * {@return the least {@code to} at which {@link #advanceClock} fires something:
     *     {@code intervalNumStart(minAlarmIntervalNum() + 1)}}
     *
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
     * {@return the least interval number of any alarm}
     *
     * @throws java.util.NoSuchElementException if the wheel is empty
     */
    public long minAlarmIntervalNum() {
        requireAlarms("minAlarmIntervalNum");
        return wheel.minKey();
    }

    /**
     * {@return the exact least time of any alarm} O(s) for the s alarms in the slot of the minimum
     * interval (a pass over them, as they are kept in insertion order); O(1) amortized with
     * precision 1 and a non-negative start, where times are not stored.
     *
     * @throws java.util.NoSuchElementException if the wheel is empty
     */
    public long minAlarmTime() {
        requireAlarms("minAlarmTime");
        return storesTimes ? wheel.alarmTimeExtremeAtMinKey(false) : intervals.numStart(wheel.minKey());
    }

    /**
     * {@return the exact greatest time among the alarms of the least interval} Costs as
     * {@link #minAlarmTime()}.
     *
     * @throws java.util.NoSuchElementException if the wheel is empty
     */
    public long maxAlarmTimeInMinInterval() {
        requireAlarms("maxAlarmTimeInMinInterval");
        return storesTimes ? wheel.alarmTimeExtremeAtMinKey(true) : intervals.numStart(wheel.minKey());
    }

    private void requireAlarms(String method) {
        if (wheel.size() == 0) {
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
     * Checks every invariant of the wheel and the queue beneath: the clock against the queue's
     * minimum, the cached bounds of {@link #add}, each alarm's interval, and every invariant of the
     * queue. O(n + slots), n the largest number of alarms since its last clear or its last add
     * while empty (not its capacity); allocates nothing per alarm or slot unless a check fails, so
     * a test may call it after every step.
     *
     * @throws IllegalStateException naming the first violation found
     */
    public void checkInvariants() {
        wheel.checkInvariants();
        if (now < intervals.start || intervals.num(now) != wheel.minAllowedKey()) {
            throw Checks.state("now " + now + " is in interval " + intervals.num(now) + " but the queue's minimum is "
                    + wheel.minAllowedKey());
        }
        if (boundsKey != STALE && (boundsKey != wheel.minAllowedKey() || minTime != intervals.startOf(now)
                || maxTime != maxTimeFor(wheel.maxAllowedKey()))) {
            throw Checks.state("cached alarm time bounds " + minTime + ".." + maxTime + " for interval " + boundsKey
                    + " are stale");
        }
        wheel.forEach((alarm, key, stored, value) -> {
            long at = timeOf(key, stored);
            if (at < intervals.start || at > intervals.lastTime || intervals.num(at) != key) {
                throw Checks.state("alarm " + alarm + " at " + at + " sits in interval " + key);
            }
        });
    }

    /**
     * {@return the clock, the size and the first few alarms in firing order} To find them it puts
     * the first occupied slot in order: O(s log s) for a slot of s alarms, with a copy.
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("TimingWheel[now=").append(now).append(", start=").append(start())
                .append(", precision=").append(alarmPrecision()).append(", size=").append(size());
        int[] shown = {0};
        wheel.forEachInOrder((alarm, key, stored, value) -> sb.append(shown[0]++ == 0 ? ", first: " : ", ")
                .append(timeOf(key, stored)).append('=').append(value), SHOWN_ALARMS);
        return sb.append(shown[0] < size() ? ", ...]" : "]").toString();
    }
}
