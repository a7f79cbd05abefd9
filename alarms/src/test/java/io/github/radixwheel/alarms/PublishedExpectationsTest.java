package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.TimingWheelTestSupport.assertRejected;
import static io.github.radixwheel.alarms.TimingWheelTestSupport.noAlarm;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.TimingWheelTestSupport.Recorder;
import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Expectations published with the reference design, Jane Street's {@code Timing_wheel}
 * ({@code timing_wheel/test/test_timing_wheel.ml} in {@code janestreet/core_kernel}), that still
 * apply to this library's contract. Times there are nanoseconds from the epoch, and {@code G} below is their
 * "gibi-nanosecond" 2^30 ns. Where the reference's numbers differ only because of its 62-bit time
 * range or its float-to-power-of-two precision rounding, the comment says what changed.
 */
class PublishedExpectationsTest {
    private static final long G = 1L << 30;
    private static final long MAX = Long.MAX_VALUE;

    private static TimingWheel<String> wheel(long precision, LevelBits bits) {
        return new TimingWheel<>(new TimingWheelConfig(precision, bits), 0);
    }

    // ---------------------------------------------------------------- configuration

    @Test
    void microsecondPrecision_durations() {
        // The reference lists the first five (1.048576ms ... 1d15h5m37.488355328s); the microsecond preset adds a 3-bit level.
        assertArrayEquals(new long[] {1048576L, 1073741824L, 68719476736L, 4398046511104L, 140737488355328L,
                1125899906842624L}, TimingWheelConfig.microsecondPrecision().durations());
    }

    @Test
    void durations_precisionG() {
        assertArrayEquals(new long[] {2 * G}, new TimingWheelConfig(G, LevelBits.of(1)).durations());
        assertArrayEquals(new long[] {4 * G, 8 * G}, new TimingWheelConfig(G, LevelBits.of(2, 1)).durations());
        int[] ones = new int[32];
        java.util.Arrays.fill(ones, 1);
        long[] durations = new TimingWheelConfig(G, LevelBits.of(ones)).durations();
        for (int i = 0; i < 32; i++) {
            // 2.147483648s, 4.294967296s, ... The reference caps the last at 2^62 - 1; our range reaches 2^62.
            assertEquals(1L << (31 + i), durations[i], "level " + i);
        }
        long[] extended = new TimingWheelConfig(G, LevelBits.of(10, 10, 10).extendToMaxNumBits()).durations();
        // 18m19.511627776s, 13d44m59.906842624s, 13343d23h58m24.606846976s, 26687d23h56m49.213693952s.
        assertEquals(1L << 40, extended[0]);
        assertEquals(1L << 50, extended[1]);
        assertEquals(1L << 60, extended[2]);
        assertEquals(1L << 61, extended[3]);
        assertEquals(1L << 62, extended[4]);
        for (int i = 5; i < extended.length; i++) {
            assertEquals(MAX, extended[i], "saturated level " + i);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -G})
    void config_nonPositivePrecision_isRejected(long precision) {
        assertThrows(IllegalArgumentException.class, () -> TimingWheelConfig.of(precision));
    }

    // ---------------------------------------------------------------- bounds

    @Test
    void maxAllowedAlarmTime_precision2Pow30LevelBits10_is1099511627775() {
        assertEquals(1099511627775L, wheel(G, LevelBits.of(10)).maxAllowedAlarmTime());
    }

    @ParameterizedTest(name = "bits={0}, precision={1}")
    @CsvSource({
        "1, 1, 1",
        "1, 1024, 2047",
        "1, 1048576, 2097151",
        "1, 1073741824, 2147483647",
        "1, 70368744177664, 140737488355327",
        "10, 1, 1023",
        "10, 1024, 1048575",
        "10, 1048576, 1073741823",
        "10, 1073741824, 1099511627775",
        "10, 70368744177664, 72057594037927935"})
    void maxAllowedAlarmTime_atEpoch(int bits, long precision, long expected) {
        assertEquals(expected, wheel(precision, LevelBits.of(bits)).maxAllowedAlarmTime());
    }

