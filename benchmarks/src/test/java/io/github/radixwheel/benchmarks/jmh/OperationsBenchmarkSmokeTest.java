package io.github.radixwheel.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Runs every method of {@link OperationsBenchmark} directly at a small N, with its checks. */
class OperationsBenchmarkSmokeTest {
    private static final int N = 1024;

    private static OperationsBenchmark benchmark() {
        OperationsBenchmark b = new OperationsBenchmark();
        b.size = N;
        b.setUp();
        return b;
    }

    @Test
    void insertionsAndSetValue_keepTheSizeAndTheElements() {
        OperationsBenchmark b = benchmark();
        for (int i = 0; i < 3 * N; i++) {
            assertTrue(b.add());
            assertTrue(b.addFirst());
            assertTrue(b.addBefore());
            assertTrue(b.addAfter());
            assertEquals(7, b.setValue());
        }
        b.check();
    }

    @Test
    void removals_deliverInOrderAndKeepTheSize() {
        OperationsBenchmark b = benchmark();
        long last = -1;
        for (int i = 0; i < 3 * N; i++) {
            b.pollMin();
            b.pollMinAction();
            assertTrue(b.lastKey >= last, "keys go down: " + last + " then " + b.lastKey);
            last = b.lastKey;
            b.fireNextAlarm();
            b.indexedPollMin();
            b.indexedAddOrDecreaseKey();
        }
        b.check();
    }

    @Test
    void wholeQueueOperations_visitAndRefillN() {
        OperationsBenchmark b = benchmark();
        b.forEachInOrder();
        assertEquals(N, b.resetAndRefill());
        b.forEachInOrder();
        b.check();
    }
}
