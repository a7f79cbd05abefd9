package io.github.radixwheel.benchmarks.peers.eventlist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The representation study's two-tier prototype takes the same events at the same times as the
 * 4-ary heap, on every increment distribution, with priorities, far events (which go through the
 * wheel and back), extra takes that shrink it and extra schedules that grow it.
 */
class CalendarFrontPrototypeTest {
    private static final int STEPS = 60_000;

    @ParameterizedTest
    @EnumSource(Increments.class)
    void takesTheSameEventsAsTheHeap(Increments dist) {
        for (int n : new int[] {1, 10, 100, 2000}) {
            EventListPeer front = new CalendarFrontPrototype(n);
            EventListPeer heap = new FourAryEventHeap(n);
            SplittableRandom random = new SplittableRandom(n * 31L + dist.ordinal());
            double[] initial = dist.generate(7, n);
            double[] increments = dist.generate(9, 1 << 12);
            int ids = 0;
            for (int i = 0; i < n; i++) {
                int priority = random.nextInt(3);
                front.schedule(initial[i], priority, new SimEvent(ids));
                heap.schedule(initial[i], priority, new SimEvent(ids++));
            }
            for (int k = 0; k < STEPS; k++) {
                SimEvent a = front.pollFirst();
                SimEvent b = heap.pollFirst();
                assertEquals(b.id, a.id, dist + ", " + n + " events, step " + k);
                assertEquals(heap.now(), front.now(), dist + ", " + n + " events, step " + k);
                double delay = increments[k & 0xFFF] * (k % 1000 == 0 ? 1e3 : 1); // now and then far ahead
                int priority = random.nextInt(3);
                if (k % 9 == 0 && heap.size() > 1) {
                    assertEquals(heap.pollFirst().id, front.pollFirst().id);
                }
                front.schedule(front.now() + delay, priority, a);
                heap.schedule(heap.now() + delay, priority, b);
                if (k % 9 == 4) {
                    front.schedule(front.now() + 3 * delay, priority, new SimEvent(ids));
                    heap.schedule(heap.now() + 3 * delay, priority, new SimEvent(ids++));
                }
            }
            assertEquals(heap.size(), front.size());
            while (heap.size() > 0) {
                assertEquals(heap.pollFirst().id, front.pollFirst().id);
            }
            assertNull(front.pollFirst());
        }
    }
}