    @ParameterizedTest(name = "precision={0}")
    @ValueSource(longs = {1, 1024, 1048576, 1073741824, 70368744177664L})
    void maxAllowedAlarmTime_defaultBits_isTheEndOfTime(long precision) {
        // The reference prints its own end of time, 2116-02-20 23:53:38.427387903Z; ours is Long.MAX_VALUE.
        assertEquals(MAX, wheel(precision, LevelBits.DEFAULT).maxAllowedAlarmTime());
        assertEquals(MAX, wheel(precision, LevelBits.of(1).extendToMaxNumBits()).maxAllowedAlarmTime());
    }

    @ParameterizedTest(name = "bits={0}")
    @CsvSource(delimiter = ';', value = {"1; 1", "1,1; 5", "1,1,1; 11", "2; 3", "3; 7", "3,1; 23"})
    void maxAllowedAlarmIntervalNum_atEpoch(String bits, long expected) {
        int[] b = java.util.Arrays.stream(bits.split(",")).mapToInt(Integer::parseInt).toArray();
        TimingWheel<String> w = wheel(G, LevelBits.of(b));
        assertEquals(0, w.nowIntervalNum());
        assertEquals(expected, w.maxAllowedAlarmIntervalNum());
    }

    @Test
    void add_maxAllowedAlarmTimeCannotBeExceeded() {
        TimingWheel<String> w = wheel(G, LevelBits.of(10));
        long bad = w.maxAllowedAlarmTime() + 1;
        assertEquals(1099511627776L, bad);
        assertRejected(w, IllegalArgumentException.class, () -> w.add(bad, "x"), "too far in the future",
                "1099511627776", "1099511627775");
        assertEquals(1023, w.maxAllowedAlarmIntervalNum());
        assertRejected(w, IllegalArgumentException.class, () -> w.addAtIntervalNum(1024, "x"));
        w.addAtIntervalNum(1023, "ok");
    }

    @Test
    void addAtIntervalNum_failures_levelBits1() {
        TimingWheel<String> w = wheel(G, LevelBits.of(1));
        w.addAtIntervalNum(0, "0");
        w.addAtIntervalNum(1, "1");
        checkAddsFail(w, 0, 1);
        w.advanceClock(w.intervalNumStart(1), (alarm, at, value) -> { });
        checkAddsFail(w, 1, 2);
        w.advanceClock(w.intervalNumStart(w.maxAllowedAlarmIntervalNum()), (alarm, at, value) -> { });
        checkAddsFail(w, 2, 3);
        // At the end of time the window is the last interval alone: 2^33 - 1 for precision 2^30.
        long last = w.intervalNum(MAX);
        assertEquals((1L << 33) - 1, last);
        w.advanceClock(MAX, (alarm, at, value) -> { });
        assertEquals(last, w.nowIntervalNum());
        assertEquals(last, w.maxAllowedAlarmIntervalNum());
        assertEquals(MAX, w.maxAllowedAlarmTime());
        checkAddsFail(w, last, last);
        w.addAtIntervalNum(last, "last");
    }

    /** Adds outside {@code [min, max]} fail, and every interval inside succeeds. */
    private static void checkAddsFail(TimingWheel<String> w, long min, long max) {
        assertEquals(min, w.nowIntervalNum());
        assertEquals(max, w.maxAllowedAlarmIntervalNum());
        for (long n : new long[] {Long.MIN_VALUE, min - 1, max + 1, MAX}) {
            assertRejected(w, IllegalArgumentException.class, () -> w.addAtIntervalNum(n, "x"));
        }
        for (long n = min; n <= max; n++) {
            long h = w.addAtIntervalNum(n, "ok");
            assertEquals(n, w.alarmIntervalNum(h));
            w.remove(h);
        }
    }

    // ---------------------------------------------------------------- intervals

