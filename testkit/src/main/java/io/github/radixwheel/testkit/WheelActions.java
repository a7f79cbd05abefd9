package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.TimingWheel;
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
 * The actions of a differential wheel chain: every public method, and new wheels of another
 * configuration and start. As in {@link QueueActions}, no action depends on the state when it is
 * drawn: times are {@link Point}s resolved when it runs, and the configuration is an action rather
 * than a parameter of the chain.
 */
final class WheelActions {
    private WheelActions() {}

    /**
     * @param start the configuration and start of the first wheels
     * @param restarts those of the new wheels that an action may replace both wheels with; refused
     *     configurations are added
     */
    static ActionChainArbitrary<DifferentialWheel> chain(WheelStart start, Arbitrary<WheelStart> restarts,
            InvariantCheck<? super TimingWheel<Long>> check) {
        Arbitrary<WheelStart> newStarts = Arbitraries.frequencyOf(Tuple.of(8, restarts), Tuple.of(1, WheelStart.refused()));
        Arbitrary<Point> points = Point.points();
        Arbitrary<Tuple2<Double, Boolean>> picks = Scripts.picks();
        return ActionChain.startWith(() -> new DifferentialWheel(start, check))
                .withAction(5, action(points, p -> "add " + p, (s, p) -> s.add(s.time(p))))
                .withAction(2, action(points, p -> "addFirst " + p, (s, p) -> s.addFirst(s.time(p))))
                .withAction(1, action(points, p -> "addAtIntervalNum " + p, (s, p) -> s.addAtIntervalNum(s.interval(p))))
                .withAction(2, action(picks, p -> "add" + (p.get1() < 0.5 ? "After " : "Before ") + p,
                        (s, p) -> s.addBeside(s.pick(p.get1(), p.get2()), p.get1() < 0.5)))
                .withAction(1, action(picks, p -> "setAlarmValue " + p, (s, p) -> s.setValue(s.pick(p.get1(), p.get2()))))
                .withAction(1, action(Scripts.fractions(), u -> "add invalid " + u, (s, u) -> {
                    s.add(s.invalidTime(u));
                    s.addFirst(s.invalidTime(u));
                }))
                .withAction(2, action(picks, p -> "remove " + p, (s, p) -> s.remove(s.pick(p.get1(), p.get2()))))
                .withAction(2, action(Combinators.combine(picks, points).as(Tuple::of),
                        t -> "reschedule " + t.get1() + " to " + t.get2(),
                        (s, t) -> s.reschedule(s.pick(t.get1().get1(), t.get1().get2()), s.time(t.get2()))))
                .withAction(1, action(Combinators.combine(picks, points).as(Tuple::of),
                        t -> "rescheduleAtIntervalNum " + t.get1() + " to " + t.get2(),
                        (s, t) -> s.rescheduleAtIntervalNum(s.pick(t.get1().get1(), t.get1().get2()), s.interval(t.get2()))))
                .withAction(3, action(Combinators.combine(points, Scripts.scripts()).as(Tuple::of),
                        t -> "advanceClock " + t.get1() + " with handler " + t.get2(),
                        (s, t) -> s.advance(s.target(t.get1()), t.get2())))
                .withAction(2, action(Combinators.combine(points, Scripts.scripts()).as(Tuple::of),
                        t -> "advanceClockStopAtNextAlarm " + t.get1() + " with handler " + t.get2(),
                        (s, t) -> s.step(s.target(t.get1()), t.get2())))
                .withAction(1, action(Scripts.scripts(), script -> "firePastAlarms with handler " + script,
                        WheelSide::firePast))
                .withAction(2, action(Scripts.steps(), step -> "fireNextAlarm with a handler that does " + step,
                        WheelSide::fireNext))
                .withAction(1, action(points, p -> "reset " + p, (s, p) -> s.reset(s.resetTime(p))))
                .withAction(2, action(newStarts, c -> "new wheels " + c, WheelSide::restart))
                .withAction(1, Action.just("trimToSize", mutate("trimToSize", WheelSide::trim)))
                .withAction(1, Action.just("clear", mutate("clear", WheelSide::clear)))
                .withAction(2, action(Combinators.combine(picks, points).as(Tuple::of),
                        t -> "query " + t.get1() + " and time " + t.get2(),
                        (s, t) -> s.query(s.pick(t.get1().get1(), t.get1().get2()), s.target(t.get2()))))
                .withAction(1, action(Scripts.fractions(), a -> "forEach, and forEachInOrder modifying " + a,
                        WheelSide::inOrder))
                .withMaxTransformations(70);
    }

    private static Transformer<DifferentialWheel> mutate(String name, Consumer<WheelSide> op) {
        return Transformer.mutate(name, s -> s.run(name, op));
    }

    /**
     * An action whose argument is drawn from {@code args}, whatever the state, and described by
     * {@code describe}. The argument does not shrink, as in {@link QueueActions}: a failing chain
     * shrinks by dropping actions.
     */
    private static <T> Action.Independent<DifferentialWheel> action(Arbitrary<T> args, Function<T, String> describe,
            BiConsumer<WheelSide, T> op) {
        return () -> args.dontShrink().map(arg -> mutate(describe.apply(arg), side -> op.accept(side, arg)));
    }
}
