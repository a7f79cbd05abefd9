package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.FutureEventList;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.ActionChainArbitrary;
import net.jqwik.api.state.Transformer;

/**
 * The actions of a differential event-list chain: every public method, and new lists at another
 * start. As in {@link QueueActions}, no action depends on the state when it is drawn: times are
 * {@link TimeChoice}s and handles are picks, resolved when the action runs, so the shrinker may drop
 * any action. The start is an action rather than a parameter of the chain: jqwik regenerates, rather
 * than shrinks, a chain drawn inside {@code flatMap}.
 */
final class EventListActions {
    private EventListActions() {}

    /**
     * @param start the start of the first lists
     * @param restarts the starts of the new lists that an action may replace both lists with; refused
     *     starts are added
     */
    static ActionChainArbitrary<DifferentialEventList> chain(double start, Arbitrary<Double> restarts,
            InvariantCheck<? super FutureEventList<Long>> check) {
        Arbitrary<Double> newStarts = Arbitraries.frequencyOf(
                Tuple.of(4, restarts),
                Tuple.of(1, Arbitraries.of(Double.NaN, Double.POSITIVE_INFINITY, -1.0, -Double.MIN_VALUE)));
        Arbitrary<TimeChoice> times = TimeChoice.choices();
        Arbitrary<Integer> priorities = RadixwheelArbitraries.eventPriorities();
        Arbitrary<Tuple2<Double, Boolean>> picks = Scripts.picks();
        return ActionChain.startWith(() -> new DifferentialEventList(start, check))
                .withAction(5, action(Combinators.combine(times, priorities).as(Tuple::of),
                        t -> "add " + t.get1() + " priority " + t.get2(), (s, t) -> s.add(s.time(t.get1()), t.get2())))
                .withAction(2, action(times, t -> "add " + t, (s, t) -> s.add(s.time(t), null)))
                .withAction(2, action(Combinators.combine(times, priorities).as(Tuple::of),
                        t -> "addFirst " + t.get1() + " priority " + t.get2(),
                        (s, t) -> s.addFirst(s.time(t.get1()), t.get2())))
                .withAction(2, action(picks, p -> "add" + (p.get1() < 0.5 ? "After " : "Before ") + p,
                        (s, p) -> s.addBeside(s.pick(p.get1(), p.get2()), p.get1() < 0.5)))
                .withAction(1, action(picks, p -> "setEvent " + p, (s, p) -> s.setEvent(s.pick(p.get1(), p.get2()))))
                .withAction(2, action(picks, p -> "remove " + p, (s, p) -> s.remove(s.pick(p.get1(), p.get2()))))
                .withAction(2, action(Combinators.combine(picks, times).as(Tuple::of),
                        t -> "reschedule " + t.get1() + " to " + t.get2(),
                        (s, t) -> s.reschedule(s.pick(t.get1().get1(), t.get1().get2()), s.time(t.get2()))))
                .withAction(1, action(Scripts.fractions(), u -> "refused arguments " + u,
                        (s, u) -> s.invalid(u, s.pick(u, true))))
                .withAction(1, action(Scripts.fractions(), u -> "stale, made-up and foreign handles " + u,
                        EventListSide::badHandles))
                .withAction(3, Action.just("pollFirst", mutate("pollFirst", EventListSide::pollFirst)))
                .withAction(4, action(Scripts.steps(), step -> "pollFirst with an action that does " + step,
                        EventListSide::pollFirst))
                .withAction(2, action(Combinators.combine(Arbitraries.integers().between(1, 12), Scripts.scripts())
                                .as(Tuple::of), t -> "run " + t.get1() + " with handler " + t.get2(),
                        (s, t) -> s.run(t.get1(), t.get2())))
                .withAction(1, action(Scripts.fractions(), u -> "reset " + u, (s, u) -> s.reset(s.resetTime(u))))
                .withAction(1, action(newStarts, t -> "new lists at " + t, EventListSide::restart))
                .withAction(1, Action.just("trimToSize", mutate("trimToSize", EventListSide::trim)))
                .withAction(1, Action.just("clear", mutate("clear", EventListSide::clear)))
                .withAction(2, action(picks, p -> "query " + p, (s, p) -> s.query(s.pick(p.get1(), p.get2()))))
                .withAction(1, action(Scripts.fractions(), a -> "forEachInOrder, and modifying inside it " + a,
                        EventListSide::inOrder))
                .withMaxTransformations(70);
    }

    private static Transformer<DifferentialEventList> mutate(String name, Consumer<EventListSide> op) {
        return Transformer.mutate(name, s -> s.run(name, op));
    }

    /**
     * An action whose argument is drawn from {@code args}, whatever the state, and described by
     * {@code describe}. The argument does not shrink: jqwik builds every candidate of a chain's shrink
     * step at once, and shrinking arguments too multiplies them by the square of the chain's length
     * (seconds per step at 70 actions); a failing chain shrinks by dropping actions instead.
     */
    private static <T> Action.Independent<DifferentialEventList> action(Arbitrary<T> args, Function<T, String> describe,
            BiConsumer<EventListSide, T> op) {
        return () -> args.dontShrink().map(arg -> mutate(describe.apply(arg), side -> op.accept(side, arg)));
    }
}
