package io.github.radixwheel.alarms;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import io.github.radixwheel.core.internal.Checks;
import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One independently locked part of a {@link KeyedTimer}: a {@link TimingWheel} of armings and a
 * fastutil map from key to alarm handle. Every method but {@link #fireTime} must be called with
 * {@link #lock} held.
 */
final class KeyedTimerStripe<K, V> {
    /** Returned by {@link #move} when the key is not armed. */
    static final long NOT_ARMED = Long.MIN_VALUE;
    private static final long NO_ALARM = TimingWheelQueue.NULL_HANDLE;

    /** One arming: the key, its value and its true deadline. */
    static final class Armed<K, V> {
        final K key;
        V value;
        /** Read only when the wheel's range is bounded: the alarm may then sit before it. */
        long deadline;

        Armed(K key, V value, long deadline) {
            this.key = key;
            this.value = value;
            this.deadline = deadline;
        }
    }

    final ReentrantLock lock = new ReentrantLock();
    private final TimingWheel<Armed<K, V>> wheel;
    private final Object2LongOpenHashMap<K> handles = new Object2LongOpenHashMap<>();
    private final AlarmConsumer<Armed<K, V>> collect = this::collect;
    private final long tickNanos;
    /** Whether every time fits in the wheel (63 level bits), so that an alarm sits at its deadline. */
    private final boolean unbounded;
    /** Armings that expired during the current advance, or null. */
    private List<Armed<K, V>> expired;
    /** Armings whose alarm fired before their deadline during the current advance, or null. */
    private List<Armed<K, V>> notYetDue;

    KeyedTimerStripe(long tickNanos, LevelBits levelBits, long start) {
        this.tickNanos = tickNanos;
        this.wheel = new TimingWheel<>(new TimingWheelConfig(tickNanos, levelBits), start);
        this.unbounded = levelBits.numBits() == LevelBits.MAX_NUM_BITS;
        handles.defaultReturnValue(NO_ALARM);
    }

    /** Arms or re-arms {@code key}; returns the alarm time, for {@link #fireTime}. */
    long set(K key, V value, long t, long delayNanos) {
        long deadline = deadline(t, delayNanos);
        long alarm = handles.getLong(key);
        if (alarm != NO_ALARM) {
            Armed<K, V> armed = wheel.alarmValue(alarm);
            armed.value = value;
            armed.deadline = deadline;
            return rearm(alarm, deadline);
        }
        long at = Math.min(deadline, wheel.maxAllowedAlarmTime());
        handles.put(key, wheel.add(at, new Armed<>(key, value, deadline)));
        return at;
    }

    /** Gives an armed key a new deadline; returns the alarm time, or {@link #NOT_ARMED}. */
    long move(K key, long t, long delayNanos) {
        long alarm = handles.getLong(key);
        if (alarm == NO_ALARM) {
            return NOT_ARMED;
        }
        long deadline = deadline(t, delayNanos);
        if (!unbounded) {
            wheel.alarmValue(alarm).deadline = deadline;
        }
        return rearm(alarm, deadline);
    }

    private long rearm(long alarm, long deadline) {
        long at = Math.min(deadline, wheel.maxAllowedAlarmTime());
        wheel.reschedule(alarm, at);
        return at;
    }

    /** The deadline of an arming made at {@code t}: never before the wheel's clock. */
    private long deadline(long t, long delayNanos) {
        long base = Math.max(t, wheel.now());
        return delayNanos <= 0 ? base : Checks.saturatedAdd(base, delayNanos);
    }

    boolean remove(K key) {
        long alarm = handles.removeLong(key);
        return alarm != NO_ALARM && wheel.remove(alarm);
    }

    boolean containsKey(K key) {
        return handles.containsKey(key);
    }

    int size() {
        return handles.size();
    }

    /** Disarms everything, adding the armings to {@code into}. */
    void drainInto(List<Armed<K, V>> into) {
        wheel.forEach((alarm, at, armed) -> into.add(armed));
        clear();
    }

    void clear() {
        wheel.clear();
        handles.clear();
    }

    /**
     * Advances the clock to {@code to}, disarming what expires.
     *
     * @return {@code into} with the expired armings appended (a new list if {@code into} was
     *     null and something expired)
     */
    List<Armed<K, V>> advance(long to, List<Armed<K, V>> into) {
        expired = into;
        wheel.advanceClock(to, collect);
        if (notYetDue != null) {
            // Armings beyond the wheel's range when armed: expire them now if due, else re-arm once.
            List<Armed<K, V>> pending = notYetDue;
            notYetDue = null;
            long firstUnfired = wheel.intervalStart(wheel.now());
            for (Armed<K, V> armed : pending) {
                if (armed.deadline < firstUnfired) {
                    expire(armed);
                } else {
                    handles.put(armed.key, wheel.add(Math.min(armed.deadline, wheel.maxAllowedAlarmTime()), armed));
                }
            }
        }
        List<Armed<K, V>> out = expired;
        expired = null;
        return out;
    }

    private void collect(long alarm, long at, Armed<K, V> armed) {
        if (!unbounded && armed.deadline > at) {
            if (notYetDue == null) {
                notYetDue = new ArrayList<>();
            }
            notYetDue.add(armed);
        } else {
            expire(armed);
        }
    }

    private void expire(Armed<K, V> armed) {
        handles.removeLong(armed.key);
        if (expired == null) {
            expired = new ArrayList<>();
        }
        expired.add(armed);
    }

    /** When an advance would first fire something, or {@link Long#MAX_VALUE} if never. */
    long nextFireTime() {
        if (wheel.isEmpty() || wheel.minAlarmIntervalNum() >= wheel.intervalNum(Long.MAX_VALUE)) {
            return Long.MAX_VALUE;
        }
        return wheel.nextAlarmFiresAt();
    }

    /** When an advance would fire an alarm at {@code at}; needs no lock (reads only the fixed config). */
    long fireTime(long at) {
        return Checks.saturatedAdd(wheel.intervalStart(at), tickNanos);
    }

    long now() {
        return wheel.now();
    }
}
