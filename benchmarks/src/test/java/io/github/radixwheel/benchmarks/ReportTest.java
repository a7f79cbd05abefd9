package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Report} on a small JMH JSON fixture: the tables, the per-timer scores, n/a cells, the chart. */
class ReportTest {

    private static String fixture() throws IOException {
        try (InputStream in = ReportTest.class.getResourceAsStream("report-fixture.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void parse_readsScoresParamsAndSecondaryMetrics() throws IOException {
        List<Report.Result> results = Report.parse(fixture());
        assertEquals(11, results.size());
        Report.Result fire = results.get(5);
        assertEquals("FireAllBenchmark.fireAll", fire.benchmark());
        assertEquals(Workload.FIRE_ALL, fire.workload());
        assertEquals(Map.of("impl", "radixwheel", "size", "1024", "step", "1024"), fire.params());
        assertEquals(61440.0, fire.score());
        assertEquals(60.0, fire.value(), "per timer, from the timers metric");
        assertEquals("ns/timer", fire.valueUnit());
        assertEquals(2.0, fire.alloc(), 1e-9, "2048 B per invocation of 1024 timers");
        Report.Result churn = results.get(0);
        assertEquals(40.0, churn.value(), "per operation");
        assertEquals("ns/op", churn.valueUnit());
        assertEquals(List.of(1024L, 1048576L), Report.sizes(results));
    }

    @Test
    void markdown_marksTheFastestNaCellsAndTheRatio() throws IOException {
        String md = Report.markdown(Report.parse(fixture()));
        assertTrue(md.contains("| workload | N | unit | radixwheel | Agrona | Kafka | Caffeine | DelayQueue"
                + " | PriorityQueue | fastutil | radixwheel ÷ best other |"), md);
        assertTrue(md.contains("| 2. churn at N live | 2^10 | ns/op | **40.0** · 0 B | 50.0 · 0 B | 120 · 48 B"
                + " | — | — | — | — | 0.80× (Agrona) |"), md);
        assertTrue(md.contains("| 2. churn at N live | 2^20 | ns/op | 300 · 0 B | — | — | — | — | — | **250** · 0 B"
                + " | 1.20× (fastutil) |"), md);
        assertTrue(md.contains("| 3. fire-all (step=1024) | 2^10 | ns/timer | 60.0 · 2 B | — | — | **30.0** · 0 B"
                + " | — | — | — | 2.00× (Caffeine) |"), md);
        assertTrue(md.contains("| 5. hold (discrete-event) (gaps=sparse) | 2^10 | ns/timer | **25.0** · 0 B"
                + " | n/a (peer lacks next-expiry query) | n/a (peer lacks next-expiry query)"
                + " | n/a (peer lacks next-expiry query) | — | 35.0 · 0 B | — | 0.71× (PriorityQueue) |"), md);
        // The thread-driven benchmark gets its own table and columns.
        assertTrue(md.contains("### NettyBenchmark (thread-driven: producer side only)"), md);
        assertTrue(md.contains("| NettyBenchmark.cancelAndCreate | 2^10 | ns/op | **90.0** · 64 B | 110 · 32 B"
                + " | 1.22× (Netty) |"), md);
        // Rows follow the workload order: churn, fire-all, hold.
        assertTrue(md.indexOf("2. churn") < md.indexOf("3. fire-all") && md.indexOf("3. fire-all") < md.indexOf("5. hold"));
    }

    @Test
    void main_writesMarkdownAndAHeadlessPngChart(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("results.json");
        Files.writeString(json, fixture(), StandardCharsets.UTF_8);
        Path out = dir.resolve("out");
        Report.main(new String[] {json.toString(), out.toString()});
        String md = Files.readString(out.resolve("results.md"));
        assertEquals(Report.markdown(Report.read(json)), md);
        BufferedImage png = ImageIO.read(out.resolve("results.png").toFile());
        // Four panels (churn, fire-all, hold, Netty) in rows of three.
        assertEquals(3 * 620, png.getWidth());
        assertEquals(2 * 400, png.getHeight());
        assertTrue(java.awt.GraphicsEnvironment.isHeadless());
    }

    @Test
    void parse_rejectsWhatIsNotAJmhResult() {
        assertThrows(IllegalArgumentException.class, () -> Report.parse("{\"benchmark\": 1}"));
        assertThrows(IllegalArgumentException.class, () -> Report.parse("[1, 2"));
        assertEquals(List.of(), Report.parse("[]"));
        assertEquals("2^20", Report.sizeLabel(1 << 20));
        assertEquals("1000", Report.sizeLabel(1000));
        assertEquals("1,235", Report.number(1234.6));
        assertEquals("0.12", Report.number(0.1234));
        assertEquals("0 B", Report.bytes(0.4));
        assertEquals("24 B", Report.bytes(24.2));
    }

    @Test
    void json_handlesEscapesNumbersAndLiterals() {
        Object v = Json.parse(" {\"a\": [1, -2.5e3, true, false, null, \"x\\\"\\u00e9\\n\"], \"b\": {}} ");
        assertEquals(Map.of("a", java.util.Arrays.asList(1.0, -2500.0, true, false, null, "x\"é\n"), "b", Map.of()), v);
        assertTrue(Double.isNaN(Json.number("NaN")));
        assertEquals(3.0, Json.number(3.0));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\" 1}"));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("[1] x"));
    }
}
