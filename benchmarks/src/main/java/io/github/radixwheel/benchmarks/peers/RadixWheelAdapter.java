package io.github.radixwheel.benchmarks.peers;

import io.github.radixwheel.alarms.AlarmConsumer;
import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.LevelBits;

/**
 * radixwheel's {@link TimingWheel}, with precision 1, start 0 and {@link LevelBits#DEFAULT}: one
 * time unit is one interval, so an alarm's interval number is its deadline.
 *
 * <p><b>Driving it.</b> {@link #schedule} is {@code add(deadline, payload)} and the id is the alarm
 * handle; {@link #cancel} is {@code remove}; {@link #reschedule} is {@code reschedule}, which
 * checks the handle once, as the other adapters check theirs once: the wheel throws for an alarm
 * that is not pending, and the adapter turns that into {@code false} (a {@code contains} check
 * first would check every handle twice);
 * {@link #nextExpiry} is {@code minAlarmTime()}, exact. {@link #advanceTo advanceTo(now)} is
 * {@code advanceClock(now + 1, handler)}: the wheel fires every alarm with
 * {@code at < intervalStart(now + 1) = now + 1}, that is exactly those with {@code at <= now},
 * and leaves its own clock at {@code now + 1}, which is also the least deadline {@code add} then
 * accepts, matching this interface's rule {@code deadline > now()}. At {@code now ==
 * Long.MAX_VALUE}, which has no successor, it is {@code advanceClock(MAX_VALUE)} followed by
 * {@code firePastAlarms}. {@link #fireNext} is {@code fireNextAlarm}, the simulator's step.
 *
 * <p><b>Payloads</b> are the alarms' values, as a user's are: the wheel stores the reference in
 * the alarm's value slot, hands it to the handler when the alarm fires, and clears the slot when
 * the alarm fires or is removed.
 *
 * <p><b>Cost.</b> Nothing is allocated per operation: the handler is this adapter itself. The
 * wheel's element pool starts at its default capacity and doubles as needed,
 * so growth happens only while the first N timers are scheduled. Stale handles are detected by
 * the wheel, so {@link #cancel} of a fired or cancelled timer returns false even after its slot
 * is reused. Everything is supported.
 */
public final class RadixWheelAdapter extends TimerAdapter implements AlarmConsumer<Object> {
    private final TimingWheel<Object> wheel = new TimingWheel<>(new TimingWheelConfig(1, LevelBits.DEFAULT), 0L);
    /** The time of the alarm fired last. */
    private long lastAt;

    /**
     * @param listener receives each fired timer
     */
    public RadixWheelAdapter(TimerListener listener) {
        super(listener);
    }

    @Override
    public String name() {
        return "radixwheel TimingWheel";
    }

    @Override
    public long schedule(long deadline, Object payload) {
        checkSchedule(deadline, payload);
        return wheel.add(deadline, payload);
    }

    @Override
    public boolean cancel(long id) {
        return wheel.remove(id);
    }

    @Override
    public boolean reschedule(long id, long deadline) {
        checkFuture(deadline);
        try {
            wheel.reschedule(id, deadline); // checks once that the alarm is pending
            return true;
        } catch (IllegalArgumentException e) {
            if (wheel.contains(id)) {
                throw e; // pending: the deadline was out of range
            }
            return false;
        }
    }

    @Override
    protected void fireDue(long now) {
        if (now < Long.MAX_VALUE) {
            wheel.advanceClock(now + 1, this);
        } else {
            wheel.advanceClock(now, this);
            wheel.firePastAlarms(this);
        }
    }

    /** The wheel's handler: one fired alarm, with its value. */
    @Override
    public void accept(long alarm, long at, Object value) {
        lastAt = at;
        fired(alarm, value);
    }

    @Override
    public long nextExpiry() {
        return wheel.isEmpty() ? Long.MAX_VALUE : wheel.minAlarmTime();
    }

    @Override
    public long fireNext() {
        if (!wheel.fireNextAlarm(this)) {
            throw empty();
        }
        return movedTo(lastAt); // the alarm's own time, not the clock: the benchmark checks its order
    }

    @Override
    public int size() {
        return wheel.size();
    }

    /** @return the wheel */
    @Override
    public TimingWheel<Object> structure() {
        return wheel;
    }
}
