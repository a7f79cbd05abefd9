package io.github.radixwheel.core;

import io.github.radixwheel.core.internal.Checks;
import java.util.Arrays;

/**
 * The number of key bits that each level of a {@link TimingWheelQueue} resolves, from the finest
 * level (level 0) to the coarsest. Level {@code i} has {@code 2^bits(i)} slots; with
 * {@code B_i = bits(0) + ... + bits(i)}, a slot of level {@code i >= 1} spans {@code 2^B_(i-1)}
 * keys, and the queue accepts keys up to about {@code 2^numBits()} above its minimum.
 *
 * <p>Immutable, with equality by value. {@link #DEFAULT} covers every key: its bits sum to
 * {@link #MAX_NUM_BITS}.
 */
public final class LevelBits {
    /** The greatest total number of bits: keys are non-negative {@code long}s. */
    public static final int MAX_NUM_BITS = 63;

    /** {@code [11, 10, 10, 10, 10, 10, 2]}: 63 bits, so every key at or above the minimum fits. */
    public static final LevelBits DEFAULT = of(11, 10, 10, 10, 10, 10, 2);

    private final int[] bits;
    private final int numBits;

    private LevelBits(int[] bits, int numBits) {
        this.bits = bits;
        this.numBits = numBits;
    }

    /**
     * Level bits from the finest level to the coarsest.
     *
     * @param bits the bits of each level
     * @return the level bits
     * @throws NullPointerException if {@code bits} is null
     * @throws IllegalArgumentException if {@code bits} is empty, if any element is {@code <= 0}, or
     *     if they sum to more than {@link #MAX_NUM_BITS} (checked in that order)
     */
    public static LevelBits of(int... bits) {
        Checks.requireNonNull(bits, "bits");
        int[] copy = bits.clone();
        if (copy.length == 0) {
            throw Checks.argument("level bits: [] (expected: at least one level)");
        }
        long sum = 0;
        for (int b : copy) {
            if (b <= 0) {
                throw Checks.argument("level bits: " + Arrays.toString(copy) + " (expected: every level > 0 bits)");
            }
            sum += b;
        }
        if (sum > MAX_NUM_BITS) {
            throw Checks.argument("level bits: " + Arrays.toString(copy) + " sum to " + sum
                    + " (expected: at most " + MAX_NUM_BITS + ")");
        }
        return new LevelBits(copy, (int) sum);
    }

    /**
     * These level bits followed by levels of one bit each, until {@link #numBits()} is
     * {@link #MAX_NUM_BITS}, so that every key at or above the minimum fits.
     *
     * @return the extended level bits ({@code this} if already at {@link #MAX_NUM_BITS})
     */
    public LevelBits extendToMaxNumBits() {
        if (numBits == MAX_NUM_BITS) {
            return this;
        }
        int[] extended = Arrays.copyOf(bits, bits.length + MAX_NUM_BITS - numBits);
        Arrays.fill(extended, bits.length, extended.length, 1);
        return new LevelBits(extended, MAX_NUM_BITS);
    }

    /** {@return the number of levels, at least 1} */
    public int numLevels() {
        return bits.length;
    }

    /**
     * Returns the number of bits of one level.
     *
     * @param level a level, {@code 0 <= level < numLevels()}
     * @return the number of bits of that level
     * @throws IllegalArgumentException if {@code level} is out of range
     */
    public int bits(int level) {
        if (level < 0 || level >= bits.length) {
            throw Checks.outOfRange("level", level, 0, bits.length - 1);
        }
        return bits[level];
    }

    /** {@return the total number of bits of all levels, at most {@link #MAX_NUM_BITS}} */
    public int numBits() {
        return numBits;
    }

    /** {@return a copy of the bits, finest level first} */
    public int[] toArray() {
        return bits.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LevelBits && Arrays.equals(bits, ((LevelBits) o).bits);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bits);
    }

    /** {@return the bits of each level, finest first, as in {@code LevelBits[11, 10, 10]}} */
    @Override
    public String toString() {
        return "LevelBits" + Arrays.toString(bits);
    }
}
