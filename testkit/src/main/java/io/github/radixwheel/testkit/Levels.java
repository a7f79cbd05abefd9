package io.github.radixwheel.testkit;

import io.github.radixwheel.core.LevelBits;

/**
 * The key ranges of the levels, computed from their definition and nothing else: for a minimum
 * allowed key {@code k}, level 0 holds {@code [k, k ⊕ S_0]}, and each next level starts where the
 * previous one ends, rounded down to a multiple of the previous level's span, and holds
 * {@code S_i + 1} keys ({@code ⊕} saturates at {@link Long#MAX_VALUE};
 * {@code S_i = 2^(b_0 + … + b_i) - 1}).
 */
final class Levels {
    private Levels() {}

    /** {@code {m_i, M_i}} of each level {@code i}: its least and greatest key. */
    static long[][] ranges(LevelBits levelBits, long minAllowedKey) {
        int[] bits = levelBits.toArray();
        long[][] out = new long[bits.length][];
        int sum = 0;
        long lo = minAllowedKey;
        long hi = 0;
        for (int i = 0; i < bits.length; i++) {
            if (i > 0) {
                lo = hi == Long.MAX_VALUE ? Long.MAX_VALUE : roundDown(hi + 1, sum);
            }
            sum += bits[i];
            hi = saturatedAdd(lo, span(sum));
            out[i] = new long[] {lo, hi};
        }
        return out;
    }

    /**
     * {@code {m_i, M_i}} of each level {@code i} as the real structures lay them out, where their
     * slots turn over: level {@code i} starts after level {@code i - 1} ends (level 0 at {@code k})
     * and ends where the aligned block of {@code 2^(b_0 + … + b_i)} keys that holds its start ends;
     * the last level holds {@code S_(L-1) + 1} keys from its start (saturating). The greatest key is
     * the same as {@link #ranges}'s; the levels' edges between differ.
     */
    static long[][] blockRanges(LevelBits levelBits, long minAllowedKey) {
        int[] bits = levelBits.toArray();
        long[][] out = new long[bits.length][];
        int sum = 0;
        long start = minAllowedKey;
        for (int i = 0; i < bits.length; i++) {
            sum += bits[i];
            long end = i == bits.length - 1 ? saturatedAdd(start, span(sum)) : start | span(sum);
            out[i] = new long[] {start, end};
            if (end == Long.MAX_VALUE) {
                for (int j = i + 1; j < bits.length; j++) {
                    out[j] = new long[] {Long.MAX_VALUE, Long.MAX_VALUE};
                }
                break;
            }
            start = end + 1;
        }
        return out;
    }

    /** {@return the greatest key that a structure with these levels accepts at this minimum} */
    static long maxAllowedKey(LevelBits levelBits, long minAllowedKey) {
        long[][] ranges = ranges(levelBits, minAllowedKey);
        return ranges[ranges.length - 1][1];
    }

    /** {@code 2^bits - 1}, or {@link Long#MAX_VALUE} for 63 bits. */
    static long span(int bits) {
        return bits >= 63 ? Long.MAX_VALUE : (1L << bits) - 1;
    }

    private static long roundDown(long key, int bits) {
        return bits >= 63 ? 0 : key & ~((1L << bits) - 1);
    }

    /** {@code a + b} for {@code b >= 0}, saturating at {@link Long#MAX_VALUE}. */
    static long saturatedAdd(long a, long b) {
        return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
    }

    /** The levels' most bits: a structure allocates its slots up front and refuses more. */
    static final int MAX_LEVEL_BITS = 24;
    /** The real structures' bound on an initial capacity. */
    private static final int MAX_INITIAL_CAPACITY = 1 << 30;

    /** @throws IllegalArgumentException naming the first level of more than 24 bits */
    static void checkBuildable(LevelBits levelBits) {
        for (int i = 0; i < levelBits.numLevels(); i++) {
            if (levelBits.bits(i) > MAX_LEVEL_BITS) {
                throw new IllegalArgumentException("level " + i + ": " + levelBits.bits(i) + " bits (expected: 1.."
                        + MAX_LEVEL_BITS + ")");
            }
        }
    }

    /**
     * Refuses an initial capacity that the real structures refuse (those whose heap cannot hold it
     * aside).
     *
     * @throws IllegalArgumentException if {@code initialCapacity} is negative or above 2^30
     */
    static void checkInitialCapacity(int initialCapacity) {
        if (initialCapacity < 0 || initialCapacity > MAX_INITIAL_CAPACITY) {
            throw new IllegalArgumentException("initialCapacity: " + initialCapacity + " (expected: 0.."
                    + MAX_INITIAL_CAPACITY + ")");
        }
    }
}
