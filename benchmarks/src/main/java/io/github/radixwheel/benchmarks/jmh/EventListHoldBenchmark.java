package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.benchmarks.peers.eventlist.Increments;
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
 * The hold model on a simulator's event list, with {@code double} times: take the first event
 * (the clock moves to its time), schedule it again an increment later with a new priority; N
 * events stay pending. The classic benchmark of event-list studies (Jones 1986), with the increment
 * distributions of {@link Increments} and priorities in {@code [0, 3)}.
 *
 * <p><b>Set-up.</b> N event objects, scheduled at increments drawn from the distribution (from time
 * 0). <b>One invocation</b> is {@code pollFirst} then {@code schedule(now + increment, priority,
 * same event)}. <b>Units.</b> ns per hold. <b>Checks.</b> Times must not decrease; after each
 * iteration N events are pending.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar EventListHoldBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class EventListHoldBenchmark extends EventListState {

    /** Builds the list with N events pending. */
    @Setup(Level.Trial)
    public void setUp() {
        start();
        double[] initial = Increments.of(dist).generate(INITIAL_SEED, size);
        for (int i = 0; i < size; i++) {
            list.schedule(initial[i], priorities[(PeerState.INPUTS - 1 - i) & PeerState.MASK], new SimEvent(i));
        }
    }

    /**
     * One hold: take the first event, schedule it again.
     *
     * @return the time taken
     */
    @Benchmark
    public double hold() {
        double t = take();
        int i = index++ & PeerState.MASK;
        list.schedule(t + increments[i], priorities[i], lastEvent);
        return t;
    }

    /** Checks the count after each iteration. */
    @TearDown(Level.Iteration)
    public void check() {
        expect("pending", list.size(), size);
    }
}
