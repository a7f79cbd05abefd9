package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik arbitraries for radixwheel's inputs, biased to the values where bugs live: about half of
 * what each generates is an edge (the minimum, slot and level boundaries, the largest allowed value),
 * the rest is near the bottom or anywhere in range. Every arbitrary shrinks toward the small and
 * simple: short level lists, the minimum key, the current time.
 */
public final class RadixwheelArbitraries {
    private RadixwheelArbitraries() {}

    /**
     * Level bits: {@link LevelBits#DEFAULT}, short lists of small levels (many keys out of range, many
     * level crossings), such lists extended to 63 bits, wide lists of up to 8 levels of up to 12 bits,
     * and a few fixed shapes.
     *
     * @return level bits whose every level has at most 12 bits, so that any structure accepts them
     */
    public static Arbitrary<LevelBits> levelBits() {
        Arbitrary<LevelBits> small = Arbitraries.integers().between(1, 4).list().ofMinSize(1).ofMaxSize(4)
                .map(RadixwheelArbitraries::of);
        Arbitrary<LevelBits> wide = Arbitraries.integers().between(1, 12).list().ofMinSize(1).ofMaxSize(8)
                .filter(l -> l.stream().mapToInt(Integer::intValue).sum() <= LevelBits.MAX_NUM_BITS)
                .map(RadixwheelArbitraries::of);
        return Arbitraries.frequencyOf(
                Tuple.of(4, small),
                Tuple.of(2, Arbitraries.just(LevelBits.DEFAULT)),
                Tuple.of(1, small.map(LevelBits::extendToMaxNumBits)),
                Tuple.of(2, wide),
                Tuple.of(1, Arbitraries.of(LevelBits.of(1, 1), LevelBits.of(3, 1), LevelBits.of(1, 2, 3))));
    }

    private static LevelBits of(List<Integer> bits) {
        return LevelBits.of(bits.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * Minimum allowed keys to start a queue at: 0 and small keys, powers of two and their
     * neighbours, keys just below {@link Long#MAX_VALUE}, and any non-negative key.
     *
     * @return non-negative keys
     */
    public static Arbitrary<Long> minAllowedKeys() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of(0L, 1L, 2L, 7L, 8L, 2047L, 2048L, (1L << 62) - 1, 1L << 62,
                        Long.MAX_VALUE - 64, Long.MAX_VALUE - 1, Long.MAX_VALUE)),
                Tuple.of(2, Arbitraries.longs().between(0, 1000)),
                Tuple.of(2, Arbitraries.longs().between(0, Long.MAX_VALUE)));
    }

