package io.github.radixwheel.benchmarks;

import io.github.radixwheel.benchmarks.jmh.Inputs;
import io.github.radixwheel.benchmarks.peers.KeyedTimers;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import joptsimple.OptionParser;
import joptsimple.OptionSpec;
import org.HdrHistogram.Histogram;

/**
 * Thread-driven timers end to end: N timers with delays spread over a window, run on the real
 * clock until every one has fired, reporting CPU time and lateness. Netty's
 * {@code HashedWheelTimer} and radixwheel's {@code KeyedTimer} ({@link KeyedTimers}), both with a
 * 1 ms tick.
 *
 * <p><b>Definition.</b> On one producer thread, N keys are armed back to back with delays uniform
 * in {@code [0, window)} (fixed seed); then the producer waits until all have fired. Each expiry
 * records {@code System.nanoTime()} on the timer's thread.
 * <ul>
 *   <li><b>producer CPU</b>: the producer thread's CPU time while arming the N keys;
 *   <li><b>timer-thread CPU</b>: the CPU time of the timer's own thread over the whole run;
 *   <li><b>lateness</b>: firing time minus deadline, where the deadline is the delay added to a
 *       clock reading taken before each block of 1024 armings (so it can only overstate lateness,
 *       by the time a block takes to arm); quantiles from an HdrHistogram. Both timers promise
 *       never to fire early, and a negative lateness fails the run.
 * </ul>
 * Each implementation first runs once unmeasured (class loading, JIT), then once measured: one
 * run each, not a statistic; for the steady-state producer cost see the {@code KeyedTimerBenchmark}.
 *
 * <p>Run, optionally with the sizes and the window in milliseconds:
 * {@code java -cp benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.EndToEnd 65536,1048576 1000}.
 */
public final class EndToEnd {
    /** The implementations, in table order. */
    public static final List<String> IMPLS = List.of("netty", "radixwheel");
    static final long DELAY_SEED = 0xE2E_01L;
    private static final int BLOCK = 1024;

    /**
     * One measured run.
     *
     * @param impl the implementation's name
     * @param timers N
     * @param windowNanos the delays' range
     * @param wallNanos from the first arming until the last firing
     * @param producerCpuNanos the producer thread's CPU time while arming
     * @param timerThreadCpuNanos the timer thread's CPU time over the run
     * @param lateness every timer's lateness, in nanoseconds
     */
    public record Run(String impl, int timers, long windowNanos, long wallNanos, long producerCpuNanos,
            long timerThreadCpuNanos, Histogram lateness) {
    }

    private EndToEnd() {
    }

    /**
     * @param args optionally the sizes, comma-separated (default 65536,1048576), and the window in
     *     milliseconds (default 1000)
     * @throws InterruptedException if interrupted while waiting for the timers
     */
    public static void main(String[] args) throws InterruptedException {
        OptionParser parser = new OptionParser();
        OptionSpec<String> positional = parser.nonOptions("sizes (comma-separated) and window (ms)");
        List<String> values = positional.values(parser.parse(args));
        long window = TimeUnit.MILLISECONDS.toNanos(values.size() > 1 ? Long.parseLong(values.get(1)) : 1000);
        List<Run> runs = new ArrayList<>();
        for (String n : (values.isEmpty() ? "65536,1048576" : values.get(0)).split(",")) {
            runs.addAll(runAll(Integer.parseInt(n), window));
        }
        System.out.print(table(runs));
    }

    /**
     * Runs every implementation at {@code n} timers, each once unmeasured and then once measured.
     *
     * @param n the number of timers
     * @param windowNanos the delays' range
     * @return the measured runs
     * @throws InterruptedException if interrupted while waiting for the timers
     */
    public static List<Run> runAll(int n, long windowNanos) throws InterruptedException {
        List<Run> runs = new ArrayList<>();
        for (String impl : IMPLS) {
            run(impl, n, windowNanos);
            runs.add(run(impl, n, windowNanos));
        }
        return runs;
    }

    /**
     * @param runs measured runs
     * @return a Markdown table of them
     */
    public static String table(List<Run> runs) {
        StringBuilder sb = new StringBuilder("| implementation | N | window | wall | producer CPU / timer"
                + " | timer-thread CPU / timer | lateness p50 | p99 | max |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Run r : runs) {
            Histogram h = r.lateness();
            sb.append(String.format(Locale.ROOT, "| %s | %d | %d ms | %d ms | %.0f ns | %.0f ns | %.2f ms | %.2f ms | %.2f ms |%n",
                    r.impl(), r.timers(), r.windowNanos() / 1_000_000, r.wallNanos() / 1_000_000,
                    (double) r.producerCpuNanos() / r.timers(), (double) r.timerThreadCpuNanos() / r.timers(),
                    h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6));
        }
        return sb.toString();
    }

    /**
     * One run of one implementation.
     *
     * @param impl one of {@link #IMPLS}
     * @param n the number of timers, positive
     * @param windowNanos the delays' range, positive
     * @return the measurements
     * @throws InterruptedException if interrupted while waiting for the timers
     * @throws IllegalStateException if not every timer fired within the window plus 30 s, or one
     *     fired early or twice
     */
    public static Run run(String impl, int n, long windowNanos) throws InterruptedException {
        if (n <= 0 || windowNanos <= 0) {
            throw new IllegalArgumentException("n and window: " + n + ", " + windowNanos + " (expected: positive)");
        }
        long[] delays = Inputs.uniformLongs(DELAY_SEED, n, 0, windowNanos);
        Duration[] durations = new Duration[n];
        for (int i = 0; i < n; i++) {
            durations[i] = Duration.ofNanos(delays[i]);
        }
        long[] deadline = new long[n];
        long[] firedAt = new long[n];
        CountDownLatch done = new CountDownLatch(n);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        String name;
        long producerCpu;
        long timerCpu;
        long start;
        try (KeyedTimers timers = KeyedTimers.create(impl, n, k -> {
            if (firedAt[k] != 0) {
                throw new IllegalStateException(impl + " fired key " + k + " twice");
            }
            firedAt[k] = System.nanoTime();
            done.countDown();
        })) {
            name = timers.name();
            long cpu0 = threads.getCurrentThreadCpuTime();
            start = System.nanoTime();
            long blockStart = start;
            for (int i = 0; i < n; i++) {
                if ((i & (BLOCK - 1)) == 0) {
                    blockStart = System.nanoTime();
                }
                deadline[i] = blockStart + delays[i];
                timers.set(i, durations[i]);
            }
            producerCpu = threads.getCurrentThreadCpuTime() - cpu0;
            long limit = windowNanos + TimeUnit.SECONDS.toNanos(30);
            if (!done.await(limit, TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException(impl + ": only " + (n - done.getCount()) + " of " + n
                        + " timers fired within " + TimeUnit.NANOSECONDS.toMillis(limit) + " ms");
            }
            timerCpu = threads.getThreadCpuTime(timers.thread().getId());
        }
        Histogram lateness = new Histogram(3);
        long last = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            long late = firedAt[i] - deadline[i];
            if (late < 0) {
                throw new IllegalStateException(impl + " fired timer " + i + " " + (-late) + " ns early");
            }
            lateness.recordValue(late);
            last = Math.max(last, firedAt[i]);
        }
        return new Run(name, n, windowNanos, last - start, producerCpu, timerCpu, lateness);
    }
}
