package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.benchmarks.jmh.Workload;
import io.github.radixwheel.benchmarks.peers.Impl;
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
            // A fork: about 0.8 s of JVM start, set-up and teardown, and the two iterations.
            seconds += part.combinations() * (0.8 + Headline.WARMUP.convertTo(java.util.concurrent.TimeUnit.MILLISECONDS) / 1e3
                    + Headline.MEASUREMENT.convertTo(java.util.concurrent.TimeUnit.MILLISECONDS) / 1e3);
        }
        assertTrue(seconds < 270, "the preset takes about " + seconds + " s");
    }
}
