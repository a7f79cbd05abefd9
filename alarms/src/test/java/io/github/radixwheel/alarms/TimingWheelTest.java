package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.TimingWheelTestSupport.MAX;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.MIN;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.assertRejected;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.edgeTimes;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.noAlarm;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.randomBetween;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.randomTime;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.refIntervalNumStart;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.refMaxAllowedAlarmTime;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.saturatedAdd;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract of {@code TimingWheel}: every method and clause, every exception case (each checked to change
 * nothing), at starts {@code Long.MIN_VALUE}, {@code -1_000_000_007}, 0, 12345 and
 * {@code Long.MAX_VALUE - 10_000}, with precisions 1, 2, 3, 1000, 1024 and 2^30.
 */
class TimingWheelTest {
    private static final String SUPPORT = "io.github.radixwheel.alarms.TimingWheelTestSupport#";
    private static final String CASES = SUPPORT + "cases";
    private static final String ROOMY = SUPPORT + "roomyCases";
    private static final String BEFORE_START = SUPPORT + "casesWithTimeBeforeStart";

    /** Roomy cases whose intervals hold at least three times, so that offsets 0, 1, p/2, p-1 make sense. */
    static Stream<Case> roomyWidePrecisionCases() {
        return TimingWheelTestSupport.roomyCases().filter(c -> c.precision() >= 3);
    }

    /** Roomy cases whose intervals hold at least two times. */
    static Stream<Case> roomyCoarseCases() {
        return TimingWheelTestSupport.roomyCases().filter(c -> c.precision() >= 2);
    }

    static Stream<Case> negativeStartCases() {
        return TimingWheelTestSupport.cases().filter(c -> c.start() < 0);
    }

    /**
     * Runs {@code test} at the start and precision of {@code c} with each of the small level bits that
     * {@code filter} accepts, naming the bits in a failure; asserts that at least one ran.
     */
    private static void forEachSmallBits(Case c, java.util.function.Predicate<Case> filter, Consumer<Case> test) {
        int ran = 0;
        for (LevelBits bits : TimingWheelTestSupport.SMALL_BITS) {
            Case withBits = new Case(c.start(), c.precision(), bits);
            if (!filter.test(withBits)) {
                continue;
            }
            try {
                test.accept(withBits);
            } catch (AssertionError e) {
                throw new AssertionError(withBits + ": " + e.getMessage(), e);
            }
            ran++;
        }
        assertTrue(ran > 0, "no level bits apply");
    }

    /** Whether {@code maxAllowedAlarmTime()} is below {@code Long.MAX_VALUE} once the clock is in interval {@code k}. */
    private static boolean boundedAt(Case c, long k) {
        return k <= c.last() && refMaxAllowedAlarmTime(c, k) < MAX;
    }

    private static long half(Case c) {
        return c.precision() / 2;
    }

    private static long seed(Case c) {
        return c.start() * 31 + c.precision() * 17 + c.bits().hashCode();
    }

    // ================================================================ construction and accessors

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void constructor_clockAtStartAndNoAlarms(Case c) {
        TimingWheel<String> w = c.wheel();
        assertEquals(new TimingWheelConfig(c.precision(), c.bits()), w.config());
        assertEquals(c.precision(), w.alarmPrecision());
        assertEquals(c.start(), w.start());
        assertEquals(c.start(), w.now());
        assertEquals(0, w.nowIntervalNum());
        assertEquals(0, w.size());
        assertTrue(w.isEmpty());
        w.checkInvariants();
    }

    @Test
    void constructor_nullConfig_throwsNpe() {
        assertThrows(NullPointerException.class, () -> new TimingWheel<String>(null, 0));
    }

    @Test
    void constructor_keepsTheGivenConfig() {
        TimingWheelConfig config = TimingWheelConfig.microsecondPrecision();
        TimingWheel<String> w = new TimingWheel<>(config, 5);
        assertSame(config, w.config());
        assertEquals(1024, w.alarmPrecision());
        assertEquals(5, w.start());
    }

