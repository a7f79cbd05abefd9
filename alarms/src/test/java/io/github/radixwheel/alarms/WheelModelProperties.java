package io.github.radixwheel.alarms;

import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;

/**
 * Stateful model-based test of {@link TimingWheel}: random precision, start and level bits; add,
 * addFirst, addBefore/addAfter, setAlarmValue, reschedule, remove, advanceClock, firePastAlarms, the
 * step, fireNextAlarm, the queries, clear, reset and trimToSize, with the same operations from inside
 * handlers and throwing handlers, against a list model in firing order, with
 * {@link TimingWheel#checkInvariants()} and {@code forEachInOrder} against the model's order after
 * every action and handler step. Values are all non-null, every third null, or all null.
 */
class WheelModelProperties {

    @Property(tries = 800, seed = "20261122")
    void wheelBehavesLikeItsModel(@ForAll("chains") ActionChain<WheelHarness> chain) {
        chain.withInvariant("matches the model", WheelHarness::check).run();
    }

    @Provide
    Arbitrary<ActionChain<WheelHarness>> chains() {
        return Combinators.combine(configs(), starts(), Arbitraries.of(0, 1, 3)).as(Tuple::of).flatMap(c ->
                ActionChain.startWith(() -> new WheelHarness(c.get1(), c.get2(), c.get3()))
                        .withAction(5, new Add())
                        .withAction(2, new AddFirst())
                        .withAction(2, new AddBeside())
                        .withAction(1, new SetValue())
                        .withAction(1, new AddInvalid())
                        .withAction(2, new Remove())
                        .withAction(2, new Reschedule())
                        .withAction(3, new Advance())
                        .withAction(2, new Step())
                        .withAction(1, new FirePast())
                        .withAction(2, new FireNext())
                        .withAction(1, new Reset())
                        .withAction(1, Action.just("trimToSize", s -> {
                            s.trim();
                            return s;
                        }))
                        .withAction(2, Action.just("query", s -> {
                            s.query();
                            return s;
                        }))
                        .withAction(1, Action.just("clear", s -> {
                            s.clear();
                            return s;
                        }))
                        .withMaxTransformations(70));
    }

