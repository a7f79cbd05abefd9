package io.github.radixwheel.benchmarks.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Workload 2: steady churn at N live timers: cancel a random timer, schedule a new one.
 *
 * <p><b>Definition.</b> The set-up schedules N timers with deadlines uniform in {@code [1, 2^20]}
 * ({@link PeerState#HORIZON}); the clock stays at 0, so nothing fires. Each invocation cancels the
 * timer of a random index in {@code [0, N)} and schedules a new one in its place, at a fresh
 * deadline from the same distribution. Victims and deadlines come from fixed seeds, pre-generated
 * in {@link PeerState#INPUTS}-long arrays. The timer of index {@code v} carries payload {@code v}
 * ({@link PeerState}): a cancel lets go of it and the new timer takes it. The clock moving is
 * {@link ChurnMovingClockBenchmark}.
 *
 * <p><b>Units.</b> ns per invocation, i.e. per (cancel + schedule). {@code PriorityQueue} and
 * {@code DelayQueue} cancel with a linear scan, so their cost grows with N by design.
 *
 * <p><b>Checks.</b> Every cancel must return true (the victim was pending); after each iteration
 * the size must still be N, and nothing may have fired.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ChurnBenchmark -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ChurnBenchmark extends PeerState {
    static final long INITIAL_SEED = 0xC4E2_01L;
    static final long DEADLINE_SEED = 0xC4E2_02L;
    static final long VICTIM_SEED = 0xC4E2_03L;

    long[] deadlines;
    int[] victims;
    long[] ids;
    int index;

    /** Builds the adapter and the inputs. */
    @Setup(Level.Trial)
    public void setUp() {
        start(Workload.CHURN);
        deadlines = Inputs.uniformLongs(DEADLINE_SEED, INPUTS, 1, HORIZON + 1);
        victims = Inputs.uniformInts(VICTIM_SEED, INPUTS, size);
        long[] initial = Inputs.uniformLongs(INITIAL_SEED, size, 1, HORIZON + 1);
        ids = new long[size];
        for (int i = 0; i < size; i++) {
            ids[i] = adapter.schedule(initial[i], payloads[i]);
        }
        index = 0;
    }

    /** Cancels a random live timer and schedules a new one in its place. */
    @Benchmark
    public long churn() {
        int i = index++ & MASK;
        int v = victims[i];
        if (!adapter.cancel(ids[v])) {
            throw new IllegalStateException(impl + ": the timer at index " + v + " was not pending");
        }
        long id = adapter.schedule(deadlines[i], payloads[v]);
        ids[v] = id;
        return id;
    }

    /** Checks the counts after each iteration. */
    @TearDown(Level.Iteration)
    public void check() {
        expect("size", adapter.size(), size);
        expect("fired", fired, 0);
    }
}
