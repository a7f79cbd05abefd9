package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.IndexedTimingWheelQueue;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import io.github.radixwheel.benchmarks.peers.Impl;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;

/**
 * The footprint table: every implementation is measured through its adapter, payloads included,
 * with plausible per-timer sizes; and radixwheel's own structures stay within their memory bound.
 */
class FootprintTest {

    @Test
    void measure_coversEveryImplementationWithPlausibleSizes() {
        int n = 1 << 12;
        List<Footprint.Row> rows = Footprint.measure(n);
        assertEquals(Impl.values().length + 1, rows.size());
        Map<String, Double> perTimer = new HashMap<>();
        rows.forEach(r -> perTimer.put(r.name(), r.bytesPerTimer()));
        // radixwheel's slot arrays (about 57 KB with the default level bits) are a fixed cost, so
        // the per-timer size is the growth from n to 2n timers.
        double radix = (double) (Footprint.measure(2 * n).get(0).totalBytes() - rows.get(0).totalBytes()) / n;
        assertTrue(radix >= 16 && radix <= 40, "radixwheel " + radix);
        // Kafka needs an entry and a task object per timer; Caffeine a 40-byte cache node.
        assertTrue(perTimer.get("Kafka TimingWheel") >= 48, perTimer.toString());
        assertEquals(40, perTimer.get("Caffeine TimerWheel"), 8, perTimer.toString());
        // The JDK queues hold an element per timer; the indexed heaps a key, an id, a position and a
        // payload slot; Agrona a deadline slot and a map entry (a long key and a value reference, in
        // a table at most 65 % full).
        assertTrue(perTimer.get("java.util.PriorityQueue") >= 28, perTimer.toString());
        assertEquals(20, perTimer.get("fastutil"), 0.1, perTimer.toString());
        assertEquals(20, perTimer.get("BinaryHeap"), 0.1, perTimer.toString());
        assertTrue(perTimer.get("Agrona DeadlineTimerWheel") >= 8 + 12 / 0.65, perTimer.toString());
        assertTrue(perTimer.get("Netty HashedWheelTimer (shallow timeout)") >= 40, perTimer.toString());
        String table = Footprint.table(rows);
        assertTrue(table.contains("| radixwheel TimingWheel | value slot |"), table);
        assertEquals(2 + rows.size(), table.split("\n").length, table);
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
        long initial = Footprint.bytes(build.apply(0));
        for (int n = 17; n <= 5000; n += n / 3) {
            double perElement = (double) (Footprint.bytes(build.apply(n)) - initial) / n;
            assertTrue(perElement <= 40, what + ": " + perElement + " bytes per element at size " + n);
            assertTrue(n < 1000 || perElement >= 16, what + ": implausibly small, " + perElement + " bytes per element at " + n);
        }
    }

    /** 16 bytes per id of capacity, besides the slot arrays, all allocated by the constructor. */
    @Test
    void indexedQueue_takesSixteenBytesPerIdOfCapacity() {
        long empty = GraphLayout.parseInstance(new IndexedTimingWheelQueue(0)).totalSize();
        for (int capacity : new int[] {1, 1000, 1 << 16}) {
            IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(capacity);
            long before = GraphLayout.parseInstance(q).totalSize();
            for (int id = 0; id < capacity; id++) {
                q.add(id, id * 7L);
            }
            long full = GraphLayout.parseInstance(q).totalSize();
            assertEquals(before, full, "adding ids allocates nothing at capacity " + capacity);
            double perId = (double) (full - empty) / capacity;
            assertTrue(perId <= 16 + 48.0 / capacity, perId + " bytes per id at capacity " + capacity);
        }
    }

    /** {@code trimToSize()} brings an emptied queue, and an emptied wheel, back to their initial footprint. */
    @Test
    void trimToSize_emptiedStructures_returnToTheirInitialFootprint() {
        Object value = new Object();
        TimingWheelQueue<Object> q = new TimingWheelQueue<>();
        long initial = GraphLayout.parseInstance(q).totalSize();
        for (int i = 0; i < 10_000; i++) {
            q.add(i * 7L, value);
        }
        q.clear();
        assertTrue(GraphLayout.parseInstance(q).totalSize() > initial, "clear keeps the capacity");
        q.trimToSize();
        assertEquals(initial, GraphLayout.parseInstance(q).totalSize());

        TimingWheel<Object> w = new TimingWheel<>(new TimingWheelConfig(3, LevelBits.DEFAULT), -5);
        long wheelInitial = GraphLayout.parseInstance(w).totalSize();
        for (int i = 0; i < 10_000; i++) {
            w.add(i * 7L, value);
        }
        w.advanceClock(Long.MAX_VALUE, (alarm, at, v) -> { });
        w.trimToSize();
        assertEquals(wheelInitial, GraphLayout.parseInstance(w).totalSize());
    }
}
