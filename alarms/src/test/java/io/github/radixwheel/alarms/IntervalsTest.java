package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Intervals#contains} and {@link Intervals#numOfContained}, the check and the key of every
 * {@code add} and {@code reschedule}, against exact arithmetic, at the edges of {@code long}.
 */
class IntervalsTest {
    private static final long G = 1L << 30;
    private static final long[] STARTS = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -G - 1, -1, 0, 1, G, Long.MAX_VALUE - 1,
        Long.MAX_VALUE};
    private static final long[] PRECISIONS = {1, 2, 3, 7, 1024, 1000, 1L << 62, Long.MAX_VALUE - 1, Long.MAX_VALUE};
    private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);

    @Test
    void containsExactlyTheTimesFromStartToTheLastTimeWithARepresentableInterval() {
        for (long start : STARTS) {
            for (long precision : PRECISIONS) {
                Intervals in = new Intervals(start, precision);
                for (long time : times(start, in.lastTime)) {
                    BigInteger n = intervalOf(start, precision, time);
                    boolean expected = time >= start && n.compareTo(MAX) <= 0;
                    assertEquals(expected, in.contains(time), () -> where(start, precision, time));
                }
            }
        }
    }

    @Test
    void numOfContainedIsTheExactIntervalAndAgreesWithNum() {
        for (long start : STARTS) {
            for (long precision : PRECISIONS) {
                Intervals in = new Intervals(start, precision);
                for (long time : times(start, in.lastTime)) {
                    if (in.contains(time)) {
                        long n = in.numOfContained(time);
                        assertEquals(intervalOf(start, precision, time), BigInteger.valueOf(n),
                                () -> where(start, precision, time));
                        assertEquals(n, in.num(time), () -> where(start, precision, time));
                    }
                }
            }
        }
    }

    /** The edges of the range and of {@code long}, then a fixed-seed sample. */
    private static List<Long> times(long start, long lastTime) {
        List<Long> times = new ArrayList<>(List.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, -1L, 0L, 1L,
                Long.MAX_VALUE - 1, Long.MAX_VALUE, start, start + 1, start - 1, lastTime, lastTime - 1,
                lastTime + 1));
        SplittableRandom random = new SplittableRandom(0x1A7E_0001L ^ start);
        for (int i = 0; i < 200; i++) {
            times.add(random.nextLong());
            times.add(start + random.nextLong(1L << 40));
        }
        return times;
    }

    private static BigInteger intervalOf(long start, long precision, long time) {
        BigInteger elapsed = BigInteger.valueOf(time).subtract(BigInteger.valueOf(start));
        return elapsed.signum() < 0 ? BigInteger.valueOf(-1) : elapsed.divide(BigInteger.valueOf(precision));
    }

    private static String where(long start, long precision, long time) {
        return "start " + start + ", precision " + precision + ", time " + time;
    }
}