    @ParameterizedTest(name = "precision={0}")
    @CsvSource({"1", "3", "1000", "1073741824", "9223372036854775807"})
    void constructor_startAtMaxValue_aWheelOfOneTimeStillWorks(long precision) {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(precision), MAX);
        assertEquals(0, w.intervalNum(MAX));
        assertEquals(MAX, w.intervalNumStart(0));
        assertThrows(IllegalArgumentException.class, () -> w.intervalNumStart(1));
        assertEquals(MAX, w.maxAllowedAlarmTime());
        assertEquals(0, w.maxAllowedAlarmIntervalNum());
        long a = w.add(MAX, "a");
        w.add(MAX, "b");
        assertRejected(w, IllegalArgumentException.class, () -> w.add(MAX - 1, "x"), MAX - 1);
        assertRejected(w, NoSuchElementException.class, w::nextAlarmFiresAt);
        w.advanceClock(MAX, noAlarm());
        Recorder rec = new Recorder(w);
        w.advanceClockStopAtNextAlarm(MAX, rec);
        assertEquals(List.of("a", "b"), rec.values());
        assertFalse(w.contains(a));
        w.add(MAX, "c");
        w.firePastAlarms(rec);
        assertEquals(List.of("a", "b", "c"), rec.values());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "precision={0}")
    @CsvSource({"2305843009213693952", "4611686018427387904", "4611686018427387905", "9223372036854775806",
        "9223372036854775807"})
    void intervals_hugePrecisions_areExactAtEveryStart(long precision) {
        for (long start : TimingWheelTestSupport.STARTS) {
            Case c = new Case(start, precision);
            TimingWheel<String> w = c.wheel();
            assertEquals(c.last(), w.intervalNum(MAX), c::toString);
            assertEquals(c.intervalStart(c.last()), w.intervalNumStart(c.last()), c::toString);
            assertEquals(c.intervalStart(c.last()), w.intervalStart(MAX), c::toString);
            assertRejected(w, IllegalArgumentException.class, () -> w.intervalNumStart(c.last() + 1), c.last() + 1);
            for (long t : edgeTimes(c)) {
                assertEquals(c.intervalNum(t), w.intervalNum(t), () -> c + ", time " + t);
            }
            w.add(MAX, "max");
            w.add(start, "start");
            Recorder rec = new Recorder(w);
            w.advanceClock(MAX, rec);
            assertEquals(c.last() >= 1 ? List.of("start") : List.of(), rec.values(), c::toString);
            w.firePastAlarms(rec);
            assertTrue(w.isEmpty(), c::toString);
            w.checkInvariants();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void sizeAndIsEmpty_countPendingAlarms(Case c) {
        TimingWheel<String> w = c.wheel();
        long a = w.add(c.start(), "a");
        assertEquals(1, w.size());
        assertFalse(w.isEmpty());
        long b = w.add(c.lastTime(), "b");
        assertEquals(2, w.size());
        w.remove(a);
        assertEquals(1, w.size());
        w.remove(b);
        assertEquals(0, w.size());
        assertTrue(w.isEmpty());
        w.checkInvariants();
    }

    // ================================================================ intervals

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void intervalNum_isFloorOfElapsedOverPrecision(Case c) {
        TimingWheel<String> w = c.wheel();
        List<Long> times = new ArrayList<>(edgeTimes(c));
        SplittableRandom rnd = new SplittableRandom(seed(c));
        for (int i = 0; i < 300; i++) {
            times.add(randomBetween(rnd, c.start(), MAX));
            times.add(randomTime(rnd, c, c.start()));
        }
        for (long t : times) {
            long n = c.intervalNum(t);
            assertEquals(n, w.intervalNum(t), () -> "intervalNum(" + t + ")");
            assertEquals(c.intervalStart(n), w.intervalStart(t), () -> "intervalStart(" + t + ")");
            assertTrue(w.intervalStart(t) <= t);
            if (n < c.last()) {
                assertTrue(t - w.intervalStart(t) < c.precision(), () -> "intervalStart(" + t + ") is too early");
            }
        }
        w.checkInvariants();
    }

    @ParameterizedTest
    @CsvSource({
        "2, 9223372036854775807, 9223372036854775806",
        "3, 6148914691236517205, 9223372036854775807",
        "1000, 18446744073709551, 9223372036854775192",
        "1024, 18014398509481983, 9223372036854774784",
        "1073741824, 17179869183, 9223372035781033984"})
    void intervalNum_minValueStartAndMaxValueTime_doesNotOverflow(long precision, long expectedNum, long expectedStart) {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(precision), MIN);
        assertEquals(expectedNum, w.intervalNum(MAX));
        assertEquals(expectedStart, w.intervalStart(MAX));
        assertEquals(expectedStart, w.intervalNumStart(expectedNum));
        assertEquals(expectedNum, w.maxAllowedAlarmIntervalNum());
        // The last time of the interval before, and zero (2^63 after the start).
        assertEquals(expectedNum - 1, w.intervalNum(expectedStart - 1));
        assertEquals(new Case(MIN, precision).intervalNum(0), w.intervalNum(0));
        assertEquals(Long.divideUnsigned(1L << 63, precision), w.intervalNum(0));
    }

    @Test
    void intervalNum_precisionOneNegativeStart_timesFromStartPlusMaxValueShareTheLastInterval() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1), MIN);
        assertEquals(0, w.intervalNum(MIN));
        assertEquals(MAX - 1, w.intervalNum(-2));
        assertEquals(MAX, w.intervalNum(-1));
        assertEquals(MAX, w.intervalNum(0));
        assertEquals(MAX, w.intervalNum(MAX));
        assertEquals(-1, w.intervalNumStart(MAX));
        assertEquals(-1, w.intervalStart(MAX));
        assertEquals(-2, w.intervalStart(-2));

        long start = -1_000_000_007L;
        TimingWheel<String> v = new TimingWheel<>(TimingWheelConfig.of(1), start);
        assertEquals(MAX - 1, v.intervalNum(MAX - 1_000_000_008L));
        assertEquals(MAX, v.intervalNum(MAX - 1_000_000_007L));
        assertEquals(MAX, v.intervalNum(MAX));
        assertEquals(MAX - 1_000_000_007L, v.intervalStart(MAX));
        assertEquals(MAX, v.maxAllowedAlarmIntervalNum());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(BEFORE_START)
    void intervalNum_timeBeforeStart_throwsAndChangesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.lastTime(), "pending");
        w.advanceClock(c.at(0, half(c)), noAlarm());
        List<Long> bad = new ArrayList<>(List.of(c.start() - 1, MIN));
        if (c.start() >= MIN + c.precision()) {
            bad.add(c.start() - c.precision());
        }
        for (long t : bad) {
            assertRejected(w, IllegalArgumentException.class, () -> w.intervalNum(t), t, c.start());
            assertRejected(w, IllegalArgumentException.class, () -> w.intervalStart(t), t, c.start());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void intervalNumStart_isStartPlusNTimesPrecision(Case c) {
        TimingWheel<String> w = c.wheel();
        List<Long> ns = new ArrayList<>();
        for (long n = 0; n <= Math.min(c.last(), 70); n++) {
            ns.add(n);
        }
        ns.add(c.last());
        ns.add(Math.max(0, c.last() - 1));
        SplittableRandom rnd = new SplittableRandom(seed(c));
        for (int i = 0; i < 200; i++) {
            ns.add(randomBetween(rnd, 0, c.last()));
        }
        for (long n : ns) {
            long expected = refIntervalNumStart(c.start(), c.precision(), n).longValueExact();
            assertEquals(expected, w.intervalNumStart(n), () -> "intervalNumStart(" + n + ")");
            assertEquals(n, w.intervalNum(expected), () -> "intervalNum(intervalNumStart(" + n + "))");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void intervalNumStart_lastIntervalHoldsMaxValue(Case c) {
        TimingWheel<String> w = c.wheel();
        assertEquals(c.last(), w.intervalNum(MAX));
        assertEquals(w.intervalNumStart(c.last()), w.intervalStart(MAX));
        assertEquals(c.last(), w.intervalNum(w.intervalNumStart(c.last())));
        if (c.last() < MAX) {
            assertThrows(IllegalArgumentException.class, () -> w.intervalNumStart(c.last() + 1));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void intervalNumStart_negativeOrUnrepresentable_throwsAndChangesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.start(), "pending");
        List<Long> bad = new ArrayList<>(List.of(-1L, MIN, -c.precision()));
        if (c.last() < MAX) {
            bad.add(c.last() + 1);
            bad.add(MAX);
        }
        for (long n : bad) {
            assertRejected(w, IllegalArgumentException.class, () -> w.intervalNumStart(n), n);
        }
        if (c.last() < MAX) {
            assertRejected(w, IllegalArgumentException.class, () -> w.intervalNumStart(c.last() + 1), c.last() + 1,
                    c.last());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void nowIntervalNum_followsTheClock(Case c) {
        TimingWheel<String> w = c.wheel();
        for (long t : edgeTimes(c)) {
            w.advanceClock(t, noAlarm());
            assertEquals(t, w.now());
            assertEquals(c.intervalNum(t), w.nowIntervalNum());
            assertEquals(c.intervalStart(c.intervalNum(t)), w.intervalStart(w.now()));
            w.checkInvariants();
        }
        assertEquals(MAX, w.now());
        assertEquals(c.last(), w.nowIntervalNum());
    }

    // ================================================================ bounds

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void maxAllowedAlarmTime_defaultBits_isTheLastRepresentableTimeAtEveryClock(Case c) {
        TimingWheel<String> w = c.wheel();
        for (long t : edgeTimes(c)) {
            w.advanceClock(t, noAlarm());
            assertEquals(c.lastTime(), w.maxAllowedAlarmTime());
            assertEquals(saturatedAdd(c.lastTime(), 1), w.alarmUpperBound());
            assertEquals(c.last(), w.maxAllowedAlarmIntervalNum());
        }
        long h = w.add(c.lastTime(), "at the last time");
        assertEquals(c.lastTime(), w.alarmAt(h));
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void maxAllowedAlarmTime_smallBits_followsSpecFormulaAsTheClockMoves(Case c) {
        forEachSmallBits(c, any -> true, TimingWheelTest::checkMaxAllowedAlarmTimeAsTheClockMoves);
    }

    private static void checkMaxAllowedAlarmTimeAsTheClockMoves(Case c) {
        TimingWheel<String> w = c.wheel();
        List<Long> intervals = new ArrayList<>(List.of(0L, 1L, 2L, 3L, 5L, 7L, 8L, 9L, 100L, 1000L, 4099L,
                (1L << 20) + 3, (1L << 40) + 5));
        for (long d = 3; d >= 0; d--) {
            intervals.add(c.last() - d);
        }
        intervals.removeIf(n -> n < 0 || n > c.last());
        intervals.sort(Comparator.naturalOrder());
        for (long k : intervals) {
            w.advanceClock(c.at(k, half(c)), noAlarm());
            assertEquals(k, w.nowIntervalNum());
            long expected = refMaxAllowedAlarmTime(c, k);
            assertEquals(expected, w.maxAllowedAlarmTime(), () -> "maxAllowedAlarmTime in interval " + k);
            assertEquals(saturatedAdd(expected, 1), w.alarmUpperBound());
            assertEquals(c.intervalNum(expected), w.maxAllowedAlarmIntervalNum());
            long h = w.add(expected, "latest");
            assertEquals(expected, w.alarmAt(h));
            w.checkInvariants();
            assertTrue(w.remove(h));
            if (expected < MAX) {
                assertRejected(w, IllegalArgumentException.class, () -> w.add(expected + 1, "too late"),
                        "too far in the future", expected + 1, expected);
            }
        }
    }

    @Test
    void maxAllowedAlarmTime_precision2Pow30LevelBits10_is1099511627775() {
        TimingWheel<String> w = new TimingWheel<>(new TimingWheelConfig(1L << 30, LevelBits.of(10)), 0);
        assertEquals(1099511627775L, w.maxAllowedAlarmTime());
        assertEquals(1099511627776L, w.alarmUpperBound());
        assertEquals(1023, w.maxAllowedAlarmIntervalNum());
        assertEquals(w.intervalNumStart(1023 + 1) - 1, w.maxAllowedAlarmTime());
    }

    @Test
    void alarmUpperBound_saturatesAtMaxValue() {
        assertEquals(MAX, new TimingWheel<String>(TimingWheelConfig.of(1), 0).alarmUpperBound());
        // [1] at start MAX - 1: the queue reaches interval 1, the last, so every time fits.
        TimingWheel<String> w = new TimingWheel<>(new TimingWheelConfig(1, LevelBits.of(1)), MAX - 1);
        assertEquals(MAX, w.maxAllowedAlarmTime());
        assertEquals(MAX, w.alarmUpperBound());
        // [1] at start MAX - 2: intervals 0 and 1 only, so MAX - 1 is the last allowed time.
        TimingWheel<String> v = new TimingWheel<>(new TimingWheelConfig(1, LevelBits.of(1)), MAX - 2);
        assertEquals(MAX - 1, v.maxAllowedAlarmTime());
        assertEquals(MAX, v.alarmUpperBound());
    }

    // ================================================================ add

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void add_storesTimeIntervalAndValue(Case c) {
        TimingWheel<String> w = c.wheel();
        Map<Long, Long> handles = new HashMap<>();
        int i = 0;
        for (long t : edgeTimes(c)) {
            if (t > c.lastTime()) {
                continue; // no interval number: rejected, see maxAllowedAlarmTime
            }
            String value = "v" + i++;
            long h = w.add(t, value);
            assertFalse(handles.containsKey(h), "handles are distinct");
            handles.put(h, t);
            assertTrue(w.contains(h));
            assertEquals(t, w.alarmAt(h));
            assertEquals(c.intervalNum(t), w.alarmIntervalNum(h));
            assertEquals(value, w.alarmValue(h));
            assertEquals(handles.size(), w.size());
            w.checkInvariants();
        }
        handles.forEach((h, t) -> assertEquals(t, w.alarmAt(h)));
        assertEquals(c.start(), w.now(), "adding does not move the clock");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void add_tooFarInTheFuture_throwsNamingAtAndTheBoundAndChangesNothing(Case c) {
        forEachSmallBits(c, cb -> boundedAt(cb, 0), cb -> {
            TimingWheel<String> w = cb.wheel();
            w.add(cb.start(), "first");
            long max = w.maxAllowedAlarmTime();
            assertTrue(max < MAX);
            w.add(max, "last");
            for (long at : new long[] {max + 1, saturatedAdd(max, cb.precision()), MAX}) {
                assertRejected(w, IllegalArgumentException.class, () -> w.add(at, "x"), "too far in the future", at,
                        max);
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void add_beforeCurrentInterval_throwsNamingAtAndTheBoundAndChangesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(5, 0), "pending");
        w.add(c.at(3, c.precision() - 1), "in current interval");
        w.advanceClock(c.at(3, half(c)), noAlarm());
        long bound = c.at(3, 0);
        assertEquals(bound, w.intervalStart(w.now()));
        for (long at : new long[] {bound - 1, c.at(2, 0), c.at(1, half(c)), c.start(), MIN}) {
            assertRejected(w, IllegalArgumentException.class, () -> w.add(at, "x"),
                    "before the start of the current interval", at, bound);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("roomyCoarseCases")
    void add_inCurrentIntervalBeforeNow_isAcceptedAndFiresOnceTheIntervalEnds(Case c) {
        TimingWheel<String> w = c.wheel();
        long now = c.at(1, c.precision() - 1);
        w.advanceClock(now, noAlarm());
        long at = c.at(1, 0);
        assertTrue(at < now);
        long h = w.add(at, "past");
        assertEquals(at, w.alarmAt(h));
        assertEquals(1, w.alarmIntervalNum(h));
        assertEquals(c.at(2, 0), w.nextAlarmFiresAt());
        w.advanceClock(now, noAlarm()); // not later than now: nothing happens
        Recorder rec = new Recorder(w);
        w.advanceClock(c.at(2, 0), rec);
        assertEquals(List.of(h), rec.alarms());
        assertEquals(now, rec.fired.get(0).nowInHandler(), "max(previous now, start of interval 1)");
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void add_nullValue_isAllowedAndFiresWithNull(Case c) {
        TimingWheel<String> w = c.wheel();
        long h = w.add(c.start(), null);
        assertTrue(w.contains(h));
        assertNull(w.alarmValue(h));
        List<String> seen = new ArrayList<>();
        w.forEach((alarm, at, value) -> seen.add(value));
        assertEquals(java.util.Collections.singletonList(null), seen);
        assertTrue(w.toString().contains("=null"), w.toString());
        Recorder rec = new Recorder(w);
        w.firePastAlarms(rec);
        assertEquals(1, rec.fired.size());
        assertNull(rec.fired.get(0).value());
        assertTrue(w.isEmpty());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void addAtIntervalNum_addsAtTheIntervalStart(Case c) {
        TimingWheel<String> w = c.wheel();
        for (long n : new long[] {0, 1, 2, 7, 2048, c.last() - 1, c.last()}) {
            if (n < 0 || n > c.last()) {
                continue;
            }
            long h = w.addAtIntervalNum(n, "n" + n);
            assertEquals(c.intervalStart(n), w.alarmAt(h));
            assertEquals(n, w.alarmIntervalNum(h));
            assertEquals("n" + n, w.alarmValue(h));
        }
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void addAtIntervalNum_invalidInterval_throwsAndChangesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.addAtIntervalNum(4, "pending");
        w.advanceClock(c.at(3, half(c)), noAlarm());
        for (long n : new long[] {-1, MIN, -c.precision()}) {
            assertRejected(w, IllegalArgumentException.class, () -> w.addAtIntervalNum(n, "x"), n);
        }
        for (long n : new long[] {0, 2}) {
            assertRejected(w, IllegalArgumentException.class, () -> w.addAtIntervalNum(n, "x"),
                    "before the start of the current interval", c.at(n, 0), c.at(3, 0));
        }
        if (c.last() < MAX) {
            for (long n : new long[] {c.last() + 1, MAX}) {
                assertRejected(w, IllegalArgumentException.class, () -> w.addAtIntervalNum(n, "x"), n);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void addAtIntervalNum_pastMaxAllowedInterval_throwsTooFarAndChangesNothing(Case c) {
        forEachSmallBits(c, cb -> boundedAt(cb, 3), cb -> {
            TimingWheel<String> w = cb.wheel();
            w.advanceClock(cb.at(3, 0), noAlarm());
            long maxN = w.maxAllowedAlarmIntervalNum();
            long h = w.addAtIntervalNum(maxN, "latest interval");
            assertEquals(maxN, w.alarmIntervalNum(h));
            long at = cb.intervalStart(maxN + 1);
            assertRejected(w, IllegalArgumentException.class, () -> w.addAtIntervalNum(maxN + 1, "x"),
                    "too far in the future", at, w.maxAllowedAlarmTime());
        });
    }

    // ================================================================ handles

    @Test
    void contains_madeUpAndForeignHandles_isFalse() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1000), 0);
        TimingWheel<String> other = new TimingWheel<>(TimingWheelConfig.of(1000), 0);
        long h = w.add(5, "only");
        long foreign = other.add(5, "other");
        assertTrue(w.contains(h));
        for (long bad : new long[] {0, -1, 1, MAX, MIN, h + 1, h - 1, h ^ (1L << 32), h + (1L << 32), h ^ MIN,
                foreign}) {
            if (bad == h) {
                continue;
            }
            assertFalse(w.contains(bad), () -> "contains(" + bad + ")");
            assertFalse(w.remove(bad), () -> "remove(" + bad + ")");
        }
        assertTrue(w.contains(h));
        assertEquals(1, w.size());
        assertTrue(other.contains(foreign));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void remove_pendingAlarm_trueOnceThenFalseAndItNeverFires(Case c) {
        TimingWheel<String> w = c.wheel();
        long a = w.add(c.at(1, 0), "a");
        long b = w.add(c.at(1, 0), "b");
        long d = w.add(c.at(2, half(c)), "d");
        assertTrue(w.remove(b));
        w.checkInvariants();
        assertFalse(w.contains(b));
        assertEquals(2, w.size());
        assertFalse(assertRejectedReturn(w, () -> w.remove(b)));
        Recorder rec = new Recorder(w);
        w.advanceClock(c.at(3, 0), rec);
        assertEquals(List.of(a, d), rec.alarms());
        assertFalse(w.remove(a), "a fired");
        assertTrue(w.isEmpty());
    }

    /** Runs a call that must return false and change nothing. */
    private static boolean assertRejectedReturn(TimingWheel<String> w, java.util.function.BooleanSupplier call) {
        State before = State.of(w);
        boolean result = call.getAsBoolean();
        assertEquals(before, State.of(w));
        w.checkInvariants();
        return result;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void lookupsAndReschedule_staleFiredClearedOrMadeUpHandle_throwIaeAndChangeNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        long cleared = w.add(c.at(2, 0), "cleared");
        w.clear();
        long removed = w.add(c.at(2, 0), "removed");
        long fired = w.add(c.at(0, 0), "fired");
        long live1 = w.add(c.at(2, half(c)), "live1");
        long live2 = w.add(c.at(4, 0), "live2");
        assertTrue(w.remove(removed));
        w.advanceClock(c.at(1, 0), noAlarmExcept(fired));
        long foreign = c.wheel().add(c.at(2, 0), "foreign");
        List<Long> stale = new ArrayList<>(List.of(cleared, removed, fired, 0L, -1L, MAX, MIN, foreign,
                live1 ^ (1L << 40)));
        stale.removeIf(h -> h == live1 || h == live2);
        for (long h : stale) {
            assertFalse(w.contains(h), () -> "contains(" + h + ")");
            assertRejected(w, IllegalArgumentException.class, () -> w.alarmAt(h), h);
            assertRejected(w, IllegalArgumentException.class, () -> w.alarmIntervalNum(h), h);
            assertRejected(w, IllegalArgumentException.class, () -> w.alarmValue(h), h);
            assertRejected(w, IllegalArgumentException.class, () -> w.reschedule(h, c.at(3, 0)), h);
            assertRejected(w, IllegalArgumentException.class, () -> w.rescheduleAtIntervalNum(h, 3), h);
            // A stale handle together with an invalid time is still an IAE.
            assertRejected(w, IllegalArgumentException.class, () -> w.reschedule(h, MIN));
            assertFalse(assertRejectedReturn(w, () -> w.remove(h)));
        }
        assertEquals(2, w.size());
        assertEquals(c.at(2, half(c)), w.alarmAt(live1));
        assertEquals(c.at(4, 0), w.alarmAt(live2));
    }

    private static AlarmConsumer<String> noAlarmExcept(long expected) {
        return (alarm, at, value) -> assertEquals(expected, alarm, "only the expected alarm fires");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void alarmLookups_afterFiring_throwInsideAndAfterTheHandler(Case c) {
        TimingWheel<String> w = c.wheel();
        long h = w.add(c.at(1, 0), "x");
        List<Class<?>> seen = new ArrayList<>();
        w.advanceClock(c.at(2, 0), (alarm, at, value) -> {
            assertEquals(h, alarm);
            assertFalse(w.contains(alarm), "a firing alarm is already removed");
            assertFalse(w.remove(alarm));
            seen.add(assertThrows(IllegalArgumentException.class, () -> w.alarmAt(alarm)).getClass());
            seen.add(assertThrows(IllegalArgumentException.class, () -> w.alarmValue(alarm)).getClass());
            seen.add(assertThrows(IllegalArgumentException.class, () -> w.reschedule(alarm, c.at(3, 0))).getClass());
        });
        assertEquals(3, seen.size());
        assertTrue(w.isEmpty(), "rescheduling the firing alarm did not bring it back");
        assertThrows(IllegalArgumentException.class, () -> w.alarmIntervalNum(h));
    }

    // ================================================================ reschedule

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void reschedule_keepsHandleAndValueAndMovesTime(Case c) {
        TimingWheel<String> w = c.wheel();
        long a = w.add(c.at(1, 0), "a");
        long b = w.add(c.at(2, 0), "b");
        w.reschedule(a, c.at(3, half(c)));
        w.checkInvariants();
        assertTrue(w.contains(a));
        assertEquals(c.at(3, half(c)), w.alarmAt(a));
        assertEquals(3, w.alarmIntervalNum(a));
        assertEquals("a", w.alarmValue(a));
        assertEquals(2, w.size());
        assertEquals(2, w.minAlarmIntervalNum());
        Recorder rec = new Recorder(w);
        w.advanceClock(c.at(2, 1 % c.precision()), rec);
        assertEquals(List.of(), rec.alarms(), "a no longer fires at its old time");
        w.advanceClock(c.at(4, 0), rec);
        assertEquals(List.of(b, a), rec.alarms());
        assertEquals(c.at(3, half(c)), rec.fired.get(1).at());
        // Earlier again: to the current interval.
        long d = w.add(c.at(8, 0), "d");
        w.reschedule(d, w.intervalStart(w.now()));
        assertEquals(c.at(4, 0), w.minAlarmTime());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void reschedule_goesToTheBackOfItsIntervalsInsertionOrder(Case c) {
        TimingWheel<String> w = c.wheel();
        long t = c.at(1, 0);
        long a = w.add(t, "a");
        long b = w.add(t, "b");
        long d = w.add(t, "d");
        w.reschedule(a, t); // unchanged time: still goes to the back
        w.reschedule(b, c.at(1, c.precision() - 1)); // same interval, another time
        long e = w.add(c.at(3, 0), "e");
        w.reschedule(e, c.at(1, half(c))); // from a later interval
        w.checkInvariants();
        Recorder rec = new Recorder(w);
        w.advanceClock(c.at(2, 0), rec);
        assertEquals(List.of("d", "a", "b", "e"), rec.values());
        assertEquals(List.of(d, a, b, e), rec.alarms());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void reschedule_beforeCurrentInterval_throwsAndChangesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        long a = w.add(c.at(5, 0), "a");
        w.add(c.at(4, 0), "b");
        w.advanceClock(c.at(3, half(c)), noAlarm());
        long bound = c.at(3, 0);
        for (long at : new long[] {bound - 1, c.start(), MIN}) {
            assertRejected(w, IllegalArgumentException.class, () -> w.reschedule(a, at),
                    "before the start of the current interval", at, bound);
        }
        for (long n : new long[] {-1, MIN}) {
            assertRejected(w, IllegalArgumentException.class, () -> w.rescheduleAtIntervalNum(a, n), n);
        }
        for (long n : new long[] {2, 0}) {
            assertRejected(w, IllegalArgumentException.class, () -> w.rescheduleAtIntervalNum(a, n),
                    "before the start of the current interval", c.at(n, 0), bound);
        }
        assertEquals(c.at(5, 0), w.alarmAt(a));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void reschedule_tooFarInTheFuture_throwsAndChangesNothing(Case c) {
        forEachSmallBits(c, cb -> boundedAt(cb, 0), cb -> {
            TimingWheel<String> w = cb.wheel();
            long a = w.add(cb.start(), "a");
            long max = w.maxAllowedAlarmTime();
            assertRejected(w, IllegalArgumentException.class, () -> w.reschedule(a, max + 1),
                    "too far in the future", max + 1, max);
            assertRejected(w, IllegalArgumentException.class, () -> w.reschedule(a, MAX), "too far in the future",
                    MAX);
            long maxN = w.maxAllowedAlarmIntervalNum();
            assertRejected(w, IllegalArgumentException.class, () -> w.rescheduleAtIntervalNum(a, maxN + 1),
                    "too far in the future", cb.intervalStart(maxN + 1));
            w.reschedule(a, max);
            assertEquals(max, w.alarmAt(a));
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void rescheduleAtIntervalNum_movesToTheIntervalStartAndToTheBack(Case c) {
        TimingWheel<String> w = c.wheel();
        long a = w.add(c.at(2, half(c)), "a");
        long b = w.add(c.at(5, 0), "b");
        w.rescheduleAtIntervalNum(b, 2);
        assertEquals(c.at(2, 0), w.alarmAt(b));
        assertEquals(2, w.alarmIntervalNum(b));
        w.rescheduleAtIntervalNum(a, 2);
        assertEquals(c.at(2, 0), w.alarmAt(a));
        w.checkInvariants();
        Recorder rec = new Recorder(w);
        w.advanceClock(c.at(3, 0), rec);
        assertEquals(List.of(b, a), rec.alarms());
        if (c.last() < MAX) {
            long h = w.add(c.at(4, 0), "h");
            assertRejected(w, IllegalArgumentException.class, () -> w.rescheduleAtIntervalNum(h, c.last() + 1),
                    c.last() + 1);
        }
    }

    // ================================================================ advanceClock

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClock_toNowOrEarlier_doesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(1, 0), "current");
        w.add(c.at(2, 0), "next");
        w.advanceClock(c.at(1, c.precision() - 1), noAlarm());
        State before = State.of(w);
        for (long to : new long[] {w.now(), w.now() - 1, c.at(1, 0), c.start(), MIN}) {
            w.advanceClock(to, noAlarm());
            assertEquals(before, State.of(w));
        }
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClock_firesInIntervalOrderThenInsertionOrder(Case c) {
        TimingWheel<String> w = c.wheel();
        long p1 = c.precision() - 1;
        w.add(c.at(3, 0), "d1");
        w.add(c.at(1, p1), "b1");
        w.add(c.at(2, half(c)), "c1");
        w.add(c.at(1, 0), "b2");
        w.add(c.at(0, p1), "a1");
        w.add(c.at(2, 0), "c2");
        w.add(c.at(1, half(c)), "b3");
        w.add(c.at(8, 0), "later");
        Recorder rec = new Recorder(w);
        w.advanceClock(c.at(4, 0), rec);
        assertEquals(List.of("a1", "b1", "b2", "b3", "c1", "c2", "d1"), rec.values());
        assertEquals(c.at(4, 0), w.now());
        assertEquals(List.of("later"), values(w));
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClock_neverEarlyAndNoneLateAfterwards(Case c) {
        TimingWheel<String> w = c.wheel();
        for (int n = 0; n <= 8; n++) {
            for (long off : new long[] {0, half(c), c.precision() - 1}) {
                w.add(c.at(n, off), n + "+" + off);
            }
        }
        Recorder rec = new Recorder(w);
        for (long to : new long[] {c.at(0, half(c)), c.at(2, c.precision() - 1), c.at(3, 0), c.at(3, 1),
                c.at(6, half(c)), c.at(9, 0)}) {
            rec.clear();
            w.advanceClock(to, rec);
            for (Fired f : rec.fired) {
                assertTrue(f.at() < to, () -> "fired early: " + f + " advancing to " + to);
                assertTrue(f.at() < c.intervalStart(c.intervalNum(to)));
            }
            assertEquals(to, w.now());
            w.forEach((alarm, at, value) -> assertTrue(at >= w.intervalStart(to), () -> "late: " + value));
            w.checkInvariants();
        }
        assertTrue(w.isEmpty());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClock_insideHandler_nowIsMaxOfPreviousNowAndIntervalStart(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(2, c.precision() - 1), "x2");
        w.add(c.at(2, half(c)), "y2");
        w.add(c.at(5, c.precision() - 1), "x5");
        w.add(c.at(7, 0), "x7");
        Recorder rec = new Recorder(w);
        long mid = c.at(2, half(c));
        w.advanceClock(mid, rec);
        assertEquals(List.of(), rec.values());
        w.advanceClock(c.at(8, 0), rec);
        assertEquals(List.of("x2", "y2", "x5", "x7"), rec.values());
        assertEquals(List.of(mid, mid, c.at(5, 0), c.at(7, 0)), rec.fired.stream().map(Fired::nowInHandler).toList());
        for (Fired f : rec.fired) {
            assertFalse(f.containedInHandler());
        }
    }

    @ParameterizedTest(name = "start={0}")
    @CsvSource({"-9223372036854775808", "-1000000007", "0", "12345", "9223372036854765807"})
    void advanceClock_precisionOne_nowInsideHandlerIsTheAlarmTime(long start) {
        Case c = new Case(start, 1);
        TimingWheel<String> w = c.wheel();
        SplittableRandom rnd = new SplittableRandom(start);
        long horizon = c.at(Math.min(c.last() - 1, 5000), 0);
        for (int i = 0; i < 300; i++) {
            w.add(randomBetween(rnd, start, horizon), "v" + i);
        }
        Recorder rec = new Recorder(w);
        while (w.now() < horizon + 1) {
            w.advanceClock(Math.min(horizon + 1, w.now() + 1 + rnd.nextInt(300)), rec);
        }
        assertEquals(300, rec.fired.size());
        for (Fired f : rec.fired) {
            assertEquals(f.at(), f.nowInHandler());
        }
        assertEquals(rec.times().stream().sorted().toList(), rec.times());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("negativeStartCases")
    void advanceClock_acrossZero(Case c) {
        TimingWheel<String> w = c.wheel();
        List<Long> times = new ArrayList<>();
        for (long t : new java.util.TreeSet<>(List.of(-c.precision() - 1, -c.precision(), -1L, 0L, 1L, c.precision(),
                c.precision() + 1))) {
            if (t >= c.start() && t <= c.lastTime()) {
                times.add(t);
                w.add(t, Long.toString(t));
            }
        }
        Recorder rec = new Recorder(w);
        w.advanceClock(-1, rec);
        assertEquals(due(c, times, -1), rec.values());
        assertEquals(c.intervalNum(-1), w.nowIntervalNum());
        rec.clear();
        w.advanceClock(0, rec);
        List<String> upToZero = due(c, times, 0);
        upToZero.removeAll(due(c, times, -1));
        assertEquals(upToZero, rec.values());
        assertEquals(0, w.now());
        assertEquals(c.intervalNum(0), w.nowIntervalNum());
        rec.clear();
        w.advanceClock(2 * c.precision() + 1, rec);
        List<String> rest = due(c, times, 2 * c.precision() + 1);
        rest.removeAll(due(c, times, 0));
        assertEquals(rest, rec.values());
        w.forEach((alarm, at, value) -> assertTrue(at >= w.intervalStart(w.now())));
        w.checkInvariants();
    }

    /** The values (the times as strings) of the alarms at {@code times} that advancing to {@code to} fires. */
    private static List<String> due(Case c, List<Long> times, long to) {
        long bound = c.intervalStart(c.intervalNum(to));
        List<String> out = new ArrayList<>();
        for (long t : times) {
            if (t < bound) {
                out.add(Long.toString(t));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void advanceClock_toMaxValue_leavesExactlyTheLastIntervalsAlarms(Case c) {
        TimingWheel<String> w = c.wheel();
        long lastStart = c.intervalStart(c.last());
        Map<String, Long> alarms = new java.util.LinkedHashMap<>();
        alarms.put("start", c.start());
        if (c.last() >= 1) {
            alarms.put("beforeLast", lastStart - 1);
        }
        alarms.put("lastStart", lastStart);
        alarms.put("lastTimeMinus1", Math.max(c.start(), c.lastTime() - 1));
        alarms.put("lastTime", c.lastTime());
        alarms.forEach((value, at) -> w.add(at, value));
        Recorder rec = new Recorder(w);
        w.advanceClock(MAX, rec);
        List<String> expectedFired = new ArrayList<>();
        List<String> expectedLeft = new ArrayList<>();
        alarms.forEach((value, at) -> (c.intervalNum(at) < c.last() ? expectedFired : expectedLeft).add(value));
        assertEquals(expectedFired, rec.values());
        assertEquals(MAX, w.now());
        assertEquals(c.last(), w.nowIntervalNum());
        assertEquals(c.last(), w.minAlarmIntervalNum());
        assertRejected(w, NoSuchElementException.class, w::nextAlarmFiresAt);
        rec.clear();
        w.firePastAlarms(rec);
        assertEquals(expectedLeft, rec.values());
        for (Fired f : rec.fired) {
            assertEquals(MAX, f.nowInHandler());
        }
        assertTrue(w.isEmpty());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClock_handlerAddsBeforeTheTarget_firesThemLaterInTheSameCallInOrder(Case c) {
        TimingWheel<String> w = c.wheel();
        long p1 = c.precision() - 1;
        long target = c.at(6, half(c));
        w.add(c.at(1, 0), "A");
        w.add(c.at(2, 0), "B");
        w.add(c.at(4, 0), "C");
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            if (value.equals("A")) {
                w.add(c.at(1, p1), "A1"); // the interval being fired
                w.add(c.at(2, 1 % c.precision()), "A2"); // after B in interval 2
                w.add(c.at(3, 0), "A3");
                w.add(c.at(6, 0), "A4"); // the target's interval: does not fire
                w.add(c.at(5, half(c)), "A5");
                w.checkInvariants();
            } else if (value.equals("A3")) {
                w.add(c.at(3, p1), "A3a"); // added by an added alarm
            }
        });
        w.advanceClock(target, rec);
        assertEquals(List.of("A", "A1", "B", "A2", "A3", "A3a", "C", "A5"), rec.values());
        for (Fired f : rec.fired) {
            assertTrue(f.at() < target);
            assertEquals(Math.max(c.start(), c.intervalStart(c.intervalNum(f.at()))), f.nowInHandler());
        }
        assertEquals(List.of("A4"), values(w));
        assertEquals(target, w.now());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClock_handlerAddsBeforeTheFiringInterval_isRejectedAndTheCallGoesOn(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(2, 0), "A");
        w.add(c.at(3, 0), "B");
        List<String> rejected = new ArrayList<>();
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            if (value.equals("A")) {
                IllegalArgumentException e = assertRejected(w, IllegalArgumentException.class,
                        () -> w.add(c.at(1, half(c)), "too early"), "before the start of the current interval");
                rejected.add(e.getMessage());
            }
        });
        w.advanceClock(c.at(4, 0), rec);
        assertEquals(List.of("A", "B"), rec.values());
        assertEquals(1, rejected.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClock_handlerRemovesPendingAlarms_theyDoNotFire(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(1, 0), "A");
        w.add(c.at(1, 0), "A'");
        long b = w.add(c.at(2, 0), "B");
        long d = w.add(c.at(2, 0), "D");
        long e = w.add(c.at(3, 0), "E");
        long f = w.add(c.at(5, 0), "F");
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            if (value.equals("A")) {
                assertFalse(w.remove(alarm), "the firing alarm is already removed");
                assertTrue(w.remove(d));
                assertTrue(w.remove(e));
                assertTrue(w.remove(f));
            }
        });
        w.advanceClock(c.at(6, 0), rec);
        assertEquals(List.of("A", "A'", "B"), rec.values());
        assertFalse(w.contains(b));
        assertTrue(w.isEmpty());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClock_handlerReschedulesPendingAlarms_theyFireAtTheirNewPlace(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(1, 0), "A");
        long b = w.add(c.at(2, 0), "B");
        w.add(c.at(2, 0), "C");
        long d = w.add(c.at(3, 0), "D");
        w.add(c.at(4, 0), "E");
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            if (value.equals("A")) {
                w.reschedule(b, c.at(4, 0)); // later, before the target: after E
                w.reschedule(d, c.at(7, 0)); // past the target
            }
        });
        w.advanceClock(c.at(6, 0), rec);
        assertEquals(List.of("A", "C", "E", "B"), rec.values());
        assertEquals(List.of("D"), values(w));
        assertEquals(c.at(7, 0), w.alarmAt(d));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClock_handlerClears_endsTheDeliveries(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(1, 0), "A");
        long b = w.add(c.at(1, 0), "B");
        long d = w.add(c.at(3, 0), "D");
        Recorder rec = new Recorder(w).then((alarm, at, value) -> w.clear());
        w.advanceClock(c.at(5, 0), rec);
        assertEquals(List.of("A"), rec.values());
        assertTrue(w.isEmpty());
        assertFalse(w.contains(b));
        assertFalse(w.contains(d));
        assertEquals(c.at(5, 0), w.now());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClock_nestedAdvanceStepOrFire_throwIllegalStateAndChangeNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(1, 0), "A");
        w.add(c.at(2, 0), "B");
        w.add(c.at(3, 0), "C");
        List<String> refused = new ArrayList<>();
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            AlarmConsumer<String> inner = noAlarm();
            assertRejected(w, IllegalStateException.class, () -> w.advanceClock(c.at(8, 0), inner));
            assertRejected(w, IllegalStateException.class, () -> w.advanceClock(w.now(), inner));
            assertRejected(w, IllegalStateException.class, () -> w.advanceClockStopAtNextAlarm(MAX, inner));
            assertRejected(w, IllegalStateException.class, () -> w.advanceClockStopAtNextAlarm(w.now(), inner));
            assertRejected(w, IllegalStateException.class, () -> w.firePastAlarms(inner));
            refused.add(value);
        });
        w.advanceClock(c.at(4, 0), rec);
        assertEquals(List.of("A", "B", "C"), rec.values());
        assertEquals(List.of("A", "B", "C"), refused);
        assertEquals(c.at(4, 0), w.now());
        // The refusals left no trace: the wheel accepts calls again.
        w.add(c.at(5, 0), "D");
        w.advanceClock(c.at(6, 0), rec);
        assertEquals(List.of("A", "B", "C", "D"), rec.values());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClock_nestedCallsOnAnEmptyWheel_stillThrowIllegalState(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(1, 0), "only");
        List<String> refused = new ArrayList<>();
        w.advanceClock(c.at(2, 0), (alarm, at, value) -> {
            assertTrue(w.isEmpty());
            assertRejected(w, IllegalStateException.class, () -> w.advanceClockStopAtNextAlarm(MAX, noAlarm()));
            assertRejected(w, IllegalStateException.class, () -> w.advanceClock(MAX, noAlarm()));
            assertRejected(w, IllegalStateException.class, () -> w.firePastAlarms(noAlarm()));
            refused.add(value);
        });
        assertEquals(List.of("only"), refused);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClock_insideAHandlerOfAnotherWheel_isAllowed(Case c) {
        TimingWheel<String> outer = c.wheel();
        TimingWheel<String> inner = c.wheel();
        outer.add(c.at(1, 0), "outer");
        inner.add(c.at(1, 0), "inner");
        Recorder innerRec = new Recorder(inner);
        outer.advanceClock(c.at(2, 0), (alarm, at, value) -> inner.advanceClock(c.at(2, 0), innerRec));
        assertEquals(List.of("inner"), innerRec.values());
        assertTrue(outer.isEmpty());
        assertTrue(inner.isEmpty());
    }

    static final class Boom extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Boom(String message) {
            super(message);
        }
    }

    static final class BoomError extends Error {
        private static final long serialVersionUID = 1L;

        BoomError(String message) {
            super(message);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClock_handlerThrows_propagatesUnchangedLosesNothingAndTheNextCallContinues(Case c) {
        for (Throwable thrown : new Throwable[] {new Boom("boom"), new BoomError("boom error")}) {
            TimingWheel<String> w = c.wheel();
            long p1 = c.precision() - 1;
            long a1 = w.add(c.at(1, 0), "a1");
            long b1 = w.add(c.at(2, p1), "b1");
            long b2 = w.add(c.at(2, 0), "b2");
            long b3 = w.add(c.at(2, half(c)), "b3");
            long c1 = w.add(c.at(4, 1 % c.precision()), "c1");
            long d1 = w.add(c.at(8, 0), "d1");
            long target = c.at(6, 0);
            Recorder rec = new Recorder(w).then((alarm, at, value) -> {
                if (value.equals("b2")) {
                    sneakyThrow(thrown);
                }
            });
            Throwable caught = assertThrows(Throwable.class, () -> w.advanceClock(target, rec));
            assertSame(thrown, caught, "the exception propagates unchanged");
            assertEquals(List.of("a1", "b1", "b2"), rec.values());
            assertFalse(w.contains(a1));
            assertFalse(w.contains(b1));
            assertFalse(w.contains(b2), "the alarm given to the throwing handler stays removed");
            assertTrue(w.contains(b3));
            assertTrue(w.contains(c1));
            assertTrue(w.contains(d1));
            assertEquals(3, w.size());
            assertEquals(c.at(2, 0), w.now(), "the clock stays at the start of the interval being fired");
            assertEquals(2, w.nowIntervalNum());
            w.checkInvariants();
            assertEquals(c.at(2, half(c)), w.minAlarmTime());
            // The next call fires the rest, in order.
            Recorder next = new Recorder(w);
            w.advanceClock(target, next);
            assertEquals(List.of("b3", "c1"), next.values());
            assertEquals(target, w.now());
            assertEquals(List.of("d1"), values(w));
            w.checkInvariants();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("roomyCoarseCases")
    void advanceClock_handlerThrowsInTheIntervalOfNow_clockStaysAtNow(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(1, 0), "x");
        w.add(c.at(1, 0), "y");
        long mid = c.at(1, c.precision() - 1);
        w.advanceClock(mid, noAlarm());
        assertThrows(Boom.class, () -> w.advanceClock(c.at(3, 0), (alarm, at, value) -> {
            throw new Boom(value);
        }));
        assertEquals(mid, w.now(), "max(previous now, start of interval 1)");
        assertEquals(List.of("y"), values(w));
        w.checkInvariants();
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void advanceClock_nullHandler_throwsNpeAndChangesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.start(), "a");
        w.add(c.lastTime(), "b");
        long to = c.last() >= 1 ? c.at(1, 0) : MAX;
        assertRejected(w, NullPointerException.class, () -> w.advanceClock(to, null));
        // The refused call left no trace: a real call works.
        Recorder rec = new Recorder(w);
        w.advanceClock(to, rec);
        assertEquals(c.last() >= 1 ? List.of("a") : List.of(), rec.values());
    }

    // ================================================================ firePastAlarms

    @ParameterizedTest(name = "{0}")
    @MethodSource("roomyWidePrecisionCases")
    void firePastAlarms_firesTheCurrentIntervalsAlarmsAtOrBeforeNow_inInsertionOrder(Case c) {
        TimingWheel<String> w = c.wheel();
        long p1 = c.precision() - 1;
        w.add(c.at(1, p1), "x1"); // after now
        w.add(c.at(1, 0), "x2");
        w.add(c.at(1, half(c)), "x3"); // exactly now
        w.add(c.at(1, 1), "x4");
        w.add(c.at(1, half(c)), "x5");
        w.add(c.at(2, 0), "y"); // next interval
        long now = c.at(1, half(c));
        w.advanceClock(now, noAlarm());
        Recorder rec = new Recorder(w);
        w.firePastAlarms(rec);
        assertEquals(List.of("x2", "x3", "x4", "x5"), rec.values());
        for (Fired f : rec.fired) {
            assertEquals(now, f.nowInHandler());
            assertTrue(f.at() <= now);
        }
        assertEquals(now, w.now(), "firePastAlarms does not move the clock");
        assertEquals(List.of("x1", "y"), values(w));
        rec.clear();
        w.firePastAlarms(rec);
        assertEquals(List.of(), rec.values(), "nothing more is past");
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void firePastAlarms_includesAlarmsHandlersAddMeanwhile(Case c) {
        TimingWheel<String> w = c.wheel();
        long now = c.at(1, half(c));
        w.advanceClock(now, noAlarm());
        w.add(c.at(1, 0), "x1");
        w.add(now, "x2");
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            if (value.equals("x1")) {
                w.add(now, "z1");
                if (now + 1 <= c.at(1, c.precision() - 1)) {
                    w.add(now + 1, "z2"); // after now: not this call
                }
                w.add(c.at(1, 0), "z3");
                w.add(c.at(2, 0), "z4");
            }
        });
        w.firePastAlarms(rec);
        assertEquals(List.of("x1", "x2", "z1", "z3"), rec.values());
        List<String> left = values(w);
        assertTrue(left.contains("z4"));
        assertEquals(now + 1 <= c.at(1, c.precision() - 1) ? 2 : 1, left.size(), () -> "left: " + left);
        assertEquals(now, w.now());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("roomyWidePrecisionCases")
    void firePastAlarms_handlerReschedulesOrRemovesPendingAlarms(Case c) {
        TimingWheel<String> w = c.wheel();
        long p1 = c.precision() - 1;
        long now = c.at(1, half(c));
        w.advanceClock(now, noAlarm());
        long skipped = w.add(c.at(1, p1), "skipped"); // after now, passed over
        w.add(c.at(1, 0), "x1");
        long x2 = w.add(c.at(1, 0), "x2");
        w.add(c.at(1, 1), "x3");
        long x4 = w.add(c.at(1, 0), "x4");
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            if (value.equals("x1")) {
                w.reschedule(skipped, now); // into the past: fires at the back
                assertTrue(w.remove(x2));
                w.reschedule(x4, c.at(2, 0)); // out of the interval: does not fire
            }
        });
        w.firePastAlarms(rec);
        assertEquals(List.of("x1", "x3", "skipped"), rec.values());
        assertEquals(List.of(x4), handles(w));
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void firePastAlarms_nowAtTheEndOfItsInterval_firesTheWholeCurrentInterval(Case c) {
        TimingWheel<String> w = c.wheel();
        long lastOfInterval0 = c.intervalEnd(0);
        w.add(c.start(), "a");
        w.add(lastOfInterval0, "b");
        w.add(c.at(0, half(c)), "c");
        if (c.last() >= 1) {
            w.add(c.at(1, 0), "next");
        }
        w.advanceClock(lastOfInterval0, noAlarm());
        Recorder rec = new Recorder(w);
        w.firePastAlarms(rec);
        assertEquals(List.of("a", "b", "c"), rec.values());
        assertEquals(c.last() >= 1 ? List.of("next") : List.of(), values(w));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void firePastAlarms_emptyWheelOrOnlyLaterAlarms_firesNothingAndChangesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        State empty = State.of(w);
        w.firePastAlarms(noAlarm());
        assertEquals(empty, State.of(w));
        if (c.last() >= 1) {
            w.add(c.at(1, 0), "later");
        }
        if (c.precision() >= 2) {
            w.add(c.start() + 1, "after now");
        }
        State before = State.of(w);
        w.firePastAlarms(noAlarm());
        assertEquals(before, State.of(w));
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void firePastAlarms_nestedCalls_throwIllegalStateAndChangeNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.start(), "a");
        w.add(c.start(), "b");
        w.add(c.at(2, 0), "later");
        List<String> refused = new ArrayList<>();
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            assertRejected(w, IllegalStateException.class, () -> w.firePastAlarms(noAlarm()));
            assertRejected(w, IllegalStateException.class, () -> w.advanceClock(c.at(3, 0), noAlarm()));
            assertRejected(w, IllegalStateException.class, () -> w.advanceClockStopAtNextAlarm(MAX, noAlarm()));
            refused.add(value);
        });
        w.firePastAlarms(rec);
        assertEquals(List.of("a", "b"), rec.values());
        assertEquals(List.of("a", "b"), refused);
        assertEquals(List.of("later"), values(w));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void firePastAlarms_nullHandler_throwsNpeAndChangesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.start(), "due");
        assertRejected(w, NullPointerException.class, () -> w.firePastAlarms(null));
        Recorder rec = new Recorder(w);
        w.firePastAlarms(rec);
        assertEquals(List.of("due"), rec.values());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void firePastAlarms_handlerThrows_propagatesAndTheNextCallContinues(Case c) {
        TimingWheel<String> w = c.wheel();
        for (String v : List.of("a", "b", "c", "d")) {
            w.add(c.start(), v);
        }
        Boom boom = new Boom("b");
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            if (value.equals("b")) {
                throw boom;
            }
        });
        assertSame(boom, assertThrows(Boom.class, () -> w.firePastAlarms(rec)));
        assertEquals(List.of("a", "b"), rec.values());
        assertEquals(List.of("c", "d"), values(w));
        assertEquals(c.start(), w.now());
        w.checkInvariants();
        Recorder next = new Recorder(w);
        w.firePastAlarms(next);
        assertEquals(List.of("c", "d"), next.values());
        assertTrue(w.isEmpty());
    }

    // ================================================================ advanceClockStopAtNextAlarm

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void advanceClockStopAtNextAlarm_emptyWheel_sameAsAdvanceClock(Case c) {
        TimingWheel<String> stepped = c.wheel();
        TimingWheel<String> advanced = c.wheel();
        for (long to : edgeTimes(c)) {
            stepped.advanceClockStopAtNextAlarm(to, noAlarm());
            advanced.advanceClock(to, noAlarm());
            assertEquals(State.of(advanced).withoutHandles(), State.of(stepped).withoutHandles());
            assertEquals(to, stepped.now());
        }
        stepped.advanceClockStopAtNextAlarm(c.start(), noAlarm()); // earlier: nothing happens
        assertEquals(MAX, stepped.now());
        stepped.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClockStopAtNextAlarm_minAlarmTimeAfterTo_sameAsAdvanceClock(Case c) {
        TimingWheel<String> stepped = c.wheel();
        TimingWheel<String> advanced = c.wheel();
        for (TimingWheel<String> w : List.of(stepped, advanced)) {
            w.add(c.at(5, half(c)), "a");
            w.add(c.at(7, 0), "b");
            w.add(c.at(5, c.precision() - 1), "c");
        }
        for (long to : new long[] {c.at(1, 0), c.at(3, half(c)), c.at(0, 0), MIN, c.at(5, half(c)) - 1}) {
            stepped.advanceClockStopAtNextAlarm(to, noAlarm());
            advanced.advanceClock(to, noAlarm());
            assertEquals(State.of(advanced).withoutHandles(), State.of(stepped).withoutHandles());
            stepped.checkInvariants();
        }
        assertEquals(c.at(5, half(c)) - 1, stepped.now());
        assertEquals(3, stepped.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClockStopAtNextAlarm_movesNowToMinAlarmTimeAndFiresExactlyTheAlarmsThere(Case c) {
        TimingWheel<String> w = c.wheel();
        long t = c.at(3, half(c));
        long later = c.precision() >= 3 ? c.at(3, c.precision() - 1) : c.at(4, 0);
        w.add(later, "later");
        w.add(t, "m1");
        w.add(c.at(6, 0), "next");
        w.add(t, "m2");
        Recorder rec = new Recorder(w);
        w.advanceClockStopAtNextAlarm(MAX, rec);
        assertEquals(List.of("m1", "m2"), rec.values());
        assertEquals(t, w.now());
        assertEquals(3, w.nowIntervalNum());
        for (Fired f : rec.fired) {
            assertEquals(t, f.nowInHandler());
            assertEquals(t, f.at());
        }
        assertEquals(List.of("later", "next"), values(w));
        rec.clear();
        w.advanceClockStopAtNextAlarm(MAX, rec);
        assertEquals(List.of("later"), rec.values());
        assertEquals(later, w.now());
        rec.clear();
        w.advanceClockStopAtNextAlarm(c.at(6, 0), rec); // to == the alarm's time: it fires
        assertEquals(List.of("next"), rec.values());
        assertEquals(c.at(6, 0), w.now());
        assertTrue(w.isEmpty());
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void advanceClockStopAtNextAlarm_repeatedSteps_walkEveryAlarmInTimeOrder(Case c) {
        TimingWheel<String> w = c.wheel();
        SplittableRandom rnd = new SplittableRandom(seed(c));
        Map<Long, Long> seq = new HashMap<>();
        for (int i = 0; i < 200; i++) {
            long at = randomTime(rnd, c, c.start());
            long h = w.add(at, "v" + i);
            seq.put(h, (long) i);
        }
        Recorder rec = new Recorder(w);
        int steps = 0;
        while (!w.isEmpty()) {
            int before = rec.fired.size();
            long minAt = w.minAlarmTime();
            w.advanceClockStopAtNextAlarm(MAX, rec);
            steps++;
            assertTrue(rec.fired.size() > before, "each step fires something");
            assertEquals(minAt, w.now());
            for (Fired f : rec.fired.subList(before, rec.fired.size())) {
                assertEquals(minAt, f.at(), "a step fires exactly the alarms at the earliest time");
                assertEquals(minAt, f.nowInHandler());
            }
            w.checkInvariants();
        }
        assertTrue(steps <= 200);
        List<Fired> sorted = new ArrayList<>(rec.fired);
        sorted.sort(Comparator.comparingLong(Fired::at).thenComparingLong(f -> seq.get(f.alarm())));
        assertEquals(sorted, rec.fired, "time order, ties in insertion order");
        assertEquals(200, rec.fired.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("roomyWidePrecisionCases")
    void advanceClockStopAtNextAlarm_pastAlarmsInTheCurrentInterval_fireWithoutMovingTheClock(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(1, 1), "p1");
        w.add(c.at(1, 0), "p2");
        w.add(c.at(1, c.precision() - 1), "atNow");
        w.add(c.at(2, 0), "next");
        long now = c.at(1, c.precision() - 1);
        w.advanceClock(now, noAlarm());
        Recorder rec = new Recorder(w);
        w.advanceClockStopAtNextAlarm(now, rec);
        assertEquals(List.of("p1", "p2", "atNow"), rec.values());
        assertEquals(now, w.now());
        assertEquals(List.of("next"), values(w));
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClockStopAtNextAlarm_handlerAddsAtTheSameTime_firesInTheSameCall(Case c) {
        TimingWheel<String> w = c.wheel();
        long t = c.at(2, half(c));
        w.add(t, "a");
        w.add(t, "b");
        Recorder rec = new Recorder(w).then((alarm, at, value) -> {
            if (value.equals("a")) {
                w.add(t, "a-same");
                w.add(t + 1, "a-later");
            }
        });
        w.advanceClockStopAtNextAlarm(MAX, rec);
        assertEquals(List.of("a", "b", "a-same"), rec.values());
        assertEquals(List.of("a-later"), values(w));
        rec.clear();
        w.advanceClockStopAtNextAlarm(MAX, rec);
        assertEquals(List.of("a-later"), rec.values());
        assertEquals(t + 1, w.now());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void advanceClockStopAtNextAlarm_lastInterval_reachesAlarmsThatAdvanceClockNeverFires(Case c) {
        TimingWheel<String> w = c.wheel();
        long lastStart = c.intervalStart(c.last());
        w.add(c.lastTime(), "max");
        w.add(lastStart, "lastStart");
        assertRejected(w, NoSuchElementException.class, w::nextAlarmFiresAt);
        Recorder rec = new Recorder(w);
        w.advanceClockStopAtNextAlarm(MAX, rec);
        assertEquals(lastStart == c.lastTime() ? List.of("max", "lastStart") : List.of("lastStart"), rec.values());
        assertEquals(lastStart, w.now());
        w.advanceClockStopAtNextAlarm(MAX, rec);
        assertEquals(List.of("max", "lastStart").size(), rec.fired.size());
        assertEquals(MAX, w.now());
        assertTrue(w.isEmpty());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClockStopAtNextAlarm_nestedCalls_throwIllegalStateAndChangeNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(2, 0), "a");
        w.add(c.at(4, 0), "b");
        List<String> refused = new ArrayList<>();
        w.advanceClockStopAtNextAlarm(MAX, (alarm, at, value) -> {
            assertRejected(w, IllegalStateException.class, () -> w.advanceClockStopAtNextAlarm(MAX, noAlarm()));
            assertRejected(w, IllegalStateException.class, () -> w.advanceClockStopAtNextAlarm(MIN, noAlarm()));
            assertRejected(w, IllegalStateException.class, () -> w.advanceClock(MAX, noAlarm()));
            assertRejected(w, IllegalStateException.class, () -> w.firePastAlarms(noAlarm()));
            refused.add(value);
        });
        assertEquals(List.of("a"), refused);
        assertEquals(c.at(2, 0), w.now());
        assertEquals(List.of("b"), values(w));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClockStopAtNextAlarm_nullHandler_throwsNpeAndChangesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        assertRejected(w, NullPointerException.class, () -> w.advanceClockStopAtNextAlarm(c.at(1, 0), null));
        w.add(c.at(2, 0), "a");
        assertRejected(w, NullPointerException.class, () -> w.advanceClockStopAtNextAlarm(MAX, null));
        assertRejected(w, NullPointerException.class, () -> w.advanceClockStopAtNextAlarm(c.at(1, 0), null));
        Recorder rec = new Recorder(w);
        w.advanceClockStopAtNextAlarm(MAX, rec);
        assertEquals(List.of("a"), rec.values());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void advanceClockStopAtNextAlarm_handlerThrows_clockAtTheAlarmAndTheNextStepContinues(Case c) {
        TimingWheel<String> w = c.wheel();
        long t = c.at(3, half(c));
        w.add(t, "a");
        w.add(t, "b");
        w.add(t, "c");
        w.add(c.at(5, 0), "d");
        Boom boom = new Boom("a");
        assertSame(boom, assertThrows(Boom.class, () -> w.advanceClockStopAtNextAlarm(MAX, (alarm, at, value) -> {
            throw boom;
        })));
        assertEquals(t, w.now());
        assertEquals(List.of("b", "c", "d"), values(w));
        w.checkInvariants();
        Recorder rec = new Recorder(w);
        w.advanceClockStopAtNextAlarm(MAX, rec);
        assertEquals(List.of("b", "c"), rec.values());
        assertEquals(t, w.now());
    }

    // ================================================================ queries

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void nextAlarmFiresAt_isTheStartOfTheIntervalAfterTheMinimum_andTheLeastToThatFires(Case c) {
        TimingWheel<String> w = c.wheel();
        w.add(c.at(5, 0), "b");
        long a = w.add(c.at(3, half(c)), "a");
        assertEquals(c.at(4, 0), w.nextAlarmFiresAt());
        assertEquals(w.intervalNumStart(w.minAlarmIntervalNum() + 1), w.nextAlarmFiresAt());
        w.advanceClock(w.nextAlarmFiresAt() - 1, noAlarm());
        Recorder rec = new Recorder(w);
        w.advanceClock(c.at(4, 0), rec);
        assertEquals(List.of(a), rec.alarms());
        assertEquals(c.at(6, 0), w.nextAlarmFiresAt());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void queries_emptyWheel_throwNoSuchElementAndChangeNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        checkEmptyQueries(w);
        long h = w.add(c.start(), "x");
        assertTrue(w.remove(h));
        checkEmptyQueries(w);
        w.add(c.start(), "y");
        w.firePastAlarms((alarm, at, value) -> { });
        checkEmptyQueries(w);
    }

    private static void checkEmptyQueries(TimingWheel<String> w) {
        assertRejected(w, NoSuchElementException.class, w::nextAlarmFiresAt);
        assertRejected(w, NoSuchElementException.class, w::minAlarmIntervalNum);
        assertRejected(w, NoSuchElementException.class, w::minAlarmTime);
        assertRejected(w, NoSuchElementException.class, w::maxAlarmTimeInMinInterval);
    }

    @Test
    void nextAlarmFiresAt_everyAlarmInTheLastInterval_throwsWhileFirePastAlarmsStillReachesThem() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1000), 0);
        long h = w.add(MAX, "at max");
        assertEquals(MAX / 1000, w.minAlarmIntervalNum());
        assertEquals(MAX, w.minAlarmTime());
        assertEquals(MAX, w.maxAlarmTimeInMinInterval());
        NoSuchElementException e = assertRejected(w, NoSuchElementException.class, w::nextAlarmFiresAt);
        assertTrue(e.getMessage().contains("last"), e.getMessage());
        w.advanceClock(MAX, noAlarm());
        assertEquals(MAX, w.now());
        assertTrue(w.contains(h));
        Recorder rec = new Recorder(w);
        w.firePastAlarms(rec);
        assertEquals(List.of(h), rec.alarms());
        assertTrue(w.isEmpty());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void nextAlarmFiresAt_oneAlarmBeforeTheLastInterval_isTheLastIntervalsStart(Case c) {
        if (c.last() == 0) {
            TimingWheel<String> w = c.wheel();
            w.add(c.start(), "only interval");
            assertRejected(w, NoSuchElementException.class, w::nextAlarmFiresAt);
            return;
        }
        TimingWheel<String> w = c.wheel();
        w.add(c.lastTime(), "last interval");
        w.add(c.intervalStart(c.last()) - 1, "just before");
        assertEquals(c.intervalStart(c.last()), w.nextAlarmFiresAt());
        assertEquals(c.last() - 1, w.minAlarmIntervalNum());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void minQueries_areExact(Case c) {
        TimingWheel<String> w = c.wheel();
        long p1 = c.precision() - 1;
        w.add(c.at(6, 0), "far");
        long mid = w.add(c.at(4, half(c)), "mid");
        w.add(c.at(4, p1), "top");
        w.add(c.at(4, 0 + (c.precision() > 2 ? 1 : 0)), "low");
        assertEquals(4, w.minAlarmIntervalNum());
        assertEquals(c.at(4, c.precision() > 2 ? 1 : 0), w.minAlarmTime());
        assertEquals(c.at(4, p1), w.maxAlarmTimeInMinInterval());
        w.advanceClock(c.at(3, 0), noAlarm());
        w.add(c.at(4, 0), "lowest");
        assertEquals(c.at(4, 0), w.minAlarmTime());
        assertEquals(c.at(4, p1), w.maxAlarmTimeInMinInterval());
        w.add(c.at(3, p1), "now interval");
        assertEquals(3, w.minAlarmIntervalNum());
        assertEquals(c.at(3, p1), w.minAlarmTime());
        assertEquals(c.at(3, p1), w.maxAlarmTimeInMinInterval());
        w.advanceClock(c.at(4, 0), noAlarmExceptValue("now interval"));
        assertTrue(w.contains(mid));
        assertEquals(c.at(4, 0), w.minAlarmTime());
        assertEquals(c.at(4, p1), w.maxAlarmTimeInMinInterval());
        assertEquals(c.at(5, 0), w.nextAlarmFiresAt());
        w.checkInvariants();
    }

    private static AlarmConsumer<String> noAlarmExceptValue(String expected) {
        return (alarm, at, value) -> assertEquals(expected, value);
    }

    @Test
    void maxAlarmTimeInMinInterval_intervalsSharingACoarseSlot_isTheMinIntervalsMaximum() {
        long g = 1L << 30;
        TimingWheel<String> w = new TimingWheel<>(new TimingWheelConfig(g, LevelBits.of(1, 1)), 0);
        w.add(2 * g + g / 10, "2.1");
        w.add(3 * g + 9 * g / 10, "3.9");
        assertEquals(2, w.minAlarmIntervalNum());
        assertEquals(2 * g + g / 10, w.minAlarmTime());
        assertEquals(2 * g + g / 10, w.maxAlarmTimeInMinInterval());
        // An alarm of interval 2 added after the clock moved joins the one added before.
        w.advanceClock(g, noAlarm());
        w.add(2 * g + g / 2, "2.5");
        w.add(2 * g, "2.0");
        assertEquals(2 * g, w.minAlarmTime());
        assertEquals(2 * g + g / 2, w.maxAlarmTimeInMinInterval());
        w.checkInvariants();
    }

    // ================================================================ clear

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void clear_removesEveryAlarmKeepsTheClockAndStalesHandles(Case c) {
        TimingWheel<String> w = c.wheel();
        List<Long> hs = new ArrayList<>();
        for (int n = 1; n <= 8; n++) {
            hs.add(w.add(c.at(n, half(c)), "n" + n));
        }
        w.advanceClock(c.at(2, half(c)), (alarm, at, value) -> { });
        assertEquals(2, w.minAlarmIntervalNum()); // caches the minimum
        assertEquals(c.at(3, 0), w.nextAlarmFiresAt());
        long now = w.now();
        long max = w.maxAllowedAlarmTime();
        w.clear();
        w.checkInvariants();
        assertEquals(0, w.size());
        assertTrue(w.isEmpty());
        assertEquals(now, w.now());
        assertEquals(2, w.nowIntervalNum());
        assertEquals(max, w.maxAllowedAlarmTime());
        for (long h : hs) {
            assertFalse(w.contains(h));
            assertFalse(w.remove(h));
            assertRejected(w, IllegalArgumentException.class, () -> w.alarmAt(h), h);
        }
        checkEmptyQueries(w);
        // Usable afterwards, with fresh answers.
        long a = w.add(c.at(7, 0), "a");
        assertEquals(c.at(8, 0), w.nextAlarmFiresAt());
        assertEquals(7, w.minAlarmIntervalNum());
        assertEquals(c.at(7, 0), w.minAlarmTime());
        long b = w.add(c.at(5, 1 % c.precision()), "b");
        assertEquals(c.at(6, 0), w.nextAlarmFiresAt());
        Recorder rec = new Recorder(w);
        w.advanceClock(c.at(9, 0), rec);
        assertEquals(List.of(b, a), rec.alarms());
        for (long h : hs) {
            assertFalse(w.contains(h));
        }
        w.checkInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void clear_emptyWheel_changesNothing(Case c) {
        TimingWheel<String> w = c.wheel();
        State before = State.of(w);
        w.clear();
        assertEquals(before, State.of(w));
        w.checkInvariants();
    }

    // ================================================================ forEach

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void forEach_visitsEachAlarmOnceWithItsTimeAndValue(Case c) {
        TimingWheel<String> w = c.wheel();
        SplittableRandom rnd = new SplittableRandom(seed(c));
        Map<Long, String> expected = new HashMap<>();
        for (int i = 0; i < 150; i++) {
            long at = randomTime(rnd, c, c.start());
            String value = i % 10 == 0 ? null : "v" + i;
            long h = w.add(at, value);
            expected.put(h, at + "=" + value);
            if (i % 7 == 0) {
                w.remove(h);
                expected.remove(h);
            }
        }
        Map<Long, String> seen = new HashMap<>();
        w.forEach((alarm, at, value) -> assertEquals(null, seen.put(alarm, at + "=" + value), "visited twice"));
        assertEquals(expected, seen);
        w.forEach((alarm, at, value) -> assertEquals(w.alarmAt(alarm), at));
    }

    @Test
    void forEach_emptyWheel_neverCallsTheAction() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(3), -5);
        w.forEach(noAlarm());
        long h = w.add(-5, "x");
        w.remove(h);
        w.forEach(noAlarm());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void forEach_actionModifiesTheWheel_throwsConcurrentModification(Case c) {
        List<Consumer<TimingWheel<String>>> modifications = List.of(
                w -> w.add(c.at(3, 0), "added"),
                w -> w.remove(handles(w).get(0)),
                w -> w.reschedule(handles(w).get(0), c.at(4, 0)),
                w -> w.clear(),
                w -> w.advanceClock(c.at(3, 0), (alarm, at, value) -> { }),
                w -> w.firePastAlarms((alarm, at, value) -> { }),
                w -> w.advanceClockStopAtNextAlarm(MAX, (alarm, at, value) -> { }));
        for (Consumer<TimingWheel<String>> modification : modifications) {
            TimingWheel<String> w = c.wheel();
            w.add(c.start(), "a");
            w.add(c.at(1, 0), "b");
            w.add(c.at(2, 0), "c");
            int[] calls = {0};
            assertThrows(ConcurrentModificationException.class, () -> w.forEach((alarm, at, value) -> {
                if (calls[0]++ == 0) {
                    modification.accept(w);
                }
            }));
            w.checkInvariants();
        }
    }

    @Test
    void forEach_actionMovesOnlyTheClock_throwsConcurrentModification() {
        // Within interval 0 (precision 10) only now() moves; to 500 the queue's minimum moves too.
        for (long to : new long[] {5, 500}) {
            TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(10), 0);
            w.add(1000, "far");
            assertThrows(ConcurrentModificationException.class,
                    () -> w.forEach((alarm, at, value) -> w.advanceClock(to, (a2, at2, v2) -> fail("nothing is due"))));
            assertEquals(0, w.now(), "the refused call changes nothing");
            assertEquals(1, w.size());
            w.checkInvariants();
        }
    }

    @Test
    void forEach_nullAction_throwsNpeAndChangesNothing() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1000), 0);
        w.add(5, "x");
        assertRejected(w, NullPointerException.class, () -> w.forEach(null));
    }

    // ================================================================ toString

    @ParameterizedTest(name = "{0}")
    @MethodSource(ROOMY)
    void toString_showsNowSizeAndTheFirstAlarmsInFiringOrder(Case c) {
        TimingWheel<String> w = c.wheel();
        w.advanceClock(c.at(1, half(c)), noAlarm());
        w.add(c.at(3, 0), "charlie");
        w.add(c.at(2, c.precision() - 1), "alpha");
        w.add(c.at(2, 0), "bravo");
        String text = w.toString();
        assertTrue(text.contains("now=" + w.now()), text);
        assertTrue(text.contains("size=3"), text);
        int alpha = text.indexOf(c.at(2, c.precision() - 1) + "=alpha");
        int bravo = text.indexOf(c.at(2, 0) + "=bravo");
        int charlie = text.indexOf(c.at(3, 0) + "=charlie");
        assertTrue(alpha >= 0 && alpha < bravo && bravo < charlie, text);
        w.advanceClock(c.at(4, 0), (alarm, at, value) -> { });
        assertTrue(w.toString().contains("size=0"), w.toString());
        assertFalse(w.toString().contains("alpha"));
        assertTrue(w.toString().contains("now=" + c.at(4, 0)));
    }

    @Test
    void toString_manyAlarms_showsTheFirstButNotAll() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(10), 0);
        for (int i = 0; i < 40; i++) {
            w.add(1000 - i * 10, "v" + i); // v39 fires first
        }
        String text = w.toString();
        assertTrue(text.contains("size=40"), text);
        assertTrue(text.contains("610=v39"), text);
        assertFalse(text.contains("=v0"), text);
    }

    // ================================================================ a seeded random walk through the API

    /** What a wheel should hold: each alarm with its time, value and insertion number. */
    private static final class Model {
        record Entry(long alarm, long at, long interval, String value, long seq) {}

        final Case c;
        final Map<Long, Entry> alarms = new HashMap<>();
        long seq;

        Model(Case c) {
            this.c = c;
        }

        void add(long alarm, long at, String value) {
            alarms.put(alarm, new Entry(alarm, at, c.intervalNum(at), value, seq++));
        }

        void reschedule(long alarm, long at) {
            Entry e = alarms.get(alarm);
            alarms.put(alarm, new Entry(alarm, at, c.intervalNum(at), e.value(), seq++));
        }

        /** The alarms with {@code at < bound} in firing order. */
        List<Entry> due(long bound) {
            return alarms.values().stream().filter(e -> e.at() < bound)
                    .sorted(Comparator.comparingLong(Entry::interval).thenComparingLong(Entry::seq))
                    .toList();
        }

        /** The alarms of interval {@code n} with {@code at <= time}, in insertion order. */
        List<Entry> pastIn(long n, long time) {
            return alarms.values().stream().filter(e -> e.interval() == n && e.at() <= time)
                    .sorted(Comparator.comparingLong(Entry::seq)).toList();
        }

        long minAt() {
            return alarms.values().stream().mapToLong(Entry::at).min().orElseThrow();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void randomOperations_matchAModelAfterEveryStep(Case c) {
        runRandomOperations(c, 250);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(CASES)
    void randomOperations_smallBits_matchAModelAfterEveryStep(Case c) {
        forEachSmallBits(c, any -> true, cb -> runRandomOperations(cb, 150));
    }

    private static void runRandomOperations(Case c, int steps) {
        SplittableRandom rnd = new SplittableRandom(seed(c));
        TimingWheel<String> w = c.wheel();
        Model m = new Model(c);
        Recorder rec = new Recorder(w);
        for (int i = 0; i < steps; i++) {
            int op = rnd.nextInt(20);
            long lo = w.intervalStart(w.now());
            List<Long> live = new ArrayList<>(m.alarms.keySet());
            live.sort(Comparator.naturalOrder());
            rec.clear();
            long nowBefore = w.now();
            if (op < 8) {
                long at = randomTime(rnd, c, lo, w.maxAllowedAlarmTime());
                String value = rnd.nextInt(8) == 0 ? null : "v" + i;
                m.add(w.add(at, value), at, value);
            } else if (op < 10 && !live.isEmpty()) {
                long h = live.get(rnd.nextInt(live.size()));
                assertTrue(w.remove(h));
                m.alarms.remove(h);
            } else if (op < 12 && !live.isEmpty()) {
                long h = live.get(rnd.nextInt(live.size()));
                long at = randomTime(rnd, c, lo, w.maxAllowedAlarmTime());
                w.reschedule(h, at);
                m.reschedule(h, at);
            } else if (op < 16) {
                long to = randomTarget(rnd, c, w.now());
                List<Model.Entry> expected = to > nowBefore ? m.due(c.intervalStart(c.intervalNum(to))) : List.of();
                w.advanceClock(to, rec);
                checkFired(expected, rec, e -> Math.max(nowBefore, c.intervalStart(e.interval())));
                expected.forEach(e -> m.alarms.remove(e.alarm()));
                assertEquals(Math.max(nowBefore, to), w.now());
            } else if (op < 19) {
                long to = rnd.nextInt(3) == 0 ? MAX : randomTarget(rnd, c, w.now());
                if (m.alarms.isEmpty() || m.minAt() > to) {
                    List<Model.Entry> expected = to > nowBefore ? m.due(c.intervalStart(c.intervalNum(to))) : List.of();
                    assertEquals(List.of(), expected);
                    w.advanceClockStopAtNextAlarm(to, rec);
                    assertEquals(List.of(), rec.fired);
                    assertEquals(Math.max(nowBefore, to), w.now());
                } else {
                    long newNow = Math.max(nowBefore, m.minAt());
                    List<Model.Entry> expected = m.pastIn(c.intervalNum(newNow), newNow);
                    w.advanceClockStopAtNextAlarm(to, rec);
                    checkFired(expected, rec, e -> newNow);
                    expected.forEach(e -> m.alarms.remove(e.alarm()));
                    assertEquals(newNow, w.now());
                }
            } else {
                List<Model.Entry> expected = m.pastIn(w.nowIntervalNum(), w.now());
                w.firePastAlarms(rec);
                checkFired(expected, rec, e -> nowBefore);
                expected.forEach(e -> m.alarms.remove(e.alarm()));
                assertEquals(nowBefore, w.now());
            }
            w.checkInvariants();
            checkMatches(c, w, m, i % 10 == 0);
        }
        checkMatches(c, w, m, true);
        // Drain: advanceClock reaches all but the last interval, firePastAlarms the rest.
        rec.clear();
        long nowBefore = w.now();
        List<Model.Entry> expected = m.due(c.intervalStart(c.last()));
        w.advanceClock(MAX, rec);
        checkFired(nowBefore < MAX ? expected : List.of(), rec,
                e -> Math.max(nowBefore, c.intervalStart(e.interval())));
        expected.forEach(e -> m.alarms.remove(e.alarm()));
        rec.clear();
        List<Model.Entry> rest = m.pastIn(c.last(), MAX);
        w.firePastAlarms(rec);
        checkFired(rest, rec, e -> MAX);
        assertTrue(w.isEmpty());
        w.checkInvariants();
    }

    /** Mostly a short way ahead, sometimes far, sometimes not ahead at all. */
    private static long randomTarget(SplittableRandom rnd, Case c, long now) {
        int r = rnd.nextInt(100);
        long n = c.intervalNum(now);
        if (r < 5) {
            return randomBetween(rnd, MIN, now);
        }
        long ahead = r < 70 ? rnd.nextLong(4) : r < 90 ? rnd.nextLong(70) : r < 98 ? rnd.nextLong(5000) : MAX;
        long target = Math.min(c.last(), ahead > c.last() - n ? c.last() : n + ahead);
        return Math.max(now, c.at(target, rnd.nextLong(c.precision())));
    }

    private static void checkFired(List<Model.Entry> expected, Recorder rec,
            java.util.function.ToLongFunction<Model.Entry> nowInHandler) {
        assertEquals(expected.stream().map(Model.Entry::alarm).toList(), rec.alarms());
        for (int i = 0; i < expected.size(); i++) {
            Model.Entry e = expected.get(i);
            Fired f = rec.fired.get(i);
            assertEquals(e.at(), f.at());
            assertEquals(e.value(), f.value());
            assertEquals(nowInHandler.applyAsLong(e), f.nowInHandler(), () -> "now() inside the handler of " + f);
            assertFalse(f.containedInHandler());
        }
    }

    /** Checks sizes and queries against the model; every alarm and the text only if {@code full}. */
    private static void checkMatches(Case c, TimingWheel<String> w, Model m, boolean full) {
        assertEquals(m.alarms.size(), w.size());
        assertEquals(m.alarms.isEmpty(), w.isEmpty());
        if (full) {
            Map<Long, String> seen = new TreeMap<>();
            w.forEach((alarm, at, value) -> seen.put(alarm, at + "=" + value));
            Map<Long, String> expected = new TreeMap<>();
            m.alarms.values().forEach(e -> expected.put(e.alarm(), e.at() + "=" + e.value()));
            assertEquals(expected, seen);
            assertTrue(w.toString().contains("size=" + m.alarms.size()));
        }
        assertEquals(c.intervalNum(w.now()), w.nowIntervalNum());
        assertEquals(refMaxAllowedAlarmTime(c, w.nowIntervalNum()), w.maxAllowedAlarmTime());
        long bound = w.intervalStart(w.now());
        for (Model.Entry e : m.alarms.values()) {
            if (e.at() < bound) {
                throw new AssertionError("late: " + e + " is before " + bound);
            }
        }
        if (m.alarms.isEmpty()) {
            assertThrows(NoSuchElementException.class, w::minAlarmTime);
            assertThrows(NoSuchElementException.class, w::nextAlarmFiresAt);
            return;
        }
        long minN = m.alarms.values().stream().mapToLong(Model.Entry::interval).min().orElseThrow();
        long maxInMin = m.alarms.values().stream().filter(e -> e.interval() == minN)
                .mapToLong(Model.Entry::at).max().orElseThrow();
        assertEquals(minN, w.minAlarmIntervalNum());
        assertEquals(m.minAt(), w.minAlarmTime());
        assertEquals(maxInMin, w.maxAlarmTimeInMinInterval());
        if (minN < c.last()) {
            assertEquals(c.intervalStart(minN + 1), w.nextAlarmFiresAt());
        } else {
            assertThrows(NoSuchElementException.class, w::nextAlarmFiresAt);
        }
    }

    // ================================================================ helpers

    /** The values of the pending alarms, by interval, then time, then value. */
    private static List<String> values(TimingWheel<String> w) {
        List<Object[]> all = new ArrayList<>();
        w.forEach((alarm, at, value) -> all.add(new Object[] {w.alarmIntervalNum(alarm), at, alarm, value}));
        all.sort(Comparator.comparingLong((Object[] a) -> (Long) a[0]).thenComparingLong(a -> (Long) a[1])
                .thenComparing(a -> String.valueOf(a[3])));
        List<String> out = new ArrayList<>();
        for (Object[] a : all) {
            out.add((String) a[3]);
        }
        return out;
    }

    private static List<Long> handles(TimingWheel<String> w) {
        List<Long> out = new ArrayList<>();
        w.forEach((alarm, at, value) -> out.add(alarm));
        out.sort(Comparator.naturalOrder());
        return out;
    }
}
