package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.benchmarks.peers.eventlist.Increments;
import io.github.radixwheel.benchmarks.peers.eventlist.SsjEvent;
import io.github.radixwheel.benchmarks.peers.eventlist.SsjFutureEventList;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
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
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.eventlist.BinaryTree;
import umontreal.ssj.simevents.eventlist.EventList;
import umontreal.ssj.simevents.eventlist.Henriksen;
import umontreal.ssj.simevents.eventlist.RedblackTree;
import umontreal.ssj.simevents.eventlist.SplayTree;

/**
 * The hold model through SSJ's event-list interface, on SSJ's lists (its default, the splay tree,
 * and its binary tree, red-black tree and Henriksen's list; not its doubly linked list, linear in
 * N) and on {@code FutureEventList} through the adapter {@link SsjFutureEventList}.
 *
 * <p><b>Set-up.</b> N events ({@link SsjEvent}) at exponential increments from time 0, with
 * priorities 1 to 3. <b>One invocation</b> is {@code removeFirst}, then the same event added again
 * an increment after its time, with a new priority. <b>Units.</b> ns per hold. <b>Checks.</b> Times
 * must not decrease; after each iteration N events are pending.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar SsjEventListBenchmark -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SsjEventListBenchmark {
    private static final int INPUTS = 1 << 16;

    /** The list behind SSJ's interface. */
    @Param({"SplayTree", "BinaryTree", "RedblackTree", "Henriksen", "FutureEventList"})
    public String impl;

    /** N, the number of pending events. */
    @Param({"1000", "100000"})
    public int size;

    EventList list;
    double[] increments;
    byte[] priorities;
    int index;
    double last;

    /**
     * @param impl an {@link #impl} value
     * @param capacity the events to allocate room for, where the list can
     * @return a new, empty list
     */
    static EventList create(String impl, int capacity) {
        switch (impl) {
            case "SplayTree":
                return new SplayTree();
            case "BinaryTree":
                return new BinaryTree();
            case "RedblackTree":
                return new RedblackTree();
            case "Henriksen":
                return new Henriksen();
            case "FutureEventList":
                return new SsjFutureEventList(capacity);
            default:
                throw new IllegalArgumentException("impl: " + impl);
        }
    }

    /** Builds the list with N events pending. */
    @Setup(Level.Trial)
    public void setUp() {
        list = create(impl, size);
        increments = Increments.EXPONENTIAL.generate(EventListState.INCREMENT_SEED, INPUTS);
        priorities = new byte[INPUTS];
        SplittableRandom random = new SplittableRandom(EventListState.PRIORITY_SEED);
        for (int i = 0; i < INPUTS; i++) {
            priorities[i] = (byte) (1 + random.nextInt(3));
        }
        double[] initial = Increments.EXPONENTIAL.generate(EventListState.INITIAL_SEED, size);
        for (int i = 0; i < size; i++) {
            list.add(new SsjEvent(initial[i], priorities[(INPUTS - 1 - i) & (INPUTS - 1)]));
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
        SsjEvent e = (SsjEvent) list.removeFirst();
        double t = e.time();
        if (!(t >= last)) {
            throw new IllegalStateException(impl + ": an event at " + t + " after one at " + last);
        }
        last = t;
        int i = index++ & (INPUTS - 1);
        e.reschedule(t + increments[i], priorities[i]);
        list.add(e);
        return t;
    }

    /**
     * Checks the count after each iteration: by walking SSJ's lists, whose interface has no size,
     * and by the adapter's own count, since its walk makes a sorted copy (which would show in the
     * allocation per hold).
     */
    @TearDown(Level.Iteration)
    public void check() {
        int n = 0;
        if (list instanceof SsjFutureEventList) {
            n = ((SsjFutureEventList) list).size();
        } else {
            for (Event ignored : list) {
                n++;
            }
        }
        if (n != size) {
            throw new IllegalStateException(impl + ": " + n + " pending, expected " + size);
        }
    }
}
