package io.github.radixwheel.alarms.internal;

/**
 * Overflow-safe interval arithmetic for a wheel whose interval {@code n} is
 * {@code [start + n × precision, start + (n + 1) × precision)}.
 *
 * <p>{@code time - start} can exceed {@link Long#MAX_VALUE} when {@code start} is negative, so it is
 * treated as unsigned. Interval numbers are keys, which stop at {@link Long#MAX_VALUE}: only with
 * precision 1 and a negative start can a time lie past interval {@code Long.MAX_VALUE}, and such
 * times belong to that last interval. The last representable interval is {@link #last}; it runs to
 * {@code Long.MAX_VALUE}.
 */
public final class Intervals {
    public final long start;
    public final long precision;
    /** {@code log2(precision)} if it is a power of two, else -1. */
    private final int shift;
    /** The interval that holds {@link Long#MAX_VALUE}: the last representable one. */
    public final long last;
    /**
     * The last time whose interval number is representable: {@link Long#MAX_VALUE}, or
     * {@code start + Long.MAX_VALUE} with precision 1 and a negative start.
     */
    public final long lastTime;

    public Intervals(long start, long precision) {
        this.start = start;
        this.precision = precision;
        this.shift = Long.bitCount(precision) == 1 ? Long.numberOfTrailingZeros(precision) : -1;
        this.last = num(Long.MAX_VALUE);
        this.lastTime = precision == 1 && start < 0 ? start + Long.MAX_VALUE : Long.MAX_VALUE;
    }

    /** The interval of {@code time}, for {@code time >= start}. */
    public long num(long time) {
        long elapsed = time - start; // unsigned
        long n = shift >= 0 ? elapsed >>> shift : Long.divideUnsigned(elapsed, precision);
        return n < 0 ? Long.MAX_VALUE : n;
    }

    /** The first time of interval {@code n}, for {@code 0 <= n <= last}. */
    public long numStart(long n) {
        // The true value lies in [start, Long.MAX_VALUE], so wrapping arithmetic yields it exactly.
        return shift >= 0 ? start + (n << shift) : start + n * precision;
    }

    /** The first time of the interval that holds {@code time}, for {@code time >= start}. */
    public long startOf(long time) {
        return numStart(num(time));
    }
}
