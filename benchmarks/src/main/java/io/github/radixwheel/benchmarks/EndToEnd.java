package io.github.radixwheel.benchmarks;

import io.github.radixwheel.benchmarks.jmh.Inputs;
import io.github.radixwheel.benchmarks.peers.KeyedTimers;
import io.github.radixwheel.benchmarks.peers.executors.DelayedTasks;
import io.github.radixwheel.benchmarks.peers.executors.Request;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.function.ToDoubleFunction;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.HdrHistogram.Histogram;

/**
 * Thread-driven timers end to end: N timers with delays spread over a window, run on the real
 * clock until every one has fired, reporting CPU time and lateness. All with a 1 ms tick:
 * Netty's {@code HashedWheelTimer}, a one-thread {@code ScheduledThreadPoolExecutor} with
 * remove-on-cancel, radixwheel's {@code TimingWheelExecutor} and {@code RadixWheelTimer} (each
 * through {@link DelayedTasks}, one new {@link Request} with its own payload per task, as a server
 * makes one per request), and radixwheel's {@code KeyedTimer} (through {@link KeyedTimers}: one
 * {@code set} per key).
 *
 * <p><b>Definition.</b> On one producer thread, N tasks are scheduled back to back with delays
 * uniform in {@code [0, window)} (fixed seed); then the producer waits until all have run. Each
 * task records {@code System.nanoTime()} on the timer's thread.
 * <ul>
 *   <li><b>producer CPU</b>: the producer thread's CPU time while scheduling the N tasks;
 *   <li><b>timer-thread CPU</b>: the CPU time of the timer's own thread over the whole run;
 *   <li><b>lateness</b>: run time minus deadline, where the deadline is the delay added to a clock
 *       reading taken before each block of 1024 tasks (so it can only overstate lateness, by the
 *       time a block takes to schedule); quantiles from an HdrHistogram. Every implementation
 *       promises never to run a task early, and a negative lateness fails the run.
 * </ul>
 * Each implementation first runs unmeasured until it has scheduled {@link #WARM_UP_TASKS} tasks
 * (class loading, and the compiler's work: a producer's path keeps being compiled for several runs
 * of 2^16 tasks); then the measured runs go round the implementations in turn, so that a slow
 * spell of the machine spreads over all of them. The table gives each figure's median over the
 * runs and, in brackets, its range.
 *
 * <p>Run, optionally with the sizes, the window in milliseconds, the number of runs and the warm-up
 * runs per implementation before the first size:
 * {@code java -cp benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.EndToEnd 65536,1048576 1000 --runs 5}.
 */
public final class EndToEnd {
    /** The implementations, in table order. */
    public static final List<String> IMPLS = List.of("Netty", "STPE", "TimingWheelExecutor", "RadixWheelTimer",
            "KeyedTimer");
    /** The default number of measured runs per implementation. */
    public static final int RUNS = 5;
    /**
     * The tasks each implementation schedules unmeasured before the first measured run: eight runs
     * of 2^16. With one run of 2^16, the producer CPU per task of the larger paths was still falling
     * by half over the next five runs, as their compilation went on.
     */
    public static final int WARM_UP_TASKS = 1 << 19;
    static final long DELAY_SEED = 0xE2E_01L;
    private static final int BLOCK = 1024;

    /**
     * One measured run.
     *
     * @param impl the implementation's name
     * @param timers N
     * @param windowNanos the delays' range
     * @param wallNanos from the first scheduling until the last run
     * @param producerCpuNanos the producer thread's CPU time while scheduling
     * @param timerThreadCpuNanos the timer thread's CPU time over the run
     * @param lateness every task's lateness, in nanoseconds
     */
    public record Run(String impl, int timers, long windowNanos, long wallNanos, long producerCpuNanos,
            long timerThreadCpuNanos, Histogram lateness) {
        /** @return producer CPU per task, ns */
        public double producerPerTask() {
            return (double) producerCpuNanos / timers;
        }

        /** @return timer-thread CPU per task, ns */
        public double timerThreadPerTask() {
            return (double) timerThreadCpuNanos / timers;
        }

        /**
         * @param percentile a percentile
         * @return the lateness at it, ms
         */
        public double latenessMillis(double percentile) {
            return lateness.getValueAtPercentile(percentile) / 1e6;
        }
    }

    /** Schedules task {@code i} after a delay: one implementation, seen the same way by every run. */
    private interface Scheduler extends AutoCloseable {
        String name();

        void schedule(int i, long delayNanos);

        Thread thread();

        @Override
        void close();
    }

    private EndToEnd() {
    }

