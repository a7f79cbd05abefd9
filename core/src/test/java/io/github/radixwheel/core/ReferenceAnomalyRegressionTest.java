package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Orderings that the reference design (Jane Street's Timing_wheel) gets wrong and we must not. */
class ReferenceAnomalyRegressionTest {

    /** Equal keys split across levels: one added before the window slid, one after. */
    @Test
    void increaseMinAllowedKey_equalKeysAddedAcrossLevels_deliversInInsertionOrder() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(1, 1));
        q.add(2, "A");
        q.increaseMinAllowedKey(1, (h, k, v) -> {
            throw new AssertionError("nothing is below 1");
        });
        q.add(2, "B");
        q.checkInvariants();
        List<String> got = new ArrayList<>();
        q.increaseMinAllowedKey(3, (h, k, v) -> got.add(v));
        assertEquals(List.of("A", "B"), got);
        q.checkInvariants();
    }

    @Test
    void minElement_equalKeysAddedAcrossLevels_isTheEarlierInsertion() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(1, 1));
        long a = q.add(2, "A");
        q.increaseMinAllowedKey(1, (h, k, v) -> { });
        q.add(2, "B");
        assertEquals(a, q.minElement());
        assertEquals("A", q.pollMin());
        assertEquals("B", q.pollMin());
    }

    /** A smaller key left in a higher level while larger keys sit in level 0. */
    @Test
    void increaseMinAllowedKey_smallerKeyInHigherLevel_deliversInKeyOrder() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.DEFAULT);
        q.add(2048, "X");
        q.increaseMinAllowedKey(2000, (h, k, v) -> { });
        q.add(3000, "Y");
        q.checkInvariants();
        List<String> got = new ArrayList<>();
        List<Long> keys = new ArrayList<>();
        q.increaseMinAllowedKey(4000, (h, k, v) -> {
            got.add(v);
            keys.add(k);
        });
        assertEquals(List.of("X", "Y"), got);
        assertEquals(List.of(2048L, 3000L), keys);
    }

    @Test
    void minKey_smallerKeyInHigherLevel_isExact() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.DEFAULT);
        q.add(2048, "X");
        q.increaseMinAllowedKey(2000, (h, k, v) -> { });
        q.add(3000, "Y");
        assertEquals(2048, q.minKey());
        assertEquals("X", q.pollMin());
        assertEquals(3000, q.minKey());
    }
}
