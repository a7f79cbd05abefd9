package io.github.radixwheel.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.benchmarks.peers.eventlist.SsjEvent;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/**
 * Runs the hold benchmarks through the simulation libraries' own event-list interfaces directly
 * (no JMH harness), briefly: every list behind one interface takes events at the same times, the
 * per-iteration count check passes, and a list that loses an event fails it.
 */
class LibraryEventListBenchmarksSmokeTest {
    private static final int N = 200;
    private static final int HOLDS = 20 * N;

    /** Sets a benchmark up, takes {@link #HOLDS} holds, runs its check, and returns the times taken. */
    private static double[] times(Runnable setUp, DoubleSupplier hold, Runnable check) {
        setUp.run();
        double[] t = new double[HOLDS];
        for (int i = 0; i < HOLDS; i++) {
            t[i] = hold.getAsDouble();
        }
        check.run();
        return t;
    }

    private static double[] ssjTimes(String impl) {
        SsjEventListBenchmark b = new SsjEventListBenchmark();
        b.impl = impl;
        b.size = N;
        return times(b::setUp, b::hold, b::check);
    }

    private static double[] dsolTimes(String impl) {
        DsolEventListBenchmark b = new DsolEventListBenchmark();
        b.impl = impl;
        b.size = N;
        return times(b::setUp, b::hold, b::check);
    }

    @Test
    void ssj_everyListTakesTheSameTimes() {
        double[] reference = ssjTimes("FutureEventList");
        assertTrue(reference[HOLDS - 1] > reference[0], "time moves");
        for (String impl : new String[] {"SplayTree", "BinaryTree", "RedblackTree", "Henriksen"}) {
            assertArrayEquals(reference, ssjTimes(impl), impl);
        }
    }

    @Test
    void dsol_everyListTakesTheSameTimes() {
        double[] reference = dsolTimes("FutureEventList");
        assertTrue(reference[HOLDS - 1] > reference[0], "time moves");
        assertArrayEquals(reference, dsolTimes("RedBlackTree"));
        assertArrayEquals(reference, dsolTimes("EventListPriorityQueue"));
    }

    @Test
    void ssj_aLostEvent_failsTheCheck() {
        SsjEventListBenchmark b = new SsjEventListBenchmark();
        b.impl = "FutureEventList";
        b.size = N;
        b.setUp();
        b.list.removeFirst();
        assertThrows(IllegalStateException.class, b::check);
    }

    @Test
    void ssj_anEventBeforeTheLastTaken_failsTheHold() {
        SsjEventListBenchmark b = new SsjEventListBenchmark();
        b.impl = "SplayTree";
        b.size = N;
        b.setUp();
        b.hold();
        b.list.add(new SsjEvent(-1, 1)); // a list that gave an earlier event now
        assertThrows(IllegalStateException.class, b::hold);
    }
}