    /**
     * @param args optionally the sizes, comma-separated (default 65536,1048576), the window in
     *     milliseconds (default 1000), {@code --runs R} (default 5), {@code --warmups W} (default:
     *     enough runs of the first size for {@link #WARM_UP_TASKS} tasks) and {@code --impls a,b}
     * @throws InterruptedException if interrupted while waiting for the timers
     */
    public static void main(String[] args) throws InterruptedException {
        OptionParser parser = new OptionParser();
        OptionSpec<Integer> runs = parser.accepts("runs", "measured runs per implementation").withRequiredArg()
                .ofType(Integer.class).defaultsTo(RUNS);
        OptionSpec<Integer> warmUps = parser.accepts("warmups", "unmeasured runs per implementation before the first size")
                .withRequiredArg().ofType(Integer.class);
        OptionSpec<String> impls = parser.accepts("impls", "implementations, comma-separated").withRequiredArg()
                .defaultsTo(String.join(",", IMPLS));
        OptionSpec<String> positional = parser.nonOptions("sizes (comma-separated) and window (ms)");
        OptionSet options = parser.parse(args);
        List<String> values = positional.values(options);
        long window = TimeUnit.MILLISECONDS.toNanos(values.size() > 1 ? Long.parseLong(values.get(1)) : 1000);
        List<String> chosen = List.of(options.valueOf(impls).split(","));
        StringBuilder out = new StringBuilder();
        boolean first = true;
        for (String size : (values.isEmpty() ? "65536,1048576" : values.get(0)).split(",")) {
            int n = Integer.parseInt(size);
            int w = !first ? 0 : options.has(warmUps) ? options.valueOf(warmUps) : warmUpRuns(n);
            out.append(table(runAll(chosen, n, window, options.valueOf(runs), w)));
            first = false;
        }
        System.out.print(out);
    }

    /**
     * @param n the tasks of one run
     * @return the unmeasured runs of {@code n} tasks that make at least {@link #WARM_UP_TASKS} tasks, at least one
     * @throws IllegalArgumentException if {@code n} is not positive
     */
    public static int warmUpRuns(int n) {
        if (n <= 0) {
            throw new IllegalArgumentException("n: " + n + " (expected: positive)");
        }
        return n >= WARM_UP_TASKS ? 1 : (WARM_UP_TASKS + n - 1) / n;
    }

    /**
     * Runs every implementation of {@code impls} at {@code n} tasks, {@code runs} measured rounds,
     * after {@code warmUps} unmeasured runs of each; a caller that runs several sizes in one JVM
     * warms up only before the first.
     *
     * @param impls implementations, from {@link #IMPLS}
     * @param n the number of tasks
     * @param windowNanos the delays' range
     * @param runs measured runs per implementation
     * @param warmUps unmeasured runs of each implementation first, {@code >= 0}
     * @return the measured runs, grouped by implementation in {@code impls} order
     * @throws InterruptedException if interrupted while waiting for the timers
     */
    public static List<List<Run>> runAll(List<String> impls, int n, long windowNanos, int runs, int warmUps)
            throws InterruptedException {
        warmUp(impls, n, windowNanos, warmUps);
        List<List<Run>> byImpl = new ArrayList<>();
        for (int i = 0; i < impls.size(); i++) {
            byImpl.add(new ArrayList<>());
        }
        for (int r = 0; r < runs; r++) {
            for (int i = 0; i < impls.size(); i++) {
                byImpl.get(i).add(run(impls.get(i), n, windowNanos));
            }
        }
        return byImpl;
    }

    /**
     * Runs every implementation of {@code impls} {@code runs} times at {@code n} tasks, unmeasured.
     *
     * @param impls implementations, from {@link #IMPLS}
     * @param n the number of tasks
     * @param windowNanos the delays' range
     * @param runs runs per implementation, {@code >= 0}
     * @throws InterruptedException if interrupted while waiting for the timers
     */
    public static void warmUp(List<String> impls, int n, long windowNanos, int runs) throws InterruptedException {
        for (String impl : impls) {
            for (int r = 0; r < runs; r++) {
                run(impl, n, windowNanos);
            }
        }
    }

    /**
     * @param byImpl measured runs, grouped by implementation (one group per table row)
     * @return a Markdown table of each group's medians, with their ranges
     */
    public static String table(List<List<Run>> byImpl) {
        StringBuilder sb = new StringBuilder("| implementation | N | runs | producer CPU / task | timer-thread CPU / task"
                + " | lateness p50 | p99 | p99.9 | max |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (List<Run> runs : byImpl) {
            Run first = runs.get(0);
            sb.append(String.format(Locale.ROOT, "| %s | %d | %d | %s | %s | %s | %s | %s | %s |%n", first.impl(),
                    first.timers(), runs.size(),
                    cell(runs, Run::producerPerTask, "%,.0f ns"), cell(runs, Run::timerThreadPerTask, "%,.0f ns"),
                    cell(runs, r -> r.latenessMillis(50), "%.2f ms"), cell(runs, r -> r.latenessMillis(99), "%.2f ms"),
                    cell(runs, r -> r.latenessMillis(99.9), "%.2f ms"),
                    cell(runs, r -> r.lateness().getMaxValue() / 1e6, "%.2f ms")));
        }
        return sb.toString();
    }

