package io.github.radixwheel.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Runs {@link EventListPeekBenchmark} directly (no JMH harness), briefly, and shows that its check can fail. */
class EventListPeekBenchmarkTest {
    @Test
    void everyPeekFindsTheFirstOfTheTies() {
        EventListPeekBenchmark b = new EventListPeekBenchmark();
        b.ties = 1000;
        b.setUp();
        for (int i = 0; i < 2_000; i++) {
            assertEquals(b.first, b.peekAfterSchedule());
        }
        assertEquals(1000, b.list.size(), "every scheduled event was removed again");
    }

    @Test
    void aWrongFirst_failsTheCheck() {
        EventListPeekBenchmark b = new EventListPeekBenchmark();
        b.ties = 10;
        b.setUp();
        b.list.remove(b.first);
        assertThrows(IllegalStateException.class, b::peekAfterSchedule);
    }
}
