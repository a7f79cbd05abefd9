package io.github.radixwheel.core;

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
 * Stateful model-based test: random sequences of every operation (the (0.2) event-list insertions,
 * {@code setValue}, {@code reset}, {@code trimToSize} and {@code pollMin} with an action among them),
 * including operations made from inside handlers and actions and throwing handlers, checked against
 * a list model kept in delivery order, with {@link TimingWheelQueue#checkInvariants()} and
 * {@code forEachInOrder} against the model's order after every action and handler step. Values are
 * all non-null, partly null, null at first, or all null ({@link QueueHarness.Values}).
 */
class QueueModelProperties {

    @Property(tries = 700, seed = "20261122")
    void queueBehavesLikeItsModel(@ForAll("chains") ActionChain<QueueHarness> chain) {
        chain.withInvariant("matches the model", QueueHarness::check).run();
    }

    @Provide
    Arbitrary<ActionChain<QueueHarness>> chains() {
        return Combinators.combine(levelBits(), starts(), Arbitraries.of(QueueHarness.Values.class)).as(Tuple::of)
                .flatMap(config -> ActionChain.startWith(() -> new QueueHarness(config.get1(), config.get2(), config.get3()))
                        .withAction(5, new Add())
                        .withAction(2, new AddFirst())
                        .withAction(2, new AddBeside())
                        .withAction(1, new SetValue())
                        .withAction(1, new AddOutOfRange())
                        .withAction(2, new Remove())
                        .withAction(2, new ChangeKey())
                        .withAction(4, new Increase())
                        .withAction(2, new PollMin())
                        .withAction(2, new PollMinWith())
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
                        .withMaxTransformations(80));
    }

    static Arbitrary<LevelBits> levelBits() {
        Arbitrary<LevelBits> small = Arbitraries.integers().between(1, 4).list().ofMinSize(1).ofMaxSize(4)
                .map(l -> LevelBits.of(l.stream().mapToInt(Integer::intValue).toArray()));
        Arbitrary<LevelBits> wide = Arbitraries.integers().between(1, 12).list().ofMinSize(1).ofMaxSize(8)
                .filter(l -> l.stream().mapToInt(Integer::intValue).sum() <= 63)
                .map(l -> LevelBits.of(l.stream().mapToInt(Integer::intValue).toArray()));
        return Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just(LevelBits.DEFAULT)),
                Tuple.of(4, small),
                Tuple.of(1, small.map(LevelBits::extendToMaxNumBits)),
                Tuple.of(2, wide),
                Tuple.of(1, Arbitraries.of(LevelBits.of(1, 1), LevelBits.of(3, 1), LevelBits.of(1, 2, 3))));
    }

    static Arbitrary<Long> starts() {
        return Arbitraries.oneOf(
                Arbitraries.of(0L, 1L, 2L, 7L, 8L, 2047L, 2048L, Long.MAX_VALUE - 64, Long.MAX_VALUE - 1,
                        Long.MAX_VALUE, (1L << 62) - 1, 1L << 62),
                Arbitraries.longs().between(0, 1000),
                Arbitraries.longs().between(0, Long.MAX_VALUE));
    }

    static Arbitrary<List<QueueHarness.Step>> scripts() {
        Arbitrary<QueueHarness.Kind> kinds = Arbitraries.frequency(
                Tuple.of(20, QueueHarness.Kind.NONE),
                Tuple.of(3, QueueHarness.Kind.ADD_AT_CURRENT),
                Tuple.of(4, QueueHarness.Kind.ADD),
                Tuple.of(1, QueueHarness.Kind.ADD_BELOW_MIN),
                Tuple.of(3, QueueHarness.Kind.REMOVE_PENDING),
                Tuple.of(3, QueueHarness.Kind.CHANGE_KEY_PENDING),
                Tuple.of(1, QueueHarness.Kind.CLEAR),
                Tuple.of(2, QueueHarness.Kind.THROW),
                Tuple.of(1, QueueHarness.Kind.NESTED_INCREASE),
                Tuple.of(1, QueueHarness.Kind.NESTED_POLL),
                Tuple.of(2, QueueHarness.Kind.QUERY),
                Tuple.of(3, QueueHarness.Kind.ADD_FIRST_AT_CURRENT),
                Tuple.of(2, QueueHarness.Kind.ADD_FIRST),
                Tuple.of(2, QueueHarness.Kind.ADD_BEFORE_PENDING),
                Tuple.of(2, QueueHarness.Kind.ADD_AFTER_PENDING),
                Tuple.of(1, QueueHarness.Kind.SET_VALUE_PENDING),
                Tuple.of(1, QueueHarness.Kind.RESET),
                Tuple.of(1, QueueHarness.Kind.IN_ORDER),
                Tuple.of(1, QueueHarness.Kind.TRIM));
        Arbitrary<Double> fraction = Arbitraries.doubles().between(0, 1).ofScale(3).filter(d -> d < 1);
        return Combinators.combine(kinds, fraction, fraction).as(QueueHarness.Step::new).list().ofMaxSize(12);
    }

    static final class Add implements Action.Dependent<QueueHarness> {
        @Override
        public Arbitrary<Transformer<QueueHarness>> transformer(QueueHarness s) {
            return KeyEdges.between(s.min(), s.max(), s.bits).map(k -> Transformer.mutate("add " + k, h -> h.add(k)));
        }
    }

    static final class AddOutOfRange implements Action.Dependent<QueueHarness> {
        @Override
        public boolean precondition(QueueHarness s) {
            return s.min() > 0 || s.max() < Long.MAX_VALUE;
        }

        @Override
        public Arbitrary<Transformer<QueueHarness>> transformer(QueueHarness s) {
            Arbitrary<Long> keys = s.min() == 0 ? Arbitraries.just(s.max() + 1)
                    : s.max() == Long.MAX_VALUE ? Arbitraries.of(s.min() - 1, -1L, Long.MIN_VALUE)
                    : Arbitraries.of(s.min() - 1, s.max() + 1, -1L);
            return keys.map(k -> Transformer.mutate("add out of range " + k, h -> h.addOutOfRange(k)));
        }
    }

    static final class Remove implements Action.Dependent<QueueHarness> {
        @Override
        public Arbitrary<Transformer<QueueHarness>> transformer(QueueHarness s) {
            List<Long> live = s.model.handlesInOrder();
            Arbitrary<Long> handles = live.isEmpty() && s.dead.isEmpty() ? Arbitraries.of(0L, 1L, -1L)
                    : Arbitraries.oneOf(
                            live.isEmpty() ? Arbitraries.just(0L) : Arbitraries.of(live),
                            s.dead.isEmpty() ? Arbitraries.just(1L) : Arbitraries.of(List.copyOf(s.dead)));
            return handles.map(h -> Transformer.mutate("remove " + h, st -> st.remove(h)));
        }
    }

    static final class ChangeKey implements Action.Dependent<QueueHarness> {
        @Override
        public boolean precondition(QueueHarness s) {
            return !s.model.isEmpty();
        }

        @Override
        public Arbitrary<Transformer<QueueHarness>> transformer(QueueHarness s) {
            List<Long> live = s.model.handlesInOrder();
            return Combinators.combine(Arbitraries.of(live), KeyEdges.between(s.min(), s.max(), s.bits))
                    .as((h, k) -> Transformer.mutate("changeKey " + h + " to " + k, st -> st.changeKey(h, k)));
        }
    }

    static final class Increase implements Action.Dependent<QueueHarness> {
        @Override
        public boolean precondition(QueueHarness s) {
            return s.min() < Long.MAX_VALUE;
        }

        @Override
        public Arbitrary<Transformer<QueueHarness>> transformer(QueueHarness s) {
            long min = s.min();
            long beyond = s.max() == Long.MAX_VALUE ? Long.MAX_VALUE : s.max() + 1;
            Arbitrary<Long> targets = Arbitraries.frequencyOf(
                    Tuple.of(5, KeyEdges.between(min, s.max(), s.bits)),
                    Tuple.of(1, Arbitraries.of(min, beyond, Long.MAX_VALUE)),
                    Tuple.of(2, s.model.isEmpty() ? Arbitraries.just(min + 1)
                            : Arbitraries.of(s.model.minKey(), s.model.minKey() + 1)));
            return Combinators.combine(targets, scripts()).as((t, script) -> Transformer.mutate(
                    "increaseMinAllowedKey " + t + " with handler " + script, st -> st.increase(t, script)));
        }
    }

    static final class AddFirst implements Action.Dependent<QueueHarness> {
        @Override
        public Arbitrary<Transformer<QueueHarness>> transformer(QueueHarness s) {
            return KeyEdges.between(s.min(), s.max(), s.bits).map(k -> Transformer.mutate("addFirst " + k, h -> h.addFirst(k)));
        }
    }

    /** Live handles mostly, stale or made-up ones sometimes. */
    static Arbitrary<Long> handles(QueueHarness s) {
        List<Long> live = s.model.handlesInOrder();
        return Arbitraries.frequencyOf(
                Tuple.of(5, live.isEmpty() ? Arbitraries.just(0L) : Arbitraries.of(live)),
                Tuple.of(1, s.dead.isEmpty() ? Arbitraries.of(0L, -1L) : Arbitraries.of(List.copyOf(s.dead))));
    }

    static final class AddBeside implements Action.Dependent<QueueHarness> {
        @Override
        public Arbitrary<Transformer<QueueHarness>> transformer(QueueHarness s) {
            return Combinators.combine(handles(s), Arbitraries.of(false, true)).as((ref, after) -> Transformer.mutate(
                    (after ? "addAfter " : "addBefore ") + ref, h -> h.addBeside(ref, after)));
        }
    }

    static final class SetValue implements Action.Dependent<QueueHarness> {
        @Override
        public Arbitrary<Transformer<QueueHarness>> transformer(QueueHarness s) {
            return handles(s).map(ref -> Transformer.mutate("setValue " + ref, h -> h.setValue(ref)));
        }
    }

    static final class Reset implements Action.Dependent<QueueHarness> {
        @Override
        public Arbitrary<Transformer<QueueHarness>> transformer(QueueHarness s) {
            long min = s.min();
            Arbitrary<Long> keys = Arbitraries.frequencyOf(
                    Tuple.of(3, Arbitraries.of(0L, 1L, Math.max(0, min - 1), min, min == Long.MAX_VALUE ? min : min + 1,
                            Long.MAX_VALUE, Long.MAX_VALUE - 1)),
                    Tuple.of(2, Arbitraries.longs().between(0, Long.MAX_VALUE)),
                    Tuple.of(1, Arbitraries.of(-1L, Long.MIN_VALUE)));
            return keys.map(k -> Transformer.mutate("reset " + k, h -> h.reset(k)));
        }
    }

    static final class PollMinWith implements Action.Dependent<QueueHarness> {
        @Override
        public Arbitrary<Transformer<QueueHarness>> transformer(QueueHarness s) {
            return scripts().filter(l -> !l.isEmpty()).map(l -> l.get(0)).map(step -> Transformer.mutate(
                    "pollMin with an action that does " + step, h -> h.pollMinWith(step)));
        }
    }

    static final class PollMin implements Action.Dependent<QueueHarness> {
        @Override
        public Arbitrary<Transformer<QueueHarness>> transformer(QueueHarness s) {
            return Arbitraries.just(Transformer.mutate("pollMin", QueueHarness::pollMin));
        }
    }
}