    static Arbitrary<TimingWheelConfig> configs() {
        Arbitrary<Long> precisions = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of(1L, 2L, 3L, 7L, 1000L, 1024L, 1L << 30, 1L << 62, Long.MAX_VALUE / 3,
                        Long.MAX_VALUE)),
                Tuple.of(1, Arbitraries.longs().between(1, 1L << 40)));
        Arbitrary<LevelBits> bits = Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just(LevelBits.DEFAULT)),
                Tuple.of(1, Arbitraries.just(TimingWheelConfig.microsecondPrecision().levelBits())),
                Tuple.of(3, Arbitraries.integers().between(1, 4).list().ofMinSize(1).ofMaxSize(4)
                        .map(l -> LevelBits.of(l.stream().mapToInt(Integer::intValue).toArray()))),
                Tuple.of(1, Arbitraries.of(LevelBits.of(10), LevelBits.of(1, 1), LevelBits.of(2).extendToMaxNumBits())));
        return Combinators.combine(precisions, bits).as(TimingWheelConfig::new);
    }

    static Arbitrary<Long> starts() {
        return Arbitraries.oneOf(
                Arbitraries.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, -1_000_000_007L, -1L, 0L, 1L,
                        Long.MAX_VALUE - 1_000_000, Long.MAX_VALUE - 1, Long.MAX_VALUE),
                Arbitraries.longs());
    }

    /** Times in {@code [lo, hi]}, biased toward interval and level-span edges. */
    static Arbitrary<Long> times(WheelHarness s, long lo, long hi) {
        if (lo > hi) {
            return Arbitraries.just(lo);
        }
        long p = s.config.alarmPrecision();
        List<Long> edges = new ArrayList<>();
        addEdge(edges, lo, lo, hi);
        addEdge(edges, s.model.now, lo, hi);
        addEdge(edges, sat(lo, p - 1), lo, hi);
        addEdge(edges, sat(lo, p), lo, hi);
        addEdge(edges, hi, lo, hi);
        addEdge(edges, hi - 1, lo, hi);
        for (long span : s.config.durations()) {
            long next = sat(lo, span);
            addEdge(edges, next - 1, lo, hi);
            addEdge(edges, next, lo, hi);
            addEdge(edges, sat(next, p), lo, hi);
        }
        long near = Math.min(sat(lo, sat(0, 64 * Math.min(p, Long.MAX_VALUE / 64))), hi);
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.of(edges)),
                Tuple.of(3, Arbitraries.longs().between(lo, near)),
                Tuple.of(1, Arbitraries.longs().between(lo, hi)));
    }

    private static long sat(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }

    private static void addEdge(List<Long> edges, long t, long lo, long hi) {
        if (t >= lo && t <= hi && !edges.contains(t)) {
            edges.add(t);
        }
    }

    static Arbitrary<List<WheelHarness.Step>> scripts() {
        Arbitrary<WheelHarness.Kind> kinds = Arbitraries.frequency(
                Tuple.of(20, WheelHarness.Kind.NONE),
                Tuple.of(3, WheelHarness.Kind.ADD_AT_NOW),
                Tuple.of(4, WheelHarness.Kind.ADD),
                Tuple.of(1, WheelHarness.Kind.ADD_BEFORE_INTERVAL),
                Tuple.of(3, WheelHarness.Kind.REMOVE_PENDING),
                Tuple.of(3, WheelHarness.Kind.RESCHEDULE_PENDING),
                Tuple.of(1, WheelHarness.Kind.CLEAR),
                Tuple.of(2, WheelHarness.Kind.THROW),
                Tuple.of(1, WheelHarness.Kind.NESTED_ADVANCE),
                Tuple.of(1, WheelHarness.Kind.NESTED_FIRE_PAST),
                Tuple.of(1, WheelHarness.Kind.NESTED_STEP),
                Tuple.of(2, WheelHarness.Kind.QUERY),
                Tuple.of(3, WheelHarness.Kind.ADD_FIRST_AT_NOW),
                Tuple.of(2, WheelHarness.Kind.ADD_FIRST),
                Tuple.of(2, WheelHarness.Kind.ADD_BEFORE_PENDING),
                Tuple.of(2, WheelHarness.Kind.ADD_AFTER_PENDING),
                Tuple.of(1, WheelHarness.Kind.SET_VALUE_PENDING),
                Tuple.of(2, WheelHarness.Kind.RESET),
                Tuple.of(1, WheelHarness.Kind.IN_ORDER),
                Tuple.of(1, WheelHarness.Kind.TRIM),
                Tuple.of(1, WheelHarness.Kind.NESTED_FIRE_NEXT));
        Arbitrary<Double> fraction = Arbitraries.doubles().between(0, 1).ofScale(3).filter(d -> d < 1);
        return Combinators.combine(kinds, fraction, fraction).as(WheelHarness.Step::new).list().ofMaxSize(12);
    }

    static final class Add implements Action.Dependent<WheelHarness> {
        @Override
        public Arbitrary<Transformer<WheelHarness>> transformer(WheelHarness s) {
            return times(s, s.lo(), s.hi()).map(at -> Transformer.mutate("add " + at, h -> h.add(at)));
        }
    }

    static final class AddFirst implements Action.Dependent<WheelHarness> {
        @Override
        public Arbitrary<Transformer<WheelHarness>> transformer(WheelHarness s) {
            return times(s, s.lo(), s.hi()).map(at -> Transformer.mutate("addFirst " + at, h -> h.addFirst(at)));
        }
    }

    /** Pending alarms mostly, fired or removed ones sometimes. */
    static Arbitrary<Long> alarms(WheelHarness s) {
        List<Long> live = s.model.handlesInOrder();
        return Arbitraries.frequencyOf(
                Tuple.of(5, live.isEmpty() ? Arbitraries.just(0L) : Arbitraries.of(live)),
                Tuple.of(1, s.dead.isEmpty() ? Arbitraries.of(0L, -1L) : Arbitraries.of(List.copyOf(s.dead))));
    }

    static final class AddBeside implements Action.Dependent<WheelHarness> {
        @Override
        public Arbitrary<Transformer<WheelHarness>> transformer(WheelHarness s) {
            return Combinators.combine(alarms(s), Arbitraries.of(false, true)).as((ref, after) -> Transformer.mutate(
                    (after ? "addAfter " : "addBefore ") + ref, h -> h.addBeside(ref, after)));
        }
    }

    static final class SetValue implements Action.Dependent<WheelHarness> {
        @Override
        public Arbitrary<Transformer<WheelHarness>> transformer(WheelHarness s) {
            return alarms(s).map(a -> Transformer.mutate("setAlarmValue " + a, h -> h.setValue(a)));
        }
    }

    /** Earlier or later clocks: the start, around now, the edges of time, and before the start (refused). */
    static final class Reset implements Action.Dependent<WheelHarness> {
        @Override
        public Arbitrary<Transformer<WheelHarness>> transformer(WheelHarness s) {
            long start = s.model.start;
            long now = s.model.now;
            List<Long> special = new ArrayList<>(List.of(start, now, Long.MAX_VALUE, sat(now, 1),
                    Math.max(start, now - 1), sat(start, s.config.alarmPrecision())));
            if (start > Long.MIN_VALUE) {
                special.add(start - 1);
                special.add(Long.MIN_VALUE);
            }
            Arbitrary<Long> times = Arbitraries.frequencyOf(
                    Tuple.of(3, Arbitraries.of(special)),
                    Tuple.of(2, times(s, start, Long.MAX_VALUE)));
            return times.map(t -> Transformer.mutate("reset " + t, h -> h.reset(t)));
        }
    }

    static final class FireNext implements Action.Dependent<WheelHarness> {
        @Override
        public Arbitrary<Transformer<WheelHarness>> transformer(WheelHarness s) {
            return scripts().filter(l -> !l.isEmpty()).map(l -> l.get(0)).map(step -> Transformer.mutate(
                    "fireNextAlarm with a handler that does " + step, h -> h.fireNext(step)));
        }
    }

    static final class AddInvalid implements Action.Dependent<WheelHarness> {
        @Override
        public boolean precondition(WheelHarness s) {
            return s.lo() > Long.MIN_VALUE || s.hi() < Long.MAX_VALUE;
        }

        @Override
        public Arbitrary<Transformer<WheelHarness>> transformer(WheelHarness s) {
            List<Long> bad = new ArrayList<>();
            if (s.lo() > Long.MIN_VALUE) {
                bad.add(s.lo() - 1);
                bad.add(Long.MIN_VALUE);
            }
            if (s.hi() < Long.MAX_VALUE) {
                bad.add(s.hi() + 1);
                bad.add(Long.MAX_VALUE);
            }
            return Arbitraries.of(bad).map(at -> Transformer.mutate("add invalid " + at, h -> h.addInvalid(at)));
        }
    }

    static final class Remove implements Action.Dependent<WheelHarness> {
        @Override
        public Arbitrary<Transformer<WheelHarness>> transformer(WheelHarness s) {
            List<Long> live = s.model.handlesInOrder();
            Arbitrary<Long> alarms = Arbitraries.oneOf(
                    live.isEmpty() ? Arbitraries.just(0L) : Arbitraries.of(live),
                    s.dead.isEmpty() ? Arbitraries.just(-1L) : Arbitraries.of(List.copyOf(s.dead)));
            return alarms.map(a -> Transformer.mutate("remove " + a, h -> h.remove(a)));
        }
    }

    static final class Reschedule implements Action.Dependent<WheelHarness> {
        @Override
        public boolean precondition(WheelHarness s) {
            return !s.model.isEmpty();
        }

        @Override
        public Arbitrary<Transformer<WheelHarness>> transformer(WheelHarness s) {
            return Combinators.combine(Arbitraries.of(s.model.handlesInOrder()), times(s, s.lo(), s.hi()))
                    .as((a, at) -> Transformer.mutate("reschedule " + a + " to " + at, h -> h.reschedule(a, at)));
        }
    }

    /** Targets for the clock: edges, the next firing time, the earliest alarm, far away. */
    static Arbitrary<Long> targets(WheelHarness s) {
        List<Long> special = new ArrayList<>(List.of(s.model.now, Long.MAX_VALUE));
        if (!s.model.isEmpty()) {
            special.add(s.model.minTime());
            special.add(sat(s.model.minTime(), 1));
            if (s.model.minInterval() < s.model.lastInterval) {
                long fires = s.model.intervalNumStart(s.model.minInterval() + 1);
                special.add(fires - 1);
                special.add(fires);
            }
        }
        return Arbitraries.frequencyOf(
                Tuple.of(4, times(s, s.model.now, Long.MAX_VALUE)),
                Tuple.of(3, Arbitraries.of(special)));
    }

    static final class Advance implements Action.Dependent<WheelHarness> {
        @Override
        public Arbitrary<Transformer<WheelHarness>> transformer(WheelHarness s) {
            return Combinators.combine(targets(s), scripts()).as((to, script) -> Transformer.mutate(
                    "advanceClock " + to + " with handler " + script, h -> h.advance(to, script)));
        }
    }

    static final class Step implements Action.Dependent<WheelHarness> {
        @Override
        public Arbitrary<Transformer<WheelHarness>> transformer(WheelHarness s) {
            return Combinators.combine(targets(s), scripts()).as((to, script) -> Transformer.mutate(
                    "advanceClockStopAtNextAlarm " + to + " with handler " + script, h -> h.step(to, script)));
        }
    }

    static final class FirePast implements Action.Dependent<WheelHarness> {
        @Override
        public Arbitrary<Transformer<WheelHarness>> transformer(WheelHarness s) {
            return scripts().map(script -> Transformer.mutate("firePastAlarms with handler " + script,
                    h -> h.firePast(script)));
        }
    }
}