    /**
     * Every key that a queue with these levels accepts at this minimum, that is
     * {@code [minAllowedKey, maxAllowedKey]}, biased to the minimum, the minimum + 1, the first and
     * last keys of each level as the real structures lay them out and the slot boundaries beside
     * them, the maximum and the maximum - 1
     * ({@link Long#MAX_VALUE} when the range reaches it).
     *
     * @param levelBits the levels
     * @param minAllowedKey the minimum, {@code >= 0}
     * @return keys in range, shrinking toward {@code minAllowedKey}
     * @throws NullPointerException if {@code levelBits} is null
     * @throws IllegalArgumentException if {@code minAllowedKey < 0}
     */
    public static Arbitrary<Long> keys(LevelBits levelBits, long minAllowedKey) {
        Objects.requireNonNull(levelBits, "levelBits is null");
        if (minAllowedKey < 0) {
            throw new IllegalArgumentException("minAllowedKey: " + minAllowedKey + " (expected: 0.." + Long.MAX_VALUE + ")");
        }
        long lo = minAllowedKey;
        long hi = Levels.maxAllowedKey(levelBits, lo);
        List<Long> edges = keyEdges(levelBits, lo, hi);
        long near = Math.min(hi - lo, 70);
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.of(edges)),
                Tuple.of(2, Arbitraries.longs().between(0, near).map(d -> lo + d)),
                Tuple.of(1, Arbitraries.longs().between(0, near).map(d -> hi - d)),
                Tuple.of(2, Arbitraries.longs().between(lo, hi)));
    }

    /** The keys in {@code [lo, hi]} where levels and slots turn over, in ascending order. */
    static List<Long> keyEdges(LevelBits levelBits, long lo, long hi) {
        List<Long> out = new ArrayList<>();
        addIn(out, lo, lo, hi);
        addIn(out, Levels.saturatedAdd(lo, 1), lo, hi);
        int sum = 0;
        for (long[] range : Levels.blockRanges(levelBits, lo)) {
            addIn(out, range[0], lo, hi);
            addIn(out, range[1], lo, hi);
            addIn(out, Levels.saturatedAdd(range[1], 1), lo, hi);
        }
        for (int b : levelBits.toArray()) {
            sum += b;
            if (sum >= 63) {
                break;
            }
            // The next two multiples of 2^B above lo and their neighbours: a slot of the next level turns over.
            long boundary = ((lo >>> sum) + 1) << sum;
            for (long at = boundary, n = 0; n < 2 && at > 0; at += 1L << sum, n++) {
                addIn(out, at - 1, lo, hi);
                addIn(out, at, lo, hi);
                addIn(out, at + 1, lo, hi);
            }
        }
        addIn(out, hi - 1, lo, hi);
        addIn(out, hi, lo, hi);
        addIn(out, Long.MAX_VALUE, lo, hi);
        out.sort(null);
        return out;
    }

    private static void addIn(List<Long> out, long key, long lo, long hi) {
        if (key >= lo && key <= hi && !out.contains(key)) {
            out.add(key);
        }
    }

    /**
     * Starts for a {@code TimingWheel}: 0, small values, negative values as {@code System.nanoTime()}
     * gives them, {@link Long#MIN_VALUE} and its neighbour, values just below {@link Long#MAX_VALUE},
     * and any {@code long}.
     *
     * @return any {@code long}, biased to the signs' and the range's edges
     */
    public static Arbitrary<Long> wheelStarts() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of(0L, 1L, -1L, -1_000_000_007L, Long.MIN_VALUE, Long.MIN_VALUE + 1,
                        Long.MIN_VALUE / 2, Long.MAX_VALUE - 1_000_000, Long.MAX_VALUE - 1, Long.MAX_VALUE)),
                Tuple.of(1, Arbitraries.longs().between(-1_000_000, 1_000_000)),
                Tuple.of(2, Arbitraries.longs()));
    }

    /**
     * Wheel configurations: precisions 1, small, odd, powers of two, huge and {@link Long#MAX_VALUE},
     * with {@link LevelBits#DEFAULT}, the microsecond levels, small level lists and a few fixed shapes.
     *
     * @return configurations whose every level has at most 12 bits
     */
    public static Arbitrary<TimingWheelConfig> timingWheelConfigs() {
        Arbitrary<Long> precisions = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of(1L, 2L, 3L, 7L, 1000L, 1024L, 1L << 30, 1L << 62, Long.MAX_VALUE / 3,
                        Long.MAX_VALUE)),
                Tuple.of(1, Arbitraries.longs().between(1, 1L << 40)));
        Arbitrary<LevelBits> bits = Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just(LevelBits.DEFAULT)),
                Tuple.of(1, Arbitraries.just(TimingWheelConfig.microsecondPrecision().levelBits())),
                Tuple.of(3, Arbitraries.integers().between(1, 4).list().ofMinSize(1).ofMaxSize(4)
                        .map(RadixwheelArbitraries::of)),
                Tuple.of(1, Arbitraries.of(LevelBits.of(10), LevelBits.of(1, 1), LevelBits.of(2).extendToMaxNumBits())));
        return Combinators.combine(precisions, bits).as(TimingWheelConfig::new);
    }

    /**
     * Every time that a wheel with this configuration and start accepts when its clock reads
     * {@code now}, that is {@code [intervalStart(now), maxAllowedAlarmTime()]}, biased to {@code now},
     * interval edges, the edges of each level's span and the greatest allowed time.
     *
     * @param config the wheel's configuration
     * @param start the wheel's start
     * @param now the wheel's clock, {@code >= start}
     * @return valid alarm times, shrinking toward the start of the current interval
     * @throws NullPointerException if {@code config} is null
     * @throws IllegalArgumentException if {@code now < start}
     */
    public static Arbitrary<Long> alarmTimes(TimingWheelConfig config, long start, long now) {
        ReferenceWheel<Void> wheel = new ReferenceWheel<>(config, start);
        wheel.reset(now);
        return times(config, now, wheel.intervalStart(now), wheel.maxAllowedAlarmTime());
    }

    /** Times in {@code [lo, hi]} biased to {@code now}, interval and level-span edges. */
    static Arbitrary<Long> times(TimingWheelConfig config, long now, long lo, long hi) {
        if (lo >= hi) {
            return Arbitraries.just(lo);
        }
        long p = config.alarmPrecision();
        long near = Math.min(Levels.saturatedAdd(lo, Levels.saturatedAdd(0, 64 * Math.min(p, Long.MAX_VALUE / 64))), hi);
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.of(timeEdges(config, now, lo, hi))),
                Tuple.of(3, Arbitraries.longs().between(lo, near)),
                Tuple.of(1, Arbitraries.longs().between(lo, hi)));
    }

    /** The times in {@code [lo, hi]} where intervals and level spans turn over, {@code now}, and the ends. */
    static List<Long> timeEdges(TimingWheelConfig config, long now, long lo, long hi) {
        long p = config.alarmPrecision();
        List<Long> edges = new ArrayList<>();
        addIn(edges, lo, lo, hi);
        addIn(edges, now, lo, hi);
        addIn(edges, Levels.saturatedAdd(lo, p - 1), lo, hi);
        addIn(edges, Levels.saturatedAdd(lo, p), lo, hi);
        for (long span : config.durations()) {
            long next = Levels.saturatedAdd(lo, span);
            addIn(edges, next - 1, lo, hi);
            addIn(edges, next, lo, hi);
            addIn(edges, Levels.saturatedAdd(next, p), lo, hi);
        }
        addIn(edges, hi - 1, lo, hi);
        addIn(edges, hi, lo, hi);
        edges.sort(null);
        return edges;
    }

    /**
     * Starts for a {@code FutureEventList}: 0.0, {@code -0.0} (which the list keeps as 0.0), the least
     * subnormal and the least normal value, small and round values, 2^53 (where the gap between times
     * reaches 2), huge values and {@link Double#MAX_VALUE}, and any value in {@code [0, 10^9]}.
     *
     * @return finite times {@code >= 0} (or {@code -0.0}), shrinking toward 0.0
     */
    public static Arbitrary<Double> eventListStarts() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of(0.0, -0.0, Double.MIN_VALUE, Double.MIN_NORMAL, 0.1, 1.0, 1e6, 0x1p53, 1e300,
                        Double.MAX_VALUE)),
                Tuple.of(1, Arbitraries.doubles().between(0, 1e9)));
    }

    /**
     * Event times for a future event list whose clock reads {@code now}: {@code now} itself and a few
     * fixed times (ties), one and two ulps above {@code now}, tiny gaps (subnormals when {@code now}
     * is 0), gaps of every magnitude, huge gaps up to {@link Double#MAX_VALUE}, and {@code +∞}.
     *
     * @param now the clock, {@code >= 0}, possibly {@code +∞}
     * @return times {@code >= now}, never NaN, shrinking toward {@code now}
     * @throws IllegalArgumentException if {@code now} is NaN or negative
     */
    public static Arbitrary<Double> eventTimes(double now) {
        if (Double.isNaN(now) || now < 0) {
            throw new IllegalArgumentException("now: " + now + " (expected: 0..Infinity)");
        }
        if (now == Double.POSITIVE_INFINITY) {
            return Arbitraries.just(now);
        }
        double t = now + 0.0;
        List<Double> ties = new ArrayList<>();
        for (double d : new double[] {t, Math.nextUp(t), Math.nextUp(Math.nextUp(t)), Math.floor(t) + 1, t + 0.5,
                Double.MIN_VALUE, Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL), 1.0, 10.0, 1e300,
                Double.MAX_VALUE, Double.POSITIVE_INFINITY}) {
            if (d >= t && !ties.contains(d)) {
                ties.add(d);
            }
        }
        Arbitrary<Double> gaps = Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.integers().between(1, 4).map(ulps -> ulpsAbove(t, ulps))),
                Tuple.of(2, Arbitraries.integers().between(-1074, 1023).map(e -> above(t, Math.scalb(1.0, e)))),
                Tuple.of(2, Arbitraries.doubles().between(0, 10).map(g -> above(t, g))),
                Tuple.of(1, Arbitraries.doubles().between(0, Double.MAX_VALUE).map(g -> above(t, g))));
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of(ties)),
                Tuple.of(3, gaps));
    }

    /**
     * Event priorities: mostly ties ({@code 0}, {@code 1}, {@code -1}), often the extremes
     * ({@link Integer#MIN_VALUE}, {@link Integer#MAX_VALUE} and their neighbours), sometimes any int.
     *
     * @return priorities, shrinking toward 0
     */
    public static Arbitrary<Integer> eventPriorities() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.of(0, 1, -1)),
                Tuple.of(2, Arbitraries.of(Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE + 1,
                        Integer.MAX_VALUE - 1)),
                Tuple.of(1, Arbitraries.integers()));
    }

    private static double ulpsAbove(double t, int ulps) {
        double d = t;
        for (int i = 0; i < ulps; i++) {
            d = Math.nextUp(d);
        }
        return d;
    }

    /** {@code t + gap}, which rounds to {@code t} for gaps below half an ulp (a tie) and may reach {@code +∞}. */
    private static double above(double t, double gap) {
        return t + gap;
    }
}
