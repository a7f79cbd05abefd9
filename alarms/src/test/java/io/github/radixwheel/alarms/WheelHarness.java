package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.function.Executable;

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
        NESTED_STEP(false), QUERY(false), ADD_FIRST_AT_NOW(false), ADD_FIRST(true), ADD_BEFORE_PENDING(true),
        ADD_AFTER_PENDING(true), SET_VALUE_PENDING(true), RESET(true), IN_ORDER(false), TRIM(false),
        NESTED_FIRE_NEXT(false);

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
    private enum Mode { ADVANCE, PAST, NEXT }

    final TimingWheelConfig config;
    final TimingWheel<Long> wheel;
    final WheelModel model;
    final Map<Long, Long> values = new HashMap<>();
    final List<Long> dead = new ArrayList<>();
    private long nextValue;
    /** Every n-th value is null (1: all, 0: none): a pool that stores no value skips clearing entries. */
    private final int nullEvery;
    /** Set by a reset inside a handler of firePastAlarms or the step's firing, which ends the call. */
    private boolean callEnded;

    WheelHarness(TimingWheelConfig config, long start, int nullEvery) {
        this.config = config;
        this.nullEvery = nullEvery;
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
        Long value = nextValue();
        long alarm = wheel.add(at, value);
        assertFalse(model.contains(alarm), "handle reused while live");
        model.add(alarm, at);
        values.put(alarm, value);
    }

    void addInvalid(long at) {
        rejected(IllegalArgumentException.class, () -> wheel.add(at, -1L));
        rejected(IllegalArgumentException.class, () -> wheel.addFirst(at, -1L));
        assertEquals(model.size(), wheel.size());
    }

    void addFirst(long at) {
        Long value = nextValue();
        long alarm = wheel.addFirst(at, value);
        assertFalse(model.contains(alarm), "handle reused while live");
        model.addFirst(alarm, at);
        values.put(alarm, value);
    }

    /** {@code addBefore} or {@code addAfter} of {@code ref}, which may be stale (then refused). */
    void addBeside(long ref, boolean after) {
        if (!model.contains(ref)) {
            rejected(IllegalArgumentException.class, () -> wheel.addBefore(ref, -1L));
            rejected(IllegalArgumentException.class, () -> wheel.addAfter(ref, -1L));
            return;
        }
        Long value = nextValue();
        long alarm = after ? wheel.addAfter(ref, value) : wheel.addBefore(ref, value);
        assertFalse(model.contains(alarm), "handle reused while live");
        assertEquals(model.at(ref), wheel.alarmAt(alarm), "the time of the alarm beside");
        model.addBeside(alarm, ref, after);
        values.put(alarm, value);
    }

    void setValue(long alarm) {
        if (!model.contains(alarm)) {
            rejected(IllegalArgumentException.class, () -> wheel.setAlarmValue(alarm, -1L));
            return;
        }
        Long value = nextValue();
        assertEquals(values.get(alarm), wheel.setAlarmValue(alarm, value), "setAlarmValue returns the old value");
        values.put(alarm, value);
    }

    void reset(long now) {
        if (now < model.start) {
            rejected(IllegalArgumentException.class, () -> wheel.reset(now));
            return;
        }
        for (long alarm : model.handlesInOrder()) {
            retire(alarm);
        }
        model.clear();
        model.now = now;
        wheel.reset(now);
    }

    void trim() {
        wheel.trimToSize();
    }

    /** A call that must throw {@code type} and change nothing. */
    void rejected(Class<? extends Throwable> type, Executable call) {
        String text = wheel.toString();
        List<String> order = inOrder();
        long now = wheel.now();
        assertThrows(type, call);
        assertEquals(text, wheel.toString(), "a rejected call changed the wheel");
        assertEquals(order, inOrder(), "a rejected call changed the wheel");
        assertEquals(now, wheel.now(), "a rejected call moved the clock");
    }

    /** The alarms as "alarm:at=value" in the order forEachInOrder gives them. */
    private List<String> inOrder() {
        List<String> out = new ArrayList<>();
        wheel.forEachInOrder((alarm, at, value) -> out.add(alarm + ":" + at + "=" + value));
        return out;
    }

    /** forEachInOrder against the model's firing order; a modification from inside the walk is refused. */
    void checkOrder() {
        List<String> expected = new ArrayList<>();
        for (long alarm : model.handlesInOrder()) {
            expected.add(alarm + ":" + model.at(alarm) + "=" + values.get(alarm));
        }
        assertEquals(expected, inOrder(), "forEachInOrder");
        if (!model.isEmpty()) {
            long first = model.first();
            rejected(ConcurrentModificationException.class,
                    () -> wheel.forEachInOrder((alarm, at, value) -> wheel.addAfter(first, -1L)));
        }
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
        if (!callEnded) {
            assertNull(model.nextPast(), "a past alarm of the current interval did not fire");
        }
    }

    /** fireNextAlarm with a handler that runs {@code step}. */
    void fireNext(Step step) {
        if (model.isEmpty()) {
            long now = wheel.now();
            assertFalse(wheel.fireNextAlarm((alarm, at, value) -> {
                throw new AssertionError("fireNextAlarm on an empty wheel fired " + value);
            }));
            assertEquals(now, wheel.now());
            return;
        }
        int[] calls = {0};
        try {
            assertTrue(wheel.fireNextAlarm(handler(Mode.NEXT, model.now, List.of(step), calls)));
        } catch (Boom expected) {
            assertEquals(1, calls[0]);
            return;
        }
        assertEquals(1, calls[0], "fireNextAlarm fires one alarm");
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
        if (!callEnded) {
            assertNull(model.nextPast(), "an alarm at the step's time did not fire");
        }
    }

    private void finishAdvance(long to) {
        if (to > model.now) {
            model.now = to;
        }
        assertNull(model.nextBefore(to), "an alarm before the target did not fire");
        assertEquals(model.now, wheel.now(), "now after advanceClock");
    }

    private AlarmConsumer<Long> handler(Mode mode, long to, List<Step> script) {
        return handler(mode, to, script, new int[1]);
    }

    private AlarmConsumer<Long> handler(Mode mode, long to, List<Step> script, int[] firings) {
        callEnded = false;
        return (alarm, at, value) -> {
            assertFalse(callEnded, "fired after a reset ended the call");
            Long expected = switch (mode) {
                case ADVANCE -> model.nextBefore(to);
                case PAST -> model.nextPast();
                case NEXT -> firings[0] == 0 ? model.first() : null;
            };
            assertTrue(expected != null, "fired an unexpected alarm at " + at);
            assertEquals(expected, alarm, "firing order");
            assertEquals(model.at(expected), at, "fired time");
            assertEquals(values.get(alarm), value, "fired value");
            if (mode == Mode.ADVANCE) {
                assertTrue(at < to, "fired early: at " + at + ", to " + to);
                model.now = Math.max(model.now, model.intervalNumStart(model.intervalNum(at)));
            } else if (mode == Mode.NEXT) {
                model.now = Math.max(model.now, at);
            } else {
                assertTrue(at <= model.now, "fired a future alarm of the current interval");
            }
            assertEquals(model.now, wheel.now(), "now inside the handler");
            model.remove(alarm);
            retire(alarm);
            assertFalse(wheel.contains(alarm), "a fired alarm is still contained");
            int i = firings[0]++;
            runStep(i < script.size() ? script.get(i) : new Step(Kind.NONE, 0, 0), mode == Mode.NEXT ? model.now : to,
                    mode);
            wheel.checkInvariants();
        };
    }

    /** {@code lo + fraction × (hi - lo)}, exactly, for {@code lo <= hi}. */
    private static long between(long lo, long hi, double fraction) {
        BigInteger span = BigInteger.valueOf(hi).subtract(BigInteger.valueOf(lo));
        BigInteger offset = new BigDecimal(span).multiply(BigDecimal.valueOf(fraction)).setScale(0, RoundingMode.FLOOR)
                .toBigInteger();
        return BigInteger.valueOf(lo).add(offset).longValueExact();
    }

    private void runStep(Step step, long to, Mode mode) {
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
            case ADD_FIRST_AT_NOW -> {
                if (model.now <= hi()) {
                    addFirst(model.now);
                } else {
                    addInvalid(model.now);
                }
            }
            case ADD_FIRST -> {
                long reach = Math.max(to, model.now);
                long hiTime = Math.min(hi(), reach > Long.MAX_VALUE - 3 * config.alarmPrecision()
                        ? Long.MAX_VALUE : reach + 2 * config.alarmPrecision());
                addFirst(between(lo, Math.max(lo, hiTime), step.a()));
            }
            case ADD_BEFORE_PENDING, ADD_AFTER_PENDING -> {
                if (!pending.isEmpty()) {
                    addBeside(pending.get((int) (step.a() * pending.size())), step.kind() == Kind.ADD_AFTER_PENDING);
                } else if (!dead.isEmpty()) {
                    addBeside(dead.get((int) (step.a() * dead.size())), step.b() < 0.5);
                }
            }
            case SET_VALUE_PENDING -> {
                if (!pending.isEmpty()) {
                    setValue(pending.get((int) (step.a() * pending.size())));
                }
            }
            case RESET -> {
                // Earlier (back to the start, at most), up to the target, or a little past it.
                long reach = Math.max(to, model.now);
                long later = reach > Long.MAX_VALUE - 3 * config.alarmPrecision() ? Long.MAX_VALUE
                        : reach + 2 * config.alarmPrecision();
                reset(step.a() < 1.0 / 3 ? between(model.start, model.now, step.b())
                        : step.a() < 2.0 / 3 ? between(model.now, reach, step.b()) : between(reach, later, step.b()));
                callEnded = mode == Mode.PAST;
                if (model.now <= hi()) {
                    add(model.now); // a new run's first event: due, yet the reset ended a firePastAlarms or step call
                }
            }
            case IN_ORDER -> checkOrder();
            case TRIM -> trim();
            case NESTED_FIRE_NEXT -> rejected(IllegalStateException.class, () -> wheel.fireNextAlarm((a, t, v) -> { }));
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
        checkOrder();
    }

    private Long nextValue() {
        long n = nextValue++;
        return nullEvery != 0 && n % nullEvery == 0 ? null : n;
    }

    @Override
    public String toString() {
        return config + " null every " + nullEvery + " " + wheel;
    }
}
