package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.alarms.TimingWheelExecutor;
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

/**
 * The driving thread's work on a steady flow of tasks, without threads: a {@link TimingWheelExecutor}
 * on its manual clock, where each tick {@code pending / 512} new tasks are scheduled with delays
 * uniform over 1 to 1,024 ticks (so about {@code pending} wait) and the clock advances one tick,
 * running the tasks due. Each schedule inserts into the wheel and each run takes a task out of it,
 * as the driving thread does on the real clock, with no second core in the way; so it measures the
 * wheel's own insertion and removal at a server's sizes. No peer has a manual clock: this is a
 * before-and-after measure of the executor's own path.
 *
 * <p><b>One invocation</b> is one tick: its schedules and the advance. <b>Units.</b> ns per tick
 * (divide by {@code pending / 512} for ns per task). <b>Checks.</b> Each task runs in the advance
 * whose tick holds its deadline, neither earlier nor later (from its own deadline; checked after
 * each advance, since the executor keeps what a task throws in its future); after each
 * iteration the pending count is what was scheduled minus what ran.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ExecutorSteadyStateBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ExecutorSteadyStateBenchmark {
    static final long TICK = 1_000_000L;
    static final int SPREAD_TICKS = 1024;
    static final int INPUTS = 1 << 20;

    /** About how many tasks wait at any time. */
    @Param({"65536", "1048576"})
    public int pending;

    TimingWheelExecutor executor;
    long[] delays;
    int index;
    int perTick;
    /** The manual clock: the last advance's target, a multiple of the tick. */
    long now;
    long scheduled;
    long ran;
    /** Tasks that ran outside their tick: counted, since the executor keeps what a task throws in its future. */
    long misplaced;
    /** The first of them. */
    String firstMisplaced;

    /** A task that checks it runs in the advance whose tick holds its deadline. */
    final class Due implements Runnable {
        final long deadline;

        Due(long deadline) {
            this.deadline = deadline;
        }

        @Override
        public void run() {
            if (deadline >= now || deadline < now - TICK) {
                if (misplaced++ == 0) {
                    firstMisplaced = "a task due at " + deadline + " ran in the advance to " + now;
                }
            }
            ran++;
        }
    }

    /** Builds the executor and the delays, then runs ticks until the flow is steady. */
    @Setup(Level.Trial)
    public void setUp() {
        executor = TimingWheelExecutor.builder().manualClock().build();
        perTick = Math.max(1, pending / (SPREAD_TICKS / 2));
        SplittableRandom random = new SplittableRandom(0x5EAD1L);
        delays = new long[INPUTS];
        for (int i = 0; i < INPUTS; i++) {
            delays[i] = (1 + random.nextInt(SPREAD_TICKS)) * TICK - random.nextLong(TICK);
        }
        for (int i = 0; i < 2 * SPREAD_TICKS; i++) {
            tick();
        }
    }

    /** Schedules one tick's tasks and advances the clock a tick. {@return the tasks run so far} */
    @Benchmark
    public long tick() {
        TimingWheelExecutor ex = executor;
        for (int i = 0; i < perTick; i++) {
            long delay = delays[index++ & (INPUTS - 1)];
            ex.schedule(new Due(now + delay), delay, TimeUnit.NANOSECONDS);
        }
        scheduled += perTick;
        now += TICK;
        ex.advanceTo(now);
        if (misplaced != 0) {
            throw new IllegalStateException(misplaced + " tasks ran outside their tick, first " + firstMisplaced);
        }
        return ran;
    }

    /** Checks that what was scheduled either ran or still waits. */
    @TearDown(Level.Iteration)
    public void check() {
        long waiting = executor.pendingTasks();
        if (waiting != scheduled - ran) {
            throw new IllegalStateException("pending " + waiting + ", but " + scheduled + " scheduled and " + ran + " ran");
        }
    }

    /** Stops the executor. */
    @TearDown(Level.Trial)
    public void tearDown() {
        executor.shutdownNow();
    }
}
