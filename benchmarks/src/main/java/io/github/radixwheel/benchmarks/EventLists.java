package io.github.radixwheel.benchmarks;

import io.github.radixwheel.benchmarks.jmh.EventListState;
import io.github.radixwheel.benchmarks.peers.eventlist.EventListImpl;
import io.github.radixwheel.benchmarks.peers.eventlist.Increments;
import io.github.radixwheel.benchmarks.report.Progress;
import io.github.radixwheel.benchmarks.report.Report;
import io.github.radixwheel.benchmarks.report.Result;
import io.github.radixwheel.benchmarks.report.RunInfo;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The simulator event-list comparison: the hold model and the up/down pattern
 * ({@code EventListHoldBenchmark}, {@code EventListUpDownBenchmark}) for every implementation,
 * distribution and size, with {@link Headline}'s quick settings (one fork per benchmark, one
 * 500 ms warm-up and one 500 ms measurement iteration, {@code -prof gc}). {@link #parts} gives the
 * parts for another runner, such as the headline's; {@link #main} runs them itself and writes
 * {@code eventlists.{json,md,png}}, one chart panel per distribution and pattern:
 *
 * <pre>{@code
 * mvn -B -q package -DskipTests && java -cp benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.EventLists
 * }</pre>
 *
 * <p>The full set is 476 benchmarks (about 25 minutes on two cores); {@link #QUICK} is a smaller one
 * (three sizes, four distributions, the hold model only) for the headline.
 */
public final class EventLists {
    static final String HOLD = "EventListHoldBenchmark.hold";
    static final String UP_DOWN = "EventListUpDownBenchmark.step";

    /** N = 10, 10^2, ..., 10^6. */
    public static final String[] SIZES = {"10", "100", "1000", "10000", "100000", "1000000"};

    /** Every implementation, distribution and size, for both patterns. */
    public static final List<Headline.Part> FULL = parts(EventListImpl.PARAMS, Increments.PARAMS, SIZES, true);

    /** The hold model at 10^2, 10^4 and 10^6 for four distributions: about 4 minutes. */
    public static final List<Headline.Part> QUICK = parts(EventListImpl.PARAMS,
            new String[] {"exponential", "camel", "pareto", "discrete"}, new String[] {"100", "10000", "1000000"}, false);

    private EventLists() {
    }

    /**
     * The parts for these parameters, leaving out what the set-up refuses: the calendar queue on the
     * discrete distribution above {@link EventListState#CALENDAR_DISCRETE_LIMIT} events.
     *
     * @param impls the implementations ({@code EventListImpl} parameters)
     * @param dists the distributions ({@code Increments} parameters)
     * @param sizes the sizes
     * @param upDown whether to add the up/down pattern to the hold model
     * @return the parts to run, each one JMH run
     */
    public static List<Headline.Part> parts(String[] impls, String[] dists, String[] sizes, boolean upDown) {
        List<Headline.Part> parts = new ArrayList<>();
        for (String benchmark : upDown ? List.of(HOLD, UP_DOWN) : List.of(HOLD)) {
            String calendar = EventListImpl.CALENDAR_QUEUE.param();
            String discrete = Increments.DISCRETE.param();
            String[] others = Arrays.stream(impls).filter(i -> !i.equals(calendar)).toArray(String[]::new);
            String[] smooth = Arrays.stream(dists).filter(d -> !d.equals(discrete)).toArray(String[]::new);
            String[] small = Arrays.stream(sizes).filter(n -> Integer.parseInt(n) <= EventListState.CALENDAR_DISCRETE_LIMIT)
                    .toArray(String[]::new);
            boolean withCalendar = others.length < impls.length;
            boolean withDiscrete = smooth.length < dists.length;
            add(parts, benchmark, others, dists, sizes);
            if (withCalendar) {
                add(parts, benchmark, new String[] {calendar}, smooth, sizes);
                if (withDiscrete) {
                    add(parts, benchmark, new String[] {calendar}, new String[] {discrete}, small);
                }
            }
        }
        return List.copyOf(parts);
    }

    private static void add(List<Headline.Part> parts, String benchmark, String[] impls, String[] dists, String[] sizes) {
        if (impls.length == 0 || dists.length == 0 || sizes.length == 0) {
            return;
        }
        Map<String, String[]> params = new LinkedHashMap<>();
        params.put("impl", impls.clone());
        params.put("dist", dists.clone());
        params.put("size", sizes.clone());
        parts.add(new Headline.Part(benchmark, params));
    }

    /**
     * Runs {@link #FULL} (or {@link #QUICK} with {@code --quick}) and writes the results, the tables
     * and the chart to {@code --out DIR} (default: the directory of benchmarks.jar).
     *
     * @param args optionally {@code --quick} and {@code --out DIR}
     * @throws RunnerException if JMH fails
     * @throws IOException if an output file cannot be written
     */
    public static void main(String[] args) throws RunnerException, IOException {
        boolean quick = List.of(args).contains("--quick");
        int out = List.of(args).indexOf("--out");
        Path dir = out >= 0 && out + 1 < args.length ? Path.of(args[out + 1]) : Headline.defaultDirectory();
        Files.createDirectories(dir);
        List<Headline.Part> parts = quick ? QUICK : FULL;
        int total = parts.stream().mapToInt(Headline.Part::combinations).sum();
        RunInfo info = RunInfo.ofThisMachine();
        long start = System.nanoTime();
        System.out.println("EventLists: " + total + " benchmarks; JMH's output goes to " + dir.resolve("eventlists-jmh.log"));
        List<RunResult> runs = new ArrayList<>();
        try (PrintStream log = new PrintStream(Files.newOutputStream(dir.resolve("eventlists-jmh.log")), true,
                StandardCharsets.UTF_8)) {
            Progress progress = new Progress(OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL), System.out, total);
            for (Headline.Part part : parts) {
                runs.addAll(new Runner(Headline.options(part), progress).run());
            }
        }
        ResultFormatFactory.getInstance(ResultFormatType.JSON, dir.resolve("eventlists.json").toString()).writeOut(runs);
        List<Result> results = runs.stream().map(Result::of).toList();
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        String md = String.format(Locale.ROOT, "Simulator event lists: one fork per benchmark, 1 × %s warm-up, 1 × %s"
                + " measurement, -prof gc; %d min %02d s in all. %s.%n%n", Headline.WARMUP, Headline.MEASUREMENT,
                seconds / 60, seconds % 60, info) + Report.markdown(results);
        Files.writeString(dir.resolve("eventlists.md"), md, StandardCharsets.UTF_8);
        Report.chart(results, info, dir.resolve("eventlists.png"));
        System.out.print(md);
        System.out.println("Wrote eventlists.md, eventlists.png and eventlists.json to " + dir);
    }
}
