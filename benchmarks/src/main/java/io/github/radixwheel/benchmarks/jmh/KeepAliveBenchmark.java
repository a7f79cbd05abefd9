package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.benchmarks.peers.Impl;
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
 * Workload 4: keep-alive reschedule. N connections each hold an idle timer; each heartbeat moves
 * one connection's deadline to {@code now + T}, and the clock advances one tick every K
 * heartbeats.
 *
 * <p><b>Definition.</b> {@code K = }{@value #K}. Connections heartbeat in a fixed random order
 * (a permutation of {@code [0, N)} from a fixed seed, cycled), so each connection heartbeats
 * once every N heartbeats, that is every {@code P = N / K} ticks; the idle timeout is
 * {@code T = }{@value #TIMEOUT_PERIODS}{@code P} ticks (a connection is closed after three missed
 * heartbeats). At N = 2^20: P = 65,536 and T = 196,608 ticks. The set-up gives connection
 * {@code perm[j]} the deadline it would have had, had it heartbeated one period before its first
 * heartbeat {@code j}: {@code floor(j / K) + T - P}. Every timer is therefore moved long before it
 * is due, and the deadlines sit {@code 2P..3P} ticks ahead, spread as a wheel sees them in a
 * real server. Connection {@code c}'s timer carries payload {@code c} ({@link PeerState}); a
 * reschedule keeps it, a cancel lets go of it and the new timer takes it.
 *
 * <p><b>Reschedule.</b> Peers with a native reschedule (radixwheel, Kafka, Caffeine, fastutil)
 * use it; the others (Agrona, {@code PriorityQueue}, {@code DelayQueue}) cancel and schedule
 * anew, which is what their users must do; the queues' cancel is a linear scan.
 *
 * <p><b>Units.</b> ns per heartbeat (including 1/K of an {@code advanceTo} by one tick).
 *
 * <p><b>Checks.</b> Every reschedule or cancel must find its timer pending, no advance may fire
 * anything, and after each iteration the size must still be N.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar KeepAliveBenchmark -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class KeepAliveBenchmark extends PeerState {
    /** Heartbeats per tick; a power of two. */
    public static final int K = 16;
    /** The idle timeout in heartbeat periods. */
    public static final int TIMEOUT_PERIODS = 3;
    static final long ORDER_SEED = 0x4EA7_01L;

    int[] order;
    long[] ids;
    /** Ticks between two heartbeats of one connection, {@code N / K}. */
    long period;
    /** The idle timeout, {@code TIMEOUT_PERIODS * period}. */
    long timeout;
    boolean nativeReschedule;
    long beat;

    /** Builds the adapter and the inputs. */
    @Setup(Level.Trial)
    public void setUp() {
        start(Workload.KEEP_ALIVE);
        if (size < K) {
            throw new IllegalArgumentException("size must be at least K = " + K + ": " + size);
        }
        nativeReschedule = Impl.of(impl).hasReschedule();
        order = Inputs.permutation(ORDER_SEED, size);
        period = size / K;
        timeout = TIMEOUT_PERIODS * period;
        ids = new long[size];
        for (int j = 0; j < size; j++) {
            ids[order[j]] = adapter.schedule(j / K + timeout - period, payloads[order[j]]);
        }
        beat = 0;
    }

    /** One heartbeat: the next connection's deadline moves to now + T; every K-th also advances a tick. */
    @Benchmark
    public long heartbeat() {
        var a = adapter;
        long h = beat++;
        int c = order[(int) h & (size - 1)];
        long deadline = a.now() + timeout;
        long id = ids[c];
        if (nativeReschedule) {
            if (!a.reschedule(id, deadline)) {
                throw new IllegalStateException(impl + ": connection " + c + " was not pending at heartbeat " + h);
            }
        } else {
            if (!a.cancel(id)) {
                throw new IllegalStateException(impl + ": connection " + c + " was not pending at heartbeat " + h);
            }
            id = a.schedule(deadline, payloads[c]);
            ids[c] = id;
        }
        if ((h & (K - 1)) == K - 1) {
            int fired = a.advanceTo(a.now() + 1);
            if (fired != 0) {
                throw new IllegalStateException(impl + ": " + fired + " idle timers fired at " + a.now());
            }
        }
        return id;
    }

    /** Checks the counts after each iteration. */
    @TearDown(Level.Iteration)
    public void check() {
        expect("size", adapter.size(), size);
    }
}
