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
 * Workload 2b: churn with a moving clock, as a server's request timeouts: cancel a random timer,
 * schedule one at {@code now + T}, and advance the clock a tick every K operations, firing what is
 * due.
 *
 * <p><b>Definition.</b> {@code K = }{@value #K}; timeouts {@code T} are uniform in {@code [1, N]}
 * ticks. The set-up schedules the timer of each index {@code v} in {@code [0, N)} at {@code T_v}
 * (the clock reads 0). Operation {@code j} (from 0) picks an index {@code v} uniformly in
 * {@code [0, N)}: if its timer is pending it is cancelled, if it has fired there is nothing to
 * cancel; then a new timer for {@code v} is scheduled at {@code now + T_j}. After every K-th
 * operation the clock advances one tick ({@code advanceTo(now + 1)}), which fires every timer due.
 * Picks and timeouts come from fixed seeds, pre-generated in {@link PeerState#INPUTS}-long arrays
 * (at N = 2^20 the timeouts are distributed as {@link ChurnBenchmark}'s deadlines).
 *
 * <p><b>Shape.</b> An index is picked once every N operations on average, that is every N / K
 * ticks, and its deadline lies up to N ticks ahead, so a timer fires only if its index is not
 * picked again before it is due: a fraction {@code (1 - e^-K) / K}, about 1/64, of the timers
 * fire, about one per tick, and the rest are cancelled. About {@code N (1 - 1/K)} timers are
 * pending at every N, and which timers fire or are cancelled follows from the inputs alone, the
 * same for every implementation. As the clock moves, the timers of a wheel move down its levels
 * towards their deadlines, which {@link ChurnBenchmark}'s fixed clock never makes them do.
 *
 * <p><b>Payloads.</b> Index {@code v}'s timer carries payload {@code v} ({@link PeerState}): a
 * cancel lets go of it, a firing delivers it, and the next timer of {@code v} takes it again.
 *
 * <p><b>Units.</b> ns per operation: a cancel (if the timer is pending), a schedule, and 1/K of an
 * advance by one tick with what it fires. {@code PriorityQueue} and {@code DelayQueue} cancel with
 * a linear scan, so their cost grows with N by design.
 *
 * <p><b>Checks.</b> Each index's timer id, deadline, and whether it fired are kept exactly. A
 * firing must deliver the payload of a pending index whose timer has the fired id and is due; a
 * pick of a pending index must find it not yet due (else the implementation missed a firing), and
 * its cancel must succeed. After each iteration the size must equal the pending count and no
 * pending timer may be due.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ChurnMovingClockBenchmark -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ChurnMovingClockBenchmark extends PeerState {
    /** Operations per tick; a power of two. */
    public static final int K = 64;
    static final long INITIAL_SEED = 0xC4E3_01L;
    static final long TIMEOUT_SEED = 0xC4E3_02L;
    static final long VICTIM_SEED = 0xC4E3_03L;

    long[] timeouts;
    int[] victims;
    /** Per index {@code v}: {@code [2v]} its timer's id, {@code [2v + 1]} its deadline, negated once it has fired. */
    long[] timers;
    long operations;
    long cancelled;
    long pending;

    /** Builds the adapter and the inputs, and schedules N timers. */
    @Setup(Level.Trial)
    public void setUp() {
        start(Workload.CHURN_MOVING_CLOCK);
        timeouts = Inputs.uniformLongs(TIMEOUT_SEED, INPUTS, 1, (long) size + 1);
        victims = Inputs.uniformInts(VICTIM_SEED, INPUTS, size);
        long[] initial = Inputs.uniformLongs(INITIAL_SEED, size, 1, (long) size + 1);
        timers = new long[2 * size];
        for (int v = 0; v < size; v++) {
            timers[2 * v] = adapter.schedule(initial[v], payloads[v]);
            timers[2 * v + 1] = initial[v];
        }
        pending = size;
        operations = 0;
        cancelled = 0;
    }

    /** Cancels a random timer unless it has fired, schedules its successor; every K-th also advances a tick. */
    @Benchmark
    public long churn() {
        var a = adapter;
        long[] t = timers;
        long op = operations++;
        int i = (int) op & MASK;
        int v = victims[i];
        long now = a.now();
        long deadline = t[2 * v + 1];
        if (deadline > 0) {
            if (deadline <= now) {
                throw new IllegalStateException(impl + ": the timer of index " + v + ", due at " + deadline
                        + ", has not fired at " + now);
            }
            if (!a.cancel(t[2 * v])) {
                throw new IllegalStateException(impl + ": the timer of index " + v + " was not pending");
            }
            cancelled++;
        } else {
            pending++;
        }
        long next = now + timeouts[i];
        long id = a.schedule(next, payloads[v]);
        t[2 * v] = id;
        t[2 * v + 1] = next;
        if ((op & (K - 1)) == K - 1) {
            a.advanceTo(now + 1);
        }
        return id;
    }

    /** A firing: it must be the pending timer of its payload's index, and due. */
    @Override
    void onFired(long id, Object payload) {
        super.onFired(id, payload);
        int v = lastFired.timer;
        long deadline = timers[2 * v + 1];
        if (timers[2 * v] != id || deadline <= 0 || deadline > adapter.now()) {
            throw new IllegalStateException(impl + ": fired id " + id + " with the payload of index " + v
                    + ", whose timer is " + timers[2 * v] + (deadline > 0 ? ", due at " + deadline : ", fired")
                    + ", at " + adapter.now());
        }
        timers[2 * v + 1] = -deadline;
        pending--;
    }

    /** Checks the counts after each iteration. */
    @TearDown(Level.Iteration)
    public void check() {
        expect("size", adapter.size(), pending);
        long now = adapter.now();
        for (int v = 0; v < size; v++) {
            long deadline = timers[2 * v + 1];
            if (deadline > 0 && deadline <= now) {
                throw new IllegalStateException(impl + ": the timer of index " + v + ", due at " + deadline
                        + ", has not fired at " + now);
            }
        }
    }
}
