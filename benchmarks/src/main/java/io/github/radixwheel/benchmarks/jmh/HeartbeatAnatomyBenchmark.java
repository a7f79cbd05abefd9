package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.benchmarks.peers.KeyedTimers;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.concurrent.TimeUnit;
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
 * Where the time of one {@link KeyedTimerBenchmark} heartbeat goes at 10^6 keys, taken apart on
 * one thread, with the same keys and key picks:
 *
 * <ul>
 *   <li>{@link #clock}: {@code System.nanoTime()} alone, which every heartbeat of every
 *       implementation calls (its deadline is now + delay);
 *   <li>{@link #keyHash}: the key object's {@code hashCode()}, the least that any timer found by
 *       key does, and {@link #clockThenKeyHash}: the clock read, then the same, in the order in
 *       which a heartbeat does them; this is the floor of a keyed heartbeat on this harness;
 *   <li>{@link #lookup}: the data a {@code move} touches, without the timer: the key object, a
 *       fastutil {@code Object2IntOpenHashMap} lookup of the key's id, a read of its deadline and
 *       a write of its deadline and arming order, side by side in a {@code long[]}; {@link #lookupThenClock}: the same plus one clock read;
 *   <li>{@link #move}: {@code KeyedTimer.move}, as in {@link KeyedTimerBenchmark}.
 * </ul>
 *
 * <p>Consecutive {@code lookup}s are independent, so the processor overlaps their cache misses;
 * if {@code lookupThenClock} costs far more than {@code lookup + clock}, the clock read is what
 * stops that overlap. Every lookup must find its key and every move its armed key; after each
 * iteration every key must still be armed, with nothing expired.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar HeartbeatAnatomyBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class HeartbeatAnatomyBenchmark {
    /** The number of keys. */
    @Param({"1000000"})
    public int keys;

    final KeyedTimerBenchmark.Shared timer = new KeyedTimerBenchmark.Shared();
    Long[] keyObjects;
    Object2IntOpenHashMap<Long> indexOf;
    long[] deadlines;
    final KeyedTimerBenchmark.Cursor cursor = new KeyedTimerBenchmark.Cursor();

    /** Arms every key of a {@code KeyedTimer} and builds the map. */
    @Setup(Level.Trial)
    public void setUp() {
        timer.create("radixwheel", keys);
        keyObjects = KeyedTimers.distinctKeys(keys);
        indexOf = new Object2IntOpenHashMap<>(keys);
        indexOf.defaultReturnValue(-1);
        for (int k = 0; k < keys; k++) {
            indexOf.put(keyObjects[k], k);
        }
        deadlines = new long[2 * keys];
        cursor.create(keys, 0);
    }

    /** Checks that every key is still armed and nothing expired. */
    @TearDown(Level.Iteration)
    public void check() throws InterruptedException {
        timer.check();
    }

    /** Stops the timer. */
    @TearDown(Level.Trial)
    public void close() {
        timer.close();
    }

    /** @return the clock */
    @Benchmark
    public long clock() {
        return System.nanoTime();
    }

    /** @return a key's hash */
    @Benchmark
    public int keyHash() {
        return keyObjects[cursor.next()].hashCode();
    }

    /** @return the clock plus a key's hash */
    @Benchmark
    public long clockThenKeyHash() {
        long t = System.nanoTime();
        return t + keyObjects[cursor.next()].hashCode();
    }

    /** @return the old content of a key's cell */
    @Benchmark
    public long lookup() {
        return touch(cursor.next(), cursor.index);
    }

    /** @return the old content of a key's cell, after a clock read */
    @Benchmark
    public long lookupThenClock() {
        return touch(cursor.next(), System.nanoTime());
    }

    /** @return true (the key was armed) */
    @Benchmark
    public boolean move() {
        return timer.beat(cursor.next());
    }

    /** Finds key {@code k}'s id through the map and replaces its deadline and order with {@code deadline}. */
    long touch(int k, long deadline) {
        int i = indexOf.getInt(keyObjects[k]);
        if (i != k) {
            throw new IllegalStateException("key " + k + " maps to " + i);
        }
        long old = deadlines[2 * i];
        deadlines[2 * i] = deadline;
        deadlines[2 * i + 1] = deadline;
        return old;
    }
}
