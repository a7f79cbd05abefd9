package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.function.Executable;

/**
 * Shared pieces of the {@link TimingWheel} unit tests: the clocks and precisions every test runs at,
 * an independent {@link BigInteger} oracle for the interval and key-range arithmetic of the contract, a snapshot
 * of everything observable (for "a rejected call changes nothing"), and a recording handler.
 */
final class TimingWheelTestSupport {
    private TimingWheelTestSupport() {}

    static final long MAX = Long.MAX_VALUE;
    static final long MIN = Long.MIN_VALUE;
    private static final BigInteger MAX_B = BigInteger.valueOf(MAX);

    /** Starts as Caffeine's TimerWheelTest picks clocks: the extremes, around zero, and arbitrary ones. */
    static final long[] STARTS = {MIN, -1_000_000_007L, 0, 12345, MAX - 10_000};
    static final long[] PRECISIONS = {1, 2, 3, 1000, 1024, 1L << 30};
    /** Level bits with few levels and few slots, so that alarms move across levels and bounds bite. */
    static final List<LevelBits> SMALL_BITS = List.of(
            LevelBits.of(1), LevelBits.of(1, 1), LevelBits.of(3, 1), LevelBits.of(2, 2),
            LevelBits.of(1, 2, 3), LevelBits.of(10), LevelBits.of(4, 3, 2));

    /** A wheel configuration at a start. */
    record Case(long start, long precision, LevelBits bits) {
        Case(long start, long precision) {
            this(start, precision, LevelBits.DEFAULT);
        }

        TimingWheel<String> wheel() {
            return new TimingWheel<>(new TimingWheelConfig(precision, bits), start);
        }

        /** The last representable interval: the one that holds {@code Long.MAX_VALUE}. */
        long last() {
            return refIntervalNum(start, precision, MAX);
        }

        /**
         * The last time whose interval number is representable: {@code Long.MAX_VALUE}, or, with
         * precision 1 and a negative start, {@code start + Long.MAX_VALUE} (interval {@code MAX}).
         */
        long lastTime() {
            return precision == 1 && start < 0 ? start + MAX : MAX;
        }

        long intervalNum(long time) {
            return refIntervalNum(start, precision, time);
        }

        /** The start of interval {@code n}, which must be representable. */
        long intervalStart(long n) {
            BigInteger t = refIntervalNumStart(start, precision, n);
            if (t == null) {
                throw new AssertionError("interval " + n + " of " + this + " has no representable start");
            }
            return t.longValueExact();
        }

        /** The start of interval {@code n} plus {@code offset}, capped at {@link #lastTime()}. */
        long at(long n, long offset) {
            return BigInteger.valueOf(intervalStart(n)).add(BigInteger.valueOf(offset))
                    .min(BigInteger.valueOf(lastTime())).longValueExact();
        }

        /** The last time of interval {@code n} (for the last interval, {@link #lastTime()}). */
        long intervalEnd(long n) {
            return n >= last() ? lastTime() : intervalStart(n + 1) - 1;
        }

        @Override
        public String toString() {
            return "start=" + start + ", precision=" + precision + (bits.equals(LevelBits.DEFAULT) ? "" : ", " + bits);
        }
    }

