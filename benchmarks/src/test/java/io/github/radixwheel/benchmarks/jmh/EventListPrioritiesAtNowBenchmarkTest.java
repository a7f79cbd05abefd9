package io.github.radixwheel.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Runs {@link EventListPrioritiesAtNowBenchmark} directly (no JMH harness), briefly, and shows that its check can fail. */
class EventListPrioritiesAtNowBenchmarkTest {
    @Test
    void everyOperationLeavesTheListAsItWas() {
        EventListPrioritiesAtNowBenchmark b = new EventListPrioritiesAtNowBenchmark();
        b.priorities = 1000;
        b.setUp();
        for (int i = 0; i < 5_000; i++) {
            b.addAndRemoveAtNow();
        }
        assertEquals(1000, b.list.size());
        b.list.checkInvariants();
        assertEquals(0, b.list.priority(b.list.firstHandle()), "the lowest even priority is first");
    }

    @Test
    void aListThatLostAnEvent_failsTheCheck() {
        EventListPrioritiesAtNowBenchmark b = new EventListPrioritiesAtNowBenchmark();
        b.priorities = 100;
        b.setUp();
        b.list.pollFirst();
        assertThrows(IllegalStateException.class, b::addAndRemoveAtNow);
    }
}
