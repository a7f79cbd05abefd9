package io.github.radixwheel.benchmarks;

import io.github.radixwheel.alarms.KeyedTimer;
import io.github.radixwheel.benchmarks.peers.NettyAdapter;
import io.github.radixwheel.benchmarks.peers.TimerAdapter;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Thread-driven timers, measured separately from the virtual-clock suite and labelled so:
 * producer-side throughput of "cancel a timer, create a new one" against a running timer
 * thread, with N timers pending. (For end-to-end CPU time and lateness, see {@link EndToEnd}.)
 *
 * <ul>
 *   <li>{@code impl=Netty}: Netty's {@code HashedWheelTimer} (1 ms tick, 512 buckets) through
 *       {@link NettyAdapter}: {@code Timeout.cancel()} then {@code newTimeout(task, delay, NANOSECONDS)}
 *       ({@link NettyAdapter#scheduleAfter}). Both only enqueue into MPSC queues that the worker
 *       thread drains at its next tick; the worker's own work (draining, and walking each bucket
 *       every 512 ticks to count down rounds) happens on the other core and is not in this score.
 *   <li>{@code impl=KeyedTimer}: radixwheel's {@link KeyedTimer} (1 ms tick): {@code remove(key)}
 *       then {@code set(key, null, delay)}, each under the timer's lock, on the wheel directly.
 * </ul>
 *
 * <p><b>Definition.</b> The set-up arms N timers with delays uniform in [1 h, 2 h), so none
 * fires during a run. Each invocation picks a random index in {@code [0, N)}, cancels its timer
 * and creates a new one with a fresh delay from the same range (fixed seeds, pre-generated).
 *
 * <p><b>Units.</b> ns per (cancel + create), on the producer thread only. Allocation per
 * operation ({@code -prof gc}) is real here: Netty allocates a {@code HashedWheelTimeout} per
 * {@code newTimeout}, {@code KeyedTimer} one small entry per arming of an unarmed key.
 *
 * <p><b>Checks.</b> Every cancel must succeed (the timer was pending), nothing may fire, and
 * {@code KeyedTimer}'s size must stay N.
 *
 * <p>Run it (after {@code mvn -B -q package -DskipTests} at the root):
 *
 * <pre>{@code
 * java -jar benchmarks/target/benchmarks.jar NettyBenchmark -prof gc
 * }</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class NettyBenchmark {
    static final int INPUTS = 1 << 16;
    static final int MASK = INPUTS - 1;
    /** Distinct {@code Duration} objects for {@code KeyedTimer}, made once. */
    static final int DURATIONS = 1 << 12;
    static final long MIN_DELAY = TimeUnit.HOURS.toNanos(1);
    static final long TICK = TimeUnit.MILLISECONDS.toNanos(1);
    static final int NETTY_BUCKETS = 512;
    static final long DELAY_SEED = 0x2E77_01L;
    static final long VICTIM_SEED = 0x2E77_02L;

    /** {@code Netty} or {@code KeyedTimer}. */
    @Param({"Netty", "KeyedTimer"})
    public String impl;

    /** N, the number of pending timers. */
    @Param({"1024", "65536", "1048576"})
    public int size;

    long[] delays;
    Duration[] durations;
    int[] victims;
    int index;
    final AtomicInteger fired = new AtomicInteger();

    NettyAdapter netty;
    long[] ids;
    KeyedTimer<Integer, Object> keyed;
    Integer[] keys;

    @Setup(Level.Trial)
    public void setUp() {
        if (size <= 0) {
            throw new IllegalArgumentException("size must be positive: " + size);
        }
        delays = PeerState.uniformLongs(DELAY_SEED, INPUTS, MIN_DELAY, 2 * MIN_DELAY);
        victims = PeerState.uniformInts(VICTIM_SEED, INPUTS, size);
        index = 0;
        fired.set(0);
        switch (impl) {
            case "Netty":
                TimerAdapter.Listener onFire = id -> fired.incrementAndGet();
                netty = new NettyAdapter(TICK, NETTY_BUCKETS, size, onFire);
                ids = new long[size];
                for (int i = 0; i < size; i++) {
                    ids[i] = netty.scheduleAfter(delays[i & MASK]);
                }
                break;
            case "KeyedTimer":
                keyed = KeyedTimer.<Integer, Object>builder()
                        .tick(Duration.ofNanos(TICK))
                        .build((key, value) -> fired.incrementAndGet());
                durations = new Duration[DURATIONS];
                for (int i = 0; i < DURATIONS; i++) {
                    durations[i] = Duration.ofNanos(delays[i]);
                }
                keys = new Integer[size];
                for (int i = 0; i < size; i++) {
                    keys[i] = i;
                    keyed.set(keys[i], null, durations[i & (DURATIONS - 1)]);
                }
                break;
            default:
                throw new IllegalArgumentException("impl must be Netty or KeyedTimer: " + impl);
        }
    }

    /** Netty: cancel a random pending timeout, create a new one. */
    long nettyChurn() {
        int i = index++ & MASK;
        int v = victims[i];
        NettyAdapter n = netty;
        if (!n.cancel(ids[v])) {
            throw new IllegalStateException("Netty: the timeout at index " + v + " was not pending");
        }
        long id = n.scheduleAfter(delays[i]);
        ids[v] = id;
        return id;
    }

    /** KeyedTimer: disarm a random key, arm it again. */
    long keyedChurn() {
        int i = index++ & MASK;
        Integer key = keys[victims[i]];
        KeyedTimer<Integer, Object> k = keyed;
        if (!k.remove(key)) {
            throw new IllegalStateException("KeyedTimer: key " + key + " was not armed");
        }
        k.set(key, null, durations[i & (DURATIONS - 1)]);
        return i;
    }

    /** Cancel a random pending timer and create a new one, on the producer thread. */
    @Benchmark
    public long cancelAndCreate() {
        return netty != null ? nettyChurn() : keyedChurn();
    }

    @TearDown(Level.Iteration)
    public void check() {
        if (fired.get() != 0) {
            throw new IllegalStateException(impl + ": " + fired.get() + " timers fired; none is due for an hour");
        }
        if (keyed != null && keyed.size() != size) {
            throw new IllegalStateException("KeyedTimer: size " + keyed.size() + ", expected " + size);
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        if (netty != null) {
            netty.close();
            netty = null;
        }
        if (keyed != null) {
            keyed.close();
            keyed = null;
        }
    }
}
