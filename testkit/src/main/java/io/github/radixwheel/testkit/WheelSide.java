package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.AlarmConsumer;
import io.github.radixwheel.alarms.TimingWheelConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/** Drives one wheel (the real one or its reference) through the operations of a differential chain. */
final class WheelSide extends Side {
    /** Which call a handler serves: the clock moves differently in each. */
    enum Call { ADVANCE, PAST, NEXT }

    /** Makes a new wheel of this side's kind with this configuration and start: the constructor under test. */
    private final BiFunction<TimingWheelConfig, Long, WheelApi<Long>> factory;
    /** The wheel driven; replaced by {@link #restart}. */
    private WheelApi<Long> w;

    WheelSide(String name, BiFunction<TimingWheelConfig, Long, WheelApi<Long>> factory, WheelStart start,
            Runnable extraCheck) {
        super(name, start.nullEvery(), extraCheck);
        this.factory = factory;
        this.w = factory.apply(start.config(), start.start());
    }

    @Override
    List<Long> liveHandles() {
        List<Long> out = new ArrayList<>();
        w.forEachInOrder((h, at, v) -> out.add(h));
        return out;
    }

    @Override
    String digest() {
        StringBuilder sb = new StringBuilder("now=").append(w.now()).append(" interval=").append(w.nowIntervalNum())
                .append(" size=").append(w.size()).append(" empty=").append(w.isEmpty())
                .append(" allowed=").append(lo()).append("..").append(w.maxAllowedAlarmTime()).append(" [");
        w.forEachInOrder((h, at, v) -> sb.append(nameOf(h)).append('@').append(at).append('/')
                .append(w.alarmIntervalNum(h)).append('=').append(v).append(' '));
        return sb.append(']').toString();
    }

    @Override
    void checkInvariants() {
        w.checkInvariants();
    }

    /** The least time {@code add} accepts. */
    long lo() {
        return w.intervalStart(w.now());
    }

    // ---------------------------------------------------------------- arguments, resolved on this side's state

    /** A valid alarm time, biased to interval and level-span edges. */
    long time(Point p) {
        long lo = lo();
        long hi = w.maxAllowedAlarmTime();
        return p.resolve(RadixwheelArbitraries.timeEdges(w.config(), w.now(), lo, hi), lo, hi);
    }

    /** A time just before the current interval or just after the greatest allowed time. */
    long invalidTime(double u) {
        long lo = lo();
        long hi = w.maxAllowedAlarmTime();
        List<Long> bad = new ArrayList<>();
        if (lo > Long.MIN_VALUE) {
            bad.add(lo - 1);
            bad.add(Long.MIN_VALUE);
        }
        if (hi < Long.MAX_VALUE) {
            bad.add(hi + 1);
            bad.add(Long.MAX_VALUE);
        }
        return bad.isEmpty() ? lo : bad.get((int) (u * bad.size()));
    }

    /** An interval number: allowed ones and their neighbours, negative and past the last (refused). */
    long interval(Point p) {
        long lo = w.nowIntervalNum();
        long hi = w.maxAllowedAlarmIntervalNum();
        return p.resolve(List.of(lo, plus(lo, 1), hi, Math.max(lo, hi - 1), -1L, plus(hi, 1), Long.MAX_VALUE,
                Math.max(0, lo - 1)), lo, hi);
    }

    /** A target for the clock: now and later, the next firing time and the earliest alarm's neighbours. */
    long target(Point p) {
        long now = w.now();
        List<Long> edges = new ArrayList<>(RadixwheelArbitraries.timeEdges(w.config(), now, now, Long.MAX_VALUE));
        edges.addAll(List.of(plus(now, 1), now > Long.MIN_VALUE ? now - 1 : now));
        if (!w.isEmpty()) {
            long min = w.minAlarmTime();
            edges.addAll(List.of(min, plus(min, 1), min > Long.MIN_VALUE ? min - 1 : min,
                    w.intervalNumStart(w.minAlarmIntervalNum())));
            if (w.minAlarmIntervalNum() < w.intervalNum(Long.MAX_VALUE)) {
                long fires = w.intervalNumStart(w.minAlarmIntervalNum() + 1);
                edges.addAll(List.of(fires - 1, fires));
            }
        }
        return p.resolve(edges, now, Long.MAX_VALUE);
    }

