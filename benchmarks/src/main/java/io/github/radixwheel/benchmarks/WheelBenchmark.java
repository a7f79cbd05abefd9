package io.github.radixwheel.benchmarks;

import io.github.radixwheel.alarms.AlarmConsumer;
import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import java.util.PriorityQueue;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@link TimingWheel} against {@link PriorityQueue} (the baseline, in the same run) with
 * {@code size} alarms, on three workloads. The wheel is {@code TimingWheelConfig.of(1)} (precision
 * 1, {@code LevelBits.DEFAULT}) starting at 0, the configuration of a discrete-event simulator:
 * an alarm's interval is its time. The queue holds reused {@link KeyedEntry} objects ordered by
 * time; "advancing it to {@code t}" means polling every entry with {@code key < t}, which is what
 * {@code advanceClock(t)} fires.
 *
 * <ul>
 *   <li><b>Fire-all</b> ({@link #fireAllUnitSteps}, {@link #fireAll1024TickSteps},
 *       {@link #fireAllOneJump}): {@code size} alarms at times uniform over a horizon of
 *       {@value #HORIZON_PER_ALARM}{@code × size} ticks from the clock, then advance until all have
 *       fired, in steps of 1 tick, of 1024 ticks, or in one jump to the end of the horizon. The
 *       horizon grows with {@code size} so that the density (one alarm per
 *       {@value #HORIZON_PER_ALARM} ticks on average) is the same at every size and unit steps
 *       stay affordable: {@value #HORIZON_PER_ALARM} {@code advanceClock} calls per alarm,
 *       16.8 million per invocation at {@code size = 2^20}. The alarms are added by a
 *       {@code @Setup(Level.Invocation)} (not measured; same relative times every invocation,
 *       shifted to the clock), so an invocation measures only the advancing. <b>Normalisation:</b>
 *       the score is the time of one whole fire-all (one invocation, in ns); divide it by
 *       {@code size} for ns per alarm ({@code @OperationsPerInvocation} cannot depend on a
 *       {@code @Param}).
 *   <li><b>Sparse hold model</b> ({@link #hold}): {@code size} alarms always pending. One operation
 *       is one step of a discrete-event simulation: {@code advanceClockStopAtNextAlarm(Long.MAX_VALUE,
 *       handler)} moves the clock to the earliest alarm time and fires the alarms at that time; the
 *       handler (one reused object) adds each one's successor at {@code now + gap}, with gaps
 *       log-uniform in {@code [2^10, 2^40)}. The queue's step is {@code poll} + {@code add} of the
 *       same entry, repeated while the head has the same time. The initial alarms are drawn from
 *       the model's stationary distribution (for log-uniform gaps the residual time is
 *       {@code U × G} with {@code U} uniform in [0, 1) and {@code G} uniform in the gap range), so
 *       there is no transient to warm up through. Ties are rare, so one step is almost always one
 *       alarm; the smoke test checks both implementations pop exactly the same times.
 *   <li><b>Next-expiry query</b>: {@code size} alarms in consecutive intervals ({@code dense}:
 *       times {@code 1 .. size}) or {@code 2^30} apart ({@code sparse}: times
 *       {@code k × 2^30}, {@code k = 1 .. size}), clock at 0.
 *       {@link #nextAlarmFiresAtDense}/{@link #nextAlarmFiresAtSparse} call
 *       {@code nextAlarmFiresAt()} on the unchanged wheel (the minimum is cached) against the
 *       queue's {@code peek().key + 1}. {@link #cancelMinNextAlarmFiresAtDense}/
 *       {@link #cancelMinNextAlarmFiresAtSparse} make the query find the minimum afresh: remove
 *       the earliest alarm, call {@code nextAlarmFiresAt()}, add the earliest alarm back at its
 *       time; the queue does {@code poll}, {@code peek}, {@code add}. The sparse wheel has
 *       {@code 2^30 - 1} empty intervals between alarms, which the query must not walk.
 * </ul>
 *
 * <p>Values are null and handlers are reused objects, so no radixwheel path allocates per
 * operation once the pool has grown to {@code size} (in setup). Inputs come from fixed seeds,
 * generated up front into primitive arrays and read with {@code i & MASK}.
 *
 * <p>Checks that keep a broken benchmark from looking fast: every fired time must be at least the
 * previous one; each fire-all must fire exactly {@code size} alarms and leave the structure empty;
 * the hold model must keep exactly {@code size} alarms pending and fire at least one per step;
 * every answer of the cancel-min query is compared with the expected time, and the plain query's
 * answer and the alarm count after each iteration.
 *
 * <p>Run it (after {@code mvn -B -q package -DskipTests} at the root):
 *
 * <pre>{@code
 * java -jar benchmarks/target/benchmarks.jar WheelBenchmark -prof gc
 * java -jar benchmarks/target/benchmarks.jar 'WheelBenchmark.hold' -p size=1048576 -prof gc
 * }</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class WheelBenchmark {
    /** Number of pre-generated gaps; a power of two. */
    static final int INPUTS = 1 << 16;
    static final int MASK = INPUTS - 1;
    /** Fire-all: the horizon is this many ticks per alarm. */
    static final int HORIZON_PER_ALARM = 16;
    /** Fire-all: the large step, in ticks. */
    static final long BIG_STEP = 1024;
    /** Hold: successor gaps are log-uniform in {@code [2^MIN_GAP_BITS, 2^MAX_GAP_BITS)}. */
    static final int MIN_GAP_BITS = 10;
    static final int MAX_GAP_BITS = 40;
    /** Hold: when the clock passes this, the next iteration teardown shifts every time back to 0. */
    static final long REBASE_AT = 1L << 60;
    /** Sparse query: the spacing of the alarms. */
    static final long SPARSE_SPACING = 1L << 30;

    static final long FIRE_SEED = 0x5EED_0101L;
    static final long GAP_SEED = 0x5EED_0102L;
    static final long RESIDUAL_SEED = 0x5EED_0103L;

    static final String RADIXWHEEL = "radixwheel";
    static final String PRIORITY_QUEUE = "PriorityQueue";

    /** Which structure: {@code radixwheel} or {@code PriorityQueue}. */
    @Param({RADIXWHEEL, PRIORITY_QUEUE})
    public String impl;

    /** The number of alarms. */
    @Param({"1024", "65536", "1048576"})
    public int size;

    static TimingWheel<Object> newWheel() {
        return new TimingWheel<>(TimingWheelConfig.of(1), 0);
    }

    /** A state built from the benchmark's {@code impl} and {@code size}, which it checks first. */
    abstract static class SizedState {
        String impl;
        int size;

        @Setup(Level.Trial)
        public void create(WheelBenchmark params) {
            if (!RADIXWHEEL.equals(params.impl) && !PRIORITY_QUEUE.equals(params.impl)) {
                throw new IllegalArgumentException("unknown impl: " + params.impl);
            }
            if (params.size <= 0) {
                throw new IllegalArgumentException("size must be positive: " + params.size);
            }
            impl = params.impl;
            size = params.size;
            build();
        }

        /** Builds the structure and inputs for {@link #impl} and {@link #size}. */
        abstract void build();
    }

    // ---------------------------------------------------------------- fire-all

    /** Fire all {@code size} alarms, advancing one tick at a time. */
    @Benchmark
    public long fireAllUnitSteps(FireAll s) {
        return s.fireAll(1);
    }

    /** Fire all {@code size} alarms, advancing {@value #BIG_STEP} ticks at a time. */
    @Benchmark
    public long fireAll1024TickSteps(FireAll s) {
        return s.fireAll(BIG_STEP);
    }

    /** Fire all {@code size} alarms with one advance to the end of the horizon. */
    @Benchmark
    public long fireAllOneJump(FireAll s) {
        return s.fireAll(s.horizon);
    }

    /** The fire-all state: the structure and the alarms' offsets from the clock. */
    @State(Scope.Thread)
    public static class FireAll extends SizedState {
        long horizon;
        /** Each alarm's time relative to the clock at refill, uniform in {@code [0, horizon)}. */
        long[] offsets;
        /** Fired-alarm checker, shared by both implementations. */
        final FireCounter counter = new FireCounter();
        TimingWheel<Object> wheel;
        PriorityQueue<KeyedEntry> queue;
        KeyedEntry[] entries;
        /** The queue's clock: everything below it has fired. */
        long queueNow;
        /** The clock at the last refill. */
        long base;

        @Override
        void build() {
            horizon = (long) HORIZON_PER_ALARM * size;
            offsets = new long[size];
            SplittableRandom random = new SplittableRandom(FIRE_SEED);
            for (int i = 0; i < size; i++) {
                offsets[i] = random.nextLong(horizon);
            }
            if (RADIXWHEEL.equals(impl)) {
                wheel = newWheel();
            } else {
                queue = new PriorityQueue<>(size);
                entries = new KeyedEntry[size];
                for (int i = 0; i < size; i++) {
                    entries[i] = new KeyedEntry(0);
                }
            }
        }

        /** Adds the {@code size} alarms at the current clock + their offsets. */
        @Setup(Level.Invocation)
        public void refill() {
            long[] offs = offsets;
            if (wheel != null) {
                TimingWheel<Object> w = wheel;
                if (!w.isEmpty()) {
                    throw new IllegalStateException("radixwheel: " + w.size() + " alarms left from the last fire-all");
                }
                long b = w.now();
                for (long offset : offs) {
                    w.add(b + offset, null);
                }
                base = b;
            } else {
                if (!queue.isEmpty()) {
                    throw new IllegalStateException("PriorityQueue: " + queue.size() + " entries left from the last fire-all");
                }
                long b = queueNow;
                for (int i = 0; i < offs.length; i++) {
                    KeyedEntry e = entries[i];
                    e.key = b + offs[i];
                    queue.add(e);
                }
                base = b;
            }
            counter.reset(base);
        }

        /** Advances in steps of {@code step} ticks until everything has fired; returns the count. */
        long fireAll(long step) {
            FireCounter c = counter;
            long t = base;
            if (wheel != null) {
                TimingWheel<Object> w = wheel;
                while (!w.isEmpty()) {
                    t += step;
                    w.advanceClock(t, c);
                }
            } else {
                PriorityQueue<KeyedEntry> q = queue;
                KeyedEntry head;
                while ((head = q.peek()) != null) {
                    t += step;
                    while (head != null && head.key < t) {
                        q.poll();
                        c.fired(head.key);
                        head = q.peek();
                    }
                }
                queueNow = t;
            }
            if (c.count != size) {
                throw new IllegalStateException(impl + ": fire-all fired " + c.count + " alarms, expected " + size);
            }
            return c.count;
        }
    }

    /** Counts fired alarms and checks that their times never decrease. */
    static final class FireCounter implements AlarmConsumer<Object> {
        long count;
        long last;

        void reset(long from) {
            count = 0;
            last = from;
        }

        void fired(long at) {
            if (at < last) {
                throw new IllegalStateException("fired time " + at + " after " + last);
            }
            last = at;
            count++;
        }

        @Override
        public void accept(long alarm, long at, Object value) {
            fired(at);
        }
    }

    // ---------------------------------------------------------------- hold model

    /** One simulation step: fire the earliest alarms, each scheduling its successor. */
    @Benchmark
    public void hold(Hold s, Blackhole bh) {
        bh.consume(s.step());
    }

    /** The hold-model state. */
    @State(Scope.Thread)
    public static class Hold extends SizedState {
        long[] gaps;
        /** Radixwheel: the step's handler, which adds each fired alarm's successor. */
        HoldHandler handler;
        TimingWheel<Object> wheel;
        PriorityQueue<KeyedEntry> queue;
        /** Index into {@link #gaps}; also the number of alarms fired. */
        long index;
        /** The last time popped. */
        long last;
        long steps;
        long checkedSteps;

        @Override
        void build() {
            gaps = logUniformGaps(new SplittableRandom(GAP_SEED));
            // The stationary residual times: U × G, G uniform over the gap range, U uniform in [0, 1).
            SplittableRandom random = new SplittableRandom(RESIDUAL_SEED);
            long[] times = new long[size];
            long minGap = 1L << MIN_GAP_BITS;
            long maxGap = 1L << MAX_GAP_BITS;
            for (int i = 0; i < size; i++) {
                long g = random.nextLong(minGap, maxGap);
                times[i] = (long) (random.nextDouble() * g);
            }
            fill(times);
            index = 0;
            last = 0;
            steps = 0;
            checkedSteps = 0;
        }

        /** Builds the structure from scratch with these times (clock at 0). */
        private void fill(long[] times) {
            if (RADIXWHEEL.equals(impl)) {
                wheel = newWheel();
                for (long t : times) {
                    wheel.add(t, null);
                }
                handler = new HoldHandler(this);
                queue = null;
            } else {
                queue = new PriorityQueue<>(size);
                for (long t : times) {
                    queue.add(new KeyedEntry(t));
                }
                wheel = null;
            }
        }

        /** Fires the alarms at the earliest time, adding a successor for each; returns that time. */
        long step() {
            steps++;
            if (wheel != null) {
                long before = index;
                wheel.advanceClockStopAtNextAlarm(Long.MAX_VALUE, handler);
                if (index == before) {
                    throw new IllegalStateException("radixwheel: the step fired nothing");
                }
                return last;
            }
            PriorityQueue<KeyedEntry> q = queue;
            KeyedEntry e = q.poll();
            long t = e.key;
            popped(t);
            e.key = t + gaps[(int) (index++ & MASK)];
            q.add(e);
            while ((e = q.peek()).key == t) {
                q.poll();
                popped(t);
                e.key = t + gaps[(int) (index++ & MASK)];
                q.add(e);
            }
            return t;
        }

        void popped(long at) {
            if (at < last) {
                throw new IllegalStateException(impl + ": popped " + at + " after " + last);
            }
            last = at;
        }

        int pending() {
            return wheel != null ? wheel.size() : queue.size();
        }

        long clock() {
            return wheel != null ? wheel.now() : last;
        }

        @TearDown(Level.Iteration)
        public void check() {
            if (steps == checkedSteps) {
                throw new IllegalStateException(impl + ": no step ran since the last check");
            }
            checkedSteps = steps;
            if (pending() != size) {
                throw new IllegalStateException(impl + ": " + pending() + " alarms pending, expected " + size);
            }
            if (index < steps) {
                throw new IllegalStateException(impl + ": " + index + " alarms fired in " + steps + " steps");
            }
            if (clock() > REBASE_AT) {
                rebase();
            }
        }

        /** Shifts every pending time back by the clock, so that long runs cannot overflow. */
        void rebase() {
            long shift = clock();
            long[] times = new long[size];
            int[] n = {0};
            if (wheel != null) {
                wheel.forEach((alarm, at, value) -> times[n[0]++] = at - shift);
            } else {
                for (KeyedEntry e : queue) {
                    times[n[0]++] = e.key - shift;
                }
            }
            fill(times);
            last -= shift;
        }
    }

    /** The hold model's handler: checks the time and adds the successor at {@code at + gap}. */
    static final class HoldHandler implements AlarmConsumer<Object> {
        private final Hold s;

        HoldHandler(Hold s) {
            this.s = s;
        }

        @Override
        public void accept(long alarm, long at, Object value) {
            Hold h = s;
            h.popped(at);
            h.wheel.add(at + h.gaps[(int) (h.index++ & MASK)], null);
        }
    }

    /** {@link #INPUTS} gaps, log-uniform in {@code [2^MIN_GAP_BITS, 2^MAX_GAP_BITS)}. */
    static long[] logUniformGaps(SplittableRandom random) {
        long[] gaps = new long[INPUTS];
        long min = 1L << MIN_GAP_BITS;
        long max = 1L << MAX_GAP_BITS;
        for (int i = 0; i < INPUTS; i++) {
            double bits = MIN_GAP_BITS + (MAX_GAP_BITS - MIN_GAP_BITS) * random.nextDouble();
            gaps[i] = Math.max(min, Math.min(max - 1, (long) Math.pow(2, bits)));
        }
        return gaps;
    }

    // ---------------------------------------------------------------- next-expiry query

    /** {@code nextAlarmFiresAt()} (queue: {@code peek}) on alarms in consecutive intervals. */
    @Benchmark
    public long nextAlarmFiresAtDense(Dense s) {
        return s.query();
    }

    /** {@code nextAlarmFiresAt()} (queue: {@code peek}) on alarms {@code 2^30} apart. */
    @Benchmark
    public long nextAlarmFiresAtSparse(Sparse s) {
        return s.query();
    }

    /** Remove the earliest alarm, query, add it back (queue: poll, peek, add); dense. */
    @Benchmark
    public long cancelMinNextAlarmFiresAtDense(Dense s) {
        return s.cancelMinQuery();
    }

    /** Remove the earliest alarm, query, add it back (queue: poll, peek, add); sparse. */
    @Benchmark
    public long cancelMinNextAlarmFiresAtSparse(Sparse s) {
        return s.cancelMinQuery();
    }

    /** Alarms at {@code k × spacing}, {@code k = 1 .. size}, clock at 0. */
    abstract static class Query extends SizedState {
        private final long spacing;
        TimingWheel<Object> wheel;
        /** The handle of the earliest alarm. */
        long minHandle;
        PriorityQueue<KeyedEntry> queue;
        /** What the query must return: the end of the first alarm's interval. */
        long expectedFirst;
        /** What the query must return once the first alarm is removed. */
        long expectedSecond;

        Query(long spacing) {
            this.spacing = spacing;
        }

        @Override
        void build() {
            if (size < 2) {
                throw new IllegalArgumentException("the query needs at least 2 alarms: " + size);
            }
            if (RADIXWHEEL.equals(impl)) {
                wheel = newWheel();
                minHandle = wheel.add(spacing, null);
                for (long k = 2; k <= size; k++) {
                    wheel.add(k * spacing, null);
                }
            } else {
                queue = new PriorityQueue<>(size);
                for (long k = 1; k <= size; k++) {
                    queue.add(new KeyedEntry(k * spacing));
                }
            }
            expectedFirst = spacing + 1;
            expectedSecond = 2 * spacing + 1;
        }

        /** The least time at which advancing fires something. */
        long query() {
            return wheel != null ? wheel.nextAlarmFiresAt() : queue.peek().key + 1;
        }

        /** Removes the earliest alarm, queries, adds it back; returns the query's answer. */
        long cancelMinQuery() {
            long next;
            if (wheel != null) {
                TimingWheel<Object> w = wheel;
                if (!w.remove(minHandle)) {
                    throw new IllegalStateException("radixwheel: the earliest alarm was not pending");
                }
                next = w.nextAlarmFiresAt();
                minHandle = w.add(spacing, null);
            } else {
                PriorityQueue<KeyedEntry> q = queue;
                KeyedEntry e = q.poll();
                next = q.peek().key + 1;
                q.add(e);
            }
            if (next != expectedSecond) {
                throw new IllegalStateException(impl + ": next alarm fires at " + next + ", expected " + expectedSecond);
            }
            return next;
        }

        @TearDown(Level.Iteration)
        public void check() {
            int n = wheel != null ? wheel.size() : queue.size();
            if (n != size) {
                throw new IllegalStateException(impl + ": " + n + " alarms, expected " + size);
            }
            long first = query();
            if (first != expectedFirst) {
                throw new IllegalStateException(impl + ": next alarm fires at " + first + ", expected " + expectedFirst);
            }
        }
    }

    /** Alarms in consecutive intervals: times {@code 1 .. size}. */
    @State(Scope.Thread)
    public static class Dense extends Query {
        public Dense() {
            super(1);
        }
    }

    /** Alarms {@code 2^30} apart: times {@code k × 2^30}. */
    @State(Scope.Thread)
    public static class Sparse extends Query {
        public Sparse() {
            super(SPARSE_SPACING);
        }
    }
}
