package io.github.radixwheel.core.internal;

import java.util.NoSuchElementException;

/**
 * The library's one exception vocabulary. Each method builds the exception for a caller to throw,
 * so a check on a hot path costs one branch and its message is formatted only on failure.
 *
 * <p>Messages name the offending value and the allowed range, e.g.
 * {@code key: 17 (expected: 20..1043)}.
 */
public final class Checks {
    private Checks() {}

    /** A value outside {@code [min, max]}. */
    public static IllegalArgumentException outOfRange(String name, long value, long min, long max) {
        return new IllegalArgumentException(name + ": " + value + " (expected: " + min + ".." + max + ")");
    }

    /** A value outside {@code [min, max]}, with a reason in words. */
    public static IllegalArgumentException outOfRange(String name, long value, long min, long max, String why) {
        return new IllegalArgumentException(
                name + ": " + value + " is " + why + " (expected: " + min + ".." + max + ")");
    }

    /** A handle that is not live in the structure that was asked. */
    public static IllegalArgumentException notContained(String name, long handle) {
        return new IllegalArgumentException(
                name + ": " + handle + " (expected: a live handle of this structure; it was removed, fired, "
                        + "cleared, made up or issued by another structure)");
    }

    /** Any other bad argument. */
    public static IllegalArgumentException argument(String message) {
        return new IllegalArgumentException(message);
    }

    /** A call that the current state forbids. */
    public static IllegalStateException state(String message) {
        return new IllegalStateException(message);
    }

    /** A query on an empty structure. */
    public static NoSuchElementException empty(String what) {
        return new NoSuchElementException(what);
    }

    /** Throws {@link NullPointerException} naming {@code name} if {@code value} is null. */
    public static <T> T requireNonNull(T value, String name) {
        if (value == null) {
            throw new NullPointerException(name + " is null");
        }
        return value;
    }

    /** {@code a + b} for non-negative {@code b}, saturating at {@link Long#MAX_VALUE}. */
    public static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
