package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.benchmarks.peers.KeyedTimers;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * Heartbeat throughput of thread-driven keyed timers ({@link KeyedTimers}: radixwheel's
 * {@code KeyedTimer}, the JDK's scheduled executor with its futures in an array or a
 * {@code ConcurrentHashMap}, Netty's {@code HashedWheelTimer}), measured on the producer threads.
 * {@code keys} keys are armed up front with a delay of one hour, so that nothing expires during the
 * run; each operation is one heartbeat on a random key, which moves its deadline to now + one hour.
 * Netty's worker thread processes the cancellations and walks one bucket per tick on the same
 * machine; that cost is part of its design and is not hidden.
 *
 * <p>Three benchmarks: {@link #heartbeat} on one thread; {@link #heartbeatTwoThreadsSharedTimer},
 * two threads on one timer (whether its locking is a bottleneck: compare with twice the one-thread
 * figure and with the next line); {@link #heartbeatTwoThreadsOwnTimers}, two threads with a timer
 * and {@code keys} keys each, which shows how far two threads scale here without sharing. Scores
 * are heartbeats per second summed over the threads; do not pass {@code -t}.
 *
 * <p>Each thread draws keys from its own fixed seed. <b>Checks.</b> Every heartbeat must find its
 * key armed; after each iteration every timer must hold exactly {@code keys} pending armings (Netty
 * is given time to process its cancellations) with none expired.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar KeyedTimerBenchmark -prof gc}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class KeyedTimerBenchmark {
    /** Number of pre-generated key picks per thread; a power of two. */
    static final int INPUTS = 1 << 20;
    static final int MASK = INPUTS - 1;
    /** The delay of every arming and heartbeat: long enough that nothing expires in a run. */
    static final Duration DELAY = Duration.ofHours(1);
    /** How long an iteration check waits for a timer's thread to catch up with cancellations. */
    static final long SETTLE_NANOS = TimeUnit.SECONDS.toNanos(10);
    static final long PICK_SEED = 0x5EED_0202L;

    /** Which timer: one of {@link KeyedTimers#IMPLS}. */
    @Param({"radixwheel", "executor", "executorMap", "netty"})
    public String impl;

    /** The number of armed keys (per timer). */
    @Param({"1000000"})
    public int keys;

    /** One heartbeat, one thread. */
    @Benchmark
    @Threads(1)
    public boolean heartbeat(Shared timer, Cursor cursor) {
        return timer.beat(cursor.next());
    }

    /** One heartbeat; two threads on the same timer. */
    @Benchmark
    @Threads(2)
    public boolean heartbeatTwoThreadsSharedTimer(Shared timer, Cursor cursor) {
        return timer.beat(cursor.next());
    }

    /** One heartbeat; two threads, each on its own timer. */
    @Benchmark
    @Threads(2)
    public boolean heartbeatTwoThreadsOwnTimers(Own timer, Cursor cursor) {
        return timer.beat(cursor.next());
    }

    /** A timer shared by every thread of the benchmark. */
    @State(Scope.Benchmark)
    public static class Shared extends Holder {
    }

    /** A timer per thread. */
    @State(Scope.Thread)
    public static class Own extends Holder {
    }

    /** One timer with every key armed; {@link Shared} and {@link Own} differ only in scope. */
    abstract static class Holder {
        KeyedTimers timers;
        int keys;
        /** Counts expiries, which must not happen. */
        final AtomicLong expired = new AtomicLong();

        /** Creates the timer and arms every key. */
        @Setup(Level.Trial)
        public void create(KeyedTimerBenchmark params) {
            create(params.impl, params.keys);
        }

        void create(String impl, int keys) {
            if (keys <= 0) {
                throw new IllegalArgumentException("keys: " + keys + " (expected: positive)");
            }
            this.keys = keys;
            timers = KeyedTimers.create(impl, keys, k -> expired.incrementAndGet());
            for (int k = 0; k < keys; k++) {
                timers.set(k, DELAY);
            }
        }

        boolean beat(int k) {
            if (!timers.move(k, DELAY)) {
                throw new IllegalStateException(timers.name() + ": key " + k + " was not armed");
            }
            return true;
        }

        /** Checks that every key is armed once and nothing expired. */
        @TearDown(Level.Iteration)
        public void check() throws InterruptedException {
            long deadline = System.nanoTime() + SETTLE_NANOS;
            while (timers.pending() != keys && System.nanoTime() - deadline < 0) {
                Thread.sleep(1);
            }
            if (timers.pending() != keys || expired.get() != 0) {
                throw new IllegalStateException(timers.name() + ": " + timers.pending() + " pending (expected "
                        + keys + "), " + expired.get() + " expired (expected 0)");
            }
        }

        /** Stops the timer. */
        @TearDown(Level.Trial)
        public void close() {
            timers.close();
        }
    }

    /** A thread's random key picks. */
    @State(Scope.Thread)
    public static class Cursor {
        int[] picks;
        int index;
        int checkedIndex;

        /** Draws the thread's picks. */
        @Setup(Level.Trial)
        public void create(KeyedTimerBenchmark params, ThreadParams thread) {
            create(params.keys, thread.getThreadIndex());
        }

        void create(int keys, int threadIndex) {
            picks = Inputs.uniformInts(PICK_SEED + threadIndex, INPUTS, keys);
            index = 0;
            checkedIndex = 0;
        }

        int next() {
            return picks[index++ & MASK];
        }

        /** Checks that heartbeats ran. */
        @TearDown(Level.Iteration)
        public void check() {
            if (index == checkedIndex) {
                throw new IllegalStateException("no heartbeat ran since the last check");
            }
            checkedIndex = index;
        }
    }
}
