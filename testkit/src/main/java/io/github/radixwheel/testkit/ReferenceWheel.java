package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.AlarmConsumer;
import io.github.radixwheel.alarms.TimingWheelConfig;
import java.math.BigInteger;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A plain model of {@code TimingWheel}: the same public methods, results and exceptions, built on
 * a sorted map from interval number to a list of alarms in insertion order, with the interval
 * arithmetic done in {@link BigInteger}. Obviously correct rather than fast: use it as the expected
 * side of a differential test.
 *
 * <p><b>Time.</b> Interval {@code n} is {@code [start + n × precision, start + (n + 1) × precision)};
 * interval numbers stop at {@link Long#MAX_VALUE} (later times belong to that last interval). The
 * last representable interval is the one that holds {@link Long#MAX_VALUE}, and the last time whose
 * interval is representable is {@code min(Long.MAX_VALUE, start + 2^63 × precision - 1)}.
 * {@link #add} accepts {@code at} in {@code [intervalStart(now()), maxAllowedAlarmTime()]}, where
 * the alarm's interval must not exceed the {@code maxAllowedKey} of a queue with the config's level
 * bits and minimum {@code nowIntervalNum()} (see {@link ReferenceQueue}).
 *
 * <p><b>Order.</b> Alarms fire in interval order and, within an interval, in insertion order:
 * {@link #add} and {@link #reschedule} insert at the back of their interval, {@link #addFirst} at
 * its front, {@link #addBefore}/{@link #addAfter} next to a given alarm.
 *
 * <p><b>Handles</b> are this model's own, unique across every model of the JVM, never 0 and never
 * reused.
 *
 * <p><b>Handlers may use the wheel</b>, with the rules of {@link ReferenceQueue}. Before an alarm of
 * interval {@code j} fires, {@link #now()} becomes {@code max(now(), intervalNumStart(j))} ({@link
 * #fireNextAlarm}: {@code max(now(), at)}). An alarm that a handler adds before the target fires
 * later in the same call, in order; a pending alarm that a handler removes does not fire;
 * {@link #reset} ends {@link #firePastAlarms} and the firing part of
 * {@link #advanceClockStopAtNextAlarm}; a nested {@code advanceClock},
 * {@code advanceClockStopAtNextAlarm}, {@code firePastAlarms} or {@code fireNextAlarm} throws
 * {@link IllegalStateException}. If a handler throws, the exception propagates, that alarm stays
 * removed, all others stay, and {@code now()} stays where the firing left it.
 *
 * <p><b>Not thread-safe.</b> Every operation costs O(size) or O(log size) at worst.
 *
 * @param <V> the type of the alarm values; null values are allowed
 */
public final class ReferenceWheel<V> {
    private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);

    /** An alarm's time and value. */
    private record Alarm<V>(long at, V value) {}

    private final TimingWheelConfig config;
    private final long start;
    private final long precision;
    /** The interval that holds {@link Long#MAX_VALUE}. */
    private final long lastInterval;
    /** The last time whose interval number is representable. */
    private final long lastTime;
    private final ModelOrder<Long, Alarm<V>> order = new ModelOrder<>();
    private long now;
    /** Counts {@link #reset}s, so that a firing of past alarms can tell that a handler ended it. */
    private int resets;

    /**
     * A wheel whose clock starts at {@code start}.
     *
     * @param config the precision and levels
     * @param start the start of interval 0 and the initial {@link #now()}; any value
     * @throws NullPointerException if {@code config} is null
     * @throws IllegalArgumentException if a level has more than 24 bits, as the real wheel refuses
     */
    public ReferenceWheel(TimingWheelConfig config, long start) {
        this.config = Objects.requireNonNull(config, "config is null");
        Levels.checkBuildable(config.levelBits());
        this.start = start;
        this.precision = config.alarmPrecision();
        this.now = start;
        this.lastInterval = num(Long.MAX_VALUE);
        this.lastTime = big(start).add(MAX.add(BigInteger.ONE).multiply(big(precision))).subtract(BigInteger.ONE)
                .min(MAX).longValueExact();
    }

    private static BigInteger big(long v) {
        return BigInteger.valueOf(v);
    }

    /** The interval of {@code time >= start}, capped at {@link Long#MAX_VALUE}. */
    private long num(long time) {
        return big(time).subtract(big(start)).divide(big(precision)).min(MAX).longValueExact();
    }

    /** The start of interval {@code n}, for {@code 0 <= n <= lastInterval}. */
    private long numStart(long n) {
        return big(start).add(big(n).multiply(big(precision))).longValueExact();
    }

    /** {@return the configuration} */
    public TimingWheelConfig config() {
        return config;
    }

    /** {@return the length of one interval} */
    public long alarmPrecision() {
        return precision;
    }

    /** {@return the start of interval 0} */
    public long start() {
        return start;
    }

    /** {@return the current time} */
    public long now() {
        return now;
    }

    /** {@return the number of pending alarms} */
    public int size() {
        return order.size();
    }

    /** {@return whether no alarm is pending} */
    public boolean isEmpty() {
        return order.size() == 0;
    }

    /**
     * Returns the interval number of a time.
     *
     * @param time a time {@code >= start()}
     * @return {@code floor((time - start()) / alarmPrecision())}, capped at {@link Long#MAX_VALUE}
     * @throws IllegalArgumentException if {@code time < start()}
     */
    public long intervalNum(long time) {
        checkTime(time);
        return num(time);
    }

    /** {@return the interval of {@link #now()}} */
    public long nowIntervalNum() {
        return num(now);
    }

    /**
     * Returns the first time of an interval.
     *
     * @param n an interval number
     * @return {@code start() + n × alarmPrecision()}
     * @throws IllegalArgumentException if {@code n < 0} or the result would exceed {@link Long#MAX_VALUE}
     */
    public long intervalNumStart(long n) {
        if (n < 0 || n > lastInterval) {
            throw new IllegalArgumentException("interval number: " + n + " (expected: 0.." + lastInterval + ")");
        }
        return numStart(n);
    }

    /**
     * Returns the start of the interval that holds a time.
     *
     * @param time a time {@code >= start()}
     * @return the start of its interval
     * @throws IllegalArgumentException if {@code time < start()}
     */
    public long intervalStart(long time) {
        checkTime(time);
        return numStart(num(time));
    }

    /** {@return the greatest time {@link #add} accepts (see the class documentation)} */
    public long maxAllowedAlarmTime() {
        long maxKey = Levels.maxAllowedKey(config.levelBits(), nowIntervalNum());
        return maxKey >= lastInterval ? lastTime : numStart(maxKey + 1) - 1;
    }

    /** {@return {@link #maxAllowedAlarmTime()} + 1, saturating at {@link Long#MAX_VALUE}} */
    public long alarmUpperBound() {
        long max = maxAllowedAlarmTime();
        return max == Long.MAX_VALUE ? max : max + 1;
    }

    /** {@return the interval of {@link #maxAllowedAlarmTime()}} */
    public long maxAllowedAlarmIntervalNum() {
        return num(maxAllowedAlarmTime());
    }

    /**
     * Adds an alarm at the back of its interval's insertion order.
     *
     * @param at the time, {@code intervalStart(now()) <= at <= maxAllowedAlarmTime()}
     * @param value the value, possibly null
     * @return a new alarm handle
     * @throws IllegalArgumentException if {@code at} is out of that range
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public long add(long at, V value) {
        checkAlarmTime(at);
        order.requireMutable();
        return order.add(num(at), new Alarm<>(at, value), false);
    }

    /**
     * Adds an alarm at the front of its interval's insertion order.
     *
     * @param at the time, {@code intervalStart(now()) <= at <= maxAllowedAlarmTime()}
     * @param value the value, possibly null
     * @return a new alarm handle
     * @throws IllegalArgumentException if {@code at} is out of that range
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public long addFirst(long at, V value) {
        checkAlarmTime(at);
        order.requireMutable();
        return order.add(num(at), new Alarm<>(at, value), true);
    }

    /**
     * Adds an alarm at the time of {@code alarm}, immediately before it.
     *
     * @param alarm a pending alarm
     * @param value the value, possibly null
     * @return a new alarm handle
     * @throws IllegalArgumentException if {@code alarm} is not pending
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public long addBefore(long alarm, V value) {
        return addBeside(alarm, value, false);
    }

    /**
     * Adds an alarm at the time of {@code alarm}, immediately after it.
     *
     * @param alarm a pending alarm
     * @param value the value, possibly null
     * @return a new alarm handle
     * @throws IllegalArgumentException if {@code alarm} is not pending
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public long addAfter(long alarm, V value) {
        return addBeside(alarm, value, true);
    }

    private long addBeside(long alarm, V value, boolean after) {
        ModelOrder.Entry<Long, Alarm<V>> ref = order.live("alarm", alarm);
        order.requireMutable();
        return order.addBeside(ref, new Alarm<>(ref.payload.at(), value), after);
    }

    /**
     * Adds an alarm at the start of interval {@code n}.
     *
     * @param n the interval number
     * @param value the value, possibly null
     * @return a new alarm handle
     * @throws IllegalArgumentException if {@code n} is not an interval or its start is not a valid time
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public long addAtIntervalNum(long n, V value) {
        return add(intervalNumStart(n), value);
    }

    /**
     * Tells whether a handle names a pending alarm of this wheel.
     *
     * @param alarm any value
     * @return whether it names a pending alarm
     */
    public boolean contains(long alarm) {
        return order.find(alarm) != null;
    }

    /**
     * Removes a pending alarm.
     *
     * @param alarm any value
     * @return true if it was pending and is now removed, false if not pending
     * @throws java.util.ConcurrentModificationException if pending and called from {@link #forEach} or
     *     {@link #forEachInOrder}
     */
    public boolean remove(long alarm) {
        ModelOrder.Entry<Long, Alarm<V>> e = order.find(alarm);
        if (e == null) {
            return false;
        }
        order.requireMutable();
        order.remove(e);
        return true;
    }

    /**
     * Moves a pending alarm to a new time; it keeps its handle and goes to the back of its interval.
     *
     * @param alarm a pending alarm
     * @param at the new time, valid as for {@link #add}
     * @throws IllegalArgumentException if {@code alarm} is not pending or {@code at} is invalid
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public void reschedule(long alarm, long at) {
        checkAlarmTime(at);
        ModelOrder.Entry<Long, Alarm<V>> e = order.live("alarm", alarm);
        order.requireMutable();
        e.payload = new Alarm<>(at, e.payload.value());
        order.move(e, num(at));
    }

    /**
     * Moves a pending alarm to the start of interval {@code n}.
     *
     * @param alarm a pending alarm
     * @param n the interval number
     * @throws IllegalArgumentException if {@code alarm} is not pending or {@code n} is invalid
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public void rescheduleAtIntervalNum(long alarm, long n) {
        order.live("alarm", alarm);
        reschedule(alarm, intervalNumStart(n));
    }

    /**
     * Returns a pending alarm's time.
     *
     * @param alarm a pending alarm
     * @return its time
     * @throws IllegalArgumentException if {@code alarm} is not pending
     */
    public long alarmAt(long alarm) {
        return order.live("alarm", alarm).payload.at();
    }

    /**
     * Returns a pending alarm's interval number.
     *
     * @param alarm a pending alarm
     * @return its interval number
     * @throws IllegalArgumentException if {@code alarm} is not pending
     */
    public long alarmIntervalNum(long alarm) {
        return order.live("alarm", alarm).key;
    }

    /**
     * Returns a pending alarm's value.
     *
     * @param alarm a pending alarm
     * @return its value, possibly null
     * @throws IllegalArgumentException if {@code alarm} is not pending
     */
    public V alarmValue(long alarm) {
        return order.live("alarm", alarm).payload.value();
    }

    /**
     * Replaces a pending alarm's value; its time and place stay.
     *
     * @param alarm a pending alarm
     * @param value the new value, possibly null
     * @return the old value
     * @throws IllegalArgumentException if {@code alarm} is not pending
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public V setAlarmValue(long alarm, V value) {
        ModelOrder.Entry<Long, Alarm<V>> e = order.live("alarm", alarm);
        order.requireMutable();
        V old = e.payload.value();
        e.payload = new Alarm<>(e.payload.at(), value);
        return old;
    }

    /**
     * Removes every alarm; the clock stays.
     *
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public void clear() {
        order.requireMutable();
        order.clear();
    }

    /**
     * Removes every alarm and sets {@link #now()}, earlier or later than before.
     *
     * @param now the new time, {@code >= start()}
     * @throws IllegalArgumentException if {@code now < start()}
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public void reset(long now) {
        checkTime(now);
        order.requireMutable();
        order.clear();
        this.now = now;
        resets++;
    }

    /**
     * Does nothing but refuse to run from an iteration, as the real wheel's storage trim does.
     *
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public void trimToSize() {
        order.requireMutable();
    }

    /**
     * Hands each pending alarm to {@code action} once (here in firing order; the real wheel promises no order).
     *
     * @param action receives each alarm; must not modify the wheel
     * @throws NullPointerException if {@code action} is null
     * @throws java.util.ConcurrentModificationException if {@code action} modifies the wheel or moves its clock
     */
    public void forEach(AlarmConsumer<? super V> action) {
        forEachInOrder(action);
    }

    /**
     * Hands each pending alarm to {@code action} once, in firing order.
     *
     * @param action receives each alarm; must not modify the wheel
     * @throws NullPointerException if {@code action} is null
     * @throws java.util.ConcurrentModificationException if {@code action} modifies the wheel or moves its clock
     */
    public void forEachInOrder(AlarmConsumer<? super V> action) {
        Objects.requireNonNull(action, "action is null");
        order.iterate(e -> action.accept(e.handle, e.payload.at(), e.payload.value()));
    }

    /**
     * Fires every alarm with {@code at < intervalStart(to)}, in order, then sets {@code now()} to
     * {@code max(now(), to)}. Does nothing but the checks if {@code to <= now()}.
     *
     * @param to the new time
     * @param handler receives each fired alarm
     * @throws NullPointerException if {@code handler} is null
     * @throws IllegalStateException if called from inside a handler of this wheel
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public void advanceClock(long to, AlarmConsumer<? super V> handler) {
        Objects.requireNonNull(handler, "handler is null");
        order.beginDelivery("advanceClock");
        try {
            if (to > now) {
                fireBefore(num(to), handler);
                now = Math.max(now, to);
            }
        } finally {
            order.endDelivery();
        }
    }

    /** Fires, in order, every alarm whose interval is below {@code interval}, including those added meanwhile. */
    private void fireBefore(long interval, AlarmConsumer<? super V> handler) {
        for (ModelOrder.Entry<Long, Alarm<V>> e = order.first(); e != null && e.key < interval; e = order.first()) {
            order.remove(e);
            now = Math.max(now, numStart(e.key));
            handler.accept(e.handle, e.payload.at(), e.payload.value());
        }
    }

    /**
     * Fires, in insertion order, the alarms of the current interval whose time is {@code <= now()},
     * including those that handlers add meanwhile; a handler's {@link #reset} ends the call. The
     * clock does not move.
     *
     * @param handler receives each fired alarm
     * @throws NullPointerException if {@code handler} is null
     * @throws IllegalStateException if called from inside a handler of this wheel
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public void firePastAlarms(AlarmConsumer<? super V> handler) {
        Objects.requireNonNull(handler, "handler is null");
        order.beginDelivery("firePastAlarms");
        try {
            firePast(handler);
        } finally {
            order.endDelivery();
        }
    }

    private void firePast(AlarmConsumer<? super V> handler) {
        long interval = nowIntervalNum();
        long maxAt = now;
        int resetsBefore = resets;
        while (true) {
            ModelOrder.Entry<Long, Alarm<V>> next = null;
            for (ModelOrder.Entry<Long, Alarm<V>> e : order.inOrder()) {
                if (e.key == interval && e.payload.at() <= maxAt) {
                    next = e;
                    break;
                }
            }
            if (next == null) {
                return;
            }
            order.remove(next);
            handler.accept(next.handle, next.payload.at(), next.payload.value());
            if (resets != resetsBefore) {
                return;
            }
        }
    }

    /**
     * The simulator's step: if the wheel is empty or {@code minAlarmTime() > to}, as
     * {@link #advanceClock}; otherwise moves {@code now()} to {@code max(now(), minAlarmTime())} and
     * fires as {@link #firePastAlarms} does.
     *
     * @param to the time not to go beyond
     * @param handler receives each fired alarm
     * @throws NullPointerException if {@code handler} is null
     * @throws IllegalStateException if called from inside a handler of this wheel
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public void advanceClockStopAtNextAlarm(long to, AlarmConsumer<? super V> handler) {
        Objects.requireNonNull(handler, "handler is null");
        order.beginDelivery("advanceClockStopAtNextAlarm");
        try {
            if (isEmpty() || minAlarmTime() > to) {
                if (to > now) {
                    fireBefore(num(to), handler);
                    now = Math.max(now, to);
                }
                return;
            }
            now = Math.max(now, minAlarmTime());
            firePast(handler);
        } finally {
            order.endDelivery();
        }
    }

    /**
     * Removes the first alarm in firing order, moves {@link #now()} to {@code max(now(), at)} of it,
     * and hands it to {@code handler}.
     *
     * @param handler receives the fired alarm
     * @return false, without calling {@code handler}, if the wheel is empty; else true
     * @throws NullPointerException if {@code handler} is null
     * @throws IllegalStateException if called from inside a handler of this wheel
     * @throws java.util.ConcurrentModificationException if called from {@link #forEach} or {@link #forEachInOrder}
     */
    public boolean fireNextAlarm(AlarmConsumer<? super V> handler) {
        Objects.requireNonNull(handler, "handler is null");
        order.requireNotDelivering("fireNextAlarm");
        order.requireMutable();
        ModelOrder.Entry<Long, Alarm<V>> e = order.first();
        if (e == null) {
            return false;
        }
        order.remove(e);
        now = Math.max(now, e.payload.at());
        order.beginDelivery("fireNextAlarm");
        try {
            handler.accept(e.handle, e.payload.at(), e.payload.value());
        } finally {
            order.endDelivery();
        }
        return true;
    }

    /**
     * {@return the least {@code to} at which {@link #advanceClock} fires something}
     *
     * @throws NoSuchElementException if the wheel is empty or every alarm is in the last representable interval
     */
    public long nextAlarmFiresAt() {
        long n = minAlarmIntervalNum();
        if (n >= lastInterval) {
            throw new NoSuchElementException("every alarm is in the last representable interval, " + n);
        }
        return numStart(n + 1);
    }

    /**
     * {@return the least interval number of any alarm}
     *
     * @throws NoSuchElementException if the wheel is empty
     */
    public long minAlarmIntervalNum() {
        requireAlarms("minAlarmIntervalNum");
        return order.first().key;
    }

    /**
     * {@return the least time of any alarm}
     *
     * @throws NoSuchElementException if the wheel is empty
     */
    public long minAlarmTime() {
        requireAlarms("minAlarmTime");
        return order.firstGroup().stream().mapToLong(e -> e.payload.at()).min().orElseThrow();
    }

    /**
     * {@return the greatest time among the alarms of the least interval}
     *
     * @throws NoSuchElementException if the wheel is empty
     */
    public long maxAlarmTimeInMinInterval() {
        requireAlarms("maxAlarmTimeInMinInterval");
        return order.firstGroup().stream().mapToLong(e -> e.payload.at()).max().orElseThrow();
    }

    /**
     * Checks the model's own consistency: its map and lists agree, the clock is not before the
     * start, and every alarm sits in its time's interval, at or after the clock's and within the
     * allowed times. O(size).
     *
     * @throws IllegalStateException naming the first violation
     */
    public void checkInvariants() {
        order.check();
        if (now < start) {
            throw new IllegalStateException("now " + now + " is before the start " + start);
        }
        long lo = numStart(nowIntervalNum());
        long hi = maxAllowedAlarmTime();
        for (ModelOrder.Entry<Long, Alarm<V>> e : order.inOrder()) {
            long at = e.payload.at();
            if (at < lo || at > hi || num(at) != e.key) {
                throw new IllegalStateException("alarm " + e.handle + " at " + at + " in interval " + e.key
                        + " (allowed times " + lo + ".." + hi + ")");
            }
        }
    }

    /** {@return the clock, the size and the first few alarms in firing order} */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ReferenceWheel[now=").append(now).append(", start=").append(start)
                .append(", precision=").append(precision).append(", size=").append(size());
        int shown = 0;
        for (ModelOrder.Entry<Long, Alarm<V>> e : order.inOrder()) {
            if (shown == 8) {
                return sb.append(", ...]").toString();
            }
            sb.append(shown++ == 0 ? ", first: " : ", ").append(e.payload.at()).append('=').append(e.payload.value());
        }
        return sb.append(']').toString();
    }

    private void checkTime(long time) {
        if (time < start) {
            throw new IllegalArgumentException("time: " + time + " is before start (expected: " + start + ".."
                    + Long.MAX_VALUE + ")");
        }
    }

    private void checkAlarmTime(long at) {
        long lo = numStart(nowIntervalNum());
        long hi = maxAllowedAlarmTime();
        if (at < lo || at > hi) {
            throw new IllegalArgumentException("at: " + at + " is " + (at < lo ? "before the start of the current interval"
                    : "too far in the future") + " (expected: " + lo + ".." + hi + ")");
        }
    }

    private void requireAlarms(String method) {
        if (isEmpty()) {
            throw new NoSuchElementException(method + " of an empty wheel");
        }
    }
}
