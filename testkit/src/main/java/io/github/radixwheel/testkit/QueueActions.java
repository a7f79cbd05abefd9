package io.github.radixwheel.testkit;

import io.github.radixwheel.core.TimingWheelQueue;
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
 * The actions of a differential queue chain: every public method, and new queues of another
 * configuration. Arguments are drawn as {@link Point}s and picks, resolved against each side's state
 * when the action runs, so that no action depends on the state when it is drawn and the shrinker may
 * drop any of them. The configuration is an action rather than a parameter of the chain: jqwik
 * regenerates, rather than shrinks, a chain drawn inside {@code flatMap}.
 */
final class QueueActions {
    private QueueActions() {}

    /**
     * @param start the configuration of the first queues
     * @param restarts the configurations of the new queues that an action may replace both queues
     *     with; refused ones are added
     */
    static ActionChainArbitrary<DifferentialQueue> chain(QueueStart start, Arbitrary<QueueStart> restarts,
            InvariantCheck<? super TimingWheelQueue<Long>> check) {
        Arbitrary<QueueStart> newStarts = Arbitraries.frequencyOf(Tuple.of(8, restarts), Tuple.of(1, QueueStart.refused()));
        Arbitrary<Point> points = Point.points();
        Arbitrary<Tuple2<Double, Boolean>> picks = Scripts.picks();
        return ActionChain.startWith(() -> new DifferentialQueue(start, check))
                .withAction(5, action(points, p -> "add " + p, (s, p) -> s.add(s.key(p))))
                .withAction(2, action(points, p -> "addFirst " + p, (s, p) -> s.addFirst(s.key(p))))
                .withAction(2, action(picks, p -> "add" + (p.get1() < 0.5 ? "After " : "Before ") + p,
                        (s, p) -> s.addBeside(s.pick(p.get1(), p.get2()), p.get1() < 0.5)))
                .withAction(1, action(picks, p -> "setValue " + p, (s, p) -> s.setValue(s.pick(p.get1(), p.get2()))))
                .withAction(1, action(Scripts.fractions(), u -> "add out of range " + u, (s, u) -> {
                    s.add(s.outOfRange(u));
                    s.addFirst(s.outOfRange(u));
                }))
                .withAction(2, action(picks, p -> "remove " + p, (s, p) -> s.remove(s.pick(p.get1(), p.get2()))))
                .withAction(2, action(Combinators.combine(picks, points).as(Tuple::of),
                        t -> "changeKey " + t.get1() + " to " + t.get2(),
                        (s, t) -> s.changeKey(s.pick(t.get1().get1(), t.get1().get2()), s.key(t.get2()))))
                .withAction(4, action(Combinators.combine(points, Scripts.scripts()).as(Tuple::of),
                        t -> "increaseMinAllowedKey " + t.get1() + " with handler " + t.get2(),
                        (s, t) -> s.increase(s.target(t.get1()), t.get2())))
                .withAction(2, Action.just("pollMin", mutate("pollMin", QueueSide::pollMin)))
                .withAction(2, action(Scripts.steps(), step -> "pollMin with an action that does " + step,
                        QueueSide::pollMin))
                .withAction(1, action(points, p -> "reset " + p, (s, p) -> s.reset(s.resetKey(p))))
                .withAction(2, action(newStarts, c -> "new queues " + c, QueueSide::restart))
                .withAction(1, Action.just("trimToSize", mutate("trimToSize", QueueSide::trim)))
                .withAction(1, Action.just("clear", mutate("clear", QueueSide::clear)))
                .withAction(2, action(picks, p -> "query " + p, (s, p) -> s.query(s.pick(p.get1(), p.get2()))))
                .withAction(1, action(Scripts.fractions(), a -> "forEach, and forEachInOrder modifying " + a,
                        QueueSide::inOrder))
                .withMaxTransformations(80);
    }

    private static Transformer<DifferentialQueue> mutate(String name, Consumer<QueueSide> op) {
        return Transformer.mutate(name, s -> s.run(name, op));
    }

    /**
     * An action whose argument is drawn from {@code args}, whatever the state, and described by
     * {@code describe}. The argument does not shrink: jqwik builds every candidate of a chain's shrink
     * step at once, and shrinking arguments too multiplies them by the square of the chain's length
     * (seconds per step at 80 actions); a failing chain shrinks by dropping actions instead.
     */
    private static <T> Action.Independent<DifferentialQueue> action(Arbitrary<T> args, Function<T, String> describe,
            BiConsumer<QueueSide, T> op) {
        return () -> args.dontShrink().map(arg -> mutate(describe.apply(arg), side -> op.accept(side, arg)));
    }
}
