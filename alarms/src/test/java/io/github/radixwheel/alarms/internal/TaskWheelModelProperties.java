package io.github.radixwheel.alarms.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * {@link TaskWheel} against a {@link TreeMap} on (tick, insertion order): random adds (deadlines
 * anywhere in their tick, the tick leaning
 * toward the least allowed tick, level and slot edges around it, ticks below it, and the largest),
 * adds in submission order (a task scheduled again, which goes before the later-submitted tasks of
 * its slot: at the front, in the middle or at the back),
 * removals of linked and handed-over tasks, polls and polls that keep the task as handed over, and
 * questions whether a task lies before a tick (which may move slots down). After every step: the
 * invariants, the size, the first tick and its lower bound, the least allowed tick, the tasks
 * handed over and what {@code forEach} visits.
 */
class TaskWheelModelProperties {

    /** A task the wheel only links; it never runs. */
    private static final class Task extends WheelTask {
        final long seq;

        Task(long seq) {
            this.seq = seq;
        }

        @Override
        protected void runClaimed() {
            throw new AssertionError("never run");
        }

        @Override
        protected void rejected(Throwable rejection) {
            throw new AssertionError("never run");
        }

        @Override
        public void run() {
            throw new AssertionError("never run");
        }

        @Override
        protected long sequence() {
            return seq;
        }

        @Override
        public String toString() {
            return "task " + seq;
        }
    }

    enum Kind { ADD, ADD_IN_ORDER, REMOVE_LINKED, REMOVE_HANDED, POLL, POLL_KEEPING, HAS_TICK_BEFORE }

    /** One step: what it does, an edge or random offset, and which task it picks. */
    record Op(Kind kind, int edge, long offset, int pick) {}

    @Property(tries = 400, seed = "20261128")
    void wheelBehavesLikeItsModel(@ForAll("bits") LevelBits bits, @ForAll("tickNanos") long tickNanos,
            @ForAll("ops") List<Op> ops) {
        TaskWheel wheel = new TaskWheel(bits, tickNanos);
        TreeMap<long[], Task> linked =
                new TreeMap<>(Comparator.<long[]>comparingLong(k -> k[0]).thenComparingLong(k -> k[1]));
        Map<Task, long[]> keyOf = new IdentityHashMap<>();
        List<Task> handed = new ArrayList<>();
        List<Long> edges = edges(bits);
        long min = 0;
        long seq = 0;
        Set<Long> sequences = new HashSet<>();
        for (Op op : ops) {
            switch (op.kind()) {
                case ADD, ADD_IN_ORDER -> {
                    // A new task's sequence is above every other; one scheduled again keeps an earlier, odd one.
                    boolean again = op.kind() == Kind.ADD_IN_ORDER;
                    long sequence = again ? 2L * (op.pick() % (seq + 1)) - 1 : 2L * seq++;
                    if (!sequences.add(sequence)) {
                        break;
                    }
                    long tick = tick(min, edges.get(op.edge() % edges.size()), op.offset());
                    Task task = new Task(sequence);
                    task.deadline = tick > Long.MAX_VALUE / tickNanos - 1 ? TimerCore.NEVER
                            : tick * tickNanos + op.pick() % tickNanos;
                    long expected = task.deadline == TimerCore.NEVER ? Long.MAX_VALUE : tick;
                    if (again) {
                        wheel.addInSubmissionOrder(task);
                    } else {
                        wheel.add(task);
                    }
                    long[] key = {Math.max(expected, min), sequence};
                    linked.put(key, task);
                    keyOf.put(task, key);
                    assertEquals(key[0], wheel.tickOf(task), "raised tick");
                }
                case REMOVE_LINKED -> {
                    if (!linked.isEmpty()) {
                        Task task = new ArrayList<>(linked.values()).get(op.pick() % linked.size());
                        linked.remove(keyOf.remove(task));
                        wheel.remove(task);
                        assertEquals(WheelTask.OFF_WHEEL, task.node);
                    }
                }
                case REMOVE_HANDED -> {
                    if (!handed.isEmpty()) {
                        Task task = handed.remove(op.pick() % handed.size());
                        wheel.remove(task);
                        assertEquals(WheelTask.OFF_WHEEL, task.node);
                    }
                }
                case HAS_TICK_BEFORE -> {
                    long bound = tick(min, edges.get(op.edge() % edges.size()), op.offset());
                    boolean expected = !linked.isEmpty() && linked.firstKey()[0] < bound;
                    assertEquals(expected, wheel.hasTickBefore(bound), "a task before tick " + bound);
                    long raised = wheel.minAllowedTick();
                    long firstTick = linked.isEmpty() ? Long.MAX_VALUE : linked.firstKey()[0];
                    if (raised != min && !(min < raised && raised < bound && raised <= firstTick)) {
                        throw new AssertionError("least allowed tick raised from " + min + " to " + raised
                                + ": not below " + bound + " or past the first task's tick " + firstTick);
                    }
                    min = raised; // slots that start before the bound moved down
                }
                case POLL, POLL_KEEPING -> {
                    if (!linked.isEmpty()) {
                        Map.Entry<long[], Task> first = linked.pollFirstEntry();
                        keyOf.remove(first.getValue());
                        boolean keep = op.kind() == Kind.POLL_KEEPING;
                        WheelTask polled = keep ? wheel.pollMinToHandOver() : wheel.pollMin();
                        assertSame(first.getValue(), polled, "first in (tick, insertion) order");
                        min = first.getKey()[0];
                        if (keep) {
                            handed.add(first.getValue());
                        }
                    }
                }
            }
            assertEquals(handed.size(), wheel.checkInvariants(), "handed over");
            assertEquals(handed.size(), wheel.handedOver(), "count of tasks handed over");
            assertEquals(linked.size(), wheel.size());
            long lowerBound = wheel.minTickLowerBound();
            if (linked.isEmpty() ? lowerBound != Long.MAX_VALUE : lowerBound > linked.firstKey()[0]) {
                throw new AssertionError("lower bound " + lowerBound + " of the first tick, which is "
                        + (linked.isEmpty() ? "none" : linked.firstKey()[0]));
            }
            assertEquals(linked.isEmpty() ? Long.MAX_VALUE : linked.firstKey()[0], wheel.minTick());
            assertEquals(min, wheel.minAllowedTick());
            Set<WheelTask> expected = new HashSet<>(linked.values());
            expected.addAll(handed);
            Set<WheelTask> visited = new HashSet<>();
            wheel.forEach(t -> assertEquals(true, visited.add(t), "visited twice: " + t));
            assertEquals(expected, visited);
            for (Task t : linked.values()) {
                assertEquals(true, wheel.isLinked(t));
            }
            for (Task t : handed) {
                assertEquals(false, wheel.isLinked(t));
            }
        }
    }

