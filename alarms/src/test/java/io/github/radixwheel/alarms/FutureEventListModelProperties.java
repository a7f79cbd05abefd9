package io.github.radixwheel.alarms;

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
 * Stateful model-based test of {@link FutureEventList} against {@link EventListModel}, a
 * {@code TreeMap} on (time, priority, sequence): add, addFirst, addBefore/addAfter, reschedule,
 * remove, setEvent, the queries, pollFirst with and without an action (whose script schedules,
 * removes and reschedules, at {@code now()} too, queries, clears, resets, nests a poll or throws),
 * clear, reset, trimToSize and refused calls. Times lean to ties (pending times, {@code now()}),
 * one-ulp gaps, {@code -0.0}/{@code 0.0}, subnormals, huge values and {@code +∞}; priorities to
 * ties and {@code Integer.MIN_VALUE}/{@code MAX_VALUE}. After every action: {@code
 * checkInvariants()}, size, clock and the order of {@code forEachInOrder}; at the end the list is
 * drained in the model's order.
 */
class FutureEventListModelProperties {

    @Property(tries = 400, seed = "20261127")
    void eventListBehavesLikeItsModel(@ForAll("chains") ActionChain<EventListHarness> chain) {
        chain.withInvariant("matches the model", EventListHarness::check).run();
    }

    @Property(tries = 150, seed = "34")
    void eventListDrainsInTheModelsOrder(@ForAll("chains") ActionChain<EventListHarness> chain) {
        EventListHarness end = chain.withInvariant("matches the model", EventListHarness::check).run();
        end.drain();
    }

    @Provide
    Arbitrary<ActionChain<EventListHarness>> chains() {
        return starts().flatMap(start -> ActionChain.startWith(() -> new EventListHarness(start))
                .withAction(6, new Add())
                .withAction(2, new AddFirst())
                .withAction(2, new AddBeside())
                .withAction(1, new AddInvalid())
                .withAction(2, new Remove())
                .withAction(2, new Reschedule())
                .withAction(1, new SetEvent())
                .withAction(4, new Poll())
                .withAction(3, new PollWithAction())
                .withAction(1, new Reset())
                .withAction(1, Action.just("query", h -> {
                    h.query();
                    return h;
                }))
                .withAction(1, Action.just("trimToSize", h -> {
                    h.trim();
                    return h;
                }))
                .withAction(1, Action.just("clear", h -> {
                    h.clear();
                    return h;
                }))
                .withMaxTransformations(60));
    }

    static Arbitrary<Double> starts() {
        return Arbitraries.oneOf(
                Arbitraries.of(0.0, -0.0, Double.MIN_VALUE, 1.0, 1e6, 1e300, Double.MAX_VALUE),
                Arbitraries.doubles().between(0, 1e9));
    }

