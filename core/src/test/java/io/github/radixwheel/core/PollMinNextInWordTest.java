package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A removal that empties its slot looks for the next occupied slot in the same bitmap word and
 * caches that slot's first node as the next minimum: in level 0 always, above it when the slot
 * holds that one node and raising the minimum leaves it there. The node is named before the rise
 * moves the lower levels' ranges, which may take it down and refill its slot from above. Checked with the next slot in the
 * word, beyond it, stale, past the end of a top level 0's ring, and moved down, with
 * {@code checkInvariants} (which checks the cached minimum) after every removal.
 */
class PollMinNextInWordTest {

    /** Every subset of 7 keys spread over level 0's first two words (128 slots), polled to empty. */
    @Test
    void pollMin_everySubsetAcrossTwoWords_keyOrderAndCachedMinimum() {
        long[] keys = {0, 1, 30, 63, 64, 65, 127};
        for (int subset = 1; subset < 1 << keys.length; subset++) {
            TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(7, 3));
            List<Long> expected = new ArrayList<>();
            for (int i = keys.length - 1; i >= 0; i--) { // decreasing: each becomes the cached minimum
                if ((subset & (1 << i)) != 0) {
                    q.add(keys[i], i);
                    expected.add(0, keys[i]);
                }
            }
            for (long key : expected) {
                q.pollMin();
                assertEquals(key, q.minAllowedKey(), "subset " + Integer.toBinaryString(subset));
                q.checkInvariants();
            }
            assertTrue(q.isEmpty());
        }
    }

    /** The slot after the emptied one in its word is stale: its node was removed. */
    @Test
    void pollMin_nextBitInWordIsStale_findsTheMinimumBeyondIt() {
        TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(6, 3));
        q.add(1, 1);
        long five = q.add(5, 5);
        q.add(9, 9);
        assertTrue(q.remove(five)); // slot 5's bit stays set, stale
        assertEquals(1, (int) q.pollMin());
        q.checkInvariants();
        assertEquals(9, q.minKey());
        assertEquals(9, (int) q.pollMin());
        q.checkInvariants();
    }

    /** Level 0 is the top: its slots form a ring, so slots before the emptied one hold later keys. */
    @Test
    void pollMin_levelZeroIsTheRing_slotsBeforeTheEmptiedOneComeLater() {
        TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(6));
        q.increaseMinAllowedKey(60, (h, k, v) -> { });
        q.add(65, 65); // slot 1, after the ring wraps
        q.add(62, 62);
        q.add(63, 63);
        q.add(70, 70); // slot 6
        for (int key : new int[] {62, 63, 65, 70}) {
            assertEquals(key, (int) q.pollMin());
            q.checkInvariants();
        }
        assertTrue(q.isEmpty());
    }

    /**
     * Upper levels: every subset of keys around the block ends of levels 1 to 3 of
     * {@code [2, 2, 2, 4]}, from two minima, polled to empty. A removed key at the end of its
     * level 0 and level 1 blocks (175, 191, 255) moves the lower levels' ranges over the next slot
     * of its level, whose node moves down, and that slot may then fill with later keys from above.
     */
    @Test
    void pollMin_upperLevelsEverySubsetAroundBlockEnds_keyOrderAndCachedMinimum() {
        long[] keys = {156, 163, 175, 179, 191, 192, 221, 240, 255, 288, 1100};
        for (long start : new long[] {61, 155}) {
            for (int subset = 1; subset < 1 << keys.length; subset++) {
                pollToEmpty(start, keys, subset, -1);
            }
        }
    }

    /**
     * The top level's ring: from minimum 155 it holds [192, 1215], from slot 3 round to slot 2, so
     * keys from 1088 up lie in slots 1 and 2, before the ring's start. Every subset of keys in
     * both parts, up to {@code maxAllowedKey()}, polled to empty.
     */
    @Test
    void pollMin_topLevelRingEverySubset_keyOrderAndCachedMinimum() {
        TimingWheelQueue<Integer> empty = new TimingWheelQueue<>(LevelBits.of(2, 2, 2, 4));
        empty.increaseMinAllowedKey(155, (h, k, v) -> { });
        assertEquals(1215, empty.maxAllowedKey());
        long[] keys = {200, 260, 1000, 1090, 1100, 1150, 1160, 1214, 1215};
        for (int subset = 1; subset < 1 << keys.length; subset++) {
            pollToEmpty(155, keys, subset, -1);
        }
    }

    /** The same with one key removed before polling, so that a next bit in some word is stale. */
    @Test
    void pollMin_upperLevelsWithAStaleNextBit_keyOrderAndCachedMinimum() {
        long[] keys = {156, 175, 179, 191, 221, 240, 255, 288};
        for (int subset = 1; subset < 1 << keys.length; subset++) {
            for (int removed = 0; removed < keys.length; removed++) {
                if ((subset & (1 << removed)) != 0) {
                    pollToEmpty(155, keys, subset, removed);
                }
            }
        }
    }

    /**
     * The case that a first version got wrong by reading the next slot after the move: 175 ends
     * level 2's slot, so 179 moves down to level 1 and 240 moves into 179's old slot.
     */
    @Test
    void pollMin_removalAtBlockEndMovesTheNextSlotDown_nextMinimumIsTheMovedKey() {
        TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(2, 2, 2, 4));
        for (int key : new int[] {240, 175, 221, 179, 288, 155}) {
            q.add(key, key);
        }
        q.increaseMinAllowedKey(61, (h, k, v) -> { });
        for (int key : new int[] {155, 175, 179, 221, 240, 288}) {
            assertEquals(key, (int) q.pollMin());
            q.checkInvariants();
        }
    }

    /**
     * Adds the subset's keys but {@code removed}, in decreasing order (each becomes the cached
     * minimum), removes that one if any, then polls to empty; a second time with a filler key at
     * {@code start} added first and polled first, which leaves the minimum unknown, so that the
     * next removal finds it by a search.
     */
    private static void pollToEmpty(long start, long[] keys, int subset, int removed) {
        for (boolean filler : new boolean[] {false, true}) {
            TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(2, 2, 2, 4));
            q.increaseMinAllowedKey(start, (h, k, v) -> { });
            if (filler) {
                q.add(start, -1);
            }
            List<Long> expected = new ArrayList<>();
            long removedHandle = TimingWheelQueue.NULL_HANDLE;
            for (int i = keys.length - 1; i >= 0; i--) {
                if ((subset & (1 << i)) != 0) {
                    long handle = q.add(keys[i], i);
                    if (i == removed) {
                        removedHandle = handle;
                    } else {
                        expected.add(0, keys[i]);
                    }
                }
            }
            if (removedHandle != TimingWheelQueue.NULL_HANDLE) {
                assertTrue(q.remove(removedHandle));
            }
            if (filler) {
                assertEquals(-1, (int) q.pollMin());
            }
            String where = "start " + start + ", subset " + Integer.toBinaryString(subset) + ", removed " + removed
                    + ", filler " + filler;
            for (long key : expected) {
                q.pollMin();
                assertEquals(key, q.minAllowedKey(), where);
                q.checkInvariants();
            }
            assertTrue(q.isEmpty(), where);
        }
    }
}
