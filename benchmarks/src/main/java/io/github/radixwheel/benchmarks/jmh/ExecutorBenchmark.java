package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.benchmarks.peers.executors.DelayedTasks;
import io.github.radixwheel.benchmarks.peers.executors.Request;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Executors, thread-driven on the real clock: a request timeout that is answered in time. Each
 * invocation makes a {@link Request} carrying its own payload, schedules it 30 s ahead and cancels
 * it, on one producer thread ({@code scheduleThenCancel1}) or two at once ({@code scheduleThenCancel2}),
 * while {@code pending} other tasks wait far in the future and the timer's own thread runs as it
 * does in a server (Netty's wakes every tick and drains its queues; the others park).
 *
 * <p><b>Units.</b> Throughput: (schedule + cancel) pairs per microsecond, over all producer threads.
 *
 * <p><b>Checks.</b> Every cancel must return true (nothing falls due within a run); after the run
 * the implementation's pending count, once its thread has caught up, must be back to {@code pending}.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ExecutorBenchmark -prof gc}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ExecutorBenchmark {
    /** How far ahead a request's timeout is set. */
    static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** The waiting tasks' deadlines start here, well after every request's timeout. */
    static final long FAR_NANOS = TimeUnit.HOURS.toNanos(1);

    @Param({"TimingWheelExecutor", "RadixWheelTimer", "STPE", "Netty"})
    public String impl;

    @Param({"1000", "10000", "100000", "1000000"})
    public int pending;

    DelayedTasks tasks;

    /** Starts the timer and fills it with {@code pending} far tasks, 1 µs apart. */
    @Setup(Level.Trial)
    public void setUp() {
        tasks = DelayedTasks.create(impl);
        for (int i = 0; i < pending; i++) {
            tasks.schedule(new Request(i, new Object(), ExecutorBenchmark::ranTooSoon), FAR_NANOS + i * 1_000L);
        }
    }

    private static void ranTooSoon(int id) {
        throw new IllegalStateException("task " + id + " ran within the benchmark");
    }

    /** One producer thread's count of requests. */
    @State(Scope.Thread)
    public static class Producer {
        int next;
    }

    /**
     * One producer thread.
     *
     * @param p its state
     * @return the cancel's result, true
     */
    @Benchmark
    @Threads(1)
    public boolean scheduleThenCancel1(Producer p) {
        return scheduleThenCancel(p);
    }

    /**
     * Two producer threads at once.
     *
     * @param p this thread's state
     * @return the cancel's result, true
     */
    @Benchmark
    @Threads(2)
    public boolean scheduleThenCancel2(Producer p) {
        return scheduleThenCancel(p);
    }

    private boolean scheduleThenCancel(Producer p) {
        int id = p.next++;
        Object handle = tasks.schedule(new Request(id, new Object(), ExecutorBenchmark::ranTooSoon), TIMEOUT_NANOS);
        if (!tasks.cancel(handle)) {
            throw new IllegalStateException(impl + ": request " + id + " could not be cancelled");
        }
        return true;
    }

    /** Checks the pending count, giving the timer's thread time to process its queues, then stops it. */
    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        try {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (tasks.pending() != pending && System.nanoTime() < end) {
                Thread.sleep(5);
            }
            if (tasks.pending() != pending) {
                throw new IllegalStateException(impl + ": " + tasks.pending() + " pending after the run, expected "
                        + pending);
            }
        } finally {
            tasks.close();
        }
    }
}
