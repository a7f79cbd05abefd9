package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.TimingWheelTestSupport.MAX;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.assertRejected;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.noAlarm;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.randomTime;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.TimingWheelTestSupport.Case;
import io.github.radixwheel.alarms.TimingWheelTestSupport.Recorder;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The (0.2) event-list operations of {@link TimingWheel}: {@code addFirst}, {@code addBefore},
 * {@code addAfter}, {@code setAlarmValue}, {@code forEachInOrder} and {@code trimToSize}, at every
 * start and precision of {@link TimingWheelTestSupport#cases()}; each exception checked to change
 * nothing; and insertions from inside handlers, where an {@code addFirst} into the interval being
 * fired fires next, also among alarms of the current interval that wait because their time is
 * after {@code now()}.
 */
class TimingWheelEventListTest {
    private static final String SUPPORT = "io.github.radixwheel.alarms.TimingWheelTestSupport#";
    private static final String CASES = SUPPORT + "cases";
    private static final String ROOMY = SUPPORT + "roomyCases";

    /** Roomy cases whose intervals hold at least four times: room for alarms after now in the current interval. */
    static Stream<Case> wideCases() {
        return TimingWheelTestSupport.roomyCases().filter(c -> c.precision() >= 4);
    }

    /** The distinct interval numbers among {@code ns} that {@code c} has, in increasing order. */
    private static TreeSet<Long> intervals(Case c, long... ns) {
        TreeSet<Long> out = new TreeSet<>();
        for (long n : ns) {
            if (n <= c.last()) {
                out.add(n);
            }
        }
        return out;
    }

    private static long half(Case c) {
        return c.precision() / 2;
    }

    /** The alarms' values in firing order, from forEachInOrder, each checked against the lookups. */
    private static List<String> inOrder(TimingWheel<String> w) {
        List<String> out = new ArrayList<>();
        w.forEachInOrder((alarm, at, value) -> {
            assertTrue(w.contains(alarm));
            assertEquals(w.alarmAt(alarm), at);
            assertEquals(w.alarmValue(alarm), value);
            out.add(value);
        });
        return out;
    }

    /** Fires everything with fireNextAlarm, returning the values in order. */
    private static List<String> fireAll(TimingWheel<String> w) {
        Recorder rec = new Recorder(w);
        while (w.fireNextAlarm(rec)) {
            w.checkInvariants();
        }
        return rec.values();
    }

    // ================================================================ addFirst

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void addFirst_goesToTheFrontOfItsInterval_atNearAndFarIntervals(Case c) {
        TimingWheel<String> w = c.wheel();
        List<String> expected = new ArrayList<>();
        for (long n : intervals(c, 0, 1, 7, 2048, 1L << 21, c.last())) {
            w.add(c.at(n, 0), "a" + n);
            w.add(c.at(n, half(c)), "b" + n);
            long f = w.addFirst(c.intervalEnd(n), "f" + n);
            assertEquals(c.intervalEnd(n), w.alarmAt(f));
            assertEquals(n, w.alarmIntervalNum(f));
            assertEquals("f" + n, w.alarmValue(f));
            expected.addAll(List.of("f" + n, "a" + n, "b" + n));
            w.checkInvariants();
        }
        assertEquals(expected, inOrder(w), c.toString());
        assertEquals(expected, fireAll(w), c.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void addFirst_outOfRange_throwsIAENamingTheTimeAndTheBoundAndChangesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.start(), "a");
        if (w.maxAllowedAlarmTime() < MAX) {
            long late = w.maxAllowedAlarmTime() + 1;
            assertRejected(w, IllegalArgumentException.class, () -> w.addFirst(late, "x"), "too far in the future", late,
                    w.maxAllowedAlarmTime());
        }
        if (c.start() > Long.MIN_VALUE) {
            long early = c.start() - 1;
            assertRejected(w, IllegalArgumentException.class, () -> w.addFirst(early, "x"),
                    "before the start of the current interval", early, c.start());
        }
        if (c.last() >= 2) {
            w.advanceClock(c.at(2, 0), (alarm, at, value) -> { });
            long before = c.at(2, 0) - 1;
            assertRejected(w, IllegalArgumentException.class, () -> w.addFirst(before, "x"),
                    "before the start of the current interval", before);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void addFirst_insideAnAdvanceClockHandler_intoTheIntervalBeingFired_firesNext(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(3, 0), "a");
        w.add(c.at(3, half(c)), "b");
        w.add(c.at(5, 0), "c");
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            if (value.equals("a")) {
                w.addFirst(c.intervalEnd(3), "next");
                w.addFirst(c.at(5, half(c)), "front of 5");
            }
            w.checkInvariants();
        });
        w.advanceClock(c.at(6, 0), rec);
        assertEquals(List.of("a", "next", "b", "front of 5", "c"), rec.values());
        assertEquals(List.of(c.at(3, 0), c.at(3, 0), c.at(3, 0), c.at(5, 0), c.at(5, 0)),
                rec.fired.stream().map(TimingWheelTestSupport.Fired::nowInHandler).toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wideCases")
    void addFirst_insideFirePastAlarms_firesNextAmongAlarmsThatWaitForTheirTime(Case c) {
        TimingWheel<String> w = c.wheel();
        long s = c.at(2, 0);
        long now = s + half(c);
        w.advanceClock(now, noAlarm());
        w.add(now + 1, "waits"); // in the current interval but after now: kept
        w.add(s, "p1");
        w.add(now, "p2");
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            if (value.equals("p1")) {
                w.addFirst(now, "next"); // before "waits", due: fires next
                w.addFirst(now + 1, "waits too"); // not due
                w.addBefore(w.add(s + 1, "after p2"), "before that");
            }
            w.checkInvariants();
        });
        w.firePastAlarms(rec);
        assertEquals(List.of("p1", "next", "p2", "before that", "after p2"), rec.values());
        assertEquals(now, w.now());
        assertEquals(List.of("waits too", "waits"), inOrder(w));
        assertEquals(List.of("waits too", "waits"), fireAll(w));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wideCases")
    void addFirst_insideAdvanceClockStopAtNextAlarm_firesNextAmongAlarmsThatWaitForTheirTime(Case c) {
        TimingWheel<String> w = c.wheel();
        long at = c.at(4, half(c));
        w.add(at + 1, "waits");
        w.add(at, "a");
        w.add(at, "b");
        Recorder rec = new Recorder(w).then((alarm, t, value) -> {
            if (value.equals("a")) {
                w.addFirst(at, "next");
                w.addFirst(at + 1, "waits too");
            }
            w.checkInvariants();
        });
        w.advanceClockStopAtNextAlarm(MAX, rec);
        assertEquals(List.of("a", "next", "b"), rec.values());
        assertEquals(at, w.now());
        assertEquals(List.of("waits too", "waits"), inOrder(w));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void addFirst_insideAFireNextAlarmHandler_atItsTime_isTheNextToFire(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(3, half(c)), "a");
        w.add(c.at(3, half(c)), "b");
        assertTrue(w.fireNextAlarm((alarm, at, value) -> w.addFirst(at, "next")));
        assertEquals(List.of("next", "b"), fireAll(w));
    }

    // ================================================================ addBefore and addAfter

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void addBeforeAndAddAfter_placeTheNewAlarmNextToTheGivenOneAtItsTime(Case c) {
        TimingWheel<String> w = c.wheel();
        List<String> expected = new ArrayList<>();
        for (long n : intervals(c, 0, 2, 2048, c.last())) {
            long a = w.add(c.at(n, half(c)), "a" + n);
            long b = w.add(c.at(n, 0), "b" + n);
            long x = w.addBefore(b, "x" + n);
            long y = w.addAfter(b, "y" + n);
            long z = w.addBefore(a, "z" + n);
            long v = w.addAfter(y, "v" + n);
            assertEquals(w.alarmAt(b), w.alarmAt(x));
            assertEquals(w.alarmAt(b), w.alarmAt(y));
            assertEquals(w.alarmAt(a), w.alarmAt(z));
            assertEquals(w.alarmAt(b), w.alarmAt(v));
            assertEquals(n, w.alarmIntervalNum(z));
            w.checkInvariants();
            expected.addAll(List.of("z" + n, "a" + n, "x" + n, "b" + n, "y" + n, "v" + n));
        }
        assertEquals(expected, inOrder(w), c.toString());
        Recorder rec = new Recorder(w);
        while (w.fireNextAlarm(rec)) {
            w.checkInvariants();
        }
        assertEquals(expected, rec.values());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void addBeforeAndAddAfter_notPending_throwIAEAndChangeNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(5, 0), "pending");
        long removed = w.add(c.at(4, 0), "removed");
        w.remove(removed);
        long fired = w.add(c.start(), "fired");
        w.fireNextAlarm((alarm, at, value) -> { });
        long foreign = c.wheel().add(c.start(), "foreign");
        for (long bad : new long[] {removed, fired, foreign, 0L, -1L, 42L}) {
            assertRejected(w, IllegalArgumentException.class, () -> w.addBefore(bad, "x"), bad);
            assertRejected(w, IllegalArgumentException.class, () -> w.addAfter(bad, "x"), bad);
            assertRejected(w, IllegalArgumentException.class, () -> w.setAlarmValue(bad, "x"), bad);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void addBeforeAndAddAfter_insideAHandler_firedInPlace(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(2, 0), "a");
        long b = w.add(c.at(2, 0), "b");
        long d = w.add(c.at(3, 0), "d");
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            if (value.equals("a")) {
                w.addBefore(b, "before b");
                w.addAfter(b, "after b");
                w.addBefore(d, "before d");
            }
            w.checkInvariants();
        });
        w.advanceClock(c.at(4, 0), rec);
        assertEquals(List.of("a", "before b", "b", "after b", "before d", "d"), rec.values());
        assertEquals(c.at(2, 0), rec.fired.get(1).at());
        assertEquals(c.at(3, 0), rec.fired.get(4).at());
    }

    @Test
    void addBefore_ofTheFirstAlarm_becomesTheMinimumEverywhere() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(10), 0);
        long a = w.add(25, "a");
        w.add(5000, "far");
        assertEquals(25, w.minAlarmTime()); // caches the minimum
        w.addBefore(a, "b");
        w.addAfter(a, "c");
        w.checkInvariants();
        assertEquals(2, w.minAlarmIntervalNum());
        assertEquals(25, w.maxAlarmTimeInMinInterval());
        assertEquals(List.of("b", "a", "c", "far"), fireAll(w));
    }

    // ================================================================ setAlarmValue

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void setAlarmValue_replacesTheValue_timeHandleAndPlaceStay(Case c) {
        TimingWheel<String> w = c.wheel();
        long a = w.add(c.at(3, half(c)), "a");
        long b = w.add(c.at(3, 0), "b");
        assertEquals("a", w.setAlarmValue(a, "A"));
        assertEquals("A", w.setAlarmValue(a, null));
        assertNull(w.alarmValue(a));
        assertNull(w.setAlarmValue(a, "A2"));
        assertEquals(c.at(3, half(c)), w.alarmAt(a));
        w.checkInvariants();
        assertEquals(List.of("A2", "b"), inOrder(w));
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            if (value.equals("A2")) {
                assertEquals("b", w.setAlarmValue(b, "B")); // a pending alarm fires with its new value
            }
        });
        w.advanceClock(c.at(4, 0), rec);
        assertEquals(List.of("A2", "B"), rec.values());
        assertEquals(List.of(a, b), rec.alarms());
    }

    // ================================================================ forEachInOrder

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void forEachInOrder_randomAlarms_isTheFiringOrderWithTimesAndValues(Case c) {
        TimingWheel<String> w = c.wheel();
        SplittableRandom rnd = new SplittableRandom(c.start() ^ c.precision());
        List<Long> live = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            int op = rnd.nextInt(5);
            if (op == 0 && !live.isEmpty()) {
                long ref = live.get(rnd.nextInt(live.size()));
                live.add(rnd.nextBoolean() ? w.addBefore(ref, "v" + i) : w.addAfter(ref, "v" + i));
            } else if (op == 1) {
                live.add(w.addFirst(randomTime(rnd, c, c.start()), "v" + i));
            } else if (op == 2 && !live.isEmpty()) {
                w.reschedule(live.get(rnd.nextInt(live.size())), randomTime(rnd, c, c.start()));
            } else {
                live.add(w.add(randomTime(rnd, c, c.start()), "v" + i));
            }
        }
        w.checkInvariants();
        List<Long> walked = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        w.forEachInOrder((alarm, at, value) -> {
            walked.add(alarm);
            times.add(at);
            assertEquals(w.alarmValue(alarm), value);
        });
        assertEquals(w.size(), walked.size());
        Recorder rec = new Recorder(w);
        while (w.fireNextAlarm(rec)) {
            // one at a time
        }
        assertEquals(walked, rec.alarms(), c.toString());
        assertEquals(times, rec.times());
    }

    @Test
    void forEachInOrder_emptyWheel_neverCallsTheAction_andNullIsNPE() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(7), -3);
        w.forEachInOrder(noAlarm());
        long h = w.add(100, "x");
        assertRejected(w, NullPointerException.class, () -> w.forEachInOrder(null));
        w.remove(h);
        w.forEachInOrder(noAlarm());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void forEachInOrder_actionThatModifiesTheWheelOrMovesTheClock_throwsCMEAndChangesNothing(Case c) {
        List<Consumer<TimingWheel<String>>> modifications = List.of(
                w -> w.add(c.at(3, 0), "x"),
                w -> w.addFirst(c.at(3, 0), "x"),
                w -> w.addBefore(first(w), "x"),
                w -> w.addAfter(first(w), "x"),
                w -> w.setAlarmValue(first(w), "x"),
                w -> w.remove(first(w)),
                w -> w.reschedule(first(w), c.at(4, 0)),
                w -> w.clear(),
                w -> w.reset(c.start()),
                w -> w.reset(c.at(3, 0)),
                w -> w.trimToSize(),
                w -> w.advanceClock(c.start() + 1, (alarm, at, value) -> { }),
                w -> w.fireNextAlarm((alarm, at, value) -> { }),
                w -> w.firePastAlarms((alarm, at, value) -> { }),
                w -> w.advanceClockStopAtNextAlarm(MAX, (alarm, at, value) -> { }));
        for (Consumer<TimingWheel<String>> modification : modifications) {
            TimingWheel<String> w = c.wheel();
            w.add(c.start(), "a");
            w.add(c.at(1, 0), "b");
            w.add(c.at(2, 0), "c");
            assertRejected(w, ConcurrentModificationException.class,
                    () -> w.forEachInOrder((alarm, at, value) -> modification.accept(w)));
            modification.accept(w); // the guard was released
            w.checkInvariants();
        }
    }

    private static long first(TimingWheel<String> w) {
        long[] first = {0};
        w.forEach((alarm, at, value) -> first[0] = first[0] == 0 ? alarm : first[0]);
        return first[0];
    }

    @Test
    void forEachInOrder_insideAHandler_showsThePendingAlarmsAndTheHandlerMayModifyAfterwards() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(10), 0);
        w.add(10, "a");
        w.add(25, "b");
        w.add(500, "c");
        List<List<String>> views = new ArrayList<>();
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            views.add(inOrder(w));
            if (value.equals("a")) {
                w.add(15, "d");
            }
        });
        w.advanceClock(100, rec);
        assertEquals(List.of("a", "d", "b"), rec.values());
        assertEquals(List.of(List.of("b", "c"), List.of("b", "c"), List.of("c")), views);
        w.checkInvariants();
    }

    // ================================================================ trimToSize

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void trimToSize_pendingAlarmsStayValid_staleOnesStayStale(Case c) {
        TimingWheel<String> w = c.wheel();
        SplittableRandom rnd = new SplittableRandom(c.precision());
        List<Long> kept = new ArrayList<>();
        List<Long> stale = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            List<Long> added = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                added.add(w.add(randomTime(rnd, c, w.now()), "r" + round + "v" + i));
            }
            for (int i = 0; i < added.size(); i++) {
                if (i % 50 == 7) {
                    kept.add(added.get(i));
                } else {
                    w.remove(added.get(i));
                    stale.add(added.get(i));
                }
            }
            List<String> before = inOrder(w);
            w.trimToSize();
            w.checkInvariants();
            assertEquals(before, inOrder(w));
            for (long h : kept) {
                assertTrue(w.contains(h));
            }
            for (long h : stale) {
                assertFalse(w.contains(h));
            }
        }
        w.clear();
        w.trimToSize();
        w.checkInvariants();
        for (int i = 0; i < 100; i++) {
            long h = w.add(c.start(), "again");
            assertFalse(stale.contains(h) || kept.contains(h), "a stale handle came back");
        }
        for (long h : stale) {
            assertFalse(w.contains(h));
        }
    }

    @Test
    void trimToSize_insideForEach_throwsCMEAndChangesNothing() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(3), 0);
        for (int i = 0; i < 100; i++) {
            w.remove(w.add(i, "x"));
        }
        w.add(5, "a");
        assertRejected(w, ConcurrentModificationException.class, () -> w.forEach((alarm, at, value) -> w.trimToSize()));
        assertThrows(ConcurrentModificationException.class, () -> w.forEachInOrder((alarm, at, value) -> w.trimToSize()));
    }
}
