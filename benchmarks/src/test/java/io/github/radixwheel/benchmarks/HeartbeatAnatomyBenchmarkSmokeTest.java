package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Runs {@link HeartbeatAnatomyBenchmark}'s methods directly (no JMH harness) with a few thousand keys. */
class HeartbeatAnatomyBenchmarkSmokeTest {
    private static final int KEYS = 2048;

    @Test
    void everyPartFindsItsKeysAndLeavesThemArmed() {
        HeartbeatAnatomyBenchmark b = new HeartbeatAnatomyBenchmark();
        b.keys = KEYS;
        b.setUp();
        try {
            long before = System.nanoTime();
            for (int i = 0; i < 3 * KEYS; i++) {
                assertTrue(b.clock() >= before);
                assertEquals(nextKey(b).hashCode(), b.keyHash());
                int hash = nextKey(b).hashCode();
                assertTrue(b.clockThenKeyHash() - hash >= before);
                b.lookup();
                assertTrue(b.lookupThenClock() >= 0);
                assertTrue(b.move());
            }
            b.check();
            assertEquals(KEYS, b.timer.pending());
            // A key that the map does not hold fails the run rather than looking fast.
            b.indexOf.removeLong(b.timer.keyObjects[7]);
            assertThrows(IllegalStateException.class, () -> b.touch(7, 0));
        } finally {
            b.close();
        }
    }

    /** The key that the benchmark's next call will use. */
    private static Long nextKey(HeartbeatAnatomyBenchmark b) {
        return b.timer.keyObjects[b.cursor.picks[b.cursor.index & KeyedTimerBenchmark.MASK]];
    }
}