    /** Offsets from the least allowed tick: 0, 1, and each level's slot and block edges. */
    private static List<Long> edges(LevelBits bits) {
        List<Long> edges = new ArrayList<>(List.of(0L, 1L, 2L));
        int sum = 0;
        for (int b : bits.extendToMaxNumBits().toArray()) {
            for (int s : new int[] {sum, sum + b}) {
                if (s < 63) {
                    edges.add((1L << s) - 1);
                    edges.add(1L << s);
                    edges.add((1L << s) + 1);
                }
            }
            sum += b;
        }
        return edges;
    }

    /** A tick near {@code min + edge}, or, by the offset's sign and size, below min or the largest. */
    private static long tick(long min, long edge, long offset) {
        if (offset == Long.MIN_VALUE) {
            return Long.MAX_VALUE;
        }
        if (offset < 0) {
            return Math.max(0, min + offset); // below the least allowed: raised
        }
        long t = min + edge + offset;
        return t < 0 ? Long.MAX_VALUE - offset : t; // overflowed: near the largest tick
    }

    @Provide
    Arbitrary<LevelBits> bits() {
        return Arbitraries.of(LevelBits.of(1), LevelBits.of(2, 2), LevelBits.of(3, 1, 2), LevelBits.of(5, 7),
                LevelBits.DEFAULT);
    }

    @Provide
    Arbitrary<Long> tickNanos() {
        return Arbitraries.of(1L, 3L, 1_000_000L);
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<Kind> kinds = Arbitraries.frequency(Tuple.of(8, Kind.ADD), Tuple.of(3, Kind.ADD_IN_ORDER),
                Tuple.of(2, Kind.REMOVE_LINKED),
                Tuple.of(1, Kind.REMOVE_HANDED), Tuple.of(4, Kind.POLL), Tuple.of(2, Kind.POLL_KEEPING),
                Tuple.of(3, Kind.HAS_TICK_BEFORE));
        Arbitrary<Long> offsets = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.longs().between(0, 3)),
                Tuple.of(2, Arbitraries.longs().between(0, 5_000)),
                Tuple.of(1, Arbitraries.longs().between(-5, -1)),
                Tuple.of(1, Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE / 2)));
        Arbitrary<Op> op = Combinators.combine(kinds, Arbitraries.integers().between(0, 200), offsets,
                Arbitraries.integers().between(0, 1_000)).as(Op::new);
        return op.list().ofMinSize(1).ofMaxSize(120);
    }
}
