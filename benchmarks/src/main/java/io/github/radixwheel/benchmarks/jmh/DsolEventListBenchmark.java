package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.benchmarks.peers.eventlist.DsolEvent;
import io.github.radixwheel.benchmarks.peers.eventlist.DsolFutureEventList;
import io.github.radixwheel.benchmarks.peers.eventlist.Increments;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import nl.tudelft.simulation.dsol.eventlists.EventListInterface;
import nl.tudelft.simulation.dsol.eventlists.EventListPriorityQueue;
import nl.tudelft.simulation.dsol.eventlists.RedBlackTree;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The hold model through a simulation library's own event-list interface: DSOL's
 * {@code EventListInterface<Double>}, on DSOL's two lists (a red-black tree, its default, and a
 * priority queue) and on {@code FutureEventList} through the adapter {@link DsolFutureEventList}.
 *
 * <p><b>Set-up.</b> N events ({@link DsolEvent}) at exponential increments from time 0, with DSOL
 * priorities 4 to 6. <b>One invocation</b> is {@code removeFirst}, then the same event added again
 * an increment after its time, with a new priority. Every side boxes the new time, as DSOL's
 * {@code Number} times make a simulator do. <b>Units.</b> ns per hold. <b>Checks.</b> Times must not
 * decrease; after each iteration N events are pending.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar DsolEventListBenchmark -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DsolEventListBenchmark {
    private static final int INPUTS = 1 << 16;

    /** The list behind DSOL's interface. */
    @Param({"RedBlackTree", "EventListPriorityQueue", "FutureEventList"})
    public String impl;

    /** N, the number of pending events. */
    @Param({"1000", "100000"})
    public int size;

    EventListInterface<Double> list;
    double[] increments;
    short[] priorities;
    int index;
    double last;

    /**
     * @param impl an {@link #impl} value
     * @param capacity the events to allocate room for, where the list can
     * @return a new, empty list
     */
    static EventListInterface<Double> create(String impl, int capacity) {
        switch (impl) {
            case "RedBlackTree":
                return new RedBlackTree<>();
            case "EventListPriorityQueue":
                return new EventListPriorityQueue<>();
            case "FutureEventList":
                return new DsolFutureEventList(capacity);
            default:
                throw new IllegalArgumentException("impl: " + impl);
        }
    }

    /** Builds the list with N events pending. */
    @Setup(Level.Trial)
    public void setUp() {
        list = create(impl, size);
        increments = Increments.EXPONENTIAL.generate(EventListState.INCREMENT_SEED, INPUTS);
        priorities = new short[INPUTS];
        SplittableRandom random = new SplittableRandom(EventListState.PRIORITY_SEED);
        for (int i = 0; i < INPUTS; i++) {
            priorities[i] = (short) (4 + random.nextInt(3));
        }
        double[] initial = Increments.EXPONENTIAL.generate(EventListState.INITIAL_SEED, size);
        for (int i = 0; i < size; i++) {
            list.add(new DsolEvent(initial[i], priorities[(INPUTS - 1 - i) & (INPUTS - 1)]));
        }
        index = 0;
        last = 0;
    }

    /**
     * One hold: take the first event, add it again later.
     *
     * @return the time taken
     */
    @Benchmark
    public double hold() {
        DsolEvent e = (DsolEvent) list.removeFirst();
        double t = e.getAbsoluteExecutionTime();
        if (!(t >= last)) {
            throw new IllegalStateException(impl + ": an event at " + t + " after one at " + last);
        }
        last = t;
        int i = index++ & (INPUTS - 1);
        e.reschedule(t + increments[i], priorities[i]);
        list.add(e);
        return t;
    }

    /** Checks the count after each iteration. */
    @TearDown(Level.Iteration)
    public void check() {
        if (list.size() != size) {
            throw new IllegalStateException(impl + ": " + list.size() + " pending, expected " + size);
        }
    }
}
