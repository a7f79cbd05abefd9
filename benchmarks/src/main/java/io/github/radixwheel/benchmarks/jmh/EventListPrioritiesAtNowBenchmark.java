package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.alarms.FutureEventList;
import io.github.radixwheel.benchmarks.peers.eventlist.SimEvent;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Many distinct priorities at the current time, {@code FutureEventList}'s one cost that grows with
 * them: {@code priorities} events at {@code now()}, each of its own even priority; each operation
 * schedules an event at {@code now()} with an odd priority drawn at random (a new priority run among
 * the others) and removes it again (the run ends). Units: ns per operation. Check: the size stays
 * {@code priorities}, and the new event was pending until its removal.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar EventListPrioritiesAtNowBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class EventListPrioritiesAtNowBenchmark {
    private static final int DRAWN = 1 << 16;

    /** The distinct priorities of the events at {@code now()}. */
    @Param({"100", "10000"})
    public int priorities;

    FutureEventList<SimEvent> list;
    int[] drawn;
    int next;
    SimEvent event;

    /** Schedules the events at 0.0 in a random order of their priorities, and draws the new ones'. */
    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom random = new SplittableRandom(42);
        int[] order = new int[priorities];
        for (int i = 0; i < priorities; i++) {
            order[i] = 2 * i;
        }
        for (int i = priorities - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        list = new FutureEventList<>(0.0, priorities + 16);
        for (int p : order) {
            list.add(0.0, p, new SimEvent(p));
        }
        drawn = new int[DRAWN];
        for (int i = 0; i < DRAWN; i++) {
            drawn[i] = 2 * random.nextInt(priorities) + 1;
        }
        event = new SimEvent(-1);
    }

    /** Adds at {@code now()} with a new priority and removes it: {@return the new event's handle} */
    @Benchmark
    public long addAndRemoveAtNow() {
        int p = drawn[next++ & (DRAWN - 1)];
        long h = list.add(0.0, p, event);
        if (!list.remove(h) || list.size() != priorities) {
            throw new IllegalStateException("the event of priority " + p + " was not pending alone");
        }
        return h;
    }
}
