package io.github.radixwheel.benchmarks.jmh;

import java.util.SplittableRandom;

/** Inputs generated up front from fixed seeds into primitive arrays. */
public final class Inputs {
    private Inputs() {
    }

    /**
     * @param seed the seed
     * @param count how many
     * @param bound the exclusive upper bound
     * @return {@code count} ints uniform in {@code [0, bound)}
     */
    public static int[] uniformInts(long seed, int count, int bound) {
        return new SplittableRandom(seed).ints(count, 0, bound).toArray();
    }

    /**
     * @param seed the seed
     * @param count how many
     * @param origin the least value
     * @param bound the exclusive upper bound
     * @return {@code count} longs uniform in {@code [origin, bound)}
     */
    public static long[] uniformLongs(long seed, int count, long origin, long bound) {
        return new SplittableRandom(seed).longs(count, origin, bound).toArray();
    }

    /**
     * Log-uniform values: the binary exponent is uniform in {@code [minExp, maxExp)} and the value
     * uniform within its octave, so every scale is as likely as any other.
     *
     * @param seed the seed
     * @param count how many
     * @param minExp the least exponent
     * @param maxExp the exclusive greatest exponent, at most 62
     * @return {@code count} longs in {@code [2^minExp, 2^maxExp)}
     */
    public static long[] logUniformLongs(long seed, int count, int minExp, int maxExp) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] a = new long[count];
        for (int i = 0; i < count; i++) {
            int e = random.nextInt(minExp, maxExp);
            a[i] = (1L << e) + random.nextLong(1L << e);
        }
        return a;
    }

    /**
     * @param seed the seed
     * @param count how many
     * @param mean the mean of the exponential part
     * @return {@code count} longs {@code 1 + floor(X)}, {@code X} exponential with mean {@code mean}
     */
    public static long[] exponentialLongs(long seed, int count, double mean) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] a = new long[count];
        for (int i = 0; i < count; i++) {
            a[i] = 1 + (long) (-mean * Math.log(1 - random.nextDouble()));
        }
        return a;
    }

    /**
     * @param seed the seed
     * @param n the length
     * @return a uniformly random permutation of {@code [0, n)}
     */
    public static int[] permutation(long seed, int n) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
