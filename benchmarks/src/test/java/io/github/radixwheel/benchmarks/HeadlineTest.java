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
 * exactly its benchmark, and its size keeps it within the 5-minute budget.
 */
class HeadlineTest {

    @Test
    void preset_runsOnlySupportedCombinationsAtFourSizesWithinBudget() {
        double seconds = 0;
        for (Headline.Part part : Headline.PRESET) {
            Workload w = Workload.ofBenchmark(part.benchmark());
            String[] sizes = part.params().getOrDefault("size", part.params().get("graph"));
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
            // reference distances), and the two iterations. Measured: the whole headline, 144 forks
            // and the end-to-end run, took 3 min 23 s on a 2-core VM, which this model puts at 256 s
            // before the end-to-end run.
            double fork = 0.5 + (part.params().containsKey("graph") ? 2 : 0)
                    + (Headline.WARMUP.convertTo(TimeUnit.MILLISECONDS) + Headline.MEASUREMENT.convertTo(TimeUnit.MILLISECONDS)) / 1e3;
            seconds += part.combinations() * fork;
        }
        // Five minutes, less the end-to-end run and the report.
        assertTrue(seconds < 285, "the preset takes about " + seconds + " s");
    }
}
