package io.github.radixwheel.benchmarks.jmh;

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
 * Workload 5: the hold model, a discrete-event simulator's loop driven one event at a time. Take
 * the next event (the clock moves to its time), schedule its successor; N events stay pending.
 *
 * <p><b>Definition.</b> One invocation is {@code t = fireNext()} (radixwheel:
 * {@code fireNextAlarm}; the heaps: poll the minimum) then {@code schedule(t + gap)}. Gaps come
 * from a fixed seed: {@code gaps=exponential}, {@code 1 + floor(X)} with {@code X} exponential of
 * mean 2^20 (the classic hold model; the stationary distribution is the same, so the set-up's N
 * events at {@code 0 + gap} need no warm-up); {@code gaps=sparse}, log-uniform in
 * {@code [2^10, 2^40)}, every scale from a microsecond to 18 minutes (in nanoseconds) as likely.
 * Given the same gaps every implementation takes the same event times. Event {@code i} of the
 * set-up carries payload {@code i} ({@link PeerState}), its entity; the successor of an event
 * carries the payload the firing delivered, as a simulated entity's next event does.
 *
 * <p><b>n/a.</b> Agrona, Kafka and Caffeine cannot take their earliest timer without scanning or
 * stepping blindly (no exact next-expiry query); the set-up refuses them ({@link Workload#whyNot}).
 *
 * <p><b>Units.</b> ns per event. <b>Checks.</b> Every step must deliver one event's payload,
 * event times must not decrease, and after each iteration N events must still be pending.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar HoldBenchmark -prof gc} (the peers
 * without a next-expiry query fail in set-up).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class HoldBenchmark extends PeerState {
    static final long INITIAL_SEED = 0x401D_01L;
    static final long GAP_SEED = 0x401D_02L;
    /** The mean of the exponential gaps. */
    static final double MEAN_GAP = 1 << 20;

    /** The gap distribution: {@code exponential} (mean 2^20) or {@code sparse} (log-uniform in [2^10, 2^40)). */
    @Param({"exponential", "sparse"})
    public String gaps;

    long[] gapInputs;
    int index;
    long lastTime;

    /** Builds the adapter with N events pending. */
    @Setup(Level.Trial)
    public void setUp() {
        start(Workload.HOLD);
        long[] initial = gaps(INITIAL_SEED, size);
        gapInputs = gaps(GAP_SEED, INPUTS);
        for (int i = 0; i < size; i++) {
            adapter.schedule(initial[i], payloads[i]);
        }
        index = 0;
        lastTime = 0;
    }

    private long[] gaps(long seed, int count) {
        switch (gaps) {
            case "exponential":
                return Inputs.exponentialLongs(seed, count, MEAN_GAP);
            case "sparse":
                return Inputs.logUniformLongs(seed, count, 10, 40);
            default:
                throw new IllegalArgumentException("gaps: " + gaps + " (expected: exponential or sparse)");
        }
    }

    /** One event: take the next, schedule its successor with the event's payload. */
    @Benchmark
    public long hold() {
        lastFired = null;
        long t = adapter.fireNext();
        Payload entity = lastFired;
        if (entity == null) {
            throw new IllegalStateException(impl + ": the event at " + t + " delivered no payload");
        }
        if (t < lastTime) {
            throw new IllegalStateException(impl + ": event at " + t + " after one at " + lastTime);
        }
        lastTime = t;
        adapter.schedule(t + gapInputs[index++ & MASK], entity);
        return t;
    }

    /** Checks the count after each iteration. */
    @TearDown(Level.Iteration)
    public void check() {
        expect("pending", adapter.size(), size);
    }
}
