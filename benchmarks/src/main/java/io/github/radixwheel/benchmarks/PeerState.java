package io.github.radixwheel.benchmarks;

import io.github.radixwheel.benchmarks.peers.TimerAdapter;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What every virtual-clock peer benchmark shares: the {@code impl} and {@code size} parameters,
 * the adapter, and input generation from fixed seeds.
 *
 * <p>Inputs are {@value #INPUTS}-long primitive arrays read with {@code i & MASK}, so that the
 * measured loop does no random-number generation; at N = 2^20 every timer can still be picked.
 * A subclass's {@code @Setup(Level.Trial)} calls {@link #start(Workload)} first, which refuses a
 * combination that {@link Workload#whyNot} rules out by throwing.
 */
@State(Scope.Thread)
public abstract class PeerState {
    /** The length of the input arrays; a power of two. */
    public static final int INPUTS = 1 << 20;
    /** {@code INPUTS - 1}. */
    public static final int MASK = INPUTS - 1;
    /** Deadlines of the dense sets (cancel-all, churn, next-expiry "dense") are uniform in [1, HORIZON]. */
    public static final long HORIZON = 1L << 20;

    /** The implementation, one of {@link Impl#ALL}. */
    @Param({"radixwheel", "Agrona", "Kafka", "Caffeine", "DelayQueue", "PriorityQueue", "fastutil"})
    public String impl;

    /** N, the number of timers; a power of two. */
    @Param({"1024", "65536", "1048576"})
    public int size;

    /** The adapter under test; built by {@link #start}. */
    TimerAdapter adapter;

    /**
     * Checks the parameters and builds the adapter.
     *
     * @param workload the workload about to be set up
     * @throws UnsupportedOperationException if {@code impl} cannot run it honestly at {@code size}
     * @throws IllegalArgumentException if {@code size} is not a positive power of two
     */
    final void start(Workload workload) {
        if (size <= 0 || Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("size must be a positive power of two: " + size);
        }
        Impl which = Impl.of(impl);
        workload.requireSupported(which, size);
        adapter = which.create(size, TimerAdapter.Listener.NONE);
    }

    /** Stops the adapter (a no-op for every virtual-clock peer). */
    @TearDown(Level.Trial)
    public void close() {
        if (adapter != null) {
            adapter.close();
        }
    }

    /** @return the implementation's name, for messages */
    final String name() {
        return adapter == null ? impl : adapter.name();
    }

    /**
     * @param seed the seed
     * @param count how many
     * @param bound the exclusive upper bound
     * @return {@code count} ints uniform in {@code [0, bound)}
     */
    static int[] uniformInts(long seed, int count, int bound) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] a = new int[count];
        for (int i = 0; i < count; i++) {
            a[i] = random.nextInt(bound);
        }
        return a;
    }

    /**
     * @param seed the seed
     * @param count how many
     * @param origin the least value
     * @param bound the exclusive upper bound
     * @return {@code count} longs uniform in {@code [origin, bound)}
     */
    static long[] uniformLongs(long seed, int count, long origin, long bound) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] a = new long[count];
        for (int i = 0; i < count; i++) {
            a[i] = random.nextLong(origin, bound);
        }
        return a;
    }

    /**
     * Log-uniform values: the binary exponent is uniform in {@code [minExp, maxExp)} and the value
     * uniform within its octave, so every scale from {@code 2^minExp} to {@code 2^maxExp} is as
     * likely as any other.
     *
     * @param seed the seed
     * @param count how many
     * @param minExp the least exponent
     * @param maxExp the exclusive greatest exponent, at most 62
     * @return {@code count} longs in {@code [2^minExp, 2^maxExp)}
     */
    static long[] logUniformLongs(long seed, int count, int minExp, int maxExp) {
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
     * @param n the length
     * @return a uniformly random permutation of {@code [0, n)}
     */
    static int[] permutation(long seed, int n) {
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

    /**
     * @param what what was counted
     * @param actual the count
     * @param expected what it must be
     * @throws IllegalStateException if they differ
     */
    final void expect(String what, long actual, long expected) {
        if (actual != expected) {
            throw new IllegalStateException(name() + " at N = " + size + ": " + what + " " + actual
                    + ", expected " + expected);
        }
    }
}
