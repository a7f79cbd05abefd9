package io.github.radixwheel.core;

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
 * Stateful model-based test of {@link IndexedTimingWheelQueue}: random sequences of every operation,
 * including operations made from inside handlers and throwing handlers, checked against a
 * {@code TreeMap} model ordered by (key, insertion number), with {@code checkInvariants()} after
 * every action and every handler step.
 */
class IndexedQueueModelProperties {

    @Property(tries = 700, seed = "20261124")
    void indexedQueueBehavesLikeItsModel(@ForAll("chains") ActionChain<IndexedQueueHarness> chain) {
        chain.withInvariant("matches the model", IndexedQueueHarness::check).run();
    }

    @Provide
    Arbitrary<ActionChain<IndexedQueueHarness>> chains() {
        Arbitrary<Integer> capacities = Arbitraries.frequencyOf(
                Tuple.of(1, Arbitraries.of(0, 1, 2)),
                Tuple.of(4, Arbitraries.integers().between(3, 40)));
        return Combinators.combine(capacities, KeyEdges.levelBits(), KeyEdges.starts())
                .as(Tuple::of).flatMap(c ->
                ActionChain.startWith(() -> new IndexedQueueHarness(c.get1(), c.get2(), c.get3()))
                        .withAction(6, new Add())
                        .withAction(3, new AddOrDecreaseKey())
                        .withAction(1, new AddInvalid())
                        .withAction(2, new Remove())
                        .withAction(2, new ChangeKey())
                        .withAction(4, new Increase())
                        .withAction(2, Action.just("pollMin", s -> {
                            s.pollMin();
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
                        .withAction(1, new Reset())
                        .withAction(1, Action.just("drain", s -> {
                            s.drain();
                            return s;
                        }))
                        .withMaxTransformations(80));
    }

    static Arbitrary<List<IndexedQueueHarness.Step>> scripts() {
        Arbitrary<IndexedQueueHarness.Kind> kinds = Arbitraries.frequency(
                Tuple.of(20, IndexedQueueHarness.Kind.NONE),
                Tuple.of(3, IndexedQueueHarness.Kind.ADD_AT_CURRENT),
                Tuple.of(2, IndexedQueueHarness.Kind.READD_DELIVERED),
                Tuple.of(3, IndexedQueueHarness.Kind.ADD),
                Tuple.of(3, IndexedQueueHarness.Kind.ADD_OR_DECREASE),
                Tuple.of(1, IndexedQueueHarness.Kind.ADD_BELOW_MIN),
                Tuple.of(3, IndexedQueueHarness.Kind.REMOVE_PENDING),
                Tuple.of(3, IndexedQueueHarness.Kind.CHANGE_KEY_PENDING),
                Tuple.of(1, IndexedQueueHarness.Kind.CLEAR),
                Tuple.of(1, IndexedQueueHarness.Kind.RESET),
                Tuple.of(2, IndexedQueueHarness.Kind.THROW),
                Tuple.of(1, IndexedQueueHarness.Kind.NESTED_INCREASE),
                Tuple.of(1, IndexedQueueHarness.Kind.NESTED_POLL),
                Tuple.of(2, IndexedQueueHarness.Kind.QUERY));
        Arbitrary<Double> fraction = Arbitraries.doubles().between(0, 1).ofScale(3).filter(d -> d < 1);
        return Combinators.combine(kinds, fraction, fraction).as(IndexedQueueHarness.Step::new).list().ofMaxSize(12);
    }

    /** Ids in {@code [0, capacity)}, biased to the ends. */
    static Arbitrary<Integer> ids(IndexedQueueHarness s) {
        return s.capacity == 0 ? Arbitraries.just(0)
                : Arbitraries.oneOf(Arbitraries.of(0, s.capacity - 1), Arbitraries.integers().between(0, s.capacity - 1));
    }

    static final class Add implements Action.Dependent<IndexedQueueHarness> {
        @Override
        public boolean precondition(IndexedQueueHarness s) {
            return !s.absentIds().isEmpty();
        }

        @Override
        public Arbitrary<Transformer<IndexedQueueHarness>> transformer(IndexedQueueHarness s) {
            return Combinators.combine(Arbitraries.of(s.absentIds()), KeyEdges.between(s.min(), s.max(), s.bits))
                    .as((id, k) -> Transformer.mutate("add " + id + "@" + k, h -> h.add(id, k)));
        }
    }

    static final class AddOrDecreaseKey implements Action.Dependent<IndexedQueueHarness> {
        @Override
        public boolean precondition(IndexedQueueHarness s) {
            return s.capacity > 0;
        }

        @Override
        public Arbitrary<Transformer<IndexedQueueHarness>> transformer(IndexedQueueHarness s) {
            return Combinators.combine(ids(s), KeyEdges.between(s.min(), s.max(), s.bits))
                    .as((id, k) -> Transformer.mutate("addOrDecreaseKey " + id + "@" + k, h -> h.addOrDecreaseKey(id, k)));
        }
    }

    /** Ids out of range or contained, keys below or above the range: each refused, nothing changed. */
    static final class AddInvalid implements Action.Dependent<IndexedQueueHarness> {
        @Override
        public Arbitrary<Transformer<IndexedQueueHarness>> transformer(IndexedQueueHarness s) {
            List<long[]> bad = new ArrayList<>(); // {id, key}
            bad.add(new long[] {-1, s.min()});
            bad.add(new long[] {s.capacity, s.min()});
            bad.add(new long[] {Integer.MIN_VALUE, s.min()});
            if (s.capacity > 0) {
                if (s.min() > 0) {
                    bad.add(new long[] {0, s.min() - 1});
                }
                if (s.max() < Long.MAX_VALUE) {
                    bad.add(new long[] {s.capacity - 1, s.max() + 1});
                }
                bad.add(new long[] {0, -1});
            }
            for (int id : s.model.idsInOrder()) {
                bad.add(new long[] {id, s.model.key(id)}); // already contained: refused by add only
            }
            return Arbitraries.of(bad).map(b -> Transformer.mutate("add invalid " + b[0] + "@" + b[1], h -> {
                int id = (int) b[0];
                h.rejected(IllegalArgumentException.class, () -> h.q.add(id, b[1]));
                if (!h.model.contains(id)) {
                    h.rejected(IllegalArgumentException.class, () -> h.q.addOrDecreaseKey(id, b[1]));
                }
            }));
        }
    }

    static final class Remove implements Action.Dependent<IndexedQueueHarness> {
        @Override
        public Arbitrary<Transformer<IndexedQueueHarness>> transformer(IndexedQueueHarness s) {
            Arbitrary<Integer> ids = Arbitraries.oneOf(ids(s), Arbitraries.of(-1, s.capacity, Integer.MAX_VALUE));
            return ids.map(id -> Transformer.mutate("remove " + id, h -> h.remove(id)));
        }
    }

    static final class ChangeKey implements Action.Dependent<IndexedQueueHarness> {
        @Override
        public Arbitrary<Transformer<IndexedQueueHarness>> transformer(IndexedQueueHarness s) {
            return Combinators.combine(ids(s), KeyEdges.between(s.min(), s.max(), s.bits))
                    .as((id, k) -> Transformer.mutate("changeKey " + id + " to " + k, h -> h.changeKey(id, k)));
        }
    }

    static final class Increase implements Action.Dependent<IndexedQueueHarness> {
        @Override
        public boolean precondition(IndexedQueueHarness s) {
            return s.min() < Long.MAX_VALUE;
        }

        @Override
        public Arbitrary<Transformer<IndexedQueueHarness>> transformer(IndexedQueueHarness s) {
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

    static final class Reset implements Action.Dependent<IndexedQueueHarness> {
        @Override
        public Arbitrary<Transformer<IndexedQueueHarness>> transformer(IndexedQueueHarness s) {
            long min = s.min();
            Arbitrary<Long> keys = Arbitraries.frequencyOf(
                    Tuple.of(3, Arbitraries.of(0L, 1L, Math.max(0, min - 1), min, min + 1 < 0 ? min : min + 1,
                            Long.MAX_VALUE, Long.MAX_VALUE - 1)),
                    Tuple.of(2, Arbitraries.longs().between(0, Long.MAX_VALUE)),
                    Tuple.of(1, Arbitraries.of(-1L, Long.MIN_VALUE)));
            return keys.map(k -> Transformer.mutate("reset " + k, h -> h.reset(k)));
        }
    }
}
