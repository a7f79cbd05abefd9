package io.github.radixwheel.benchmarks;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The headline comparison: a quick preset of the peer suite that runs in under 5 minutes on two
 * cores, then prints a table of ns/op per implementation and workload.
 *
 * <p><b>The preset</b> ({@link #PRESET}): the workloads of the targets (2–5) at the smallest and
 * the largest N, and cancel-all at the middle N, where the queues' linear cancel still runs:
 * <ul>
 *   <li>2. churn, N = 2^10 and 2^20, all seven implementations;
 *   <li>3. fire-all in 1024-tick steps, N = 2^10 and 2^20, all seven;
 *   <li>4. keep-alive reschedule, N = 2^10 and 2^20, all seven;
 *   <li>5. hold model, dense and sparse gaps, N = 2^10 and 2^20, the four implementations with a
 *       next-expiry query (the other three are n/a and are not run);
 *   <li>1. schedule N, cancel all in random order, N = 2^16, all seven.
 * </ul>
 * Each combination runs in its own JVM (one fork, so that no implementation's calls make another's
 * call sites megamorphic) with one 1 s warm-up iteration and one 1 s measurement iteration, and
 * {@code -prof gc}. That is enough to rank the implementations, not to quote small differences:
 * for publishable numbers run the benchmark classes with their own settings (3 × 2 s warm-up,
 * 5 × 2 s measurement; see each class's javadoc). After JMH, {@link EndToEnd} runs Netty and
 * {@code KeyedTimer} once at N = 2^16 (about 5 s).
 *
 * <p><b>Output.</b> The JMH results of all combinations, as one JSON file, at
 * {@code benchmarks/target/headline.json} (the directory holding {@code benchmarks.jar}, or the one
 * given as the first argument); then {@link Report}'s Markdown ({@code headline.md}, also printed)
 * and chart ({@code headline.png}) beside it.
 *
 * <p>Run it from the repository root, on a fresh clone:
 *
 * <pre>{@code
 * mvn -B -q package -DskipTests && java -cp benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.Headline
 * }</pre>
 */
public final class Headline {
    /** One set of benchmarks and parameter values, run as one JMH {@link Runner} call. */
    public record Part(String benchmark, Map<String, String[]> params) {
        /** @return the number of parameter combinations, each one fork */
        public int combinations() {
            int n = 1;
            for (String[] values : params.values()) {
                n *= values.length;
            }
            return n;
        }
    }

    private static final String[] ALL = Impl.ALL.split(",");
    private static final String[] WITH_NEXT_EXPIRY = {"radixwheel", "DelayQueue", "PriorityQueue", "fastutil"};
    private static final String[] SMALL_AND_LARGE = {"1024", "1048576"};

    /** The preset, in the order it runs. */
    public static final List<Part> PRESET = List.of(
            new Part("ChurnBenchmark.churn", params("impl", ALL, "size", SMALL_AND_LARGE)),
            new Part("FireAllBenchmark.fireAll", params("impl", ALL, "size", SMALL_AND_LARGE, "step", new String[] {"1024"})),
            new Part("KeepAliveBenchmark.heartbeat", params("impl", ALL, "size", SMALL_AND_LARGE)),
            new Part("HoldBenchmark.hold", params("impl", WITH_NEXT_EXPIRY, "size", SMALL_AND_LARGE,
                    "gaps", new String[] {"dense", "sparse"})),
            new Part("CancelAllBenchmark.cancelAll", params("impl", ALL, "size", new String[] {"65536"},
                    "order", new String[] {"random"})));

    /** The size of the {@link EndToEnd} run. */
    static final int END_TO_END_SIZE = 1 << 16;

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
     * @return its JMH options: one fork, 1 × 1 s warm-up, 1 × 1 s measurement, {@code -prof gc}
     */
    static Options options(Part part) {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include("\\." + part.benchmark().replace(".", "\\.") + "$")
                .forks(1)
                .warmupIterations(1)
                .warmupTime(TimeValue.seconds(1))
                .measurementIterations(1)
                .measurementTime(TimeValue.seconds(1))
                .timeUnit(TimeUnit.NANOSECONDS)
                .addProfiler(GCProfiler.class)
                .shouldFailOnError(true);
        for (Map.Entry<String, String[]> p : part.params().entrySet()) {
            b.param(p.getKey(), p.getValue());
        }
        return b.build();
    }

    /**
     * @param args optionally the output directory (default: the directory of benchmarks.jar)
     * @throws RunnerException if JMH fails (a benchmark throwing fails the run)
     * @throws IOException if an output file cannot be written
     * @throws InterruptedException if interrupted during the end-to-end run
     */
    public static void main(String[] args) throws RunnerException, IOException, InterruptedException {
        Path dir = args.length > 0 ? Path.of(args[0]) : defaultDirectory();
        Files.createDirectories(dir);
        Path json = dir.resolve("headline.json");
        long start = System.nanoTime();
        List<RunResult> results = new ArrayList<>();
        for (Part part : PRESET) {
            Collection<RunResult> run = new Runner(options(part)).run();
            if (run.size() != part.combinations()) {
                throw new IllegalStateException(part.benchmark() + ": " + run.size() + " results for "
                        + part.combinations() + " combinations");
            }
            results.addAll(run);
        }
        ResultFormatFactory.getInstance(ResultFormatType.JSON, json.toString()).writeOut(results);
        List<EndToEnd.Run> endToEnd = EndToEnd.runAll(new int[] {END_TO_END_SIZE}, TimeUnit.SECONDS.toNanos(1));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);

        List<Report.Result> parsed = Report.read(json);
        StringBuilder md = new StringBuilder();
        md.append("## Headline comparison\n\n");
        md.append(String.format(Locale.ROOT, "Quick preset (1 fork, 1 × 1 s warm-up, 1 × 1 s measurement, -prof gc)"
                + " on %s %s, %d processors; %d s in all. Cells: score · allocation per unit;"
                + " fastest in bold.%n%n", System.getProperty("java.vm.name"), System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), seconds));
        md.append(Report.markdown(parsed)).append('\n');
        md.append(EndToEnd.table(endToEnd));
        Path mdFile = dir.resolve("headline.md");
        Path png = dir.resolve("headline.png");
        Files.writeString(mdFile, md.toString(), StandardCharsets.UTF_8);
        Report.chart(parsed, png);
        System.out.println();
        System.out.print(md);
        System.out.println();
        System.out.println("Wrote " + json + ", " + mdFile + " and " + png + " (" + seconds + " s)");
    }

    /** @return the directory holding this class's jar (benchmarks/target), or the working directory */
    static Path defaultDirectory() {
        Path fallback = Path.of("benchmarks", "target");
        java.security.CodeSource source = Headline.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return fallback;
        }
        try {
            Path location = Path.of(source.getLocation().toURI());
            Path parent = location.getParent();
            return Files.isRegularFile(location) && parent != null ? parent : fallback;
        } catch (URISyntaxException e) {
            return fallback;
        }
    }
}
