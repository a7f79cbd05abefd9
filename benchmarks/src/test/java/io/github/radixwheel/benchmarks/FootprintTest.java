package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The timer footprint table: every implementation is measured, with plausible per-timer sizes. */
class FootprintTest {

    @Test
    void measureTimers_coversEveryImplementationWithPlausibleSizes() {
        int n = 1 << 12;
        List<Footprint.TimerRow> rows = Footprint.measureTimers(n);
        assertEquals(9, rows.size());
        String[] prefixes = {"radixwheel", "Agrona", "Kafka", "Caffeine", "java.util.concurrent.DelayQueue",
            "java.util.PriorityQueue", "fastutil", "  the same + Object[]", "Netty"};
        for (int i = 0; i < prefixes.length; i++) {
            assertTrue(rows.get(i).impl().startsWith(prefixes[i]), rows.get(i).impl());
            assertEquals(n, rows.get(i).timers());
        }
        // radixwheel with precision 1 and start 0 stores no times: key, links, value slot, handle bits,
        // per timer; its slot arrays (about 140 KB with the default level bits) are a fixed cost, so
        // the per-timer size is the growth from n to 2n timers.
        long twice = Footprint.measureTimers(2 * n).get(0).totalBytes();
        double radix = (double) (twice - rows.get(0).totalBytes()) / n;
        assertTrue(radix >= 16 && radix <= 40, "radixwheel " + radix);
        // Kafka needs an entry and a task object per timer; Caffeine a cache node.
        assertTrue(rows.get(2).bytesPerTimer() >= 48, rows.get(2).toString());
        assertTrue(rows.get(3).bytesPerTimer() >= 32, rows.get(3).toString());
        // The heaps need at least a deadline and an index or reference per timer.
        assertTrue(rows.get(5).bytesPerTimer() >= 20, rows.get(5).toString());
        assertTrue(rows.get(6).bytesPerTimer() >= 16, rows.get(6).toString());
        assertTrue(rows.get(7).bytesPerTimer() > rows.get(6).bytesPerTimer(), "values add to the heap");
        assertTrue(rows.get(8).bytesPerTimer() >= 40, rows.get(8).toString());
        assertEquals("no (id only)", rows.get(1).payload());
        String table = Footprint.timerTable(rows);
        assertTrue(table.contains("| radixwheel TimingWheel | yes (value per alarm) |"), table);
        assertEquals(2 + 2 + rows.size(), table.split("\n", -1).length - 1, table);
    }
}