    /** Every start with every precision, with {@link LevelBits#DEFAULT}. */
    static Stream<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (long start : STARTS) {
            for (long precision : PRECISIONS) {
                out.add(new Case(start, precision));
            }
        }
        return out.stream();
    }

    /** The cases with at least ten intervals (all but {@code start = MAX - 10_000, precision 2^30}). */
    static Stream<Case> roomyCases() {
        return cases().filter(c -> c.last() >= 9);
    }

    /** The cases whose start is above {@code Long.MIN_VALUE}, so that some time lies before it. */
    static Stream<Case> casesWithTimeBeforeStart() {
        return cases().filter(c -> c.start() > MIN);
    }

    // ---------------------------------------------------------------- the oracle

    /** {@code floor((time - start) / precision)}, exactly, capped at {@code Long.MAX_VALUE}; time >= start. */
    static long refIntervalNum(long start, long precision, long time) {
        BigInteger elapsed = BigInteger.valueOf(time).subtract(BigInteger.valueOf(start));
        if (elapsed.signum() < 0) {
            throw new AssertionError("time " + time + " is before start " + start);
        }
        return elapsed.divide(BigInteger.valueOf(precision)).min(MAX_B).longValueExact();
    }

    /** {@code start + n × precision} exactly, or null if it exceeds {@code Long.MAX_VALUE}. */
    static BigInteger refIntervalNumStart(long start, long precision, long n) {
        BigInteger t = BigInteger.valueOf(start).add(BigInteger.valueOf(n).multiply(BigInteger.valueOf(precision)));
        return t.compareTo(MAX_B) > 0 ? null : t;
    }

    /** The reference formula: {@code maxAllowedKey() = M_(L-1)} for minimum allowed key {@code k}. */
    static long refMaxAllowedKey(LevelBits bits, long k) {
        int sum = bits.bits(0);
        long max = saturatedAdd(k, lowMask(sum));
        for (int i = 1; i < bits.numLevels(); i++) {
            int below = sum;
            sum += bits.bits(i);
            long min = max == MAX ? MAX : ((max + 1) >>> below) << below;
            max = saturatedAdd(min, lowMask(sum));
        }
        return max;
    }

    /** {@code maxAllowedAlarmTime()} when the clock is in interval {@code k}. */
    static long refMaxAllowedAlarmTime(Case c, long k) {
        long maxKey = refMaxAllowedKey(c.bits(), k);
        return maxKey >= c.last() ? c.lastTime() : c.intervalStart(maxKey + 1) - 1;
    }

    private static long lowMask(int bits) {
        return bits >= 63 ? MAX : (1L << bits) - 1;
    }

    static long saturatedAdd(long a, long b) {
        return BigInteger.valueOf(a).add(BigInteger.valueOf(b)).min(MAX_B).longValueExact();
    }

    /**
     * Valid times of a case that sit on the edges: the start and its neighbours, interval
     * boundaries, level boundaries of the default bits, around zero, and the top of the range.
     */
    static List<Long> edgeTimes(Case c) {
        TreeSet<BigInteger> out = new TreeSet<>();
        BigInteger start = BigInteger.valueOf(c.start());
        BigInteger p = BigInteger.valueOf(c.precision());
        for (long n : new long[] {0, 1, 2, 3, 7, 8, 2047, 2048, 2049, 1L << 21, 1L << 31, 1L << 41}) {
            BigInteger s = start.add(p.multiply(BigInteger.valueOf(n)));
            for (long d = -1; d <= 1; d++) {
                out.add(s.add(BigInteger.valueOf(d)));
            }
            out.add(s.add(p.shiftRight(1)));
        }
        for (long t : new long[] {-1, 0, 1, MAX - c.precision(), MAX - c.precision() + 1, MAX - 2, MAX - 1, MAX}) {
            out.add(BigInteger.valueOf(t));
        }
        List<Long> times = new ArrayList<>();
        for (BigInteger t : out) {
            if (t.compareTo(start) >= 0 && t.compareTo(MAX_B) <= 0) {
                times.add(t.longValueExact());
            }
        }
        return times;
    }

    /**
     * A pseudo-random valid time {@code >= from}: mostly a few intervals ahead, sometimes far, with
     * times at interval starts and repeated intervals common.
     */
    static long randomTime(SplittableRandom rnd, Case c, long from) {
        long[] spans = {1, 4, 64, 3000, 1L << 21, 1L << 40, MAX};
        long span = spans[rnd.nextInt(spans.length)];
        long n = c.intervalNum(from) + (span == 1 ? 0 : rnd.nextLong(span));
        n = Math.max(c.intervalNum(from), Math.min(n < 0 ? MAX : n, c.last()));
        long offset = rnd.nextInt(3) == 0 ? 0 : rnd.nextLong(c.precision());
        long t = c.at(n, offset);
        return Math.max(t, from);
    }

    /** As {@link #randomTime(SplittableRandom, Case, long)}, but at most {@code to}. */
    static long randomTime(SplittableRandom rnd, Case c, long from, long to) {
        long t = randomTime(rnd, c, from);
        return t <= to ? t : randomBetween(rnd, from, to);
    }

    /** A uniformly random long in {@code [lo, hi]}. */
    static long randomBetween(SplittableRandom rnd, long lo, long hi) {
        long span = hi - lo; // as unsigned
        if (span >= 0 && span < MAX) {
            return lo + rnd.nextLong(span + 1);
        }
        while (true) {
            long t = rnd.nextLong();
            if (t >= lo && t <= hi) {
                return t;
            }
        }
    }

    // ---------------------------------------------------------------- observing a wheel

    /** Everything observable about a wheel, with its alarms by handle. */
    record State(long now, long nowIntervalNum, int size, boolean empty, long maxAllowedAlarmTime,
            String queries, TreeMap<Long, String> alarms, String text) {
        static State of(TimingWheel<String> w) {
            TreeMap<Long, String> alarms = new TreeMap<>();
            w.forEach((alarm, at, value) -> alarms.put(alarm, at + "=" + value));
            for (long alarm : alarms.keySet()) {
                assertTrue(w.contains(alarm));
                assertEquals(alarms.get(alarm), w.alarmAt(alarm) + "=" + w.alarmValue(alarm));
            }
            return new State(w.now(), w.nowIntervalNum(), w.size(), w.isEmpty(), w.maxAllowedAlarmTime(),
                    describeQueries(w), alarms, w.toString());
        }

        /** The same without handles, to compare two wheels built alike. */
        List<Object> withoutHandles() {
            return List.of(now, nowIntervalNum, size, empty, maxAllowedAlarmTime, queries,
                    alarms.values().stream().sorted().toList(), text);
        }
    }

    static String describeQueries(TimingWheel<String> w) {
        if (w.isEmpty()) {
            return "empty";
        }
        String next;
        try {
            next = Long.toString(w.nextAlarmFiresAt());
        } catch (NoSuchElementException e) {
            next = "none";
        }
        return w.minAlarmIntervalNum() + "/" + w.minAlarmTime() + "/" + w.maxAlarmTimeInMinInterval() + "/" + next;
    }

    /**
     * Asserts that {@code call} throws {@code type} with a message containing each fragment, that
     * nothing observable changed, and that every invariant still holds.
     */
    static <T extends Throwable> T assertRejected(TimingWheel<String> w, Class<T> type, Executable call,
            Object... fragments) {
        State before = State.of(w);
        T e = assertThrows(type, call);
        for (Object fragment : fragments) {
            assertTrue(String.valueOf(e.getMessage()).contains(String.valueOf(fragment)),
                    () -> "message \"" + e.getMessage() + "\" should contain \"" + fragment + "\"");
        }
        assertEquals(before, State.of(w), "a rejected call changes nothing");
        w.checkInvariants();
        return e;
    }

    /** One fired alarm as a handler saw it. */
    record Fired(long alarm, long at, String value, long nowInHandler, boolean containedInHandler) {}

    /** A handler that records what it is given and then runs an optional action. */
    static final class Recorder implements AlarmConsumer<String> {
        final TimingWheel<String> wheel;
        final List<Fired> fired = new ArrayList<>();
        AlarmConsumer<String> then = (alarm, at, value) -> { };

        Recorder(TimingWheel<String> wheel) {
            this.wheel = wheel;
        }

        Recorder then(AlarmConsumer<String> action) {
            this.then = action;
            return this;
        }

        @Override
        public void accept(long alarm, long at, String value) {
            fired.add(new Fired(alarm, at, value, wheel.now(), wheel.contains(alarm)));
            then.accept(alarm, at, value);
        }

        List<String> values() {
            return fired.stream().map(Fired::value).toList();
        }

        List<Long> alarms() {
            return fired.stream().map(Fired::alarm).toList();
        }

        List<Long> times() {
            return fired.stream().map(Fired::at).toList();
        }

        void clear() {
            fired.clear();
        }
    }

    /** A handler that must not be called. */
    static AlarmConsumer<String> noAlarm() {
        return (alarm, at, value) -> {
            throw new AssertionError("no alarm should fire, but " + value + " at " + at + " did");
        };
    }
}
