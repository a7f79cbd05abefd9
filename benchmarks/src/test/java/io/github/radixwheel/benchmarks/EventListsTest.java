package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.benchmarks.jmh.EventListState;
import io.github.radixwheel.benchmarks.peers.eventlist.EventListImpl;
import io.github.radixwheel.benchmarks.peers.eventlist.Increments;
import io.github.radixwheel.benchmarks.report.Report;
import io.github.radixwheel.benchmarks.report.Result;
import io.github.radixwheel.benchmarks.report.RunInfo;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulator event-list suite's entry point: its parts run every combination once and none that
 * the set-up refuses, and its results make one chart panel per distribution and a ratio column for
 * {@code FutureEventList}.
 */
class EventListsTest {

    @Test
    void full_runsEveryCombinationOnce_butTheRefusedOnes() {
        int combinations = EventLists.FULL.stream().mapToInt(Headline.Part::combinations).sum();
        int perPattern = EventListImpl.values().length * Increments.values().length * EventLists.SIZES.length;
        long refused = Arrays.stream(EventLists.SIZES).filter(n -> Integer.parseInt(n) > EventListState.CALENDAR_DISCRETE_LIMIT).count();
        assertEquals(2 * (perPattern - refused), combinations);
        for (Headline.Part part : EventLists.FULL) {
            boolean calendar = Arrays.asList(part.params().get("impl")).contains("CalendarQueue");
            boolean discrete = Arrays.asList(part.params().get("dist")).contains("discrete");
            if (calendar && discrete) {
                assertTrue(Arrays.stream(part.params().get("size"))
                        .allMatch(n -> Integer.parseInt(n) <= EventListState.CALENDAR_DISCRETE_LIMIT), part.toString());
            }
        }
        assertEquals(List.of("EventListHoldBenchmark.hold"), EventLists.QUICK.stream().map(Headline.Part::benchmark).distinct().toList());
    }

    @Test
    void report_onePanelPerDistribution_andTheRatioColumn(@TempDir Path dir) throws IOException {
        List<Result> results = new ArrayList<>();
        for (String dist : new String[] {"exponential", "pareto"}) {
            for (String size : new String[] {"100", "10000"}) {
                results.add(result("FutureEventList", dist, size, 50));
                results.add(result("CalendarQueue", dist, size, 40));
            }
        }
        String md = Report.markdown(results);
        assertTrue(md.contains("| EventListHoldBenchmark.hold (dist=exponential) | 100 | ns/op | 50.0 · 0 B | **40.0** · 0 B | 1.25× (CalendarQueue) |"), md);
        Path png = dir.resolve("eventlists.png");
        Report.chart(results, new RunInfo("vm", "17", "today", "abc"), png);
        BufferedImage image = ImageIO.read(png.toFile());
        // Two panels (one per distribution) and the legend: one row of the grid's three columns.
        assertEquals(360, image.getHeight());
        assertEquals(3 * 520, image.getWidth());
    }

    private static Result result(String impl, String dist, String size, double score) {
        return new Result("EventListHoldBenchmark.hold", "avgt", Map.of("impl", impl, "dist", dist, "size", size), score,
                "ns/op", Double.NaN, 0.0);
    }
}