    /** A clock for reset: the start, around now, the edges of time, and before the start (refused). */
    long resetTime(Point p) {
        long start = w.start();
        long now = w.now();
        List<Long> edges = new ArrayList<>(List.of(start, now, Long.MAX_VALUE, plus(now, 1), Math.max(start, now - 1),
                plus(start, w.alarmPrecision())));
        if (start > Long.MIN_VALUE) {
            edges.add(start - 1);
            edges.add(Long.MIN_VALUE);
        }
        return p.resolve(edges, start, Long.MAX_VALUE);
    }

    // ---------------------------------------------------------------- operations

    void add(long at) {
        Long value = nextValue();
        call("add(" + at + ")", () -> issued(w.add(at, value)));
    }

    void addFirst(long at) {
        Long value = nextValue();
        call("addFirst(" + at + ")", () -> issued(w.addFirst(at, value)));
    }

    void addAtIntervalNum(long n) {
        Long value = nextValue();
        call("addAtIntervalNum(" + n + ")", () -> issued(w.addAtIntervalNum(n, value)));
    }

    void addBeside(long ref, boolean after) {
        Long value = nextValue();
        call((after ? "addAfter(" : "addBefore(") + nameOf(ref) + ")",
                () -> issued(after ? w.addAfter(ref, value) : w.addBefore(ref, value)));
    }

    void setValue(long alarm) {
        Long value = nextValue();
        call("setAlarmValue(" + nameOf(alarm) + ", " + value + ")", () -> w.setAlarmValue(alarm, value));
    }

    void remove(long alarm) {
        call("remove(" + nameOf(alarm) + ")", () -> w.remove(alarm));
    }

    void reschedule(long alarm, long at) {
        call("reschedule(" + nameOf(alarm) + ", " + at + ")", () -> {
            w.reschedule(alarm, at);
            return "done";
        });
    }

    void rescheduleAtIntervalNum(long alarm, long n) {
        call("rescheduleAtIntervalNum(" + nameOf(alarm) + ", " + n + ")", () -> {
            w.rescheduleAtIntervalNum(alarm, n);
            return "done";
        });
    }

    /** Every query, about one alarm, the minimum, the bounds and a time {@code t}; null handlers are refused. */
    void query(long alarm, long t) {
        call("contains(" + nameOf(alarm) + ")", () -> w.contains(alarm));
        call("alarmAt(" + nameOf(alarm) + ")", () -> w.alarmAt(alarm));
        call("alarmIntervalNum(" + nameOf(alarm) + ")", () -> w.alarmIntervalNum(alarm));
        call("alarmValue(" + nameOf(alarm) + ")", () -> w.alarmValue(alarm));
        call("nextAlarmFiresAt()", w::nextAlarmFiresAt);
        call("minAlarmIntervalNum()", w::minAlarmIntervalNum);
        call("minAlarmTime()", w::minAlarmTime);
        call("maxAlarmTimeInMinInterval()", w::maxAlarmTimeInMinInterval);
        call("alarmUpperBound()", w::alarmUpperBound);
        call("maxAllowedAlarmIntervalNum()", w::maxAllowedAlarmIntervalNum);
        call("intervalNum(" + t + ")", () -> w.intervalNum(t));
        call("intervalStart(" + t + ")", () -> w.intervalStart(t));
        call("intervalNumStart(" + t + ")", () -> w.intervalNumStart(t));
        call("config()", w::config);
        call("start()/alarmPrecision()", () -> w.start() + "/" + w.alarmPrecision());
        call("advanceClock(null)", () -> {
            w.advanceClock(w.now(), null);
            return "done";
        });
        call("fireNextAlarm(null)", () -> w.fireNextAlarm(null));
    }

    /** Lists the alarms, then tries to modify the wheel or move its clock from inside the iteration (refused). */
    void inOrder(double a) {
        List<String> all = new ArrayList<>();
        w.forEach((h, at, v) -> all.add(nameOf(h) + "@" + at + "=" + v));
        all.sort(null);
        log("forEach -> " + all);
        long ref = pick(a, true);
        call("forEachInOrder(modifying)", () -> {
            w.forEachInOrder((h, at, v) -> {
                switch ((int) (a * 6)) {
                    case 0 -> w.addAfter(ref, -1L);
                    case 1 -> w.remove(ref);
                    case 2 -> w.add(lo(), -1L);
                    case 3 -> w.clear();
                    case 4 -> w.fireNextAlarm((h2, at2, v2) -> { });
                    default -> w.advanceClock(plus(w.now(), 1), (h2, at2, v2) -> { });
                }
            });
            return "done";
        });
    }

