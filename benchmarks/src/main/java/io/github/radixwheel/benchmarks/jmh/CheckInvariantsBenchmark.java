package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.IndexedTimingWheelQueue;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of {@code checkInvariants()} on a structure that holds {@code size} elements, which a
 * property test calls after every step.
 *
 * <p><b>Structures.</b> {@code structure=queue}: a {@link TimingWheelQueue} with
 * {@link LevelBits#DEFAULT}; {@code indexed}: an {@link IndexedTimingWheelQueue} of capacity
 * {@code size}; {@code wheel}: a {@link TimingWheel} with precision 1024 and the default levels.
 * Keys (times) are uniform in {@code [0, 2^30)} from a fixed seed, so every level holds elements.
 *
 * <p><b>Units.</b> µs per call; with {@code -prof gc}, bytes allocated per call
 * ({@code gc.alloc.rate.norm}).
 *
 * <p><b>Checks.</b> The set-up checks the size; each call returns it to the blackhole.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar CheckInvariantsBenchmark -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class CheckInvariantsBenchmark {
    static final long SEED = 0xC4EC_2026L;
    static final long KEY_RANGE = 1L << 30;

    /** The number of elements. */
    @Param({"1024", "1048576"})
    public int size;

    /** {@code queue}, {@code indexed} or {@code wheel}. */
    @Param({"queue", "indexed", "wheel"})
    public String structure;

    private Runnable check;

    /** Fills the structure. */
    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom random = new SplittableRandom(SEED);
        int filled;
        switch (structure) {
            case "queue": {
                TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.DEFAULT, size);
                for (int i = 0; i < size; i++) {
                    q.add(random.nextLong(KEY_RANGE), i);
                }
                filled = q.size();
                check = q::checkInvariants;
                break;
            }
            case "indexed": {
                IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(size);
                for (int i = 0; i < size; i++) {
                    q.add(i, random.nextLong(KEY_RANGE));
                }
                filled = q.size();
                check = q::checkInvariants;
                break;
            }
            case "wheel": {
                TimingWheel<Integer> w = new TimingWheel<>(TimingWheelConfig.of(1024), 0);
                for (int i = 0; i < size; i++) {
                    w.add(random.nextLong(KEY_RANGE * 1024), i);
                }
                filled = w.size();
                check = w::checkInvariants;
                break;
            }
            default:
                throw new IllegalArgumentException("structure must be queue, indexed or wheel: " + structure);
        }
        if (filled != size) {
            throw new IllegalStateException("filled " + filled + " of " + size);
        }
        check.run();
    }

    /** One full check. */
    @Benchmark
    public int checkInvariants() {
        check.run();
        return size;
    }
}
