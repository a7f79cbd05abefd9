package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Removing an element leaves its slot's occupancy bit set until a search finds the slot empty. The
 * queries, removals and advances that meet such bits must skip them, at every level and for the
 * ring of the top level, and leave the invariants intact.
 */
class StaleOccupancyTest {

    /** Elements at every level of [2, 2, 2] (keys 0..79 from minimum 0), all removed but one. */
    @Test
    void removeAllButOne_queriesAndRemovalsSkipEmptiedSlots() {
        for (long survivor = 0; survivor < 80; survivor++) {
            TimingWheelQueue<Long> q = new TimingWheelQueue<>(LevelBits.of(2, 2, 2));
            List<Long> handles = new ArrayList<>();
            for (long key = 0; key < 80; key++) {
                handles.add(q.add(key, key));
            }
            for (int i = 0; i < 80; i++) {
                if (i != survivor) {
                    assertTrue(q.remove(handles.get(i)));
                }
            }
            q.checkInvariants();
            assertEquals(survivor, q.minKey(), "survivor " + survivor);
            assertEquals(survivor, q.pollMin());
            assertTrue(q.isEmpty());
            q.checkInvariants();
        }
    }

    @Test
    void increaseMinAllowedKey_acrossEmptiedSlots_deliversOnlyWhatIsLeft() {
        TimingWheelQueue<Long> q = new TimingWheelQueue<>(LevelBits.of(2, 2, 2));
        List<Long> handles = new ArrayList<>();
        for (long key = 0; key < 80; key++) {
            handles.add(q.add(key, key));
        }
        for (int i = 0; i < 80; i++) {
            if (i % 7 != 3) {
                q.remove(handles.get(i));
            }
        }
        List<Long> delivered = new ArrayList<>();
        q.increaseMinAllowedKey(80, (h, key, value) -> {
            delivered.add(key);
            q.checkInvariants();
        });
        List<Long> expected = new ArrayList<>();
        for (long key = 3; key < 80; key += 7) {
            expected.add(key);
        }
        assertEquals(expected, delivered);
        // The emptied slots' bits were found and cleared on the way; later keys reuse the slots.
        for (long key = 80; key < 160; key += 5) {
            q.add(key, key);
        }
        q.checkInvariants();
        assertEquals(80, q.minKey());
    }

    @Test
    void changeKey_leavesTheOldSlotEmpty_minimumFollowsTheElement() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = q.add(1, "a");
        long b = q.add(9, "b");
        q.changeKey(a, 13);              // slot of 1 is now empty with its bit still set
        assertEquals(9, q.minKey());
        q.changeKey(b, 14);              // and the slot of 9
        assertEquals(13, q.minKey());
        assertEquals("a", q.pollMin());
        assertEquals("b", q.pollMin());
        q.checkInvariants();
    }

    @Test
    void indexedQueue_removalsThenPolls_skipEmptiedSlots() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(64, LevelBits.of(2, 2, 2));
        for (int id = 0; id < 64; id++) {
            q.add(id, id);
        }
        for (int id = 0; id < 64; id += 2) {
            q.remove(id);
        }
        for (int id = 1; id < 64; id += 2) {
            assertEquals(id, q.minKey());
            assertEquals(id, q.pollMin());
            q.checkInvariants();
        }
        assertTrue(q.isEmpty());
    }
}