    /**
     * Goes on with a new wheel built from {@code start}, or with the same wheel if the constructor
     * refuses its configuration; the old wheel's handles stay in the pool of issued ones, foreign to
     * the new wheel.
     */
    void restart(WheelStart start) {
        call("new wheel " + start, () -> {
            w = factory.apply(start.config(), start.start());
            nullEvery(start.nullEvery());
            return "done";
        });
    }

    void clear() {
        call("clear()", () -> {
            w.clear();
            return "done";
        });
    }

    void reset(long now) {
        call("reset(" + now + ")", () -> {
            w.reset(now);
            return "done";
        });
    }

    void trim() {
        call("trimToSize()", () -> {
            w.trimToSize();
            return "done";
        });
    }

    void advance(long to, List<Reentry> script) {
        call("advanceClock(" + to + ", " + script + ")", () -> {
            w.advanceClock(to, handler(script, to));
            return "done";
        });
    }

    void firePast(List<Reentry> script) {
        call("firePastAlarms(" + script + ")", () -> {
            w.firePastAlarms(handler(script, w.now()));
            return "done";
        });
    }

    void step(long to, List<Reentry> script) {
        call("advanceClockStopAtNextAlarm(" + to + ", " + script + ")", () -> {
            w.advanceClockStopAtNextAlarm(to, handler(script, to));
            return "done";
        });
    }

    void fireNext(Reentry step) {
        call("fireNextAlarm(" + step + ")", () -> w.fireNextAlarm(handler(List.of(step), w.now())));
    }

    private AlarmConsumer<Long> handler(List<Reentry> script, long to) {
        int[] calls = {0};
        return (alarm, at, v) -> {
            int i = calls[0]++;
            log("fire " + nameOf(alarm) + "@" + at + "=" + v + " now=" + w.now() + " contains=" + w.contains(alarm));
            Reentry step = i < script.size() ? script.get(i) : Reentry.NOTHING;
            inHandler(() -> reenter(step, Math.max(to, w.now())));
            afterStep("firing " + i + " (" + step + ")");
        };
    }

    /** One step inside a handler of a call that goes up to {@code reach}. */
    private void reenter(Reentry step, long reach) {
        long lo = lo();
        long hi = w.maxAllowedAlarmTime();
        long p = w.alarmPrecision();
        long near = Math.min(hi, plus(reach, plus(p, p)));
        double a = step.a();
        double b = step.b();
        switch (step.kind()) {
            case NONE -> { }
            case ADD_AT_CURRENT -> add(w.now());
            case ADD -> add(between(lo, near, a));
            case ADD_OUT_OF_RANGE -> add(lo > Long.MIN_VALUE ? lo - 1 : plus(hi, 1));
            case ADD_FIRST_AT_CURRENT -> addFirst(w.now());
            case ADD_FIRST -> addFirst(between(lo, near, a));
            case ADD_BEFORE -> addBeside(pick(a, b >= 0.1), false);
            case ADD_AFTER -> addBeside(pick(a, b >= 0.1), true);
            case REMOVE -> remove(pick(a, true));
            case REMOVE_STALE -> remove(pick(a, false));
            case CHANGE_KEY -> reschedule(pick(a, true), between(lo, b < 0.5 ? Math.min(hi, reach) : hi, b));
            case SET_VALUE -> setValue(pick(a, true));
            case CLEAR -> clear();
            case RESET -> {
                // Earlier (back to the start at most), up to the reach, or a little past it; then a first
                // alarm of the new run, due at once.
                long now = w.now();
                reset(a < 1.0 / 3 ? between(w.start(), now, b) : a < 2.0 / 3 ? between(now, reach, b)
                        : between(reach, plus(reach, plus(p, p)), b));
                add(w.now());
            }
            case THROW -> throw new HandlerFailure();
            case NESTED -> {
                AlarmConsumer<Long> nested = (h, at, v) -> log("nested firing");
                call("nested advanceClock", () -> {
                    w.advanceClock(reach, nested);
                    return "done";
                });
                call("nested firePastAlarms", () -> {
                    w.firePastAlarms(nested);
                    return "done";
                });
                call("nested advanceClockStopAtNextAlarm", () -> {
                    w.advanceClockStopAtNextAlarm(reach, nested);
                    return "done";
                });
                call("nested fireNextAlarm", () -> w.fireNextAlarm(nested));
            }
            case QUERY -> query(pick(a, true), between(w.start(), reach, b));
            case IN_ORDER -> inOrder(a);
            case TRIM -> trim();
        }
    }
}
