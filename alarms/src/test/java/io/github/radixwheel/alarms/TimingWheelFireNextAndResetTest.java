package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.TimingWheelTestSupport.MAX;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.assertRejected;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.noAlarm;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.randomTime;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.refMaxAllowedAlarmTime;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.TimingWheelTestSupport.Case;
import io.github.radixwheel.alarms.TimingWheelTestSupport.Fired;
import io.github.radixwheel.alarms.TimingWheelTestSupport.Recorder;
import io.github.radixwheel.alarms.TimingWheelTestSupport.State;
import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The (0.2) simulator's calls of {@link TimingWheel}: {@code fireNextAlarm} (the first alarm in firing
 * order, the clock moved to {@code max(now, at)} and not beyond, nested calls refused, a throwing
 * handler losing nothing) and {@code reset(now)} (earlier or later, refused before the start), at
 * every start and precision of {@link TimingWheelTestSupport#cases()}.
 */
class TimingWheelFireNextAndResetTest {
    private static final String SUPPORT = "io.github.radixwheel.alarms.TimingWheelTestSupport#";
    private static final String CASES = SUPPORT + "cases";
    private static final String ROOMY = SUPPORT + "roomyCases";
    private static final String BEFORE_START = SUPPORT + "casesWithTimeBeforeStart";

    private static final class Boom extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    private static long half(Case c) {
        return c.precision() / 2;
    }

    // ================================================================ fireNextAlarm

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void fireNextAlarm_emptyWheel_returnsFalseAndChangesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        State before = State.of(w);
        assertFalse(w.fireNextAlarm(noAlarm()));
        assertEquals(before, State.of(w));
        w.remove(w.add(c.lastTime(), "gone"));
        assertFalse(w.fireNextAlarm(noAlarm()));
        assertEquals(c.start(), w.now());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void fireNextAlarm_nullHandler_throwsNPEAndChangesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        assertRejected(w, NullPointerException.class, () -> w.fireNextAlarm(null));
        w.add(c.start(), "a");
        assertRejected(w, NullPointerException.class, () -> w.fireNextAlarm(null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void fireNextAlarm_movesTheClockToTheAlarmsTimeAndNotBeyond(Case c) {
        TimingWheel<String> w = c.wheel();
        long at = c.at(5, half(c));
        long alarm = w.add(at, "a");
        w.add(c.at(6, 0), "b");
        List<Fired> fired = new ArrayList<>();
        assertTrue(w.fireNextAlarm((h, t, v) -> fired.add(new Fired(h, t, v, w.now(), w.contains(h)))));
        assertEquals(List.of(new Fired(alarm, at, "a", at, false)), fired);
        assertEquals(at, w.now(), "the clock is at the alarm's time, not at its interval's end");
        assertEquals(5, w.nowIntervalNum());
        assertFalse(w.contains(alarm));
        assertEquals(1, w.size());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void fireNextAlarm_alarmOfTheCurrentIntervalBeforeNow_leavesTheClockWhereItIs(Case c) {
        TimingWheel<String> w = c.wheel();
        long now = c.at(3, c.precision() - 1);
        w.advanceClock(now, noAlarm());
        w.add(c.at(3, 0), "earlier in the interval");
        Recorder rec = new Recorder(w);
        assertTrue(w.fireNextAlarm(rec));
        assertEquals(now, rec.fired.get(0).nowInHandler());
        assertEquals(now, w.now());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void fireNextAlarm_repeated_firesInIntervalThenInsertionOrder_acrossLevels(Case c) {
        TimingWheel<String> w = c.wheel();
        SplittableRandom rnd = new SplittableRandom(c.start() * 7 + c.precision());
        record Added(long interval, int seq, long at, String value) {}
        List<Added> added = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            long at = randomTime(rnd, c, c.start());
            w.add(at, "v" + i);
            added.add(new Added(c.intervalNum(at), i, at, "v" + i));
        }
        added.sort(Comparator.comparingLong(Added::interval).thenComparingInt(Added::seq));
        Recorder rec = new Recorder(w);
        long previousNow = w.now();
        while (w.fireNextAlarm(rec)) {
            Fired f = rec.fired.get(rec.fired.size() - 1);
            assertEquals(Math.max(previousNow, f.at()), f.nowInHandler(), "now is max(now, at)");
            assertEquals(f.nowInHandler(), w.now());
            previousNow = w.now();
        }
        assertEquals(added.stream().map(Added::value).toList(), rec.values(), c.toString());
        assertEquals(added.stream().map(Added::at).toList(), rec.times());
        assertTrue(w.isEmpty());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void fireNextAlarm_withinAnInterval_insertionOrderEvenAgainstTime_theClockNeverGoesBack(Case c) {
        if (c.precision() < 3) {
            return; // one time per interval: insertion order and time order agree
        }
        TimingWheel<String> w = c.wheel();
        w.add(c.at(2, c.precision() - 1), "late in the interval");
        w.add(c.at(2, 1), "early in the interval");
        Recorder rec = new Recorder(w);
        w.fireNextAlarm(rec);
        w.fireNextAlarm(rec);
        assertEquals(List.of("late in the interval", "early in the interval"), rec.values());
        assertEquals(c.at(2, c.precision() - 1), rec.fired.get(1).nowInHandler());
        assertEquals(c.at(2, c.precision() - 1), w.now());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void fireNextAlarm_alarmInTheLastRepresentableInterval_fires(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.lastTime(), "last");
        assertTrue(w.fireNextAlarm((h, at, v) -> assertEquals(c.lastTime(), at)));
        assertEquals(c.lastTime(), w.now());
        assertEquals(c.last(), w.nowIntervalNum());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void fireNextAlarm_nestedCallsFromItsHandler_throwISEAndChangeNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(1, 0), "a");
        w.add(c.at(2, 0), "b");
        List<String> nested = new ArrayList<>();
        assertTrue(w.fireNextAlarm((h, at, v) -> {
            State before = State.of(w);
            assertThrows(IllegalStateException.class, () -> w.fireNextAlarm((h2, at2, v2) -> nested.add(v2)));
            assertThrows(IllegalStateException.class, () -> w.advanceClock(c.at(5, 0), (h2, at2, v2) -> nested.add(v2)));
            assertThrows(IllegalStateException.class, () -> w.firePastAlarms((h2, at2, v2) -> nested.add(v2)));
            assertThrows(IllegalStateException.class,
                    () -> w.advanceClockStopAtNextAlarm(MAX, (h2, at2, v2) -> nested.add(v2)));
            assertEquals(before, State.of(w));
        }));
        assertEquals(List.of(), nested);
        assertEquals(1, w.size());
        assertTrue(w.fireNextAlarm((h, at, v) -> assertEquals("b", v)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void fireNextAlarm_insideTheHandlersOfTheOtherFiringCalls_throwsISE(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(1, 0), "a");
        w.add(c.at(1, 0), "b");
        w.add(c.at(3, 0), "c");
        List<String> seen = new ArrayList<>();
        AlarmConsumer<String> tries = (h, at, v) -> {
            seen.add(v);
            assertThrows(IllegalStateException.class, () -> w.fireNextAlarm(noAlarm()));
        };
        w.advanceClock(c.at(2, 0), tries);
        w.advanceClockStopAtNextAlarm(MAX, tries);
        assertEquals(List.of("a", "b", "c"), seen);
        w.add(w.now(), "d");
        w.firePastAlarms(tries);
        assertEquals(List.of("a", "b", "c", "d"), seen);
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void fireNextAlarm_throwingHandler_propagatesTheAlarmStaysFiredAndNothingElseIsLost(Case c) {
        TimingWheel<String> w = c.wheel();
        long a = w.add(c.at(2, half(c)), "a");
        long b = w.add(c.at(2, half(c)), "b");
        long d = w.add(c.at(4, 0), "d");
        Boom boom = new Boom();
        assertSame(boom, assertThrows(Boom.class, () -> w.fireNextAlarm((h, at, v) -> {
            throw boom;
        })));
        assertFalse(w.contains(a));
        assertTrue(w.contains(b) && w.contains(d));
        assertEquals(c.at(2, half(c)), w.now());
        w.checkInvariants();
        Recorder rec = new Recorder(w);
        while (w.fireNextAlarm(rec)) {
            w.checkInvariants();
        }
        assertEquals(List.of("b", "d"), rec.values());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void fireNextAlarm_handlerUsesTheWheel_addsRemovesAndReschedules(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(1, 0), "a");
        long b = w.add(c.at(2, 0), "b");
        long d = w.add(c.at(3, 0), "d");
        assertTrue(w.fireNextAlarm((h, at, v) -> {
            w.add(at, "at the same time"); // the back of its interval
            assertTrue(w.remove(b));
            w.reschedule(d, at); // counts as newly inserted
            long beforeTheInterval = at - 1; // the clock is at the start of interval 1
            assertThrows(IllegalArgumentException.class, () -> w.add(beforeTheInterval, "refused"));
            w.checkInvariants();
        }));
        Recorder rec = new Recorder(w);
        while (w.fireNextAlarm(rec)) {
            // one at a time
        }
        assertEquals(List.of("at the same time", "d"), rec.values());
    }

    @Test
    void fireNextAlarm_insideForEach_throwsCMEAndChangesNothing() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(5), 100);
        w.add(120, "a");
        assertRejected(w, ConcurrentModificationException.class,
                () -> w.forEach((h, at, v) -> w.fireNextAlarm((h2, at2, v2) -> { })));
    }

    // ================================================================ reset

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void reset_laterOrEarlier_removesEveryAlarmAndSetsTheClock(Case c) {
        for (LevelBits bits : TimingWheelTestSupport.SMALL_BITS) {
            Case cb = new Case(c.start(), c.precision(), bits);
            TimingWheel<String> w = cb.wheel();
            List<Long> old = new ArrayList<>();
            old.add(w.add(cb.start(), "a"));
            old.add(w.add(w.maxAllowedAlarmTime(), "b"));
            for (long now : new long[] {cb.lastTime(), cb.start(), cb.at(Math.min(cb.last(), 3), half(cb)),
                    cb.at(Math.min(cb.last(), 1L << 40), 1), cb.start()}) {
                w.reset(now);
                w.checkInvariants();
                assertEquals(now, w.now());
                assertEquals(cb.intervalNum(now), w.nowIntervalNum());
                assertTrue(w.isEmpty());
                assertEquals(0, w.size());
                assertEquals(refMaxAllowedAlarmTime(cb, cb.intervalNum(now)), w.maxAllowedAlarmTime(), cb + " at " + now);
                for (long h : old) {
                    assertFalse(w.contains(h));
                }
                old.clear();
                // Adds now take the new clock's range.
                long lo = cb.intervalStart(cb.intervalNum(now));
                old.add(w.add(lo, "lo"));
                old.add(w.add(w.maxAllowedAlarmTime(), "hi"));
                if (lo > cb.start()) {
                    assertRejected(w, IllegalArgumentException.class, () -> w.add(lo - 1, "x"),
                            "before the start of the current interval");
                }
                w.checkInvariants();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BEFORE_START)
    void reset_beforeStart_throwsIAENamingTheTimeAndChangesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.start(), "a");
        long early = c.start() - 1;
        assertRejected(w, IllegalArgumentException.class, () -> w.reset(early), early, c.start(), "before start");
        assertRejected(w, IllegalArgumentException.class, () -> w.reset(Long.MIN_VALUE), Long.MIN_VALUE);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void reset_oneWheelForManyReplications_eachRunsAsOnANewWheel(Case c) {
        TimingWheel<String> reused = c.wheel();
        SplittableRandom rnd = new SplittableRandom(c.precision() * 31 + 5);
        for (int run = 0; run < 5; run++) {
            long start = randomTime(rnd, c, c.start(), c.at(Math.min(c.last(), 100), 0));
            reused.reset(start);
            TimingWheel<String> fresh = c.wheel();
            fresh.advanceClock(start, noAlarm());
            List<List<String>> traces = new ArrayList<>();
            for (TimingWheel<String> w : List.of(reused, fresh)) {
                SplittableRandom same = new SplittableRandom(run);
                List<String> trace = new ArrayList<>();
                for (int i = 0; i < 50; i++) {
                    w.add(randomTime(same, c, w.now()), "v" + i);
                }
                for (int i = 0; i < 30 && w.fireNextAlarm((h, at, v) -> trace.add(at + "=" + v + "@" + w.now())); i++) {
                    // a partial run: the reset must drop what is left
                }
                traces.add(trace);
            }
            assertEquals(traces.get(1), traces.get(0), c + " run " + run);
            reused.checkInvariants();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void reset_insideAFireNextAlarmHandler_startsOver(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(5, 0), "a");
        w.add(c.at(6, 0), "b");
        assertTrue(w.fireNextAlarm((h, at, v) -> {
            w.reset(c.start());
            w.add(c.at(1, 0), "after reset");
        }));
        assertEquals(c.start(), w.now());
        Recorder rec = new Recorder(w);
        while (w.fireNextAlarm(rec)) {
            w.checkInvariants();
        }
        assertEquals(List.of("after reset"), rec.values());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void reset_insideAnAdvanceClockHandler_endsThePendingAlarms_andTheClockEndsAtTheLaterOfTargetAndReset(Case c) {
        for (long resetTo : new long[] {c.start(), c.at(2, 0), c.at(8, half(c))}) {
            TimingWheel<String> w = c.wheel();
            w.add(c.at(1, 0), "a");
            w.add(c.at(2, 0), "b");
            w.add(c.at(9, 0), "far");
            long to = c.at(4, 0);
            Recorder rec = new Recorder(w).then((h, at, v) -> {
                if (v.equals("a")) {
                    w.reset(resetTo);
                    w.add(Math.max(resetTo, c.at(3, 0)), "added after the reset");
                }
            });
            w.advanceClock(to, rec);
            w.checkInvariants();
            assertEquals(Math.max(to, resetTo), w.now(), "reset to " + resetTo);
            List<String> expected = resetTo < c.at(3, 0) ? List.of("a", "added after the reset") : List.of("a");
            assertEquals(expected, rec.values(), "reset to " + resetTo);
        }
    }

    /**
     * firePastAlarms and the step fire the alarms of the current interval that are due by the clock
     * of the call; a handler's reset sets another clock, earlier or later, which ends the call: the
     * alarms added afterwards wait, and none fires early.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void reset_insideFirePastAlarmsOrAStep_endsTheCall(Case c) {
        long now = c.at(5, c.precision() - 1);
        for (boolean step : new boolean[] {false, true}) {
            for (long resetTo : new long[] {c.start(), c.at(5, 0), c.at(7, 0)}) {
                TimingWheel<String> w = c.wheel();
                w.advanceClock(now, noAlarm());
                w.add(c.at(5, 0), "a");
                w.add(c.at(5, 0), "b");
                long later = Math.max(resetTo, now);
                Recorder rec = new Recorder(w).then((h, at, v) -> {
                    w.reset(resetTo);
                    w.add(resetTo, "due after the reset");
                    w.add(later, "due by the old clock"); // after the new clock unless the reset moved it forward
                });
                if (step) {
                    w.advanceClockStopAtNextAlarm(MAX, rec);
                } else {
                    w.firePastAlarms(rec);
                }
                String where = (step ? "step" : "firePastAlarms") + ", reset to " + resetTo;
                w.checkInvariants();
                assertEquals(List.of("a"), rec.values(), where);
                assertEquals(resetTo, w.now(), where);
                assertEquals(2, w.size(), where);
                Recorder next = new Recorder(w);
                while (w.fireNextAlarm(next)) {
                    w.checkInvariants();
                }
                assertEquals(List.of(resetTo, later), next.times(), where);
            }
        }
    }

    @Test
    void reset_insideForEach_throwsCMEAndChangesNothing() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(10), -50);
        w.add(0, "a");
        w.advanceClock(-20, noAlarm());
        assertRejected(w, ConcurrentModificationException.class, () -> w.forEach((h, at, v) -> w.reset(-50)));
        assertRejected(w, ConcurrentModificationException.class, () -> w.forEachInOrder((h, at, v) -> w.reset(500)));
        assertEquals(-20, w.now());
    }

    /**
     * A handler of {@code firePastAlarms} that adds enough alarms to grow the pool: the walk must
     * read the alarm times of the grown pool (with precision 10 they are stored per alarm).
     */
    @Test
    void firePastAlarms_handlerThatGrowsThePool_firesEveryPastAlarmItAdds() {
        TimingWheel<Integer> w = new TimingWheel<>(TimingWheelConfig.of(10), 0);
        w.advanceClock(5, (alarm, at, v) -> { });
        w.add(7, -1);                    // kept: after now
        w.add(3, 0);
        java.util.List<Integer> fired = new java.util.ArrayList<>();
        w.firePastAlarms((alarm, at, v) -> {
            fired.add(v);
            if (v == 0) {
                for (int i = 1; i <= 100; i++) {
                    w.add(i % 2 == 0 ? 4 : 6, i);  // half due now, half after now: kept
                }
            }
        });
        java.util.List<Integer> expected = new java.util.ArrayList<>();
        expected.add(0);
        for (int i = 2; i <= 100; i += 2) {
            expected.add(i);
        }
        assertEquals(expected, fired);
        assertEquals(51, w.size());
        w.checkInvariants();
    }
}
