package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;

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

    /**
     * At most 40 bytes per element of the current size beyond the initial footprint, besides the
     * value objects, for the bare queue and for both layouts of the alarm wheel (times implied by the
     * key, or stored: precision 3, negative start); measured with one shared value, at sizes right
     * after a growth (the worst case) and between.
     */
    @Test
    void radixwheelStructures_stayWithinFortyBytesPerElement() {
        Object value = new Object();
        assertPerElement("queue", n -> {
            TimingWheelQueue<Object> q = new TimingWheelQueue<>(LevelBits.DEFAULT);
            for (int i = 0; i < n; i++) {
                q.add(i * 7L, value);
            }
            return q;
        });
        assertPerElement("wheel, precision 1, start 0", n -> wheel(n, 1, 0, value));
        assertPerElement("wheel, precision 3, start -5", n -> wheel(n, 3, -5, value));
    }

    private static TimingWheel<Object> wheel(int n, long precision, long start, Object value) {
        TimingWheel<Object> w = new TimingWheel<>(new TimingWheelConfig(precision, LevelBits.DEFAULT), start);
        for (int i = 0; i < n; i++) {
            w.add(start + i * 7L, value);
        }
        return w;
    }

    private static void assertPerElement(String what, IntFunction<Object> build) {
        long initial = GraphLayout.parseInstance(build.apply(0)).totalSize();
        for (int n = 17; n <= 5000; n += n / 3) {
            double perElement = (double) (GraphLayout.parseInstance(build.apply(n)).totalSize() - initial) / n;
            assertTrue(perElement <= 40, what + ": " + perElement + " bytes per element at size " + n);
            assertTrue(n < 1000 || perElement >= 16, what + ": implausibly small, " + perElement + " bytes per element at " + n);
        }
    }
}
