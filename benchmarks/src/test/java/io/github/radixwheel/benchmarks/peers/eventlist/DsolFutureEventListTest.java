package io.github.radixwheel.benchmarks.peers.eventlist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import nl.tudelft.simulation.dsol.eventlists.EventListInterface;
import nl.tudelft.simulation.dsol.eventlists.RedBlackTree;
import nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEvent;
import nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEventInterface;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The DSOL adapter behaves as DSOL's own red-black tree list: the same event from every call, on
 * random operations with ties in time and priority (DSOL's priorities 1 to 10), removals of
 * pending and of unknown events (the first of which builds its map of handles, with events
 * pending), and in iteration order.
 */
class DsolFutureEventListTest {
    private static SimEvent<Double> event(double time, int priority) {
        return new SimEvent<>(time, (short) priority, "target", "run", null);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void randomOperations_matchDsolsRedBlackTree(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        EventListInterface<Double> ours = new DsolFutureEventList(4);
        EventListInterface<Double> theirs = new RedBlackTree<>();
        List<SimEventInterface<Double>> pending = new ArrayList<>();
        double now = 0;
        for (int step = 0; step < 20_000; step++) {
            int op = random.nextInt(10);
            if (op < 5 || pending.isEmpty()) {
                double delay = random.nextBoolean() ? random.nextInt(3) : random.nextDouble() * 5; // ties, and not
                SimEvent<Double> e = event(now + delay, 1 + random.nextInt(10));
                ours.add(e);
                theirs.add(e);
                pending.add(e);
            } else if (op < 8) {
                SimEventInterface<Double> e = theirs.removeFirst();
                assertSame(e, ours.removeFirst(), "step " + step);
                pending.remove(e);
                now = e.getAbsoluteExecutionTime();
            } else if (op == 8) {
                SimEventInterface<Double> e = pending.remove(random.nextInt(pending.size()));
                assertEquals(theirs.remove(e), ours.remove(e), "step " + step);
                assertFalse(ours.remove(e), "removed twice");
                assertFalse(ours.contains(e));
            } else {
                assertSame(theirs.first(), ours.first(), "step " + step);
                SimEvent<Double> stranger = event(now + 1, 5);
                assertFalse(ours.remove(stranger));
                assertFalse(ours.contains(stranger));
            }
            assertEquals(theirs.size(), ours.size());
        }
        Iterator<SimEventInterface<Double>> expected = theirs.iterator();
        for (SimEventInterface<Double> e : ours) {
            assertSame(expected.next(), e);
        }
        assertFalse(expected.hasNext());
        while (!theirs.isEmpty()) {
            assertSame(theirs.removeFirst(), ours.removeFirst());
        }
        assertNull(ours.first());
        assertNull(ours.removeFirst());
    }

    @Test
    void theMapOfHandles_isBuiltFromThePendingEvents() {
        DsolFutureEventList list = new DsolFutureEventList(0);
        SimEvent<Double> a = event(1, 5);
        SimEvent<Double> b = event(2, 5);
        list.add(a);
        list.add(b);
        assertSame(a, list.removeFirst());
        assertFalse(list.contains(a)); // builds the map: b only
        assertTrue(list.contains(b));
        SimEvent<Double> c = event(3, 5);
        list.add(c);
        assertTrue(list.remove(c));
        assertTrue(list.remove(b));
        assertEquals(0, list.size());
    }

    @Test
    void clear_emptiesAndForgets() {
        DsolFutureEventList list = new DsolFutureEventList(0);
        SimEvent<Double> e = event(1, 5);
        list.add(e);
        list.clear();
        assertEquals(0, list.size());
        assertFalse(list.contains(e));
        assertFalse(list.remove(e));
    }

    @Test
    void anEventBeforeTheLastTaken_isRefused_andChangesNothing() {
        DsolFutureEventList list = new DsolFutureEventList(0);
        list.add(event(2, 5));
        list.removeFirst();
        SimEvent<Double> late = event(1, 5);
        assertThrows(IllegalArgumentException.class, () -> list.add(late));
        assertEquals(0, list.size());
        assertFalse(list.contains(late));
    }
}
