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
 * Workload 1: schedule N timers, then cancel all of them, in random order or in insertion order.
 *
 * <p><b>Definition.</b> Deadlines are uniform in {@code [1, 2^20]} ({@link PeerState#HORIZON}; the
 * clock stays at 0, so nothing fires). One invocation schedules the N timers in a fixed order and
 * then cancels all N, either in a fixed random permutation ({@code order=random}) or in the order
 * they were scheduled ({@code order=insertion}). The same deadlines are used in every invocation.
 * Timer {@code i} carries payload {@code i} ({@link PeerState}), which its cancel lets go of.
 *
 * <p><b>Units.</b> The primary score is ns per invocation (N schedules + N cancels); the
 * secondary score {@code timers} ({@link TimerCounter}) is ns per timer, i.e. per (schedule +
 * cancel) pair, which is what the report shows.
 *
 * <p><b>Checks.</b> Every cancel must return true, the size must be 0 afterwards, and nothing may fire.
 *
 * <p><b>Skipped.</b> {@code PriorityQueue} and {@code DelayQueue} cancel with a linear scan; at
 * N = 2^20 one invocation would take minutes, so the set-up refuses it
 * ({@link Workload#LINEAR_CANCEL_ALL_LIMIT}).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar CancelAllBenchmark -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class CancelAllBenchmark extends PeerState {
    static final long DEADLINE_SEED = 0xC0FFEE_01L;
    static final long ORDER_SEED = 0xC0FFEE_02L;

    /** The cancel order: {@code random} (a fixed permutation) or {@code insertion}. */
    @Param({"random", "insertion"})
    public String order;

    long[] deadlines;
    int[] cancelOrder;
    long[] ids;

    /** Builds the adapter and the inputs. */
    @Setup(Level.Trial)
    public void setUp() {
        start(Workload.CANCEL_ALL);
        deadlines = Inputs.uniformLongs(DEADLINE_SEED, size, 1, HORIZON + 1);
        switch (order) {
            case "random":
                cancelOrder = Inputs.permutation(ORDER_SEED, size);
                break;
            case "insertion":
                cancelOrder = new int[size];
                for (int i = 0; i < size; i++) {
                    cancelOrder[i] = i;
                }
                break;
            default:
                throw new IllegalArgumentException("order must be random or insertion: " + order);
        }
        ids = new long[size];
    }

    /** Schedules N timers, then cancels them all. */
    @Benchmark
    public void cancelAll(TimerCounter counter, Blackhole bh) {
        var a = adapter;
        long[] d = deadlines;
        Payload[] p = payloads;
        long[] id = ids;
        int n = d.length;
        for (int i = 0; i < n; i++) {
            id[i] = a.schedule(d[i], p[i]);
        }
        int[] o = cancelOrder;
        int cancelled = 0;
        for (int i = 0; i < n; i++) {
            if (a.cancel(id[o[i]])) {
                cancelled++;
            }
        }
        expect("cancelled", cancelled, n);
        expect("size after cancelling all", a.size(), 0);
        expect("fired", fired, 0);
        counter.timers += n;
        bh.consume(id[n - 1]);
    }
}
