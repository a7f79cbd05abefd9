package io.github.radixwheel.benchmarks.peers.eventlist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;
import umontreal.ssj.simevents.eventlist.EventList;
import umontreal.ssj.simevents.eventlist.SplayTree;

/**
 * The SSJ adapter behaves as SSJ's own default list, the splay tree: the same event from every
 * call on random operations with ties in time and priority (adding at the front, next to another
 * event, removing pending and unknown events, the first of which builds its map of handles), the
 * same listing, and the same trace of a queue simulated by SSJ's simulator on either list.
 */
class SsjFutureEventListTest {
    private static List<Event> listing(EventList list) {
        List<Event> out = new ArrayList<>();
        list.forEach(out::add);
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void randomOperations_matchSsjsSplayTree(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        SsjFutureEventList ours = new SsjFutureEventList(4);
        EventList theirs = new SplayTree();
        List<SsjEvent> pending = new ArrayList<>();
        double now = 0;
        for (int step = 0; step < 20_000; step++) {
            int op = random.nextInt(12);
            if (op < 4 || pending.isEmpty()) {
                double delay = random.nextBoolean() ? random.nextInt(3) : random.nextDouble() * 5; // ties, and not
                SsjEvent e = new SsjEvent(now + delay, 1 + random.nextInt(3));
                ours.add(e);
                theirs.add(e);
                pending.add(e);
            } else if (op == 4) {
                SsjEvent e = new SsjEvent(now, 0); // as scheduleNext: now, priority 0, at the very front
                ours.addFirst(e);
                theirs.addFirst(e);
                pending.add(e);
            } else if (op == 5) {
                Event other = pending.get(random.nextInt(pending.size()));
                SsjEvent e = new SsjEvent(other.time(), other.priority()); // as scheduleBefore/After
                if (random.nextBoolean()) {
                    ours.addBefore(e, other);
                    theirs.addBefore(e, other);
                } else {
                    ours.addAfter(e, other);
                    theirs.addAfter(e, other);
                }
                pending.add(e);
            } else if (op < 9) {
                Event e = theirs.removeFirst();
                assertSame(e, ours.removeFirst(), "step " + step);
                pending.remove(e);
                now = e.time();
            } else if (op == 9) {
                SsjEvent e = pending.remove(random.nextInt(pending.size()));
                assertEquals(theirs.remove(e), ours.remove(e), "step " + step);
                assertFalse(ours.remove(e), "removed twice");
            } else {
                assertSame(theirs.getFirst(), ours.getFirst(), "step " + step);
                assertSame(theirs.getFirstOfClass(SsjEvent.class), ours.getFirstOfClass(SsjEvent.class));
                assertFalse(ours.remove(new SsjEvent(now + 1, 2)));
            }
            assertEquals(pending.size(), ours.size());
            if (step % 1_000 == 0) {
                assertEquals(listing(theirs), listing(ours), "step " + step);
            }
        }
        assertEquals(listing(theirs), listing(ours));
        while (!theirs.isEmpty()) {
            assertSame(theirs.removeFirst(), ours.removeFirst());
        }
        assertTrue(ours.isEmpty());
        assertNull(ours.getFirst());
        assertNull(ours.removeFirst());
    }

    @Test
    void addFirst_goesToTheVeryFront_whateverItsPriority() {
        SsjFutureEventList ours = new SsjFutureEventList(0);
        EventList theirs = new SplayTree();
        SsjEvent a = new SsjEvent(0, -1);
        SsjEvent b = new SsjEvent(0, 1);
        SsjEvent x = new SsjEvent(0, 0);
        for (EventList list : List.of(ours, theirs)) {
            list.add(a);
            list.add(b);
            list.addFirst(x);
        }
        assertEquals(List.of(x, a, b), listing(theirs));
        assertEquals(listing(theirs), listing(ours));
    }

    @Test
    void aPriorityThatIsNoInt_isRefused_andChangesNothing() {
        SsjFutureEventList list = new SsjFutureEventList(0);
        SsjEvent e = new SsjEvent(1, 1);
        list.add(e);
        assertThrows(IllegalArgumentException.class, () -> list.add(new SsjEvent(1, 0.5)));
        assertThrows(IllegalArgumentException.class, () -> list.add(new SsjEvent(1, 1e10)));
        assertEquals(List.of(e), listing(list));
    }

    @Test
    void addBefore_anEventNotPending_isRefused() {
        SsjFutureEventList list = new SsjFutureEventList(0);
        SsjEvent stranger = new SsjEvent(1, 1);
        assertThrows(IllegalArgumentException.class, () -> list.addBefore(new SsjEvent(1, 1), stranger));
        assertTrue(list.isEmpty());
    }

    @Test
    void clear_restartsTheClock_asSsjsSimulatorExpects() {
        SsjFutureEventList list = new SsjFutureEventList(0);
        list.add(new SsjEvent(5, 1));
        list.removeFirst();
        list.clear();
        SsjEvent early = new SsjEvent(1, 1);
        list.add(early);
        assertSame(early, list.removeFirst());
    }

    /** An M/M/2 queue with impatient customers, on SSJ's simulator; returns its trace. */
    private static List<String> simulateQueue(EventList list, long seed) {
        Simulator sim = new Simulator(list);
        sim.init();
        SplittableRandom random = new SplittableRandom(seed);
        List<String> trace = new ArrayList<>();
        new Queue(sim, random, trace).start();
        sim.start();
        return trace;
    }

    /** The queue's state and events: arrivals, departures, abandonments (cancelled when served), the end. */
    private static final class Queue {
        final Simulator simulator;
        final SplittableRandom random;
        final List<String> trace;
        final List<Abandon> waiting = new ArrayList<>();
        int busy;
        int customers;

        Queue(Simulator sim, SplittableRandom random, List<String> trace) {
            this.simulator = sim;
            this.random = random;
            this.trace = trace;
        }

        double exp(double mean) {
            return -mean * Math.log(1 - random.nextDouble());
        }

        void start() {
            new Arrival().schedule(exp(1.0));
            Event end = new Event(simulator) {
                @Override
                public void actions() {
                    trace.add("end " + sim.time());
                    sim.stop();
                }
            };
            end.setPriority(0); // before the customers' events of its time
            end.schedule(2_000);
        }

        void startService(int customer) {
            busy++;
            trace.add(simulator.time() + " serve " + customer);
            Departure d = new Departure(customer);
            d.setPriority(2);
            d.schedule(random.nextInt(4) == 0 ? 0 : exp(1.7)); // some take no time: ties
        }

        final class Arrival extends Event {
            Arrival() {
                super(simulator);
            }

            @Override
            public void actions() {
                int customer = customers++;
                trace.add(sim.time() + " arrive " + customer);
                new Arrival().schedule(exp(1.0));
                if (busy < 2) {
                    startService(customer);
                } else {
                    Abandon a = new Abandon(customer);
                    waiting.add(a);
                    a.schedule(exp(3.0));
                }
            }
        }

        final class Departure extends Event {
            final int customer;

            Departure(int customer) {
                super(simulator);
                this.customer = customer;
            }

            @Override
            public void actions() {
                trace.add(sim.time() + " leave " + customer);
                busy--;
                if (!waiting.isEmpty()) {
                    Abandon next = waiting.remove(0);
                    if (!next.cancel()) {
                        throw new IllegalStateException("a waiting customer's abandonment was not pending");
                    }
                    Event note = new Event(simulator) {
                        @Override
                        public void actions() {
                            trace.add(sim.time() + " noted " + next.customer);
                        }
                    };
                    note.scheduleNext(); // at the very front
                    startService(next.customer);
                }
            }
        }

        final class Abandon extends Event {
            final int customer;

            Abandon(int customer) {
                super(simulator);
                this.customer = customer;
            }

            @Override
            public void actions() {
                trace.add(sim.time() + " abandon " + customer);
                waiting.remove(this);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {7, 8})
    void aQueueSimulatedBySsj_takesTheSameEventsInTheSameOrder(long seed) {
        List<String> expected = simulateQueue(new SplayTree(), seed);
        List<String> actual = simulateQueue(new SsjFutureEventList(16), seed);
        assertTrue(expected.size() > 5_000, "the simulation ran: " + expected.size());
        assertTrue(expected.stream().anyMatch(s -> s.contains("abandon")), "some customers gave up");
        assertTrue(expected.stream().anyMatch(s -> s.contains("noted")), "some abandonments were cancelled");
        assertEquals(expected, actual);
    }
}
