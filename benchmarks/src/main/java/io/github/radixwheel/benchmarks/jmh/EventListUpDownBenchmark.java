package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.benchmarks.peers.eventlist.SimEvent;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The up/down pattern on a simulator's event list: the list grows from empty to N events, each
 * scheduled an increment after the time the growth began, then shrinks back to empty by taking the
 * first event N times; and again. It exercises growth, shrinking and (for the calendar queue)
 * resizing, where the hold model keeps the size fixed.
 *
 * <p><b>One invocation</b> is one step: a schedule while growing, a {@code pollFirst} while
 * shrinking. <b>Units.</b> ns per step (a full cycle is 2N steps). <b>Checks.</b> Times taken must
 * not decrease; the size stays in {@code [0, N]} and turns at both ends; after each iteration the
 * size is what the steps taken so far make it.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar EventListUpDownBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class EventListUpDownBenchmark extends EventListState {
    SimEvent[] events;
    boolean growing;
    /** The time the current growth began at. */
    double base;
    /** Steps since the set-up: the size follows from it. */
    long steps;

    /** Builds the empty list and N event objects. */
    @Setup(Level.Trial)
    public void setUp() {
        start();
        events = new SimEvent[size];
        for (int i = 0; i < size; i++) {
            events[i] = new SimEvent(i);
        }
        growing = true;
        base = 0;
        steps = 0;
    }

    /**
     * One step up or down.
     *
     * @return the time scheduled or taken
     */
    @Benchmark
    public double step() {
        steps++;
        if (growing) {
            int n = list.size();
            int i = index++ & PeerState.MASK;
            double t = base + increments[i];
            list.schedule(t, priorities[i], events[n]);
            growing = n + 1 < size;
            return t;
        }
        double t = take();
        if (list.size() == 0) {
            growing = true;
            base = t;
        }
        return t;
    }

    /** Checks that the size is where the steps put it. */
    @TearDown(Level.Iteration)
    public void check() {
        long phase = steps % (2L * size);
        expect("pending", list.size(), phase <= size ? phase : 2L * size - phase);
    }
}
