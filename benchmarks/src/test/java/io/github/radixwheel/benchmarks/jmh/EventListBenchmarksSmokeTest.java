package io.github.radixwheel.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.benchmarks.peers.eventlist.EventListImpl;
import io.github.radixwheel.benchmarks.peers.eventlist.FutureEventListPeer;
import io.github.radixwheel.benchmarks.peers.eventlist.Increments;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Runs the simulator event-list benchmarks' invocations directly (no JMH harness), briefly, for
 * every implementation and distribution, and checks that all implementations take the same events
 * at the same times: given the same inputs, the order (time, priority, scheduling order) fixes
 * every step. Also checks that a broken run fails instead of looking fast.
 */
class EventListBenchmarksSmokeTest {
    private static final int N = 200;
    private static final int HOLDS = 20 * N;

    private static <S extends EventListState> S state(Supplier<S> factory, EventListImpl impl, String dist, int size) {
        S s = factory.get();
        s.impl = impl.param();
        s.dist = dist;
        s.size = size;
        return s;
    }

    @Test
    void hold_everyImplementationTakesTheSameEventsAtTheSameTimes() {
        for (String dist : Increments.PARAMS) {
            Map<EventListImpl, double[]> times = new LinkedHashMap<>();
            Map<EventListImpl, int[]> ids = new LinkedHashMap<>();
            for (EventListImpl impl : EventListImpl.values()) {
                EventListHoldBenchmark b = state(EventListHoldBenchmark::new, impl, dist, N);
                b.setUp();
                double[] t = new double[HOLDS];
                int[] id = new int[HOLDS];
                for (int i = 0; i < HOLDS; i++) {
                    t[i] = b.hold();
                    id[i] = b.lastEvent.id;
                }
                b.check();
                times.put(impl, t);
                ids.put(impl, id);
                if (b.list instanceof FutureEventListPeer fel) {
                    fel.list().checkInvariants();
                }
            }
            double[] reference = times.get(EventListImpl.FUTURE_EVENT_LIST);
            assertTrue(reference[HOLDS - 1] > reference[0], "time moves");
            times.forEach((impl, t) -> assertArrayEquals(reference, t, "times of " + impl.param() + " " + dist));
            ids.forEach((impl, id) -> assertArrayEquals(ids.get(EventListImpl.FUTURE_EVENT_LIST), id,
                    "events of " + impl.param() + " " + dist));
        }
    }

    @Test
    void hold_discrete_hasManyTies() {
        EventListHoldBenchmark b = state(EventListHoldBenchmark::new, EventListImpl.FUTURE_EVENT_LIST, "discrete", N);
        b.setUp();
        int ties = 0;
        double previous = -1;
        for (int i = 0; i < HOLDS; i++) {
            double t = b.hold();
            ties += t == previous ? 1 : 0;
            previous = t;
        }
        assertTrue(ties > HOLDS / 2, "only " + ties + " ties");
    }

    @Test
    void upDown_everyImplementationTakesTheSameEvents_andTurnsAtBothEnds() {
        for (String dist : Increments.PARAMS) {
            Map<EventListImpl, double[]> times = new LinkedHashMap<>();
            for (EventListImpl impl : EventListImpl.values()) {
                EventListUpDownBenchmark b = state(EventListUpDownBenchmark::new, impl, dist, N);
                b.setUp();
                double[] t = new double[7 * N];
                for (int i = 0; i < t.length; i++) {
                    t[i] = b.step();
                    if (i == N - 1) {
                        assertEquals(N, b.list.size(), "full after N steps");
                    }
                    if (i == 2 * N - 1) {
                        assertEquals(0, b.list.size(), "empty after 2N steps");
                    }
                }
                b.check();
                assertEquals(N, b.list.size(), "3.5 cycles end full");
                times.put(impl, t);
            }
            double[] reference = times.get(EventListImpl.FUTURE_EVENT_LIST);
            times.forEach((impl, t) -> assertArrayEquals(reference, t, "times of " + impl.param() + " " + dist));
        }
    }

    @Test
    void calendarQueue_onDiscreteAboveTheLimit_isRefused() {
        EventListHoldBenchmark b = state(EventListHoldBenchmark::new, EventListImpl.CALENDAR_QUEUE, "discrete",
                2 * EventListState.CALENDAR_DISCRETE_LIMIT);
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, b::setUp);
        assertTrue(e.getMessage().contains("walks"), e.getMessage());
    }

    /** The checks must turn a broken run into an exception rather than a fast number. */
    @Test
    void theChecksCatchABrokenRun() {
        EventListHoldBenchmark hold = state(EventListHoldBenchmark::new, EventListImpl.CALENDAR_QUEUE, "exponential", N);
        hold.setUp();
        hold.last = Double.POSITIVE_INFINITY;
        assertThrows(IllegalStateException.class, hold::hold, "time went back");

        EventListHoldBenchmark lost = state(EventListHoldBenchmark::new, EventListImpl.FUTURE_EVENT_LIST, "uniform", N);
        lost.setUp();
        lost.list.pollFirst();
        assertThrows(IllegalStateException.class, lost::check, "an event lost");

        EventListUpDownBenchmark upDown = state(EventListUpDownBenchmark::new, EventListImpl.FOUR_ARY_HEAP, "pareto", N);
        upDown.setUp();
        upDown.step();
        upDown.steps++;
        assertThrows(IllegalStateException.class, upDown::check, "the size does not follow the steps");

        EventListHoldBenchmark unknown = state(EventListHoldBenchmark::new, EventListImpl.FUTURE_EVENT_LIST, "gamma", N);
        assertThrows(IllegalArgumentException.class, unknown::setUp);
    }
}
