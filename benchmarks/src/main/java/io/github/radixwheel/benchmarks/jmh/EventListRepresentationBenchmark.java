package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.benchmarks.peers.eventlist.CalendarFrontPrototype;
import io.github.radixwheel.benchmarks.peers.eventlist.CoarsePrototype;
import io.github.radixwheel.benchmarks.peers.eventlist.EventListImpl;
import io.github.radixwheel.benchmarks.peers.eventlist.EventListPeer;
import io.github.radixwheel.benchmarks.peers.eventlist.Increments;
import io.github.radixwheel.benchmarks.peers.eventlist.RawBitsPrototype;
import io.github.radixwheel.benchmarks.peers.eventlist.SimEvent;
import io.github.radixwheel.core.LevelBits;
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

/**
 * The study behind {@code FutureEventList}'s representation: the hold model with exponential
 * increments (mean 1), every event at priority 0, on
 * <ul>
 *   <li>{@code FutureEventList} (exact keys, the raw bits of each time, on five levels of 11 to 13 bits);</li>
 *   <li>{@code exact-default} and {@code exact-5levels}: path (a) bare, a {@code TimingWheelQueue}
 *       keyed by the raw bits, with {@code LevelBits.DEFAULT} (seven levels) or the list's five
 *       ({@link RawBitsPrototype});</li>
 *   <li>{@code coarseS}: path (b), the bits shifted right by S, exact order among the events of
 *       the earliest coarse key in a heap ({@link CoarsePrototype});</li>
 *   <li>{@code calendarFront}: path (c), two tiers, a calendar front of day buckets fitted to the
 *       density over the raw-bits wheel ({@link CalendarFrontPrototype});</li>
 *   <li>the strongest peers, {@code CalendarQueue} and {@code 4-aryHeap}.</li>
 * </ul>
 * {@code start} is the time of the first events: at 0 the clock runs from 0 to about (holds / N);
 * at 10^9 every time is near 10^9, where an ulp is 2^22 times coarser relative to the gaps, so a
 * coarse key's best shift moves. Units: ns per hold. Checks: times do not decrease; N stay pending.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar EventListRepresentationBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class EventListRepresentationBenchmark {
    /** The five levels of {@code FutureEventList}. */
    static final LevelBits FIVE_LEVELS = LevelBits.of(13, 13, 13, 13, 11);

    /** The representation. */
    @Param({"FutureEventList", "exact-default", "exact-5levels", "coarse20", "coarse24", "coarse28", "coarse32",
        "coarse36", "calendarFront", "CalendarQueue", "4-aryHeap"})
    public String impl;

    /** N, the number of pending events. */
    @Param({"100", "10000", "1000000"})
    public int size;

    /** The time of the first events. */
    @Param({"0", "1e9"})
    public String start;

    EventListPeer list;
    double[] increments;
    int index;
    double last;

    /** Builds the list with N events pending. */
    @Setup(Level.Trial)
    public void setUp() {
        list = create(impl, size);
        double s = Double.parseDouble(start);
        double[] initial = Increments.EXPONENTIAL.generate(EventListState.INITIAL_SEED, size);
        increments = Increments.EXPONENTIAL.generate(EventListState.INCREMENT_SEED, PeerState.INPUTS);
        for (int i = 0; i < size; i++) {
            list.schedule(s + initial[i], 0, new SimEvent(i));
        }
        last = s;
    }

    static EventListPeer create(String impl, int size) {
        if (impl.equals("exact-default")) {
            return new RawBitsPrototype(impl, LevelBits.DEFAULT, size);
        }
        if (impl.equals("exact-5levels")) {
            return new RawBitsPrototype(impl, FIVE_LEVELS, size);
        }
        if (impl.equals("calendarFront")) {
            return new CalendarFrontPrototype(size);
        }
        if (impl.startsWith("coarse")) {
            return new CoarsePrototype(Integer.parseInt(impl.substring("coarse".length())), size);
        }
        return EventListImpl.of(impl).create(size);
    }

    /**
     * One hold: take the first event, schedule it again.
     *
     * @return the time taken
     */
    @Benchmark
    public double hold() {
        SimEvent e = list.pollFirst();
        double t = list.now();
        if (!(t >= last)) {
            throw new IllegalStateException(impl + ": an event at " + t + " after one at " + last);
        }
        last = t;
        list.schedule(t + increments[index++ & PeerState.MASK], 0, e);
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
