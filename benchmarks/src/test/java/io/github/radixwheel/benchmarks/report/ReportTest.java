package io.github.radixwheel.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.benchmarks.jmh.Workload;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Report} on a small made-up JMH JSON file: the tables, the per-timer scores, n/a cells, the
 * ratio column, the chart's grid. Nothing is printed.
 */
class ReportTest {

    private static List<Result> fixture(Path dir) throws IOException {
        Path json = dir.resolve("results.json");
        try (InputStream in = ReportTest.class.getResourceAsStream("report-fixture.json")) {
            Files.copy(in, json);
        }
        return Result.read(json);
    }

    @Test
    void read_takesScoresParamsAndSecondaryMetrics(@TempDir Path dir) throws IOException {
        List<Result> results = fixture(dir);
        assertEquals(13, results.size());
        Result fire = results.get(4);
        assertEquals("FireAllBenchmark.fireAll", fire.benchmark());
        assertEquals(Workload.FIRE_ALL, fire.workload());
        assertEquals(Map.of("impl", "radixwheel", "size", "1024", "step", "1024"), fire.params());
        assertEquals(61440.0, fire.score());
        assertEquals(60.0, fire.value(), "per timer, from the timers metric");
        assertEquals("ns/timer", fire.valueUnit());
        assertEquals(2.0, fire.alloc(), 1e-9, "2048 B per invocation of 1024 timers");
        assertEquals(40.0, results.get(0).value(), "per operation");
        assertEquals("grid", results.get(10).size());
        assertEquals("heartbeat", new Result("KeyedTimerBenchmark.heartbeat", "thrpt", Map.of(), 1, "ops/s", 0, 0).impl());
    }

    @Test
    void markdown_marksTheFastestNaCellsAndTheRatio(@TempDir Path dir) throws IOException {
        String md = Report.markdown(fixture(dir));
        assertTrue(md.startsWith("### Peer suite\n\n| workload | size | unit | radixwheel | Agrona | PriorityQueue | radixwheel ÷ best other |"), md);
        assertTrue(md.contains("| 2. churn at N live | 2^10 | ns/op | **40.0** · 0 B | 50.0 · 0 B | — | 0.80× (Agrona) |"), md);
        assertTrue(md.contains("| 2. churn at N live | 2^20 | ns/op | 300 · 0 B | **250** · 48 B | — | 1.20× (Agrona) |"), md);
        assertTrue(md.contains("| 3. fire-all (step=1024) | 2^10 | ns/timer | 60.0 · 2 B | **30.0** · 0 B | — | 2.00× (Agrona) |"), md);
        assertTrue(md.contains("| 5. hold model (simulator step) (gaps=sparse) | 2^10 | ns/op | **25.0**"
                + " | n/a (peer lacks next-expiry query) | 35.0 | 0.71× (PriorityQueue) |"), md);
        // Throughput: higher is better, and the ratio is the other's over ours.
        assertTrue(md.contains("### KeyedTimerBenchmark\n\n| workload | size | unit | radixwheel | netty | radixwheel ÷ best other |"), md);
        assertTrue(md.contains("| KeyedTimerBenchmark.heartbeat | 1000000 | ops/s | 2,000,000 | **4,000,000** | 2.00× (netty) |"), md);
        assertTrue(md.contains("| ShortestPathBenchmark.search | grid | ms/op | 120 | **90.0** | 0.75× (BinaryHeap) |"), md);
        assertTrue(md.contains("| ShortestPathBenchmark.search | random-1e4 | ms/op | **0.50** | — | — |"), md);
        assertTrue(md.indexOf("2. churn") < md.indexOf("3. fire-all") && md.indexOf("3. fire-all") < md.indexOf("5. hold"));
    }

    @Test
    void chart_isAGridOfPanelsWithOneLegendPanel(@TempDir Path dir) throws IOException {
        Path png = dir.resolve("out").resolve("chart.png");
        Report.chart(fixture(dir), new RunInfo("a machine", "a JDK", "2026-01-01", "abc1234"), png);
        BufferedImage image = ImageIO.read(png.toFile());
        // Churn, fire-all, hold, heartbeat, shortest paths and the legend: two rows of three.
        assertEquals(3 * Chart.WIDTH, image.getWidth());
        assertEquals(2 * Chart.HEIGHT, image.getHeight());
        assertTrue(java.awt.GraphicsEnvironment.isHeadless());
    }

    @Test
    void chart_manyImplementations_spreadTheLegendOverMorePanels(@TempDir Path dir) throws IOException {
        List<Result> results = new java.util.ArrayList<>();
        for (int i = 0; i < Chart.LEGEND_ENTRIES + 1; i++) {
            for (String method : new String[] {"OtherBenchmark.run", "OtherBenchmark.walk"}) {
                results.add(new Result(method, "avgt", java.util.Map.of("impl", "impl" + i, "size", "1024"),
                        10 + i, "ns/op", Double.NaN, Double.NaN));
            }
        }
        Path png = dir.resolve("many.png");
        Report.chart(results, new RunInfo("a machine", "a JDK", "2026-01-01", "abc1234"), png);
        BufferedImage image = ImageIO.read(png.toFile());
        // Two panels of results and two of legend (eleven entries, then one with the caption): two rows.
        assertEquals(3 * Chart.WIDTH, image.getWidth());
        assertEquals(2 * Chart.HEIGHT, image.getHeight());
    }

    @Test
    void main_writesMarkdownAndPngBesideTheJson(@TempDir Path dir) throws IOException {
        List<Result> results = fixture(dir);
        Path out = dir.resolve("out");
        Report.main(new String[] {dir.resolve("results.json").toString(), "--out", out.toString()});
        assertEquals(Report.markdown(results), Files.readString(out.resolve("results.md")));
        assertTrue(Files.size(out.resolve("results.png")) > 0);
    }

    @Test
    void read_rejectsWhatIsNotAJmhResult(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"benchmark\": 1}");
        assertThrows(IllegalArgumentException.class, () -> Result.read(bad));
        Files.writeString(bad, "[{\"benchmark\": \"A.b\"}]");
        assertThrows(IllegalArgumentException.class, () -> Result.read(bad));
        Files.writeString(bad, "[]");
        assertEquals(List.of(), Result.read(bad));
        assertEquals("2^20", Report.sizeLabel("1048576"));
        assertEquals("1000", Report.sizeLabel("1000"));
        assertEquals("grid", Report.sizeLabel("grid"));
        assertEquals("1,235", Report.number(1234.6));
        assertEquals("0.12", Report.number(0.1234));
        assertEquals("0 B", Report.bytes(0.4));
        assertEquals("24 B", Report.bytes(24.2));
    }
}
