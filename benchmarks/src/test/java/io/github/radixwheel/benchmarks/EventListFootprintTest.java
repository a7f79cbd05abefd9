package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.FutureEventList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code FutureEventList}'s memory bound, measured with JOL: at most 48 bytes per event of capacity
 * besides the event objects (32 for its wheel's nodes, up to 16 more of sort space once a time's
 * events had to be sorted by priority, which only more than 64 distinct priorities at one time
 * need), above the fixed footprint of an empty list; and the
 * comparison table covers every implementation with plausible sizes.
 */
class EventListFootprintTest {
    private static final int N = 1 << 13;

    /** The bytes of a list with capacity N, less an empty list's (capacity 0) and the shared event object. */
    private static double perEventOfCapacity(FutureEventList<Object> list) {
        long fixed = Footprint.bytes(new FutureEventList<>(0.0, 0));
        return (double) (Footprint.bytes(list) - fixed - Footprint.bytes(EVENT)) / N;
    }

    private static final Object EVENT = new Object();

    @Test
    void distinctTimes_take32BytesPerEventOfCapacity() {
        FutureEventList<Object> list = new FutureEventList<>(0.0, N);
        for (int i = 0; i < N; i++) {
            list.add(1.0 + i * 0.001, i % 3, EVENT);
        }
        assertEquals(32, perEventOfCapacity(list), 0.1);
    }

    @Test
    void oneTimeWithManyPrioritiesOutOfOrder_staysWithin48BytesPerEventOfCapacity() {
        FutureEventList<Object> list = new FutureEventList<>(0.0, N);
        for (int i = 0; i < N; i++) {
            // 100 priorities, descending: more than the runs a time keeps, so its events are sorted when it comes
            list.add(1.0, 99 - 100 * i / N, EVENT);
        }
        list.pollFirst();
        list.add(1.0, 0, EVENT);
        double perEvent = perEventOfCapacity(list);
        assertTrue(perEvent > 32 && perEvent <= 48, perEvent + " bytes per event of capacity");
        list.trimToSize();
        assertEquals(32, perEventOfCapacity(list), 0.1, "trimToSize releases the sort space");
    }

    @Test
    void oneTimeWithFewPrioritiesOutOfOrder_needsNoSortSpace() {
        FutureEventList<Object> list = new FutureEventList<>(0.0, N);
        for (int i = 0; i < N; i++) {
            list.add(1.0, 3 - 4 * i / N, EVENT); // priorities 3, 2, 1, 0: each event moves into its run
        }
        list.pollFirst();
        list.add(1.0, 0, EVENT);
        assertEquals(32, perEventOfCapacity(list), 0.1);
    }

    @Test
    void emptyList_fixedFootprint_isTheSlotArrays() {
        long fixed = Footprint.bytes(new FutureEventList<>(0.0, 0));
        assertTrue(fixed > 8 * 34_816 && fixed < 8 * 34_816 + 32 * 1024, fixed + " bytes");
    }

    @Test
    void measure_coversEveryImplementation() {
        int n = 1 << 12;
        List<Footprint.Row> rows = EventListFootprint.measure(n);
        assertEquals(5, rows.size());
        String summary = EventListFootprint.summary(rows);
        for (Footprint.Row r : rows) {
            assertTrue(r.bytesPerTimer() > 4 && r.bytesPerTimer() < 400, summary);
        }
        // The heaps hold a slot per event at least; the tree an entry; the list 32 bytes plus its slots spread over n.
        assertTrue(rows.get(2).bytesPerTimer() >= 32, summary);
        assertTrue(rows.get(0).bytesPerTimer() >= 32, summary);
    }
}
