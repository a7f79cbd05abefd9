package io.github.radixwheel.benchmarks.jmh;

import java.util.Arrays;
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
 * Workload 6: the cost of the next-expiry query ("when must I wake up?") on a dense and on a
 * sparse set of N timers.
 *
 * <p><b>Sets.</b> The clock stays at 0. {@code set=dense}: deadlines uniform in
 * {@code [1, 2^20]}; {@code set=sparse}: log-uniform in {@code [2^10, 2^40)} (binary exponent
 * uniform in [10, 40)). Fixed seeds.
 *
 * <p><b>Two measurements.</b>
 * <ul>
 *   <li>{@link #query}: the query alone, on an unchanged set: what an event loop that asks on
 *       every turn pays when nothing changed. Implementations that cache the minimum answer from
 *       the cache.
 *   <li>{@link #cancelFirstQueryReschedule}: cancel the earliest timer, query (the answer is now
 *       the second-earliest deadline, which no cache holds), then schedule the earliest deadline
 *       again, which restores the set. This is the query after the minimum has gone; its cost
 *       includes one cancel and one schedule (compare with {@link ChurnBenchmark}).
 * </ul>
 *
 * <p><b>n/a.</b> Agrona, Kafka and Caffeine have no exact next-expiry query (see their adapters);
 * the set-up refuses them ({@link Workload#whyNot}).
 *
 * <p><b>Units.</b> ns per invocation.
 *
 * <p><b>Checks.</b> Every answer must equal the expected deadline (computed from the sorted
 * inputs); every cancel must find the timer pending; the size must stay N, and nothing may fire.
 *
 * <p><b>Payloads.</b> Timer {@code i} carries payload {@code i} ({@link PeerState}); the earliest
 * timer's is let go of by its cancel and taken again by its re-scheduling.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar NextExpiryBenchmark -prof gc} (the peers without a next-expiry query fail in set-up).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class NextExpiryBenchmark extends PeerState {
    static final long SET_SEED = 0x2E47_01L;

    /** The set: {@code dense} (uniform in [1, 2^20]) or {@code sparse} (log-uniform in [2^10, 2^40)). */
    @Param({"dense", "sparse"})
    public String set;

    /** The earliest deadline, and the earliest once it is gone. */
    long first;
    long second;
    /** The id of the timer at {@link #first}. */
    long firstId;
    /** Its payload. */
    Payload firstPayload;

    /** Builds the adapter and the inputs. */
    @Setup(Level.Trial)
    public void setUp() {
        start(Workload.NEXT_EXPIRY);
        if (size < 2) {
            throw new IllegalArgumentException("size must be at least 2: " + size);
        }
        long[] deadlines;
        switch (set) {
            case "dense":
                deadlines = Inputs.uniformLongs(SET_SEED, size, 1, HORIZON + 1);
                break;
            case "sparse":
                deadlines = Inputs.logUniformLongs(SET_SEED, size, 10, 40);
                break;
            default:
                throw new IllegalArgumentException("set must be dense or sparse: " + set);
        }
        long[] sorted = deadlines.clone();
        Arrays.sort(sorted);
        first = sorted[0];
        second = sorted[1];
        // The earliest is scheduled last, so its id is known; the others in input order.
        int earliest = -1;
        for (int i = 0; i < size; i++) {
            if (deadlines[i] == first && earliest < 0) {
                earliest = i;
            } else {
                adapter.schedule(deadlines[i], payloads[i]);
            }
        }
        firstPayload = payloads[earliest];
        firstId = adapter.schedule(first, firstPayload);
        expect("next expiry after set-up", adapter.nextExpiry(), first);
    }

    /** The query on an unchanged set. */
    @Benchmark
    public long query() {
        long next = adapter.nextExpiry();
        if (next != first) {
            throw new IllegalStateException(impl + ": next expiry " + next + ", expected " + first);
        }
        return next;
    }

    /** Cancel the earliest timer, query, schedule it again. */
    @Benchmark
    public long cancelFirstQueryReschedule() {
        var a = adapter;
        if (!a.cancel(firstId)) {
            throw new IllegalStateException(impl + ": the earliest timer was not pending");
        }
        long next = a.nextExpiry();
        if (next != second) {
            throw new IllegalStateException(impl + ": next expiry " + next + " after cancelling the first, expected " + second);
        }
        firstId = a.schedule(first, firstPayload);
        return next;
    }

    /** Checks the counts after each iteration. */
    @TearDown(Level.Iteration)
    public void check() {
        expect("size", adapter.size(), size);
        expect("next expiry", adapter.nextExpiry(), first);
        expect("fired", fired, 0);
    }
}