    /**
     * Times {@code >= now} (and NaN or earlier ones, refused, when {@code invalid}), biased to ties
     * with pending times and now, one-ulp gaps, the zeros, subnormals, huge values and infinity.
     */
    static Arbitrary<Double> times(EventListHarness s) {
        double now = s.model.now;
        List<Double> special = new ArrayList<>();
        special.add(now);
        special.add(Math.nextUp(now));
        special.add(Double.POSITIVE_INFINITY);
        special.add(Double.MAX_VALUE);
        special.add(1e300);
        special.add(Double.MIN_VALUE);
        special.add(2 * Double.MIN_VALUE);
        special.add(Double.MIN_NORMAL);
        special.add(Math.nextDown(Double.MIN_NORMAL));
        special.add(0.0);
        special.add(-0.0);
        for (double t : s.model.times()) {
            special.add(t);
            special.add(Math.nextUp(t));
            special.add(Math.nextDown(t));
        }
        List<Double> valid = special.stream().filter(t -> t >= now).distinct().toList();
        double span = now < 1e300 ? Math.max(1, now) : 0;
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.of(valid)),
                Tuple.of(3, Arbitraries.doubles().between(0, 4).map(d -> Math.floor(d * 4) / 4 * span + now)),
                Tuple.of(1, Arbitraries.doubles().between(0, 1e3).map(d -> now + d)));
    }

    /** NaN, earlier times (refused), including -0.0 just below a positive now. */
    static Arbitrary<Double> invalidTimes(EventListHarness s) {
        double now = s.model.now;
        List<Double> bad = new ArrayList<>(List.of(Double.NaN, Double.NEGATIVE_INFINITY, -1.0, -Double.MIN_VALUE));
        if (now > 0) {
            bad.add(Math.nextDown(now));
            bad.add(now / 2);
            bad.add(-0.0);
        }
        return Arbitraries.of(bad);
    }

    static Arbitrary<Integer> priorities() {
        return Arbitraries.frequencyOf(
                Tuple.of(5, Arbitraries.of(0, 1, -1)),
                Tuple.of(2, Arbitraries.of(Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE + 1, Integer.MAX_VALUE - 1)),
                Tuple.of(2, Arbitraries.integers().between(-5, 5)),
                Tuple.of(1, Arbitraries.integers()));
    }

    /** Pending handles mostly, no longer pending or made-up ones sometimes. */
    static Arbitrary<Long> handles(EventListHarness s) {
        List<Long> pending = s.model.handlesInOrder();
        return Arbitraries.frequencyOf(
                Tuple.of(6, pending.isEmpty() ? Arbitraries.of(0L, -1L) : Arbitraries.of(pending)),
                Tuple.of(1, s.dead.isEmpty() ? Arbitraries.of(0L, -1L, Long.MAX_VALUE) : Arbitraries.of(List.copyOf(s.dead))));
    }

    static Arbitrary<List<EventListHarness.Step>> scripts() {
        Arbitrary<EventListHarness.Kind> kinds = Arbitraries.frequency(
                Tuple.of(8, EventListHarness.Kind.NONE),
                Tuple.of(5, EventListHarness.Kind.ADD_AT_NOW),
                Tuple.of(3, EventListHarness.Kind.ADD_FIRST_AT_NOW),
                Tuple.of(4, EventListHarness.Kind.ADD_LATER),
                Tuple.of(2, EventListHarness.Kind.ADD_BEFORE),
                Tuple.of(2, EventListHarness.Kind.ADD_AFTER),
                Tuple.of(3, EventListHarness.Kind.REMOVE),
                Tuple.of(2, EventListHarness.Kind.RESCHEDULE),
                Tuple.of(3, EventListHarness.Kind.RESCHEDULE_TO_NOW),
                Tuple.of(1, EventListHarness.Kind.SET_EVENT),
                Tuple.of(1, EventListHarness.Kind.QUERY),
                Tuple.of(1, EventListHarness.Kind.CLEAR),
                Tuple.of(1, EventListHarness.Kind.RESET),
                Tuple.of(2, EventListHarness.Kind.NESTED_POLL),
                Tuple.of(1, EventListHarness.Kind.IN_ORDER),
                Tuple.of(2, EventListHarness.Kind.THROW));
        Arbitrary<Double> fraction = Arbitraries.doubles().between(0, 1).ofScale(3).filter(d -> d < 1);
        return Combinators.combine(kinds, fraction, priorities()).as(EventListHarness.Step::new).list().ofMaxSize(6);
    }

    static final class Add implements Action.Dependent<EventListHarness> {
        @Override
        public Arbitrary<Transformer<EventListHarness>> transformer(EventListHarness s) {
            return Combinators.combine(times(s), priorities())
                    .as((t, p) -> Transformer.mutate("add " + t + "/" + p, h -> h.add(t, p)));
        }
    }

    static final class AddFirst implements Action.Dependent<EventListHarness> {
        @Override
        public Arbitrary<Transformer<EventListHarness>> transformer(EventListHarness s) {
            return Combinators.combine(times(s), priorities())
                    .as((t, p) -> Transformer.mutate("addFirst " + t + "/" + p, h -> h.addFirst(t, p)));
        }
    }

    static final class AddBeside implements Action.Dependent<EventListHarness> {
        @Override
        public Arbitrary<Transformer<EventListHarness>> transformer(EventListHarness s) {
            return Combinators.combine(handles(s), Arbitraries.of(false, true)).as((ref, after) -> Transformer.mutate(
                    (after ? "addAfter " : "addBefore ") + ref, h -> h.addBeside(ref, after)));
        }
    }

    static final class AddInvalid implements Action.Dependent<EventListHarness> {
        @Override
        public Arbitrary<Transformer<EventListHarness>> transformer(EventListHarness s) {
            return Combinators.combine(invalidTimes(s), priorities(), Arbitraries.of(false, true)).as((t, p, nullEvent) ->
                    Transformer.mutate((nullEvent ? "add null at " : "add invalid ") + t,
                            h -> {
                                if (nullEvent) {
                                    h.addNull(t);
                                } else {
                                    h.add(t, p);
                                }
                            }));
        }
    }

    static final class Remove implements Action.Dependent<EventListHarness> {
        @Override
        public Arbitrary<Transformer<EventListHarness>> transformer(EventListHarness s) {
            return handles(s).map(a -> Transformer.mutate("remove " + a, h -> h.remove(a)));
        }
    }

    static final class Reschedule implements Action.Dependent<EventListHarness> {
        @Override
        public Arbitrary<Transformer<EventListHarness>> transformer(EventListHarness s) {
            Arbitrary<Double> times = Arbitraries.frequencyOf(Tuple.of(6, times(s)), Tuple.of(1, invalidTimes(s)));
            return Combinators.combine(handles(s), times)
                    .as((a, t) -> Transformer.mutate("reschedule " + a + " to " + t, h -> h.reschedule(a, t)));
        }
    }

    static final class SetEvent implements Action.Dependent<EventListHarness> {
        @Override
        public Arbitrary<Transformer<EventListHarness>> transformer(EventListHarness s) {
            return handles(s).map(a -> Transformer.mutate("setEvent " + a, h -> h.setEvent(a)));
        }
    }

    static final class Poll implements Action.Independent<EventListHarness> {
        @Override
        public Arbitrary<Transformer<EventListHarness>> transformer() {
            return Arbitraries.just(Transformer.mutate("pollFirst", EventListHarness::pollFirst));
        }
    }

    static final class PollWithAction implements Action.Independent<EventListHarness> {
        @Override
        public Arbitrary<Transformer<EventListHarness>> transformer() {
            return scripts().map(script -> Transformer.mutate("pollFirst with an action that does " + script,
                    h -> h.pollFirst(script)));
        }
    }

    /** Earlier, the same or later clocks, and refused ones. */
    static final class Reset implements Action.Dependent<EventListHarness> {
        @Override
        public Arbitrary<Transformer<EventListHarness>> transformer(EventListHarness s) {
            double now = s.model.now;
            List<Double> special = new ArrayList<>(List.of(0.0, -0.0, now, Double.MAX_VALUE, Double.MIN_VALUE,
                    Double.NaN, Double.POSITIVE_INFINITY, -1.0));
            if (now < Double.POSITIVE_INFINITY) {
                special.add(Math.nextUp(now));
                special.add(now / 2);
            }
            return Arbitraries.of(special).map(t -> Transformer.mutate("reset " + t, h -> h.reset(t)));
        }
    }
}