    /** The median of a figure over the runs, and its range if there are several. */
    private static String cell(List<Run> runs, ToDoubleFunction<Run> figure, String format) {
        double[] v = runs.stream().mapToDouble(figure).sorted().toArray();
        String median = String.format(Locale.ROOT, format, median(v));
        return v.length == 1 ? median : median + " (" + String.format(Locale.ROOT, format, v[0]).replaceAll(" \\w+$", "")
                + "–" + String.format(Locale.ROOT, format, v[v.length - 1]).replaceAll(" \\w+$", "") + ")";
    }

    /**
     * @param sorted values in ascending order, at least one
     * @return their median
     */
    public static double median(double[] sorted) {
        int m = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
    }

    /**
     * One run of one implementation.
     *
     * @param impl one of {@link #IMPLS}
     * @param n the number of tasks, positive
     * @param windowNanos the delays' range, positive
     * @return the measurements
     * @throws InterruptedException if interrupted while waiting for the timers
     * @throws IllegalStateException if not every task ran within the window plus 30 s, or one ran
     *     early or twice
     */
    public static Run run(String impl, int n, long windowNanos) throws InterruptedException {
        if (n <= 0 || windowNanos <= 0) {
            throw new IllegalArgumentException("n and window: " + n + ", " + windowNanos + " (expected: positive)");
        }
        long[] delays = Inputs.uniformLongs(DELAY_SEED, n, 0, windowNanos);
        long[] deadline = new long[n];
        long[] ranAt = new long[n];
        CountDownLatch done = new CountDownLatch(n);
        AtomicInteger ranTwice = new AtomicInteger(); // counted here: a throw would stay on the timer's thread
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        String name;
        long producerCpu;
        long timerCpu;
        long start;
        try (Scheduler scheduler = create(impl, n, delays, i -> {
            if (ranAt[i] != 0) {
                ranTwice.incrementAndGet();
                return;
            }
            ranAt[i] = System.nanoTime();
            done.countDown();
        })) {
            name = scheduler.name();
            long cpu0 = threads.getCurrentThreadCpuTime();
            start = System.nanoTime();
            long blockStart = start;
            for (int i = 0; i < n; i++) {
                if ((i & (BLOCK - 1)) == 0) {
                    blockStart = System.nanoTime();
                }
                deadline[i] = blockStart + delays[i];
                scheduler.schedule(i, delays[i]);
            }
            producerCpu = threads.getCurrentThreadCpuTime() - cpu0;
            long limit = windowNanos + TimeUnit.SECONDS.toNanos(30);
            if (!done.await(limit, TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException(impl + ": only " + (n - done.getCount()) + " of " + n
                        + " tasks ran within " + TimeUnit.NANOSECONDS.toMillis(limit) + " ms");
            }
            timerCpu = threads.getThreadCpuTime(scheduler.thread().getId());
        }
        if (ranTwice.get() != 0) {
            throw new IllegalStateException(impl + " ran " + ranTwice.get() + " tasks twice");
        }
        Histogram lateness = new Histogram(3);
        long last = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            long late = ranAt[i] - deadline[i];
            if (late < 0) {
                throw new IllegalStateException(impl + " ran task " + i + " " + (-late) + " ns early");
            }
            lateness.recordValue(late);
            last = Math.max(last, ranAt[i]);
        }
        return new Run(name, n, windowNanos, last - start, producerCpu, timerCpu, lateness);
    }

    private static Scheduler create(String impl, int n, long[] delays, IntConsumer onRun) {
        if (impl.equals("KeyedTimer")) {
            return keyed(KeyedTimers.create("radixwheel", n, onRun), delays);
        }
        if (!IMPLS.contains(impl)) {
            throw new IllegalArgumentException("impl: " + impl + " (expected: one of " + IMPLS + ")");
        }
        DelayedTasks tasks = DelayedTasks.create(impl);
        return new Scheduler() {
            @Override
            public String name() {
                return tasks.name();
            }

            @Override
            public void schedule(int i, long delayNanos) {
                tasks.schedule(new Request(i, new Object(), onRun), delayNanos);
            }

            @Override
            public Thread thread() {
                return tasks.thread();
            }

            @Override
            public void close() {
                tasks.close();
            }
        };
    }

    /** A keyed timer: one key per task, its delay made up front as a {@link Duration}. */
    private static Scheduler keyed(KeyedTimers timers, long[] delays) {
        Duration[] durations = Arrays.stream(delays).mapToObj(Duration::ofNanos).toArray(Duration[]::new);
        return new Scheduler() {
            @Override
            public String name() {
                return timers.name();
            }

            @Override
            public void schedule(int i, long delayNanos) {
                timers.set(i, durations[i]);
            }

            @Override
            public Thread thread() {
                return timers.thread();
            }

            @Override
            public void close() {
                timers.close();
            }
        };
    }
}
