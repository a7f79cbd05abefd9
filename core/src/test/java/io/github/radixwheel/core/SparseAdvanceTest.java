package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Advancing across empty key ranges must not walk empty slots one at a time. The bound below is a
 * guard against that O(distance) behaviour (which would take hours here), not a performance
 * assertion: the work is about a millisecond.
 */
class SparseAdvanceTest {

    @Test
    void increaseMinAllowedKey_manyLongEmptyStretches_neverWalksEmptySlots() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(1).extendToMaxNumBits());
        long far = Long.MAX_VALUE - 5;
        long handle = q.add(far, "far");
        int[] delivered = {0};
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            long min = 0;
            for (int i = 0; i < 200_000; i++) {
                min += 1_000_000 + (i % 7);
                q.increaseMinAllowedKey(min, (h, k, v) -> delivered[0]++);
            }
        });
        assertEquals(0, delivered[0]);
        assertEquals(far, q.key(handle));
        assertEquals(far, q.minKey());
        q.checkInvariants();
        q.increaseMinAllowedKey(Long.MAX_VALUE, (h, k, v) -> delivered[0]++);
        assertEquals(1, delivered[0]);
        assertEquals(0, q.size());
    }

    @Test
    void minKey_elementBeyondEmptyStretch_foundWithoutWalking() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(1).extendToMaxNumBits());
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (int i = 0; i < 100_000; i++) {
                long gap = 1L << (i % 62);
                long key = q.minAllowedKey() > Long.MAX_VALUE - gap ? Long.MAX_VALUE : q.minAllowedKey() + gap;
                long h = q.add(key, "x");
                assertEquals(key, q.minKey());
                assertEquals(h, q.minElement());
                q.pollMin();
            }
        });
        q.checkInvariants();
    }
}
