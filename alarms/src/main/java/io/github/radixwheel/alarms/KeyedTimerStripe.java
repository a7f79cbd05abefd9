package io.github.radixwheel.alarms;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import io.github.radixwheel.core.internal.Checks;
import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.util.ArrayList;
import java.util.Comparator;
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
    private static final Comparator<Armed<?, ?>> BY_DEADLINE = Comparator.comparingLong(armed -> armed.deadline);

    /**
     * One arming: the key, its value, its true deadline, and the time of its alarm in the wheel,
     * which may lie before the deadline: a later deadline does not move the alarm (a heartbeat then
     * costs one hash lookup and two stores); the alarm re-arms itself when it fires early.
     */
    static final class Armed<K, V> {
        final K key;
        V value;
        long deadline;
        long at;

        Armed(K key, V value, long deadline, long at) {
            this.key = key;
            this.value = value;
            this.deadline = deadline;
            this.at = at;
        }
    }

    /** Spins before blocking: the critical sections are short, and parking costs microseconds. */
    private static final int SPINS = 128;

    final ReentrantLock lock = new ReentrantLock();
    private final TimingWheel<Armed<K, V>> wheel;
    private final Object2LongOpenHashMap<K> handles = new Object2LongOpenHashMap<>();
    private final AlarmConsumer<Armed<K, V>> collect = this::collect;
    private final long tickNanos;
    /** Armings that expired during the current advance, or null. */
    private List<Armed<K, V>> expired;
    /** Armings whose alarm fired before their deadline during the current advance; reused. */
    private final List<Armed<K, V>> notYetDue = new ArrayList<>();

    KeyedTimerStripe(long tickNanos, LevelBits levelBits, long start) {
        this.tickNanos = tickNanos;
        this.wheel = new TimingWheel<>(new TimingWheelConfig(tickNanos, levelBits), start);
        handles.defaultReturnValue(NO_ALARM);
    }

    /**
     * Takes {@link #lock}, spinning briefly before blocking: another thread holds it for one short
     * operation, and a thread that parks on a contended lock pays a system call to wake up.
     */
    void acquire() {
        for (int i = 0; i < SPINS; i++) {
            if (lock.tryLock()) {
                return;
            }
            Thread.onSpinWait();
        }
        lock.lock();
    }

    /** Arms or re-arms {@code key}; returns the alarm time, for {@link #fireTime}. */
    long set(K key, V value, long t, long delayNanos) {
        long deadline = deadline(t, delayNanos);
        long alarm = handles.getLong(key);
        if (alarm != NO_ALARM) {
            Armed<K, V> armed = wheel.alarmValue(alarm);
            armed.value = value;
            return rearm(alarm, armed, deadline);
        }
        long at = alarmTime(deadline);
        handles.put(key, wheel.add(at, new Armed<>(key, value, deadline, at)));
        return at;
    }

    /** Gives an armed key a new deadline; returns the alarm time, or {@link #NOT_ARMED}. */
    long move(K key, long t, long delayNanos) {
        long alarm = handles.getLong(key);
        if (alarm == NO_ALARM) {
            return NOT_ARMED;
        }
        return rearm(alarm, wheel.alarmValue(alarm), deadline(t, delayNanos));
    }

    /** Moves the alarm only if the new deadline is earlier: a later one is checked when it fires. */
    private long rearm(long alarm, Armed<K, V> armed, long deadline) {
        armed.deadline = deadline;
        long at = alarmTime(deadline);
        if (at < armed.at) {
            wheel.reschedule(alarm, at);
            armed.at = at;
        }
        return armed.at;
    }

    /** Where the alarm for {@code deadline} goes: the deadline, unless it lies beyond the wheel. */
    private long alarmTime(long deadline) {
        return Math.min(deadline, wheel.maxAllowedAlarmTime());
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
        int from = into == null ? 0 : into.size();
        wheel.advanceClock(to, collect);
        if (!notYetDue.isEmpty()) {
            // Alarms that fired before their deadline: expire those now due, re-arm the others once.
            long firstUnfired = wheel.intervalStart(wheel.now());
            boolean late = false;
            for (Armed<K, V> armed : notYetDue) {
                if (armed.deadline < firstUnfired) {
                    expire(armed);
                    late = true;
                } else {
                    armed.at = alarmTime(armed.deadline);
                    handles.put(armed.key, wheel.add(armed.at, armed));
                }
            }
            notYetDue.clear();
            if (late) {
                expired.subList(from, expired.size()).sort(BY_DEADLINE);
            }
        }
        List<Armed<K, V>> out = expired;
        expired = null;
        return out;
    }

    private void collect(long alarm, long at, Armed<K, V> armed) {
        if (armed.deadline > at) {
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
