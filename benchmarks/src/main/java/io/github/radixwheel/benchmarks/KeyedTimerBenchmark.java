package io.github.radixwheel.benchmarks;

import io.github.radixwheel.alarms.KeyedTimer;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import java.time.Duration;
import java.util.HashSet;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
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
 * Heartbeat throughput of {@link KeyedTimer} against two alternatives, in one run: {@code keys}
 * keys (one million by default) are armed up front with a delay of one hour, so that nothing
 * expires during the run, and each operation is one heartbeat on a random existing key, which
 * moves that key's deadline to now + one hour.
 *
 * <ul>
 *   <li>{@code radixwheel}: {@code KeyedTimer.move(key, delay)} on a timer with its own driving
 *       thread and the default 1 ms tick. Keys are pre-generated distinct {@code Long} objects in
 *       an array, so that creating them is not measured; the delay is one shared {@link Duration}.
 *   <li>{@code executor}: a {@link ScheduledThreadPoolExecutor} (one thread) with
 *       {@code setRemoveOnCancelPolicy(true)}. Its futures are kept in an
 *       {@link AtomicReferenceArray} indexed by the key's position in the key array (not a
 *       {@code ConcurrentHashMap}): the executor pays no hash lookup where {@code KeyedTimer} pays
 *       one, which favours the executor. A heartbeat is {@code schedule(task, delay)}, then
 *       {@code getAndSet} of the new future into the key's cell, then {@code cancel(false)} of the
 *       old one: the same work as cancel-then-schedule, ordered so that two threads beating the
 *       same key at once cannot leak a future.
 *   <li>{@code executorMap}: the same executor, with its futures in a {@link ConcurrentHashMap}
 *       keyed by the same {@code Long} objects as {@code radixwheel}: what a caller who has only
 *       keys writes with an executor, and the like-for-like comparison, since both then find
 *       the key's timer through a hash lookup. A heartbeat is {@code schedule}, {@code put} of
 *       the new future, then {@code cancel(false)} of the one it replaced.
 *   <li>{@code netty}: Netty's {@link HashedWheelTimer} (1 ms tick, like {@code KeyedTimer}; 512
 *       buckets), with its {@link Timeout}s in an {@code AtomicReferenceArray} in the same way: a
 *       heartbeat is {@code newTimeout(task, delay)}, {@code getAndSet}, then {@code cancel()} of
 *       the old one. Netty's worker thread processes the cancellations and walks one bucket of
 *       about {@code keys / 512} timeouts every tick, on the same machine as the measured threads;
 *       that cost is part of its design and is not hidden.
 * </ul>
 *
 * <p>Three benchmarks: {@link #heartbeat} on one thread; {@link #heartbeatTwoThreadsSharedTimer},
 * two threads on the same timer (this is what tells whether the single lock in {@code KeyedTimer}
 * is a bottleneck: compare it with twice the one-thread figure and with the next line); and
 * {@link #heartbeatTwoThreadsOwnTimers}, two threads each with its own timer and its own
 * {@code keys} keys, which shows how far two threads scale on this machine without any sharing.
 * Scores are heartbeats per second summed over the threads. Do not pass {@code -t}: it would
 * override the thread counts.
 *
 * <p>Each thread draws key indices from its own fixed seed, generated up front into an
 * {@code int[]} read with {@code i & MASK}. Checks that keep a broken benchmark from looking fast:
 * every heartbeat must find its key armed ({@code move} returns true, {@code cancel} succeeds),
 * and after each iteration every timer must still hold exactly {@code keys} pending deadlines
 * with none expired. Every timer, executor and thread is closed in {@code @TearDown(Level.Trial)}.
 *
 * <p>Run it (after {@code mvn -B -q package -DskipTests} at the root); {@code -prof gc} reports
 * the bytes allocated per heartbeat ({@code gc.alloc.rate.norm}), which for {@code radixwheel}
 * should be about 0:
 *
 * <pre>{@code
 * java -jar benchmarks/target/benchmarks.jar KeyedTimerBenchmark -prof gc
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class KeyedTimerBenchmark {
    /** Number of pre-generated key indices per thread; a power of two. */
    static final int INPUTS = 1 << 16;
    static final int MASK = INPUTS - 1;
    /** The delay of every arming and heartbeat: long enough that nothing expires in a run. */
    static final Duration DELAY = Duration.ofHours(1);
    static final long DELAY_NANOS = DELAY.toNanos();
    /** The tick of {@code KeyedTimer} (its default) and of Netty's timer. */
    static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    static final int NETTY_BUCKETS = 512;
    /** How long an iteration check waits for Netty's worker to catch up with cancellations. */
    static final long SETTLE_NANOS = TimeUnit.SECONDS.toNanos(10);

    static final long KEY_SEED = 0x5EED_0201L;
    static final long PICK_SEED = 0x5EED_0202L;

    static final String RADIXWHEEL = "radixwheel";
    static final String EXECUTOR = "executor";
    static final String EXECUTOR_MAP = "executorMap";
    static final String NETTY = "netty";

    /** Which timer: {@code radixwheel}, {@code executor}, {@code executorMap} or {@code netty}. */
    @Param({RADIXWHEEL, EXECUTOR, EXECUTOR_MAP, NETTY})
    public String impl;

    /** The number of armed keys (per timer). */
    @Param({"1000000"})
    public int keys;

    /** One heartbeat, one thread. */
    @Benchmark
    @Threads(1)
    public boolean heartbeat(Shared timer, Cursor cursor) {
        return timer.heartbeats.beat(cursor.next());
    }

    /** One heartbeat; two threads on the same timer. */
    @Benchmark
    @Threads(2)
    public boolean heartbeatTwoThreadsSharedTimer(Shared timer, Cursor cursor) {
        return timer.heartbeats.beat(cursor.next());
    }

    /** One heartbeat; two threads, each on its own timer. */
    @Benchmark
    @Threads(2)
    public boolean heartbeatTwoThreadsOwnTimers(Own timer, Cursor cursor) {
        return timer.heartbeats.beat(cursor.next());
    }

    /** A timer shared by every thread of the benchmark. */
    @State(Scope.Benchmark)
    public static class Shared extends Holder {
    }

    /** A timer per thread. */
    @State(Scope.Thread)
    public static class Own extends Holder {
    }

    /**
     * Holds one {@link Heartbeats} with every key armed; {@link Shared} and {@link Own} differ only
     * in their JMH scope.
     */
    abstract static class Holder {
        Heartbeats heartbeats;

        @Setup(Level.Trial)
        public void create(KeyedTimerBenchmark params) {
            int keys = params.keys;
            if (keys <= 0) {
                throw new IllegalArgumentException("keys must be positive: " + keys);
            }
            heartbeats = newHeartbeats(params.impl, keys);
            for (int k = 0; k < keys; k++) {
                heartbeats.arm(k);
            }
        }

        @TearDown(Level.Iteration)
        public void check() {
            heartbeats.verify();
        }

        @TearDown(Level.Trial)
        public void close() {
            if (heartbeats != null) {
                heartbeats.close();
                heartbeats = null;
            }
        }
    }

    /** A thread's random key indices. */
    @State(Scope.Thread)
    public static class Cursor {
        int[] picks;
        int index;
        int checkedIndex;

        @Setup(Level.Trial)
        public void create(KeyedTimerBenchmark params, ThreadParams thread) {
            create(params.keys, thread.getThreadIndex());
        }

        void create(int keys, int threadIndex) {
            SplittableRandom random = new SplittableRandom(PICK_SEED + threadIndex);
            picks = new int[INPUTS];
            for (int i = 0; i < INPUTS; i++) {
                picks[i] = random.nextInt(keys);
            }
            index = 0;
            checkedIndex = 0;
        }

        int next() {
            return picks[index++ & MASK];
        }

        @TearDown(Level.Iteration)
        public void check() {
            if (index == checkedIndex) {
                throw new IllegalStateException("no heartbeat ran since the last check");
            }
            checkedIndex = index;
        }
    }

    static Heartbeats newHeartbeats(String impl, int keys) {
        switch (impl) {
            case RADIXWHEEL:
                return new RadixHeartbeats(keys);
            case EXECUTOR:
                return new ExecutorHeartbeats(keys);
            case EXECUTOR_MAP:
                return new ExecutorMapHeartbeats(keys);
            case NETTY:
                return new NettyHeartbeats(keys);
            default:
                throw new IllegalArgumentException("unknown impl: " + impl);
        }
    }

    /** {@code keys} distinct random {@code Long}s from {@link #KEY_SEED}, like connection ids. */
    static Long[] distinctKeys(int keys) {
        Long[] out = new Long[keys];
        SplittableRandom random = new SplittableRandom(KEY_SEED);
        HashSet<Long> seen = new HashSet<>();
        for (int k = 0; k < keys; k++) {
            Long key;
            do {
                key = random.nextLong();
            } while (!seen.add(key));
            out[k] = key;
        }
        return out;
    }

    static ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** {@code keys} keys, identified by their index, each with one pending deadline. */
    abstract static class Heartbeats implements AutoCloseable {
        final int keys;
        /** Counts expiries, which must not happen. */
        final AtomicLong expired = new AtomicLong();

        Heartbeats(int keys) {
            this.keys = keys;
        }

        /** Arms key {@code k} (setup only). */
        abstract void arm(int k);

        /** Moves key {@code k}'s deadline to now + {@link #DELAY}; throws if it was not armed. */
        abstract boolean beat(int k);

        /** The number of pending deadlines. */
        abstract long pending();

        /** Checks that every key is armed once and nothing expired. */
        void verify() {
            long n = pending();
            if (n != keys) {
                throw new IllegalStateException(getClass().getSimpleName() + ": " + n + " pending, expected " + keys);
            }
            if (expired.get() != 0) {
                throw new IllegalStateException(getClass().getSimpleName() + ": " + expired.get() + " expired");
            }
        }

        static IllegalStateException notArmed(String impl, int k) {
            return new IllegalStateException(impl + ": key " + k + " was not armed");
        }

        @Override
        public abstract void close();
    }

    /** {@link KeyedTimer} with its own thread and the default 1 ms tick. */
    static final class RadixHeartbeats extends Heartbeats {
        final Long[] keyObjects;
        final KeyedTimer<Long, Object> timer;

        RadixHeartbeats(int keys) {
            super(keys);
            keyObjects = distinctKeys(keys);
            timer = KeyedTimer.<Long, Object>builder()
                    .tick(Duration.ofNanos(TICK_NANOS))
                    .build((key, value) -> expired.incrementAndGet());
        }

        @Override
        void arm(int k) {
            timer.set(keyObjects[k], null, DELAY);
        }

        @Override
        boolean beat(int k) {
            if (!timer.move(keyObjects[k], DELAY)) {
                throw notArmed(RADIXWHEEL, k);
            }
            return true;
        }

        @Override
        long pending() {
            return timer.size();
        }

        @Override
        public void close() {
            timer.close();
        }
    }

    /** A one-thread {@link ScheduledThreadPoolExecutor} with remove-on-cancel; subclasses keep the futures. */
    abstract static class ExecutorBacked extends Heartbeats {
        final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, daemon("heartbeat-executor"));
        final Runnable task = expired::incrementAndGet;

        ExecutorBacked(int keys) {
            super(keys);
            executor.setRemoveOnCancelPolicy(true);
        }

        /** A new future for now + {@link #DELAY}. */
        final ScheduledFuture<?> schedule() {
            return executor.schedule(task, DELAY_NANOS, TimeUnit.NANOSECONDS);
        }

        @Override
        long pending() {
            return executor.getQueue().size();
        }

        @Override
        public void close() {
            executor.shutdownNow();
            try {
                if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("executor: did not terminate");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The executor with its futures in an array, indexed by key position. */
    static final class ExecutorHeartbeats extends ExecutorBacked {
        final AtomicReferenceArray<ScheduledFuture<?>> futures;

        ExecutorHeartbeats(int keys) {
            super(keys);
            futures = new AtomicReferenceArray<>(keys);
        }

        @Override
        void arm(int k) {
            futures.set(k, schedule());
        }

        @Override
        boolean beat(int k) {
            if (!futures.getAndSet(k, schedule()).cancel(false)) {
                throw notArmed(EXECUTOR, k);
            }
            return true;
        }
    }

    /** The executor with its futures found by key in a {@link ConcurrentHashMap}. */
    static final class ExecutorMapHeartbeats extends ExecutorBacked {
        final Long[] keyObjects;
        final ConcurrentHashMap<Long, ScheduledFuture<?>> futures;

        ExecutorMapHeartbeats(int keys) {
            super(keys);
            keyObjects = distinctKeys(keys);
            futures = new ConcurrentHashMap<>(keys);
        }

        @Override
        void arm(int k) {
            futures.put(keyObjects[k], schedule());
        }

        @Override
        boolean beat(int k) {
            ScheduledFuture<?> old = futures.put(keyObjects[k], schedule());
            if (old == null || !old.cancel(false)) {
                throw notArmed(EXECUTOR_MAP, k);
            }
            return true;
        }
    }

    /** Netty's {@link HashedWheelTimer}; timeouts in an array. */
    static final class NettyHeartbeats extends Heartbeats {
        final HashedWheelTimer timer;
        final AtomicReferenceArray<Timeout> timeouts;
        final TimerTask task = timeout -> expired.incrementAndGet();

        NettyHeartbeats(int keys) {
            super(keys);
            timer = new HashedWheelTimer(daemon("heartbeat-netty"), TICK_NANOS, TimeUnit.NANOSECONDS, NETTY_BUCKETS, false);
            timeouts = new AtomicReferenceArray<>(keys);
        }

        @Override
        void arm(int k) {
            timeouts.set(k, timer.newTimeout(task, DELAY_NANOS, TimeUnit.NANOSECONDS));
        }

        @Override
        boolean beat(int k) {
            Timeout t = timer.newTimeout(task, DELAY_NANOS, TimeUnit.NANOSECONDS);
            if (!timeouts.getAndSet(k, t).cancel()) {
                throw notArmed(NETTY, k);
            }
            return true;
        }

        @Override
        long pending() {
            return timer.pendingTimeouts();
        }

        /** Netty's worker removes cancelled timeouts at its next tick: give it time to catch up. */
        @Override
        void verify() {
            long deadline = System.nanoTime() + SETTLE_NANOS;
            while (pending() != keys && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            super.verify();
        }

        @Override
        public void close() {
            timer.stop();
        }
    }
}
