package io.github.radixwheel.alarms;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import io.github.radixwheel.core.internal.Checks;
import it.unimi.dsi.fastutil.objects.Object2LongMap;
import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * One independently locked part of a {@link KeyedTimer}: a {@link TimingWheel} of armings and a
 * fastutil map from key to alarm handle. Every method but {@link #fireTime} must be called with
 * {@link #lock} held.
 */
final class KeyedTimerStripe<K, V> {
    /** Returned by {@link #move} when the key is not armed. */
    static final long NOT_ARMED = Long.MIN_VALUE;
    /** Returned by {@link #set} and {@link #move} when no alarm moved: nothing to wake the driver for. */
    static final long UNCHANGED = Long.MAX_VALUE;
    private static final long NO_ALARM = TimingWheelQueue.NULL_HANDLE;
    private static final Comparator<Armed<?, ?>> BY_DEADLINE = Comparator.comparingLong(armed -> armed.deadline);

    /**
     * One arming: the key and its value. Its deadline and alarm time live in {@link #times}, where
     * a heartbeat reaches them without touching this object; {@link #deadline} is a copy made when
     * the arming leaves the wheel (fired or drained).
     */
    static final class Armed<K, V> {
        final K key;
        V value;
        long deadline;

        Armed(K key, V value) {
            this.key = key;
            this.value = value;
        }
    }

    final StripeLock lock = new StripeLock();
    private final TimingWheel<Armed<K, V>> wheel;
    private final Object2LongOpenHashMap<K> handles = new Object2LongOpenHashMap<>();
    private final AlarmConsumer<Armed<K, V>> collect = this::collect;
    private final long tickNanos;
    /**
     * Per pool index of the wheel's live alarms: {@code [2i]} the key's true deadline,
     * {@code [2i + 1]} the time of its alarm, which is never after the deadline: a later deadline
     * leaves the alarm in place, and it re-arms itself when it fires early.
     */
    private long[] times = new long[128];
    /**
     * At least every alarm time in the wheel (it only grows, until {@link #clear}): a re-arming
     * whose alarm time is at or past it leaves the alarm in place without reading the key's own.
     */
    private long alarmTimeBound = Long.MIN_VALUE;
    /** Armings that expired during the current advance, or null. */
    private List<Armed<K, V>> expired;
    /** Armings whose alarm fired before their deadline during the current advance; reused. */
    private final List<Armed<K, V>> notYetDue = new ArrayList<>();

    KeyedTimerStripe(long tickNanos, LevelBits levelBits, long start) {
        this.tickNanos = tickNanos;
        this.wheel = new TimingWheel<>(new TimingWheelConfig(tickNanos, levelBits), start);
        handles.defaultReturnValue(NO_ALARM);
    }

    /** Arms or re-arms {@code key}; returns its new alarm time, for {@link #fireTime}, or {@link #UNCHANGED}. */
    long set(K key, V value, long t, long delayNanos) {
        long deadline = deadline(t, delayNanos);
        long alarm = handles.getLong(key);
        if (alarm != NO_ALARM) {
            wheel.alarmValue(alarm).value = value;
            return rearm(alarm, deadline);
        }
        arm(new Armed<>(key, value), deadline);
        return alarmTime(deadline);
    }

    /** Gives an armed key a new deadline; returns as {@link #set} does, or {@link #NOT_ARMED}. */
    long move(K key, long t, long delayNanos) {
        long alarm = handles.getLong(key);
        if (alarm == NO_ALARM) {
            return NOT_ARMED;
        }
        return rearm(alarm, deadline(t, delayNanos));
    }

    /** Moves the alarm only if the new deadline is earlier: a later one is checked when it fires. */
    private long rearm(long alarm, long deadline) {
        int i = 2 * poolIndex(alarm);
        times[i] = deadline;
        long at = alarmTime(deadline);
        // A heartbeat's new deadline is usually past every alarm. Then the store above is all it
        // does: its cache miss completes after the caller has gone on (the lock's release has no
        // fence to wait for it), where a read of the key's alarm time would make the caller wait.
        if (at >= alarmTimeBound || at >= times[i + 1]) {
            return UNCHANGED;
        }
        wheel.reschedule(alarm, at);
        times[i + 1] = at;
        return at;
    }

    /** Adds an alarm for {@code armed}, which is not in the wheel. */
    private void arm(Armed<K, V> armed, long deadline) {
        long at = alarmTime(deadline);
        alarmTimeBound = Math.max(alarmTimeBound, at); // first: it must hold even if what follows throws
        long alarm = wheel.add(at, armed);
        handles.put(armed.key, alarm);
        int i = 2 * poolIndex(alarm);
        if (i >= times.length) {
            times = Arrays.copyOf(times, Math.max(i + 2, 2 * times.length));
        }
        times[i] = deadline;
        times[i + 1] = at;
    }

    /** The pool index a live alarm handle names (its low 32 bits), reused only after the alarm leaves. */
    private static int poolIndex(long alarm) {
        return (int) alarm;
    }

    /** The deadline of a live alarm. */
    private long deadlineOf(long alarm) {
        return times[2 * poolIndex(alarm)];
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
        wheel.forEach((alarm, at, armed) -> {
            armed.deadline = deadlineOf(alarm);
            into.add(armed);
        });
        clear();
    }

    void clear() {
        wheel.clear();
        handles.clear();
        alarmTimeBound = Long.MIN_VALUE;
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
                    arm(armed, armed.deadline);
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
        // Copied now: a re-arm after this advance may reuse this alarm's pool index.
        armed.deadline = deadlineOf(alarm);
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

    /**
     * Checks the wheel's invariants and that the map, the wheel and {@link #times} agree: every
     * key's alarm is live and carries that key, its alarm time is the recorded one and after
     * neither the deadline nor {@link #alarmTimeBound}, and the wheel holds nothing else.
     *
     * @throws IllegalStateException naming the first violation found
     */
    void checkInvariants() {
        wheel.checkInvariants();
        if (handles.size() != wheel.size()) {
            throw Checks.state(handles.size() + " keys but " + wheel.size() + " alarms");
        }
        for (Object2LongMap.Entry<K> e : handles.object2LongEntrySet()) {
            long alarm = e.getLongValue();
            if (!wheel.contains(alarm) || wheel.alarmValue(alarm).key != e.getKey()) {
                throw Checks.state("key " + e.getKey() + " maps to alarm " + alarm + ", which is not its own");
            }
            int i = 2 * poolIndex(alarm);
            if (times[i + 1] != wheel.alarmAt(alarm) || times[i + 1] > times[i] || times[i + 1] > alarmTimeBound) {
                throw Checks.state("key " + e.getKey() + ": alarm at " + wheel.alarmAt(alarm) + ", recorded "
                        + times[i + 1] + ", deadline " + times[i] + ", bound " + alarmTimeBound);
            }
        }
    }
}
