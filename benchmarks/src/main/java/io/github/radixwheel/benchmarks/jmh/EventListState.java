package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.benchmarks.peers.eventlist.EventListImpl;
import io.github.radixwheel.benchmarks.peers.eventlist.EventListPeer;
import io.github.radixwheel.benchmarks.peers.eventlist.Increments;
import io.github.radixwheel.benchmarks.peers.eventlist.SimEvent;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What the simulator event-list benchmarks share: the {@code impl}, {@code dist} and {@code size}
 * parameters, the inputs and the checks.
 *
 * <p>Inputs are generated up front from fixed seeds: {@value PeerState#INPUTS} increments of the
 * distribution and as many priorities, uniform in {@code [0, }{@value #PRIORITIES}{@code )} (the
 * kinds of event), read with {@code i & MASK}. Every implementation gets the same inputs, so the same
 * event times, and the order (time, priority, scheduling order) fixes which event comes out when.
 */
@State(Scope.Thread)
public abstract class EventListState {
    static final long INITIAL_SEED = 0xFE1_01L;
    static final long INCREMENT_SEED = 0xFE1_02L;
    static final long PRIORITY_SEED = 0xFE1_03L;
    /** Priorities are uniform in [0, PRIORITIES). */
    static final int PRIORITIES = 3;
    /**
     * Above this size the calendar queue is not run on the discrete distribution: a bucket then holds
     * a third of the events, all of one time, and each event of a lower priority than the bucket's
     * last is inserted by a walk over them (set-up alone takes hours at 10^6).
     */
    public static final int CALENDAR_DISCRETE_LIMIT = 10_000;

    /** The implementation, an {@link EventListImpl#param()}. */
    @Param({"FutureEventList", "PriorityQueue", "TreeSet", "4-aryHeap", "CalendarQueue"})
    public String impl;

    /** The increment distribution, an {@link Increments#param()}. */
    @Param({"exponential", "uniform", "triangular", "negative_triangular", "camel", "bimodal", "pareto", "discrete"})
    public String dist;

    /** N, the number of pending events. */
    @Param({"10", "100", "1000", "10000", "100000", "1000000"})
    public int size;

    EventListPeer list;
    double[] increments;
    int[] priorities;
    int index;
    /** The time of the last event taken: times must not decrease. */
    double last;
    /** The last event taken, for the smoke test's comparison of the implementations. */
    SimEvent lastEvent;
    /** The sum of the taken events' ids: each taken event is read. */
    long takenIds;

    /**
     * Checks the parameters, builds the list and the inputs.
     *
     * @throws UnsupportedOperationException for the calendar queue on the discrete distribution above {@link #CALENDAR_DISCRETE_LIMIT}
     */
    final void start() {
        if (size <= 0) {
            throw new IllegalArgumentException("size: " + size + " (expected: > 0)");
        }
        EventListImpl which = EventListImpl.of(impl);
        Increments d = Increments.of(dist);
        if (which == EventListImpl.CALENDAR_QUEUE && d == Increments.DISCRETE && size > CALENDAR_DISCRETE_LIMIT) {
            throw new UnsupportedOperationException("CalendarQueue on discrete above " + CALENDAR_DISCRETE_LIMIT
                    + " events: each insertion walks the events of its time");
        }
        list = which.create(size);
        increments = d.generate(INCREMENT_SEED, PeerState.INPUTS);
        priorities = new SplittableRandom(PRIORITY_SEED).ints(PeerState.INPUTS, 0, PRIORITIES).toArray();
        index = 0;
        last = 0;
    }

    /** Takes the first event and checks that time did not go back; returns its time. */
    final double take() {
        SimEvent e = list.pollFirst();
        double t = list.now();
        if (e == null || !(t >= last)) {
            throw new IllegalStateException(impl + " " + dist + " N=" + size + ": took " + e + " at " + t
                    + " after an event at " + last);
        }
        last = t;
        lastEvent = e;
        takenIds += e.id; // the simulator's handler reads the event it is given
        return t;
    }

    /**
     * @param what what was counted
     * @param actual the count
     * @param expected what it must be
     * @throws IllegalStateException if they differ
     */
    final void expect(String what, long actual, long expected) {
        if (actual != expected) {
            throw new IllegalStateException(impl + " " + dist + " N=" + size + ": " + what + " " + actual
                    + ", expected " + expected);
        }
    }
}
