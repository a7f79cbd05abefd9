package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.benchmarks.jmh.Workload;
import io.github.radixwheel.benchmarks.peers.Impl;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.Options;

/**
 * The headline preset without running it: every combination it runs must be one the benchmarks
 * accept (no fork is spent on a refusal), every panel gets at least four sizes, each part selects
 * exactly its benchmark, and its size keeps it, with the end-to-end runs, within the 6-minute budget.
 */
class HeadlineTest {

    @Test
    void preset_runsOnlySupportedCombinationsAtFourSizesWithinBudget() {
        double seconds = 0;
        for (Headline.Part part : Headline.PRESET) {
            Workload w = Workload.ofBenchmark(part.benchmark());
            String[] sizes = part.params().getOrDefault("size", part.params().getOrDefault("graph", part.params().get("pending")));
            assertTrue(sizes.length >= 4, part.benchmark());
            for (String impl : part.params().get("impl")) {
                for (String size : sizes) {
                    assertNull(w == null ? null : w.whyNot(Impl.of(impl), Integer.parseInt(size)), part + " " + impl + " " + size);
                }
            }
            Options o = Headline.options(part);
            assertEquals(1, o.getForkCount().get());
            assertEquals(1, o.getMeasurementIterations().get());
            assertEquals(1, o.getProfilers().size(), "-prof gc");
            Pattern include = Pattern.compile(o.getIncludes().get(0));
            assertTrue(include.matcher("io.github.radixwheel.benchmarks.jmh." + part.benchmark()).find());
            assertFalse(include.matcher("io.github.radixwheel.benchmarks.jmh." + part.benchmark() + "Other").find());
            // A fork: about 0.5 s of JVM start, set-up and teardown (2 s more to build a graph and its
            // reference distances, 0.5 s more to start a timer thread and fill it), and the two
            // iterations. Measured: 144 forks of 500 ms iterations took 232 s on a 2-core VM, 1.6 s
            // each, the graphs' 20 forks 58 s; the model puts them at 1.5 s and 3.5 s.
            double fork = 0.5 + (part.params().containsKey("graph") ? 2 : 0) + (part.params().containsKey("pending") ? 0.5 : 0)
                    + (Headline.WARMUP.convertTo(TimeUnit.MILLISECONDS) + Headline.MEASUREMENT.convertTo(TimeUnit.MILLISECONDS)) / 1e3;
            seconds += part.combinations() * fork;
        }
        // The end-to-end runs: the warm-up runs, then per size each implementation RUNS times, each
        // run the window, about 50 ms, and about 0.6 µs per task (at 2^20, 0.6 s: scheduling a million
        // tasks and running them all, on one thread, takes longer than the window).
        double window = Headline.END_TO_END_WINDOW_NANOS / 1e9;
        seconds += EndToEnd.IMPLS.size() * Headline.END_TO_END_WARM_UP_RUNS
                * (window + 0.05 + Headline.END_TO_END_WARM_UP_SIZE * 0.6e-6);
        for (int n : Headline.END_TO_END_SIZES) {
            double runs = EndToEnd.IMPLS.size() * EndToEnd.RUNS;
            seconds += runs * (window + 0.05 + (n >= 1 << 20 ? 0.6 : 0));
        }
        assertEquals(4, Headline.END_TO_END_SIZES.length);
        // Six minutes, less the report.
        assertTrue(seconds < 350, "the headline takes about " + seconds + " s");
    }
}
