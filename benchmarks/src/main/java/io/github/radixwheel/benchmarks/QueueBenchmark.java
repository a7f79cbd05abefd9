package io.github.radixwheel.benchmarks;

import io.github.radixwheel.core.ElementConsumer;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import it.unimi.dsi.fastutil.longs.LongHeapIndirectPriorityQueue;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@link TimingWheelQueue} (with {@link LevelBits#DEFAULT}) against {@link PriorityQueue} and
 * fastutil's indexed binary heap {@link LongHeapIndirectPriorityQueue}, with {@code size}
 * elements always present, on two workloads:
 *
 * <ul>
 *   <li>{@link #hold}: the discrete-event hold model. Pop the minimum (key {@code k}), then add a
 *       successor at {@code k + delta}, {@code delta} uniform in {@code [1, 2^20]}. For the
 *       radix queue this is {@code minKey(); pollMin(); add(k + delta, null)} ({@code pollMin}
 *       raises the minimum, which slides the wheel); for the heaps it is a poll followed by an
 *       add of the same (reused) entry or element id.
 *   <li>{@link #churn}: remove a random live element, then add a new one at
 *       {@code min + delta}, where {@code min} is the least key left after the removal. Every
 *       {@value #RAISE_EVERY} operations the minimum is raised: the radix queue calls
 *       {@code increaseMinAllowedKey(minKey(), h)}, which fires nothing (no key is below the
 *       minimum) but slides the window so that the least keys sit in level 0, as a timer that
 *       advances its clock would. The heaps have no such notion, and for them the step is a
 *       no-op: a heap's cost does not depend on how far its minimum lies from some clock.
 * </ul>
 *
 * <p>Every implementation performs the same logical operations, one call each: fastutil's
 * {@code changed()}/{@code changed(int)} could fuse a poll or remove with the following add
 * (a reschedule), which the keep-alive workload of the peer suite measures. The
 * {@code PriorityQueue} removes with {@code remove(Object)}, a linear scan, because it offers no
 * other way to remove an arbitrary element: at large N its churn cost is O(N) by design.
 *
 * <p>Elements are identified by an id in {@code [0, size)}: the radix queue keeps a
 * {@code long[]} of handles, the {@code PriorityQueue} an array of reused {@link KeyedEntry}
 * objects, and the indexed heap uses the id directly (its keys live in a {@code long[]}). Values
 * are null, so no path allocates per operation. All random inputs come from fixed seeds, are
 * generated in {@link #setUp()} into primitive arrays and are read with {@code i & MASK}. Given
 * the same inputs every implementation holds the same multiset of keys after every operation,
 * which the smoke test checks.
 *
 * <p>Checks that keep a broken benchmark from looking fast: popped keys must not decrease
 * (hold), a removed element must have been present and the raise must fire nothing (churn),
 * and after each iteration the size must still be {@code size} and a full structural check must
 * pass ({@code checkInvariants()} for the radix queue, an O(N) minimum scan for the heaps).
 *
 * <p>Run it (after {@code mvn -B -q package -DskipTests} at the root):
 *
 * <pre>{@code
 * java -jar benchmarks/target/benchmarks.jar QueueBenchmark -prof gc
 * java -jar benchmarks/target/benchmarks.jar QueueBenchmark -p size=1048576 -prof gc
 * }</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class QueueBenchmark {
    /** Number of pre-generated inputs; a power of two. */
    static final int INPUTS = 1 << 14;
    static final int MASK = INPUTS - 1;
    /** Successor gaps and churn offsets are uniform in {@code [1, MAX_DELTA]}. */
    static final long MAX_DELTA = 1L << 20;
    /** Churn raises the minimum every this many operations; a power of two. */
    static final int RAISE_EVERY = 256;

    static final long KEY_SEED = 0x5EED_0001L;
    static final long DELTA_SEED = 0x5EED_0002L;
    static final long VICTIM_SEED = 0x5EED_0003L;

    /** Which queue: {@code radixwheel}, {@code PriorityQueue} or {@code fastutil}. */
    @Param({"radixwheel", "PriorityQueue", "fastutil"})
    public String impl;

    /** The number of elements, constant throughout. */
    @Param({"1024", "65536", "1048576"})
    public int size;

    long[] deltas;
    int[] victims;
    Subject subject;

    /** Index into the inputs; also the operation count. */
    int index;
    /** The value of {@link #index} at the last check. */
    int checkedIndex;
    /** The last key popped by {@link #hold}. */
    long lastPopped;

    @Setup(Level.Trial)
    public void setUp() {
        if (size <= 0) {
            throw new IllegalArgumentException("size must be positive: " + size);
        }
        SplittableRandom deltaRandom = new SplittableRandom(DELTA_SEED);
        SplittableRandom victimRandom = new SplittableRandom(VICTIM_SEED);
        deltas = new long[INPUTS];
        victims = new int[INPUTS];
        for (int i = 0; i < INPUTS; i++) {
            deltas[i] = 1 + deltaRandom.nextLong(MAX_DELTA);
            victims[i] = victimRandom.nextInt(size);
        }
        subject = newSubject(impl, size);
        SplittableRandom keyRandom = new SplittableRandom(KEY_SEED);
        for (int id = 0; id < size; id++) {
            subject.add(id, keyRandom.nextLong(MAX_DELTA));
        }
        index = 0;
        checkedIndex = 0;
        lastPopped = Long.MIN_VALUE;
    }

    static Subject newSubject(String impl, int size) {
        switch (impl) {
            case "radixwheel":
                return new RadixSubject(size);
            case "PriorityQueue":
                return new PriorityQueueSubject(size);
            case "fastutil":
                return new IndexedHeapSubject(size);
            default:
                throw new IllegalArgumentException("unknown impl: " + impl);
        }
    }

    /** Pop the minimum, add its successor at {@code key + delta}. */
    @Benchmark
    public void hold(Blackhole bh) {
        long key = subject.hold(deltas[index++ & MASK]);
        if (key < lastPopped) {
            throw new IllegalStateException(impl + ": popped " + key + " after " + lastPopped);
        }
        lastPopped = key;
        bh.consume(key);
    }

    /** Remove a random element, add a new one at {@code min + delta}; raise the minimum now and then. */
    @Benchmark
    public void churn(Blackhole bh) {
        int i = index++;
        bh.consume(subject.churn(victims[i & MASK], deltas[i & MASK]));
        if ((i & (RAISE_EVERY - 1)) == RAISE_EVERY - 1) {
            subject.raiseMinimum();
        }
    }

    @TearDown(Level.Iteration)
    public void check() {
        if (index == checkedIndex) {
            throw new IllegalStateException(impl + ": no operation ran since the last check");
        }
        checkedIndex = index;
        if (subject.size() != size) {
            throw new IllegalStateException(impl + ": size " + subject.size() + ", expected " + size);
        }
        subject.verify();
    }

    /** A queue of {@code size} elements with ids in {@code [0, size)}. */
    abstract static class Subject {
        /** Adds element {@code id} at {@code key} (setup only). */
        abstract void add(int id, long key);

        /** Removes the minimum and re-adds it at its key + {@code delta}; returns the popped key. */
        abstract long hold(long delta);

        /** Removes element {@code id} and adds it anew at the new minimum + {@code delta}; returns the new key. */
        abstract long churn(int id, long delta);

        /** Raises the queue's minimum to its least key (a no-op for the heaps). */
        abstract void raiseMinimum();

        abstract int size();

        abstract long minKey();

        /** A full structural check; throws IllegalStateException. */
        abstract void verify();
    }

    /** {@link TimingWheelQueue} with {@link LevelBits#DEFAULT}, null values. */
    static final class RadixSubject extends Subject {
        private static final ElementConsumer<Object> MUST_NOT_FIRE = (handle, key, value) -> {
            throw new IllegalStateException("raising the minimum to the least key fired key " + key);
        };

        final TimingWheelQueue<Void> queue;
        /** The handle of each id; valid for churn (hold does not track ids). */
        final long[] handles;

        RadixSubject(int size) {
            queue = new TimingWheelQueue<>(LevelBits.DEFAULT, size);
            handles = new long[size];
        }

        @Override
        void add(int id, long key) {
            handles[id] = queue.add(key, null);
        }

        @Override
        long hold(long delta) {
            TimingWheelQueue<Void> q = queue;
            long key = q.minKey();
            q.pollMin();
            q.add(key + delta, null);
            return key;
        }

        @Override
        long churn(int id, long delta) {
            TimingWheelQueue<Void> q = queue;
            if (!q.remove(handles[id])) {
                throw new IllegalStateException("radixwheel: element " + id + " was not in the queue");
            }
            long key = q.minKey() + delta;
            handles[id] = q.add(key, null);
            return key;
        }

        @Override
        void raiseMinimum() {
            queue.increaseMinAllowedKey(queue.minKey(), MUST_NOT_FIRE);
        }

        @Override
        int size() {
            return queue.size();
        }

        @Override
        long minKey() {
            return queue.minKey();
        }

        @Override
        void verify() {
            queue.checkInvariants();
        }
    }

    /** {@link PriorityQueue} of reused {@link KeyedEntry} objects. */
    static final class PriorityQueueSubject extends Subject {
        final PriorityQueue<KeyedEntry> queue;
        final KeyedEntry[] entries;

        PriorityQueueSubject(int size) {
            queue = new PriorityQueue<>(size);
            entries = new KeyedEntry[size];
        }

        @Override
        void add(int id, long key) {
            KeyedEntry e = new KeyedEntry(key);
            entries[id] = e;
            queue.add(e);
        }

        @Override
        long hold(long delta) {
            KeyedEntry e = queue.poll();
            long key = e.key;
            e.key = key + delta;
            queue.add(e);
            return key;
        }

        @Override
        long churn(int id, long delta) {
            KeyedEntry e = entries[id];
            if (!queue.remove(e)) {
                throw new IllegalStateException("PriorityQueue: element " + id + " was not in the queue");
            }
            e.key = queue.peek().key + delta;
            queue.add(e);
            return e.key;
        }

        @Override
        void raiseMinimum() {
            // No notion of a minimum allowed key: nothing to do.
        }

        @Override
        int size() {
            return queue.size();
        }

        @Override
        long minKey() {
            return queue.peek().key;
        }

        @Override
        void verify() {
            long min = Long.MAX_VALUE;
            for (KeyedEntry e : entries) {
                min = Math.min(min, e.key);
            }
            if (queue.peek().key != min) {
                throw new IllegalStateException("PriorityQueue: head " + queue.peek().key + ", least key " + min);
            }
        }
    }

    /** fastutil's indexed binary heap over a {@code long[]} of keys indexed by element id. */
    static final class IndexedHeapSubject extends Subject {
        final long[] keys;
        final LongHeapIndirectPriorityQueue heap;

        IndexedHeapSubject(int size) {
            keys = new long[size];
            heap = new LongHeapIndirectPriorityQueue(keys, size);
        }

        @Override
        void add(int id, long key) {
            keys[id] = key;
            heap.enqueue(id);
        }

        @Override
        long hold(long delta) {
            int id = heap.dequeue();
            long key = keys[id];
            keys[id] = key + delta;
            heap.enqueue(id);
            return key;
        }

        @Override
        long churn(int id, long delta) {
            if (!heap.remove(id)) {
                throw new IllegalStateException("fastutil: element " + id + " was not in the heap");
            }
            long key = keys[heap.first()] + delta;
            keys[id] = key;
            heap.enqueue(id);
            return key;
        }

        @Override
        void raiseMinimum() {
            // No notion of a minimum allowed key: nothing to do.
        }

        @Override
        int size() {
            return heap.size();
        }

        @Override
        long minKey() {
            return keys[heap.first()];
        }

        @Override
        void verify() {
            long min = Long.MAX_VALUE;
            for (long k : keys) {
                min = Math.min(min, k);
            }
            if (keys[heap.first()] != min) {
                throw new IllegalStateException("fastutil: first " + keys[heap.first()] + ", least key " + min);
            }
        }
    }
}
