package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.alarms.FutureEventList;
import io.github.radixwheel.benchmarks.peers.eventlist.SimEvent;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * A simulator that peeks at the first event after each schedule, while the earliest pending time,
 * after {@code now()}, holds {@code ties} events of mixed priorities (a batch of arrivals): each
 * operation schedules an event at a later time, asks for the first event's handle and removes the
 * new event again. Units: ns per operation. Check: the first is the same event every time.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar EventListPeekBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class EventListPeekBenchmark {
    /** The events tied at the earliest time. */
    @Param({"1000", "100000"})
    public int ties;

    FutureEventList<SimEvent> list;
    long first;
    SimEvent scheduled;

    /** Schedules the tied events at 1.0, priorities 6, 5, ..., 0, 6, ...: the first is the first of priority 0. */
    @Setup(Level.Trial)
    public void setUp() {
        list = new FutureEventList<>(0.0, ties + 16);
        for (int i = 0; i < ties; i++) {
            long h = list.add(1.0, 6 - i % 7, new SimEvent(i));
            if (i == 6) {
                first = h;
            }
        }
        scheduled = new SimEvent(ties);
    }

    /** Schedules at 5.0, peeks, removes: {@return the first event's handle} */
    @Benchmark
    public long peekAfterSchedule() {
        long h = list.add(5.0, 0, scheduled);
        long f = list.firstHandle();
        list.remove(h);
        if (f != first) {
            throw new IllegalStateException("the first event is " + f + ", not " + first);
        }
        return f;
    }
}
