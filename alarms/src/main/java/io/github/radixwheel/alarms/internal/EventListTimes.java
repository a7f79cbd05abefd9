package io.github.radixwheel.alarms.internal;

/**
 * The map from event times to wheel keys. A non-negative {@code double}'s raw bits, read as a
 * {@code long}, order exactly as the values do: the exponent sits above the mantissa, and the sign
 * bit is clear. So the key of a time is its bits ({@code -0.0} first made {@code 0.0}), from 0 for
 * 0.0 through the subnormals and normal numbers to {@link #INFINITY_KEY} for {@code +∞}; no two
 * times share a key, and no rounding happens anywhere.
 */
public final class EventListTimes {
    /** The key of {@code +∞}, the greatest; NaN's bits lie above it. */
    public static final long INFINITY_KEY = Double.doubleToRawLongBits(Double.POSITIVE_INFINITY);

    private EventListTimes() {}

    /** The key of a time {@code >= 0} (or {@code -0.0}). */
    public static long key(double time) {
        return Double.doubleToRawLongBits(time + 0.0); // -0.0 + 0.0 is 0.0
    }

    /** The time of a key. */
    public static double time(long key) {
        return Double.longBitsToDouble(key);
    }

    /** A time that is NaN or before {@code now}. */
    public static IllegalArgumentException beforeNow(String name, double time, double now) {
        String why = time != time ? " is not a number" : " is before now()";
        return new IllegalArgumentException(name + ": " + time + why + " (expected: " + now + "..Infinity)");
    }

    /** Whether {@code start} is a valid start or reset time: finite and not negative ({@code -0.0} is 0.0). */
    public static boolean isValidStart(double start) {
        return start >= 0 && start < Double.POSITIVE_INFINITY;
    }

    /** A start or reset time that is NaN, infinite or negative. */
    public static IllegalArgumentException invalidStart(String name, double start) {
        return new IllegalArgumentException(name + ": " + start + " (expected: a finite time >= 0.0)");
    }
}
