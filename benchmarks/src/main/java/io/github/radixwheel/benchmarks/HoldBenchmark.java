package io.github.radixwheel.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Workload 5: the discrete-event hold model. Take the next event (advance the clock to the
 * earliest deadline, firing it), then schedule its successor, with N events always pending.
 *
 * <p><b>Definition.</b> One invocation is one step: {@code t = nextExpiry()}, then
 * {@code advanceTo(t)}, which fires every timer due at {@code t} (ties fire together; at least
 * one), then one successor per fired timer at {@code t + gap}. Gaps come from a fixed seed:
 * {@code gaps=dense}, uniform in {@code [1, 2^20]}; {@code gaps=sparse}, log-uniform in
 * {@code [2^10, 2^40)} (the binary exponent uniform in [10, 40), so gaps of every scale from
 * about a microsecond to about 18 minutes, in nanoseconds, are equally likely). The set-up
 * schedules N events at {@code 0 + gap}. Given the same gaps every implementation sees the same
 * event times, so the work per step is the same for all.
 *
 * <p><b>n/a.</b> A peer without an exact next-expiry query (Agrona, Kafka, Caffeine) cannot take
 * the next event without scanning or stepping blindly; the set-up refuses it
 * ({@link Workload#whyNot}) rather than emulating one.
 *
 * <p><b>Units.</b> The primary score is ns per step; the secondary score {@code timers}
 * ({@link TimerCounter}) is ns per event (fired and replaced), which is what {@link Report}
 * shows. Dense steps at N = 2^20 fire about two events (ties); otherwise about one.
 *
 * <p><b>Checks.</b> Each step must fire at least one timer, event times must not decrease, and
 * after each iteration the size must still be N.
 *
 * <p>Run it (after {@code mvn -B -q package -DskipTests} at the root):
 *
 * <pre>{@code
 * java -jar benchmarks/target/benchmarks.jar HoldBenchmark -p impl=radixwheel,PriorityQueue,DelayQueue,fastutil -prof gc
 * }</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class HoldBenchmark extends PeerState {
    static final long INITIAL_SEED = 0x401D_01L;
    static final long GAP_SEED = 0x401D_02L;

    /** The gap distribution: {@code dense} (uniform in [1, 2^20]) or {@code sparse} (log-uniform in [2^10, 2^40)). */
    @Param({"dense", "sparse"})
    public String gaps;

    long[] gapInputs;
    int index;
    long lastTime;

    @Setup(Level.Trial)
    public void setUp() {
        start(Workload.HOLD);
        long[] initial = gaps(INITIAL_SEED, size);
        gapInputs = gaps(GAP_SEED, INPUTS);
        for (int i = 0; i < size; i++) {
            adapter.schedule(initial[i]);
        }
        index = 0;
        lastTime = 0;
    }

    private long[] gaps(long seed, int count) {
        switch (gaps) {
            case "dense":
                return uniformLongs(seed, count, 1, (1L << 20) + 1);
            case "sparse":
                return logUniformLongs(seed, count, 10, 40);
            default:
                throw new IllegalArgumentException("gaps must be dense or sparse: " + gaps);
        }
    }

    /** One step: advance to the next event time, fire its events, schedule their successors. */
    @Benchmark
    public long hold(TimerCounter counter) {
        var a = adapter;
        long t = a.nextExpiry();
        int fired = a.advanceTo(t);
        if (fired < 1 || t < lastTime) {
            throw new IllegalStateException(name() + ": fired " + fired + " at " + t + " after " + lastTime);
        }
        lastTime = t;
        long[] g = gapInputs;
        int i = index;
        for (int k = 0; k < fired; k++) {
            a.schedule(t + g[i++ & MASK]);
        }
        index = i;
        counter.timers += fired;
        return t;
    }

    @TearDown(Level.Iteration)
    public void check() {
        expect("size", adapter.size(), size);
    }
}
