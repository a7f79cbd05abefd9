package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A removal that empties a level 0 slot looks for the next occupied slot in the same bitmap word
 * and caches its first node as the next minimum. Checked with the next slot in the word, beyond
 * it, stale, and past the end of a top level 0's ring, with {@code checkInvariants} (which checks
 * the cached minimum) after every removal.
 */
class PollMinNextInWordTest {

    /** Every subset of 7 keys spread over level 0's first two words (128 slots), polled to empty. */
    @Test
    void pollMin_everySubsetAcrossTwoWords_keyOrderAndCachedMinimum() {
        long[] keys = {0, 1, 30, 63, 64, 65, 127};
        for (int subset = 1; subset < 1 << keys.length; subset++) {
            TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(7, 3));
            List<Long> expected = new ArrayList<>();
            for (int i = keys.length - 1; i >= 0; i--) { // not in key order: no minimum cached by insertion order
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
}
