package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/** A {@link TimingWheel} and its {@link WheelModel}, driven in lockstep by the model test. */
final class WheelHarness {
    /** What a handler does on one firing; fractions pick alarms and times relative to the state. */
    record Step(Kind kind, double a, double b) {
        @Override
        public String toString() {
            return kind + (kind.usesFractions ? String.format("(%.2f,%.2f)", a, b) : "");
        }
    }

    enum Kind {
        NONE(false), ADD_AT_NOW(false), ADD(true), ADD_BEFORE_INTERVAL(false), REMOVE_PENDING(true),
        RESCHEDULE_PENDING(true), CLEAR(false), THROW(false), NESTED_ADVANCE(false), NESTED_FIRE_PAST(false),
        NESTED_STEP(false), QUERY(false);

        final boolean usesFractions;

        Kind(boolean usesFractions) {
            this.usesFractions = usesFractions;
        }
    }

    static final class Boom extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Boom() {
            super("boom", null, false, false);
        }
    }

    /** Which rule decides the next alarm to fire. */
    private enum Mode { ADVANCE, PAST }

    final TimingWheelConfig config;
    final TimingWheel<Long> wheel;
    final WheelModel model;
    final Map<Long, Long> values = new HashMap<>();
    final List<Long> dead = new ArrayList<>();
    private long nextValue;

    WheelHarness(TimingWheelConfig config, long start) {
        this.config = config;
        this.wheel = new TimingWheel<>(config, start);
        this.model = new WheelModel(start, config.alarmPrecision());
    }

    LevelBits bits() {
        return config.levelBits();
    }

    /** The least time add accepts. */
    long lo() {
        return model.intervalStart(model.now);
    }

    /** The greatest time add accepts. */
    long hi() {
        return wheel.maxAllowedAlarmTime();
    }

    void add(long at) {
        Long value = nextValue++;
        long alarm = wheel.add(at, value);
        assertFalse(model.contains(alarm), "handle reused while live");
        model.add(alarm, at);
        values.put(alarm, value);
    }

    void addInvalid(long at) {
        String before = wheel.toString();
        assertThrows(IllegalArgumentException.class, () -> wheel.add(at, -1L));
        assertEquals(before, wheel.toString());
        assertEquals(model.size(), wheel.size());
    }

    void remove(long alarm) {
        boolean expected = model.remove(alarm);
        assertEquals(expected, wheel.remove(alarm), "remove");
        if (expected) {
            retire(alarm);
        }
    }

    void reschedule(long alarm, long at) {
        if (model.contains(alarm)) {
            wheel.reschedule(alarm, at);
            model.remove(alarm);
            model.add(alarm, at);
        } else {
            assertThrows(IllegalArgumentException.class, () -> wheel.reschedule(alarm, at));
        }
    }

    void clear() {
        for (long alarm : model.handlesInOrder()) {
            retire(alarm);
        }
        model.clear();
        wheel.clear();
    }

    void query() {
        if (model.isEmpty()) {
            assertThrows(NoSuchElementException.class, wheel::nextAlarmFiresAt);
            assertThrows(NoSuchElementException.class, wheel::minAlarmTime);
            assertThrows(NoSuchElementException.class, wheel::maxAlarmTimeInMinInterval);
            assertThrows(NoSuchElementException.class, wheel::minAlarmIntervalNum);
            return;
        }
        assertEquals(model.minInterval(), wheel.minAlarmIntervalNum(), "minAlarmIntervalNum");
        assertEquals(model.minTime(), wheel.minAlarmTime(), "minAlarmTime");
        assertEquals(model.maxTimeInMinInterval(), wheel.maxAlarmTimeInMinInterval(), "maxAlarmTimeInMinInterval");
        if (model.minInterval() >= model.lastInterval) {
            assertThrows(NoSuchElementException.class, wheel::nextAlarmFiresAt);
        } else {
            assertEquals(model.intervalNumStart(model.minInterval() + 1), wheel.nextAlarmFiresAt(), "nextAlarmFiresAt");
        }
    }

    void advance(long to, List<Step> script) {
        try {
            wheel.advanceClock(to, handler(Mode.ADVANCE, to, script));
        } catch (Boom expected) {
            return;
        }
        finishAdvance(to);
    }

    void firePast(List<Step> script) {
        try {
            wheel.firePastAlarms(handler(Mode.PAST, model.now, script));
        } catch (Boom expected) {
            return;
        }
        assertNull(model.nextPast(), "a past alarm of the current interval did not fire");
    }

    void step(long to, List<Step> script) {
        if (model.isEmpty() || model.minTime() > to) {
            try {
                wheel.advanceClockStopAtNextAlarm(to, handler(Mode.ADVANCE, to, script));
            } catch (Boom expected) {
                return;
            }
            finishAdvance(to);
            return;
        }
        model.now = Math.max(model.now, model.minTime());
        try {
            wheel.advanceClockStopAtNextAlarm(to, handler(Mode.PAST, to, script));
        } catch (Boom expected) {
            return;
        }
        assertEquals(model.now, wheel.now(), "now after a step");
        assertNull(model.nextPast(), "an alarm at the step's time did not fire");
    }

    private void finishAdvance(long to) {
        if (to > model.now) {
            model.now = to;
        }
        assertNull(model.nextBefore(to), "an alarm before the target did not fire");
        assertEquals(model.now, wheel.now(), "now after advanceClock");
    }

    private AlarmConsumer<Long> handler(Mode mode, long to, List<Step> script) {
        int[] firings = {0};
        return (alarm, at, value) -> {
            Long expected = mode == Mode.ADVANCE ? model.nextBefore(to) : model.nextPast();
            assertTrue(expected != null, "fired an unexpected alarm at " + at);
            assertEquals(expected, alarm, "firing order");
            assertEquals(model.at(expected), at, "fired time");
            assertEquals(values.get(alarm), value, "fired value");
            if (mode == Mode.ADVANCE) {
                assertTrue(at < to, "fired early: at " + at + ", to " + to);
                model.now = Math.max(model.now, model.intervalNumStart(model.intervalNum(at)));
            } else {
                assertTrue(at <= model.now, "fired a future alarm of the current interval");
            }
            assertEquals(model.now, wheel.now(), "now inside the handler");
            model.remove(alarm);
            retire(alarm);
            assertFalse(wheel.contains(alarm), "a fired alarm is still contained");
            int i = firings[0]++;
            runStep(i < script.size() ? script.get(i) : new Step(Kind.NONE, 0, 0), to);
        };
    }

    private void runStep(Step step, long to) {
        List<Long> pending = model.handlesInOrder();
        long lo = lo();
        switch (step.kind()) {
            case NONE -> { }
            case ADD_AT_NOW -> {
                if (model.now <= hi()) {
                    add(model.now);
                } else {
                    addInvalid(model.now); // past the last time with an interval number
                }
            }
            case ADD -> {
                long reach = Math.max(to, model.now);
                long span = Math.min(hi(), reach > Long.MAX_VALUE - 3 * config.alarmPrecision()
                        ? Long.MAX_VALUE : reach + 2 * config.alarmPrecision()) - lo;
                add(lo + (long) (step.a() * (double) (span < 0 ? Long.MAX_VALUE : span)));
            }
            case ADD_BEFORE_INTERVAL -> {
                if (lo > Long.MIN_VALUE) {
                    addInvalid(lo - 1);
                }
            }
            case REMOVE_PENDING -> {
                if (!pending.isEmpty()) {
                    remove(pending.get((int) (step.a() * pending.size())));
                }
            }
            case RESCHEDULE_PENDING -> {
                if (!pending.isEmpty()) {
                    long span = Math.min(hi(), Math.max(to, model.now)) - lo;
                    reschedule(pending.get((int) (step.a() * pending.size())),
                            lo + (long) (step.b() * (double) (span < 0 ? Long.MAX_VALUE : span)));
                }
            }
            case CLEAR -> clear();
            case THROW -> throw new Boom();
            case NESTED_ADVANCE -> assertThrows(IllegalStateException.class,
                    () -> wheel.advanceClock(to, (a, t, v) -> { }));
            case NESTED_FIRE_PAST -> assertThrows(IllegalStateException.class,
                    () -> wheel.firePastAlarms((a, t, v) -> { }));
            case NESTED_STEP -> assertThrows(IllegalStateException.class,
                    () -> wheel.advanceClockStopAtNextAlarm(to, (a, t, v) -> { }));
            case QUERY -> query();
        }
    }

    private void retire(long alarm) {
        values.remove(alarm);
        if (dead.size() < 64) {
            dead.add(alarm);
        } else {
            dead.set((int) (alarm & 63), alarm);
        }
    }

    /** The invariant checked after every action. */
    void check() {
        wheel.checkInvariants();
        assertEquals(model.size(), wheel.size(), "size");
        assertEquals(model.now, wheel.now(), "now");
        assertEquals(model.intervalNum(model.now), wheel.nowIntervalNum(), "nowIntervalNum");
        assertTrue(wheel.maxAllowedAlarmTime() >= lo(), "maxAllowedAlarmTime below the current interval");
        for (long alarm : model.handlesInOrder()) {
            assertTrue(wheel.contains(alarm), "a pending alarm is not contained");
            assertEquals(model.at(alarm), wheel.alarmAt(alarm), "alarmAt");
            assertEquals(model.intervalNum(model.at(alarm)), wheel.alarmIntervalNum(alarm), "alarmIntervalNum");
            assertEquals(values.get(alarm), wheel.alarmValue(alarm), "alarmValue");
        }
        for (long alarm : dead) {
            assertFalse(wheel.contains(alarm), "a removed alarm is still contained");
        }
    }

    @Override
    public String toString() {
        return config + " " + wheel;
    }
}