    @Test
    void intervalNumAndIntervalStart_precisionG() {
        TimingWheel<String> w = wheel(G, LevelBits.DEFAULT);
        long[][] table = {
            {0, 0, 0}, {G / 10, 0, 0}, {G * 99 / 100, 0, 0}, {G, 1, G}, {G * 3 / 2, 1, G}, {G * 199 / 100, 1, G},
            {2 * G, 2, 2 * G}};
        for (long[] row : table) {
            assertEquals(row[1], w.intervalNum(row[0]), "intervalNum(" + row[0] + ")");
            assertEquals(row[2], w.intervalStart(row[0]));
            assertEquals(row[2], w.intervalNumStart(row[1]));
        }
    }

    @Test
    void intervalNum_precision4_isTheFloor() {
        // The reference's interval_num_internal for times -5..4 with precision 4 is -2,-1,-1,-1,-1,0,0,0,0,1.
        // Our intervals count from the start, so start at -8 (interval -2 in the reference).
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(4), -8);
        long[] reference = {-2, -1, -1, -1, -1, 0, 0, 0, 0, 1};
        for (int time = -5; time <= 4; time++) {
            assertEquals(reference[time + 5] + 2, w.intervalNum(time), "time " + time);
        }
    }

    // ---------------------------------------------------------------- nextAlarmFiresAt

    @Test
    void nextAlarmFiresAt_afterEachAddAndAdvance() {
        TimingWheel<String> w = wheel(G, LevelBits.of(10));
        long[][] adds = {{2 * G, 3 * G}, {G * 3 / 2, 2 * G}, {G, 2 * G}, {G / 2, G}, {G / 10, G}};
        for (long[] add : adds) {
            w.add(add[0], "a");
            assertEquals(add[1], w.nextAlarmFiresAt(), "after adding at " + add[0]);
        }
        long[][] advances = {{G / 2, G}, {G, 2 * G}, {G * 3 / 2, 2 * G}, {2 * G, 3 * G}};
        for (long[] advance : advances) {
            w.advanceClock(advance[0], (alarm, at, value) -> { });
            assertEquals(advance[1], w.nextAlarmFiresAt(), "after advancing to " + advance[0]);
        }
        w.advanceClock(3 * G, (alarm, at, value) -> { });
        assertThrows(NoSuchElementException.class, w::nextAlarmFiresAt);
        assertTrue(w.isEmpty());
    }

    @Test
    void nextAlarmFiresAt_alarmAtTheEndOfTime_isAbsent() {
        TimingWheel<String> w = wheel(G, LevelBits.of(1).extendToMaxNumBits());
        w.add(MAX, "end of time");
        assertRejected(w, NoSuchElementException.class, w::nextAlarmFiresAt);
    }

    @Test
    void minAlarmIntervalNum_alarmAtTheEndOfTime() {
        for (boolean advanceToMax : new boolean[] {false, true}) {
            for (long precision : new long[] {1, 2}) {
                TimingWheel<String> w = wheel(precision, LevelBits.of(1).extendToMaxNumBits());
                if (advanceToMax) {
                    w.advanceClock(MAX, noAlarm());
                }
                w.add(MAX, "x");
                assertEquals(w.intervalNum(MAX), w.minAlarmIntervalNum(), "precision " + precision);
                w.checkInvariants();
            }
        }
    }

    // ---------------------------------------------------------------- alarms

    @Test
    void lengthIntervalNumAndContains_levelBits1() {
        TimingWheel<String> w = wheel(G, LevelBits.of(1));
        assertTrue(w.isEmpty());
        long a1 = w.addAtIntervalNum(0, "a1");
        long a2 = w.addAtIntervalNum(0, "a2");
        assertEquals(2, w.size());
        assertEquals(0, w.alarmIntervalNum(a1));
        assertEquals(0, w.alarmIntervalNum(a2));
        assertTrue(w.contains(a1) && w.contains(a2));
        w.remove(a1);
        assertEquals(1, w.size());
        assertThrows(IllegalArgumentException.class, () -> w.alarmIntervalNum(a1));
        assertFalse(w.contains(a1));
        w.rescheduleAtIntervalNum(a2, 1);
        assertEquals(1, w.alarmIntervalNum(a2));
        assertRejected(w, IllegalArgumentException.class, () -> w.rescheduleAtIntervalNum(a1, 1));
        w.remove(a2);
        assertTrue(w.isEmpty());
        assertThrows(IllegalArgumentException.class, () -> w.alarmIntervalNum(a2));
        assertFalse(w.contains(a2));
    }

    @Test
    void removedAlarm_lookupsThrow() {
        TimingWheel<String> w = wheel(G, LevelBits.DEFAULT);
        long alarm = w.add(w.now() + 5 * G, "x");
        assertTrue(w.contains(alarm));
        w.remove(alarm);
        assertFalse(w.contains(alarm));
        assertThrows(IllegalArgumentException.class, () -> w.alarmIntervalNum(alarm));
        assertThrows(IllegalArgumentException.class, () -> w.alarmAt(alarm));
        assertThrows(IllegalArgumentException.class, () -> w.alarmValue(alarm));
    }

    @Test
    void clear_levelBits11() {
        TimingWheel<String> w = wheel(G, LevelBits.of(1, 1));
        w.clear();
        w.addAtIntervalNum(0, "e1");
        w.addAtIntervalNum(2, "e2");
        assertTrue(w.toString().contains("0=e1"), w.toString());
        assertTrue(w.toString().contains(2 * G + "=e2"), w.toString());
        w.clear();
        assertEquals(0, w.size());
        assertEquals(0, w.now());
        assertFalse(w.toString().contains("e2"), w.toString());
        w.checkInvariants();
    }

    @Test
    void startAfterEpoch_isConsistent() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(G), G);
        w.checkInvariants();
        assertEquals(G, w.intervalNumStart(0));
    }

    // ---------------------------------------------------------------- reschedule

    @ParameterizedTest(name = "byIntervalNum={0}")
    @ValueSource(booleans = {false, true})
    void reschedule_story(boolean byIntervalNum) {
        TimingWheel<String> w = wheel(G, LevelBits.of(10));
        BiConsumer<Long, Long> reschedule = byIntervalNum
                ? (alarm, at) -> w.rescheduleAtIntervalNum(alarm, w.intervalNum(at))
                : (alarm, at) -> w.reschedule(alarm, at);
        long alarm1 = w.add(5 * G, "alarm1");
        long alarm2 = w.add(10 * G, "alarm2");
        assertEquals(6 * G, w.nextAlarmFiresAt());
        // alarm1 after alarm2: alarm2 becomes next.
        reschedule.accept(alarm1, 15 * G);
        assertEquals(11 * G, w.nextAlarmFiresAt());
        assertEquals(15 * G, w.alarmAt(alarm1));
        // Past alarm1's original time: nothing fires.
        w.advanceClock(7 * G, noAlarm());
        assertEquals(11 * G, w.nextAlarmFiresAt());
        // alarm1 before alarm2 again: alarm1 becomes next.
        reschedule.accept(alarm1, 8 * G);
        assertEquals(9 * G, w.nextAlarmFiresAt());
        // Past alarm1: alarm1 fires, alarm2 does not.
        Recorder rec = new Recorder(w);
        w.advanceClock(9 * G, rec);
        assertEquals(List.of("alarm1"), rec.values());
        assertEquals(9 * G, w.now());
        assertEquals(11 * G, w.nextAlarmFiresAt());
        assertEquals(10 * G, w.alarmAt(alarm2));
        // The fired alarm1 cannot be rescheduled.
        assertRejected(w, IllegalArgumentException.class, () -> reschedule.accept(alarm1, 20 * G));
        // Not before the start of the current interval.
        assertRejected(w, IllegalArgumentException.class, () -> reschedule.accept(alarm2, 8 * G),
                "before the start of the current interval", 9 * G);
        // Not arbitrarily far in the future: the limit is 1033G - 1 = 1109175304191.
        assertEquals(1109175304191L, w.maxAllowedAlarmTime());
        assertRejected(w, IllegalArgumentException.class, () -> reschedule.accept(alarm2, w.maxAllowedAlarmTime() + G),
                "too far in the future", "1109175304191");
        // alarm2 fires.
        w.advanceClock(11 * G, rec);
        assertEquals(List.of("alarm1", "alarm2"), rec.values());
        assertThrows(NoSuchElementException.class, w::nextAlarmFiresAt);
        assertFalse(w.contains(alarm1));
        assertFalse(w.contains(alarm2));
    }

    // ---------------------------------------------------------------- advanceClock

    @Test
    void advanceClock_levelBits1111_firesOneIntervalAtATime() {
        TimingWheel<String> w = wheel(G, LevelBits.of(1, 1, 1, 1));
        assertThrows(NoSuchElementException.class, w::minAlarmIntervalNum);
        w.addAtIntervalNum(0, "0");
        assertEquals(0, w.minAlarmIntervalNum());
        for (int n = 1; n <= 10; n++) {
            w.addAtIntervalNum(n, Integer.toString(n));
            assertEquals(0, w.minAlarmIntervalNum());
        }
        for (int n = 1; n <= 11; n++) {
            Recorder rec = new Recorder(w);
            w.advanceClock(w.intervalNumStart(n), rec);
            assertEquals(List.of(Integer.toString(n - 1)), rec.values());
            assertEquals(n - 1, w.intervalNum(rec.fired.get(0).at()));
            if (n <= 10) {
                assertEquals(n, w.minAlarmIntervalNum());
            } else {
                assertThrows(NoSuchElementException.class, w::minAlarmIntervalNum);
            }
        }
    }

    @Test
    void minAlarmIntervalNum_levelBits1111_followsRemovals() {
        TimingWheel<String> w = wheel(G, LevelBits.of(1, 1, 1, 1));
        List<Long> alarms = new ArrayList<>();
        for (int n = 0; n <= 10; n++) {
            alarms.add(w.addAtIntervalNum(n, Integer.toString(n)));
        }
        for (long alarm : alarms) {
            long n = w.alarmIntervalNum(alarm);
            w.remove(alarm);
            if (n < 10) {
                assertEquals(n + 1, w.minAlarmIntervalNum());
            } else {
                assertThrows(NoSuchElementException.class, w::minAlarmIntervalNum);
            }
        }
    }

    @Test
    void forEach_levelBits1111_countsAndVisitsEveryAlarm() {
        TimingWheel<String> w = wheel(G, LevelBits.of(1, 1, 1, 1));
        assertEquals(0, count(w));
        for (int n = 0; n < 10; n++) {
            w.addAtIntervalNum(n, "x");
        }
        assertEquals(10, count(w));
        w.advanceClock(w.intervalNumStart(1), (alarm, at, value) -> { });
        assertEquals(9, count(w));
        w.advanceClock(w.intervalNumStart(10), (alarm, at, value) -> { });
        assertEquals(0, count(w));

        TimingWheel<String> v = wheel(G, LevelBits.of(1, 1, 1, 1));
        Set<Long> added = new HashSet<>();
        for (long n = 0; n <= v.maxAllowedAlarmIntervalNum(); n++) {
            added.add(v.addAtIntervalNum(n, "y"));
        }
        assertEquals(24, added.size());
        Set<Long> seen = new HashSet<>();
        v.forEach((alarm, at, value) -> assertTrue(seen.add(alarm)));
        assertEquals(added, seen);
    }

    private static int count(TimingWheel<String> w) {
        int[] n = {0};
        w.forEach((alarm, at, value) -> n[0]++);
        return n[0];
    }

    @Test
    void advanceClock_toTheLastRepresentableInterval_levelBits1() {
        TimingWheel<String> w = wheel(G, LevelBits.of(1));
        w.addAtIntervalNum(0, "0");
        w.addAtIntervalNum(1, "1");
        assertRejected(w, IllegalArgumentException.class, () -> w.advanceClock(w.intervalNumStart(MAX), noAlarm()),
                Long.toString(MAX));
        long last = w.intervalNum(MAX);
        Recorder rec = new Recorder(w);
        w.advanceClock(w.intervalNumStart(last), rec);
        assertEquals(List.of("0", "1"), rec.values());
        assertEquals(9223372035781033984L, w.now()); // 2^63 - 2^30
        w.addAtIntervalNum(last, "last");
        assertTrue(w.toString().contains("9223372035781033984=last"), w.toString());
    }

    @Test
    void advanceClock_precisionG_addThenAdvance() {
        TimingWheel<String> w = wheel(G, LevelBits.of(10));
        assertRejected(w, IllegalArgumentException.class, () -> w.add(w.now() - G, "x"),
                "before the start of the current interval", Long.toString(-G));
        assertEquals(w.now() + 1024 * G, w.maxAllowedAlarmTime() + 1);
        long a = w.add(w.now() + 30 * G, "a");
        Recorder rec = new Recorder(w);
        w.advanceClock(w.now() + 30 * G, rec);
        assertEquals(30 * G, w.now());
        assertTrue(w.contains(a), "an alarm at exactly now has not fired");
        assertTrue(w.toString().contains(30 * G + "=a"), w.toString());
        w.advanceClock(w.now() + G, rec);
        assertEquals(List.of("a"), rec.values());
        assertEquals(31 * G, w.now());
        assertTrue(w.isEmpty());
    }

    @Test
    void advanceClock_sameTime_firesInInsertionOrder() {
        TimingWheel<String> w = wheel(G, LevelBits.DEFAULT);
        long at = 1_000_000_000L; // one second
        for (int i = 0; i <= 5; i++) {
            w.add(at, Integer.toString(i));
        }
        Recorder rec = new Recorder(w);
        w.advanceClock(at + 1_000_000_000L, rec);
        assertEquals(List.of("0", "1", "2", "3", "4", "5"), rec.values());
    }

    @Test
    void advanceClock_towardsTheEndOfTime_firesEachIntervalOnceItHasPassed() {
        // The reference's log for precisions 1, 2 and 4 ns and first levels of 1..3 bits; the alarms of the
        // last interval, which advanceClock never fires, are then fired by firePastAlarms (ours only).
        String p1 = "advance 10,advance 9,alarm 10,advance 8,alarm 9,advance 7,alarm 8,advance 6,alarm 7,"
                + "advance 5,alarm 6,advance 4,alarm 5,advance 3,alarm 4,advance 2,alarm 3,advance 1,alarm 2,"
                + "advance 0,alarm 1|alarm 0";
        String p2 = "advance 10,advance 9,alarm 10,advance 8,advance 7,alarm 9,alarm 8,advance 6,advance 5,"
                + "alarm 7,alarm 6,advance 4,advance 3,alarm 5,alarm 4,advance 2,advance 1,alarm 3,alarm 2,"
                + "advance 0|alarm 1,alarm 0";
        String p4 = "advance 10,advance 9,advance 8,advance 7,alarm 10,alarm 9,alarm 8,advance 6,advance 5,"
                + "advance 4,advance 3,alarm 7,alarm 6,alarm 5,alarm 4,advance 2,advance 1,advance 0"
                + "|alarm 3,alarm 2,alarm 1,alarm 0";
        long[] precisions = {1, 2, 4};
        String[] expected = {p1, p2, p4};
        for (int k = 0; k < precisions.length; k++) {
            for (int level0 = 1; level0 <= 3; level0++) {
                TimingWheel<String> w = wheel(precisions[k], LevelBits.of(level0).extendToMaxNumBits());
                List<String> log = new ArrayList<>();
                for (int i = 10; i >= 0; i--) {
                    w.add(MAX - i, "alarm " + i);
                }
                AlarmConsumer<String> handler = (alarm, at, value) -> log.add(value);
                for (int i = 10; i >= 0; i--) {
                    log.add("advance " + i);
                    w.advanceClock(MAX - i, handler);
                }
                log.add("|");
                w.firePastAlarms(handler);
                String got = String.join(",", log).replace(",|,", "|").replace(",|", "|");
                assertEquals(expected[k], got, "precision " + precisions[k] + ", level 0 bits " + level0);
                assertTrue(w.isEmpty());
                w.checkInvariants();
            }
        }
    }

    @Test
    void advanceClock_firesAlarmsAtTheRightTime() {
        // Precisions G, G/2 and G/10 (the reference rounds G/10 down to 2^26; any precision is ours),
        // separations and steps in hundredths of G. The reference checks at <= now() inside the handler;
        // under this library's contract now() inside the handler is the start of the alarm's interval, so the check here is
        // that nothing fires early (at < to) and that after each call now() is in to's interval.
        long[] precisions = {G, G / 2, G / 10};
        long[] separations = {1, 10, 50, 100, 200, 1000};
        long[] steps = {10, 50, 100, 200, 1000};
        int runs = 0;
        for (boolean byIntervalNum : new boolean[] {false, true}) {
            for (long precision : precisions) {
                for (long separation : separations) {
                    for (long step : steps) {
                        TimingWheel<String> w = wheel(precision, LevelBits.DEFAULT);
                        Set<Long> pending = new HashSet<>();
                        for (int i = 1; i <= 100; i++) {
                            long at = i * separation * G / 100;
                            pending.add(byIntervalNum ? w.addAtIntervalNum(w.intervalNum(at), "x") : w.add(at, "x"));
                        }
                        while (!w.isEmpty()) {
                            long to = w.now() + step * G / 100;
                            w.advanceClock(to, (alarm, at, value) -> {
                                assertTrue(at < to, "fired early");
                                assertTrue(pending.remove(alarm), "fired twice");
                            });
                            assertEquals(w.intervalNum(to), w.nowIntervalNum());
                        }
                        assertTrue(pending.isEmpty());
                        runs++;
                    }
                }
            }
        }
        assertEquals(180, runs);
    }

    @Test
    void advanceClockToIntervalNum_everyCompositionOf6BitsEveryStepBothStarts() {
        // 32 compositions of 6 bits x steps 1..64 x {interval 0, 2^6 before the last interval} = 4096 runs.
        List<int[]> compositions = new ArrayList<>();
        compose(6, new ArrayList<>(), compositions);
        assertEquals(32, compositions.size());
        int runs = 0;
        for (boolean large : new boolean[] {false, true}) {
            for (int step = 1; step <= 64; step++) {
                for (int[] bits : compositions) {
                    runOneAdvanceToIntervalNum(LevelBits.of(bits), large, step);
                    runs++;
                }
            }
        }
        assertEquals(4096, runs);
    }

    private static void compose(int remaining, List<Integer> prefix, List<int[]> out) {
        if (remaining == 0) {
            out.add(prefix.stream().mapToInt(Integer::intValue).toArray());
            return;
        }
        for (int first = 1; first <= remaining; first++) {
            prefix.add(first);
            compose(remaining - first, prefix, out);
            prefix.remove(prefix.size() - 1);
        }
    }

    private static void runOneAdvanceToIntervalNum(LevelBits bits, boolean large, int step) {
        TimingWheel<String> w = wheel(G, bits);
        long last = w.intervalNum(MAX);
        long initial = large ? last - (1L << 6) : 0;
        w.advanceClock(w.intervalNumStart(initial), noAlarm());
        assertEquals(initial, w.nowIntervalNum());
        assertTrue(w.maxAllowedAlarmIntervalNum() >= initial + (1L << 6) - 1, bits::toString);
        List<Long> added = new ArrayList<>();
        for (long n = initial; n < w.maxAllowedAlarmIntervalNum(); n++) {
            w.addAtIntervalNum(n, "x");
            added.add(n);
            assertEquals(added.size(), w.size());
        }
        List<Long> removed = new ArrayList<>();
        while (!w.isEmpty()) {
            long to = Math.min(last, w.nowIntervalNum() + step);
            w.advanceClock(w.intervalNumStart(to), (alarm, at, value) -> {
                long n = w.intervalNum(at);
                assertTrue(n < to);
                removed.add(n);
            });
        }
        removed.sort(null);
        assertEquals(added, removed, () -> bits + ", step " + step + (large ? ", large" : ""));
        w.checkInvariants();
    }

    // ---------------------------------------------------------------- firePastAlarms

    @Test
    void firePastAlarms_everySubsetOfTheFirstInterval() {
        // Precision 60G: the reference rounds it down to 32G; we use 60G itself, which is not a power of two.
        int runs = 0;
        for (int size = 0; size <= 5; size++) {
            for (int mask = 0; mask < 1 << size; mask++) {
                TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(60 * G), 0);
                int atG = 0;
                for (int i = 0; i < size; i++) {
                    boolean first = (mask & (1 << i)) != 0;
                    long alarm = w.add(first ? G : 2 * G, "x");
                    assertEquals(0, w.alarmIntervalNum(alarm));
                    atG += first ? 1 : 0;
                }
                w.advanceClock(G, noAlarm());
                int[] fired = {0};
                w.firePastAlarms((alarm, at, value) -> {
                    assertEquals(G, at);
                    fired[0]++;
                });
                assertEquals(atG, fired[0]);
                assertEquals(size - atG, w.size());
                runs++;
            }
        }
        assertEquals(63, runs);
    }

    @Test
    void firePastAlarms_alarmBuckets() {
        TimingWheel<String> w = wheel(G, LevelBits.DEFAULT);
        Set<String> fired = new HashSet<>();
        AlarmConsumer<String> handler = (alarm, at, value) -> assertTrue(fired.add(value), "fired twice");
        w.add(G, "first");
        long base = w.nextAlarmFiresAt();
        assertEquals(2 * G, base);
        long fifth = G / 5;
        long step0 = base + fifth;
        long step1 = step0 + fifth;
        long step2 = step1 + fifth;
        long step3 = step2 + G;
        assertEquals(List.of(2L, 2L, 2L, 3L),
                List.of(w.intervalNum(step0), w.intervalNum(step1), w.intervalNum(step2), w.intervalNum(step3)));
        w.add(step1, "step1");
        w.add(step2, "step2");
        w.add(step3, "step3");
        w.advanceClock(step0, handler);
        w.firePastAlarms(handler);
        assertEquals(Set.of("first"), fired);
        w.advanceClock(step1, handler);
        assertEquals(Set.of("first"), fired);
        w.firePastAlarms(handler);
        assertEquals(Set.of("first", "step1"), fired);
        w.advanceClock(step2, handler);
        assertEquals(Set.of("first", "step1"), fired);
        w.firePastAlarms(handler);
        assertEquals(Set.of("first", "step1", "step2"), fired);
    }

    // ---------------------------------------------------------------- maxAlarmTimeInMinInterval

    @Test
    void maxAlarmTimeInMinInterval_levelBits11() {
        TimingWheel<String> w = wheel(G, LevelBits.of(1, 1));
        assertThrows(NoSuchElementException.class, w::maxAlarmTimeInMinInterval);
        long a = w.add(w.now() + G / 2, "a");
        assertEquals(536870912L, w.maxAlarmTimeInMinInterval());
        w.remove(a);
        assertThrows(NoSuchElementException.class, w::maxAlarmTimeInMinInterval);
        // Different intervals in the same second-level slot: the answer is 2.1G, not 3.9G.
        w.add(w.now() + 2 * G + G / 10, "2.1");
        w.add(w.now() + 3 * G + 9 * G / 10, "3.9");
        assertEquals(2254857830L, w.maxAlarmTimeInMinInterval());
    }
}
