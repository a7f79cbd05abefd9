package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.FutureEventList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code FutureEventList}'s memory, measured with JOL, besides the event objects and above the fixed
 * footprint of an empty list: 32 bytes per event of capacity for the nodes; 9 per bucket of the
 * front, of which there are between half and twice as many as front events; and once a day's
 * events had to be sorted, 16 bytes per event of the largest day sorted, until {@code trimToSize}.
 * And the comparison table covers every implementation with plausible sizes.
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
    void oneTimeOutOfPriorityOrder_addsSortSpaceAndBuckets() {
        FutureEventList<Object> list = new FutureEventList<>(0.0, N);
        for (int i = 0; i < N; i++) {
            list.add(1.0, 3 - 4 * i / N, EVENT); // priorities 3, 2, 1, 0: the time's events are sorted when it comes
        }
        list.pollFirst();
        list.add(1.0, 0, EVENT);
        // 32 + 16 of sort space for the N events of the one time + 4.5: N / 2 buckets of 9 bytes.
        double perEvent = perEventOfCapacity(list);
        assertEquals(32 + 16 + 4.5, perEvent, 0.1, perEvent + " bytes per event of capacity");
        list.trimToSize();
        assertEquals(32 + 4.5, perEventOfCapacity(list), 0.1, "trimToSize releases the sort space");
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
