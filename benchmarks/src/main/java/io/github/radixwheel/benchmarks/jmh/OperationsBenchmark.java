package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.alarms.AlarmConsumer;
import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.ElementConsumer;
import io.github.radixwheel.core.IndexedTimingWheelQueue;
import io.github.radixwheel.core.TimingWheelQueue;
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
 * The cost of each operation of the simulator and graph API, one at a time, at a steady size N:
 * N elements with keys uniform over {@code 2^20} keys above the minimum. Each benchmark method keeps
 * the size at N, so an insertion is paired with a {@code remove} and a removal with an {@code add};
 * {@code add} (with its {@code remove}) is the reference the insertions compare with, and
 * {@code pollMin} the one the removals compare with.
 *
 * <ul>
 *   <li>{@code add}, {@code addFirst}, {@code addBefore}, {@code addAfter}: insert next to or at a
 *       random element's key, then remove what was inserted (ns per pair);
 *   <li>{@code setValue}: replace a random element's value;
 *   <li>{@code pollMin}, {@code pollMinAction}: remove the minimum (returning its value, or handing
 *       it to an action), then add a successor a random gap later (ns per pair);
 *   <li>{@code fireNextAlarm}: the same on a {@code TimingWheel} of precision 1;
 *   <li>{@code indexedPollMin}, {@code indexedAddOrDecreaseKey}: on an
 *       {@code IndexedTimingWheelQueue}, remove the minimum id and add it back a random gap later;
 *       give a random id a smaller key (a relaxation), then its key back with {@code changeKey};
 *   <li>{@code forEachInOrder}: visit all N elements in delivery order (ns per call);
 *   <li>{@code resetAndRefill}: {@code reset} a queue of N, then add N again (ns per call: the
 *       reset is O(N), as is the refill it makes necessary).
 * </ul>
 *
 * <p><b>Checks.</b> After each iteration every queue still holds N elements and its invariants
 * hold; the removals check that keys never go below the minimum they raised.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar OperationsBenchmark -p size=1024,1048576 -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class OperationsBenchmark {
    static final long KEY_SEED = 0x0905_01L;
    static final long PICK_SEED = 0x0905_02L;
    static final long GAP_SEED = 0x0905_03L;
    static final int SPAN = 1 << 20;

    /** N, the steady number of elements; a power of two. */
    @Param({"1024", "1048576"})
    public int size;

    TimingWheelQueue<Integer> queue;
    long[] handles;
    TimingWheel<Integer> wheel;
    IndexedTimingWheelQueue indexed;
    int[] picks;
    long[] gaps;
    long[] initialKeys;
    int index;
    long lastKey;
    final Integer value = 7;
    final ElementConsumer<Integer> action = (handle, key, v) -> lastKey = key;
    final AlarmConsumer<Integer> alarmAction = (alarm, at, v) -> lastKey = at;

    /** Fills the three structures with N elements each. */
    @Setup(Level.Trial)
    public void setUp() {
        if (size <= 0 || Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("size: " + size + " (expected: a power of two)");
        }
        initialKeys = Inputs.uniformLongs(KEY_SEED, size, 0, SPAN);
        picks = Inputs.uniformInts(PICK_SEED, PeerState.INPUTS, size);
        gaps = Inputs.uniformLongs(GAP_SEED, PeerState.INPUTS, 1, SPAN);
        queue = new TimingWheelQueue<>();
        handles = new long[size];
        wheel = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        indexed = new IndexedTimingWheelQueue(size);
        for (int i = 0; i < size; i++) {
            handles[i] = queue.add(initialKeys[i], value);
            wheel.add(initialKeys[i], value);
            indexed.add(i, initialKeys[i]);
        }
    }

    private int pick() {
        return picks[index++ & PeerState.MASK];
    }

    private long gap() {
        return gaps[index & PeerState.MASK];
    }

    /** The reference insertion: {@code add} at a random element's key, then {@code remove}. */
    @Benchmark
    public boolean add() {
        long at = queue.key(handles[pick()]);
        return queue.remove(queue.add(at, value));
    }

    /** {@code addFirst} at a random element's key, then {@code remove}. */
    @Benchmark
    public boolean addFirst() {
        long at = queue.key(handles[pick()]);
        return queue.remove(queue.addFirst(at, value));
    }

    /** {@code addBefore} a random element, then {@code remove}. */
    @Benchmark
    public boolean addBefore() {
        return queue.remove(queue.addBefore(handles[pick()], value));
    }

    /** {@code addAfter} a random element, then {@code remove}. */
    @Benchmark
    public boolean addAfter() {
        return queue.remove(queue.addAfter(handles[pick()], value));
    }

    /** {@code setValue} of a random element. */
    @Benchmark
    public Integer setValue() {
        return queue.setValue(handles[pick()], value);
    }

    /** The reference removal: {@code pollMin()}, then {@code add} a successor. */
    @Benchmark
    public long pollMin() {
        long key = queue.minKey();
        queue.pollMin();
        return successor(key);
    }

    /** {@code pollMin(action)}, then {@code add} a successor. */
    @Benchmark
    public long pollMinAction() {
        queue.pollMin(action);
        return successor(lastKey);
    }

    private long successor(long key) {
        if (key != queue.minAllowedKey()) {
            throw new IllegalStateException("polled key " + key + " is not the new minimum " + queue.minAllowedKey());
        }
        index++;
        return queue.add(key + gap(), value);
    }

    /** {@code fireNextAlarm} on a wheel of precision 1, then {@code add} a successor. */
    @Benchmark
    public long fireNextAlarm() {
        wheel.fireNextAlarm(alarmAction);
        if (lastKey != wheel.now()) {
            throw new IllegalStateException("fired at " + lastKey + " but the clock is at " + wheel.now());
        }
        return wheel.add(lastKey + gap(), value);
    }

    /** {@code pollMin} of the indexed queue, then the id back a random gap later. */
    @Benchmark
    public int indexedPollMin() {
        int id = indexed.pollMin();
        indexed.add(id, indexed.minAllowedKey() + gap());
        index++;
        return id;
    }

    /** {@code addOrDecreaseKey} to a smaller key of a random id, then {@code changeKey} back. */
    @Benchmark
    public boolean indexedAddOrDecreaseKey() {
        int id = pick();
        long key = indexed.key(id);
        long lower = Math.max(indexed.minAllowedKey(), key - 1);
        boolean changed = indexed.addOrDecreaseKey(id, lower);
        indexed.changeKey(id, key);
        return changed;
    }

    /** {@code forEachInOrder} over all N elements (ns per call). */
    @Benchmark
    public long forEachInOrder() {
        lastKey = -1;
        queue.forEachInOrder((handle, key, v) -> {
            if (key < lastKey) {
                throw new IllegalStateException("forEachInOrder went from key " + lastKey + " to " + key);
            }
            lastKey = key;
        });
        return lastKey;
    }

    /** {@code reset} a queue of N, then add N elements again (ns per call). */
    @Benchmark
    public int resetAndRefill() {
        queue.reset(0);
        for (int i = 0; i < size; i++) {
            handles[i] = queue.add(initialKeys[i], value);
        }
        return queue.size();
    }

    /** Every structure still holds N elements and is intact. */
    @TearDown(Level.Iteration)
    public void check() {
        for (int s : new int[] {queue.size(), wheel.size(), indexed.size()}) {
            if (s != size) {
                throw new IllegalStateException("size " + s + ", expected " + size);
            }
        }
        queue.checkInvariants();
        wheel.checkInvariants();
        indexed.checkInvariants();
    }
}
