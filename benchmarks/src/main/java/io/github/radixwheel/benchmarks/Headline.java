package io.github.radixwheel.benchmarks;

import io.github.radixwheel.benchmarks.jmh.Graph;
import io.github.radixwheel.benchmarks.peers.eventlist.EventListImpl;
import io.github.radixwheel.benchmarks.report.Progress;
import io.github.radixwheel.benchmarks.report.Report;
import io.github.radixwheel.benchmarks.report.Result;
import io.github.radixwheel.benchmarks.report.RunInfo;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import joptsimple.OptionParser;
import joptsimple.OptionSpec;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The headline comparison: a quick preset of the benchmarks ({@link #PRESET}) at four sizes per
 * workload, then {@link EndToEnd} at the same four sizes, in under 6 minutes on two cores. The
 * preset covers the three kinds of users: timers driven by hand (workloads 1 to 4 and 2b), the
 * simulator's step (the hold model of {@code TimingWheel} and of {@code FutureEventList}),
 * shortest paths, and the executors' schedule-then-cancel throughput.
 *
 * <p>Each benchmark runs in its own JVM (one fork, so that no implementation's calls make
 * another's call sites megamorphic) with one {@link #WARMUP} warm-up iteration and one
 * {@link #MEASUREMENT} measurement iteration, and {@code -prof gc}: enough to rank the
 * implementations, not to quote small differences (for that, run a class with its own settings).
 *
 * <p><b>Output.</b> One progress line per benchmark, then the tables. JMH's own output goes to
 * {@code headline-jmh.log}, its results to {@code headline.json} (re-render it with the report's
 * main), the tables to {@code headline.md} and the chart to {@code headline.png}, all in
 * {@code benchmarks/target/} (the directory of {@code benchmarks.jar}) or in {@code --out}. Run it
 * from the repository root:
 *
 * <pre>{@code
 * mvn -B -q package -DskipTests && java -cp benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.Headline
 * }</pre>
 */
public final class Headline {
    /**
     * One benchmark method and the parameter values it runs with, as one JMH {@link Runner} call.
     *
     * @param benchmark {@code SimpleClassName.method}
     * @param params each parameter's values
     */
    public record Part(String benchmark, Map<String, String[]> params) {
        /** @return the number of parameter combinations, each one fork */
        public int combinations() {
            return params.values().stream().mapToInt(v -> v.length).reduce(1, (a, b) -> a * b);
        }
    }

    /** Each benchmark's warm-up iteration. */
    public static final TimeValue WARMUP = TimeValue.milliseconds(400);
    /** Each benchmark's measurement iteration. */
    public static final TimeValue MEASUREMENT = TimeValue.milliseconds(400);
    /** The sizes of the {@link EndToEnd} runs: the preset's four. */
    static final int[] END_TO_END_SIZES = {1 << 10, 1 << 14, 1 << 17, 1 << 20};
    /** The window of the {@link EndToEnd} runs' delays; shorter than its own default, to keep the budget. */
    static final long END_TO_END_WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    /** The size of the {@link EndToEnd} warm-up runs, before the first measured size. */
    static final int END_TO_END_WARM_UP_SIZE = 1 << 19;
    /** Unmeasured runs per implementation before the first measured size: {@link EndToEnd#WARM_UP_TASKS} tasks. */
    static final int END_TO_END_WARM_UP_RUNS = EndToEnd.warmUpRuns(END_TO_END_WARM_UP_SIZE);

    private static final String[] SIZES = {"1024", "16384", "131072", "1048576"};
    /**
     * The timers of workloads 2 to 4. {@code DelayQueue}, a {@code PriorityQueue} under a lock
     * whose figures follow {@code PriorityQueue}'s, runs in the full suite only.
     */
    private static final String[] TIMERS = {"radixwheel", "Agrona", "Kafka", "Caffeine", "PriorityQueue", "fastutil"};
    /**
     * The timers for cancel-all: those whose cancel is not a linear scan. {@code PriorityQueue} and
     * {@code DelayQueue} are refused above 2^16 ({@link io.github.radixwheel.benchmarks.jmh.Workload#whyNot}),
     * and a part runs every size for every implementation, so they sit this workload out.
     */
    private static final String[] CANCELLERS = {"radixwheel", "Agrona", "Kafka", "Caffeine", "fastutil"};
    /** The moving-clock churn: the cancellers but Kafka, the slowest in every churn row and never the best other. */
    private static final String[] MOVING_CHURNERS = {"radixwheel", "Agrona", "Caffeine", "fastutil"};
    private static final String[] SIMULATORS = {"radixwheel", "PriorityQueue", "fastutil", "BinaryHeap", "4-aryHeap"};
    /** The shortest-path queues; jheaps' pairing heap, never within 2× of the best, runs in the full suite only. */
    private static final String[] SHORTEST_PATHS = {"IndexedTimingWheelQueue", "TimingWheelQueue", "BinaryHeap", "fastutil"};
    private static final String[] EVENT_LIST_SIZES = {"1000", "10000", "100000", "1000000"};
    private static final String[] EXECUTORS = {"TimingWheelExecutor", "RadixWheelTimer", "STPE", "Netty"};
    private static final String[] PENDING = {"1000", "10000", "100000", "1000000"};

    /** The preset, in the order it runs. */
    public static final List<Part> PRESET = List.of(
            new Part("CancelAllBenchmark.cancelAll", params("impl", CANCELLERS, "size", SIZES, "order", new String[] {"random"})),
            new Part("ChurnBenchmark.churn", params("impl", TIMERS, "size", SIZES)),
            new Part("ChurnMovingClockBenchmark.churn", params("impl", MOVING_CHURNERS, "size", SIZES)),
            new Part("FireAllBenchmark.fireAll", params("impl", TIMERS, "size", SIZES, "step", new String[] {"1024"})),
            new Part("KeepAliveBenchmark.heartbeat", params("impl", TIMERS, "size", SIZES)),
            new Part("HoldBenchmark.hold", params("impl", SIMULATORS, "size", SIZES, "gaps", new String[] {"exponential"})),
            new Part("EventListHoldBenchmark.hold", params("impl", EventListImpl.PARAMS, "dist", new String[] {"exponential"},
                    "size", EVENT_LIST_SIZES)),
            new Part("ShortestPathBenchmark.search", params("graph", Graph.NAMES, "impl", SHORTEST_PATHS)),
            new Part("ExecutorBenchmark.scheduleThenCancel1", params("impl", EXECUTORS, "pending", PENDING)));

    private Headline() {
    }

    private static Map<String, String[]> params(Object... keysAndValues) {
        Map<String, String[]> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], (String[]) keysAndValues[i + 1]);
        }
        return map;
    }

    /**
     * @param part one part of the preset
     * @return its JMH options: one fork, one warm-up and one measurement iteration, {@code -prof gc}
     */
    static Options options(Part part) {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include("\\." + part.benchmark().replace(".", "\\.") + "$")
                .forks(1)
                .warmupIterations(1)
                .warmupTime(WARMUP)
                .measurementIterations(1)
                .measurementTime(MEASUREMENT)
                .addProfiler(GCProfiler.class)
                .shouldFailOnError(true);
        part.params().forEach(b::param);
        return b.build();
    }

    /**
     * @param args optionally {@code --out DIR} (default: the directory of benchmarks.jar)
     * @throws RunnerException if JMH fails (a benchmark that throws fails the run)
     * @throws IOException if an output file cannot be written
     * @throws InterruptedException if interrupted during the end-to-end run
     */
    public static void main(String[] args) throws RunnerException, IOException, InterruptedException {
        OptionParser parser = new OptionParser();
        OptionSpec<String> out = parser.accepts("out", "output directory").withRequiredArg();
        var options = parser.parse(args);
        Path dir = options.has(out) ? Path.of(options.valueOf(out)) : defaultDirectory();
        Files.createDirectories(dir);
        RunInfo info = RunInfo.ofThisMachine();
        long start = System.nanoTime();
        int total = PRESET.stream().mapToInt(Part::combinations).sum();
        System.out.println("Headline: " + total + " benchmarks, then the end-to-end run; JMH's output goes to "
                + dir.resolve("headline-jmh.log"));
        List<RunResult> runs = new ArrayList<>();
        try (PrintStream log = new PrintStream(Files.newOutputStream(dir.resolve("headline-jmh.log")), true, StandardCharsets.UTF_8)) {
            Progress progress = new Progress(OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL), System.out, total);
            for (Part part : PRESET) {
                runs.addAll(new Runner(options(part), progress).run());
            }
            if (progress.done() != total) {
                throw new IllegalStateException(progress.done() + " of " + total + " benchmarks ran; see the log");
            }
        }
        ResultFormatFactory.getInstance(ResultFormatType.JSON, dir.resolve("headline.json").toString()).writeOut(runs);
        List<List<EndToEnd.Run>> endToEnd = new ArrayList<>();
        System.out.println("End to end: " + EndToEnd.IMPLS.size() + " implementations, first " + END_TO_END_WARM_UP_RUNS
                + " unmeasured runs each at N = " + END_TO_END_WARM_UP_SIZE);
        EndToEnd.warmUp(EndToEnd.IMPLS, END_TO_END_WARM_UP_SIZE, END_TO_END_WINDOW_NANOS, END_TO_END_WARM_UP_RUNS);
        for (int n : END_TO_END_SIZES) {
            System.out.println("End to end: " + EndToEnd.IMPLS.size() + " implementations at N = " + n + ", "
                    + EndToEnd.RUNS + " runs each");
            endToEnd.addAll(EndToEnd.runAll(EndToEnd.IMPLS, n, END_TO_END_WINDOW_NANOS, EndToEnd.RUNS, 0));
        }
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);

        List<Result> results = runs.stream().map(Result::of).toList();
        String md = String.format(Locale.ROOT, "Quick preset: one fork per benchmark, 1 × %s warm-up, 1 × %s measurement,"
                + " -prof gc; %d min %02d s in all. %s.%n%nCells: score · allocation per unit; fastest in bold.%n%n",
                WARMUP, MEASUREMENT, seconds / 60, seconds % 60, info)
                + Report.markdown(results)
                + "\n### Thread-driven timers end to end (real clock, 1 ms tick, delays uniform in "
                + TimeUnit.NANOSECONDS.toMillis(END_TO_END_WINDOW_NANOS) + " ms; medians of "
                + EndToEnd.RUNS + " runs, ranges in brackets)\n\n"
                + EndToEnd.table(endToEnd);
        Files.writeString(dir.resolve("headline.md"), md, StandardCharsets.UTF_8);
        Report.chart(results, info, dir.resolve("headline.png"));
        System.out.println();
        System.out.print(md);
        System.out.println();
        System.out.println("Wrote headline.md, headline.png and headline.json to " + dir);
    }

    /** @return the directory holding this class's jar (benchmarks/target), or benchmarks/target */
    static Path defaultDirectory() {
        try {
            Path jar = Path.of(Headline.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isRegularFile(jar) ? jar.toAbsolutePath().getParent() : Path.of("benchmarks", "target");
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("benchmarks", "target");
        }
    }
}
