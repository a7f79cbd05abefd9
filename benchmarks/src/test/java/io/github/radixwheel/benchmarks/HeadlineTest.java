package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.Options;

/**
 * The headline preset without running it: every combination it runs must be one the benchmarks
 * accept (no n/a combination is spent on a fork), its size keeps it within the 5-minute budget,
 * and each part selects exactly its benchmark.
 */
class HeadlineTest {

    @Test
    void preset_runsOnlySupportedCombinationsWithinBudget() {
        int forks = 0;
        for (Headline.Part part : Headline.PRESET) {
            Workload w = Workload.ofBenchmark(part.benchmark());
            assertNotNull(w, part.benchmark());
            for (String impl : part.params().get("impl")) {
                for (String size : part.params().get("size")) {
                    assertNull(w.whyNot(Impl.of(impl), Integer.parseInt(size)), part.benchmark() + " " + impl + " " + size);
                }
            }
            forks += part.combinations();
            Options o = Headline.options(part);
            assertEquals(1, o.getForkCount().get());
            assertEquals(1, o.getMeasurementIterations().get());
            assertTrue(o.getProfilers().size() == 1, "-prof gc");
            Pattern include = Pattern.compile(o.getIncludes().get(0));
            assertTrue(include.matcher("io.github.radixwheel.benchmarks." + part.benchmark()).find());
            assertTrue(!include.matcher("io.github.radixwheel.benchmarks.QueueBenchmark.churn").find());
        }
        // About 3 s per fork on two cores (JVM start, set-up, 1 s + 1 s): 65 forks fit in 5 minutes.
        assertEquals(65, forks);
    }
}
