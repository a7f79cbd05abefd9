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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Workload 3: fire-all. Schedule N timers at random deadlines, then advance the clock until every
 * one has fired: in unit steps, in 1024-tick steps, or in one jump.
 *
 * <p><b>Definition.</b> The deadline horizon is N ticks: one invocation, starting at clock
 * {@code t0}, schedules N timers at {@code t0 + d}, {@code d} uniform in {@code [1, N]} (about
 * one timer per tick; fixed seed, the same offsets every invocation), and then advances to
 * {@code t0 + N} with {@code advanceTo} calls {@code step} ticks apart ({@code step=1}: N calls;
 * {@code step=1024}: N/1024 calls; {@code step=jump}: one call). A horizon of N keeps unit steps
 * affordable (N calls per N timers, the same density at every N) while the jump still crosses
 * N empty-or-not ticks at once. The clock is not reset between invocations. Timer {@code i}
 * carries payload {@code i} ({@link PeerState}), which its firing hands to the listener.
 *
 * <p><b>Units.</b> The primary score is ns per invocation; the secondary score {@code timers}
 * ({@link TimerCounter}) is ns per timer, i.e. (N schedules + all the advancing) / N, which is
 * what the report shows.
 *
 * <p><b>Checks.</b> Exactly N timers must fire per invocation and none may be left, the payloads
 * delivered must be those of the N timers (their indices must sum to {@code N(N-1)/2}), and each
 * timer must fire in the advance that passes its deadline: not before, not in a later one.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar FireAllBenchmark -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class FireAllBenchmark extends PeerState {
    static final long OFFSET_SEED = 0xF1E3_01L;

    /** Ticks per {@code advanceTo} call: {@code 1}, {@code 1024}, or {@code jump} (one call). */
    @Param({"1", "1024", "jump"})
    public String step;

    long[] offsets;
    /** Ticks per advance; {@code size} for a jump. */
    long stride;
    /** The clock when the invocation began: timer {@code i} is due at {@code invocationStart + offsets[i]}. */
    long invocationStart;
    /** The clock before the advance under way: a timer due at or before it fired late. */
    long advancedFrom;
    /** Timers fired early or late in this invocation. */
    long misfired;

    /** Builds the adapter and the inputs. */
    @Setup(Level.Trial)
    public void setUp() {
        start(Workload.FIRE_ALL);
        offsets = Inputs.uniformLongs(OFFSET_SEED, size, 1, (long) size + 1);
        switch (step) {
            case "jump":
                stride = size;
                break;
            case "1":
            case "1024":
                stride = Long.parseLong(step);
                break;
            default:
                throw new IllegalArgumentException("step must be 1, 1024 or jump: " + step);
        }
    }

    /** Schedules N timers within the next N ticks and advances until all have fired. */
    @Benchmark
    public void fireAll(TimerCounter counter, Blackhole bh) {
        var a = adapter;
        long[] d = offsets;
        Payload[] p = payloads;
        int n = d.length;
        long t0 = a.now();
        invocationStart = t0;
        misfired = 0;
        long sumBefore = firedPayloadSum;
        for (int i = 0; i < n; i++) {
            bh.consume(a.schedule(t0 + d[i], p[i]));
        }
        long end = t0 + n;
        long s = stride;
        long fired = 0;
        for (long t = t0 + s; ; t += s) {
            advancedFrom = a.now();
            if (t >= end) {
                fired += a.advanceTo(end);
                break;
            }
            fired += a.advanceTo(t);
        }
        expect("timers fired early or late", misfired, 0);
        expect("fired", fired, n);
        expect("size after firing all", a.size(), 0);
        expect("sum of the fired payloads' indices", firedPayloadSum - sumBefore, (long) n * (n - 1) / 2);
        counter.timers += n;
    }

    /** A firing: its timer must be due now, and not have been due at the advance before. */
    @Override
    void onFired(long id, Object payload) {
        super.onFired(id, payload);
        long deadline = invocationStart + offsets[lastFired.timer];
        if (deadline > adapter.now() || deadline <= advancedFrom) {
            misfired++;
        }
    }
}
