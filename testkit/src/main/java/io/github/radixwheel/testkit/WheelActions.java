package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.ActionChainArbitrary;
import net.jqwik.api.state.Transformer;

/**
 * The actions of a differential wheel chain: every public method. As in {@link QueueActions}, no
 * action depends on the state when it is drawn: times are {@link Point}s resolved when it runs.
 */
final class WheelActions {
    private WheelActions() {}

    static ActionChainArbitrary<DifferentialWheel> chain(TimingWheelConfig config, long start, int nullEvery,
            InvariantCheck<? super TimingWheel<Long>> check) {
        Arbitrary<Point> points = Point.points();
        Arbitrary<Tuple2<Double, Boolean>> picks = Scripts.picks();
        return ActionChain.startWith(() -> new DifferentialWheel(config, start, nullEvery, check))
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
                .withAction(1, Action.just("trimToSize", mutate("trimToSize", WheelSide::trim)))
                .withAction(1, Action.just("clear", mutate("clear", WheelSide::clear)))
                .withAction(2, action(Combinators.combine(picks, points).as(Tuple::of),
                        t -> "query " + t.get1() + " and time " + t.get2(),
                        (s, t) -> s.query(s.pick(t.get1().get1(), t.get1().get2()), s.target(t.get2()))))
                .withAction(1, action(Scripts.fractions(), a -> "forEach, and forEachInOrder modifying " + a,
                        WheelSide::inOrder))
                .improveShrinkingWith(() -> new StateChange<>(DifferentialWheel::digest))
                .withMaxTransformations(70);
    }

    private static Transformer<DifferentialWheel> mutate(String name, Consumer<WheelSide> op) {
        return Transformer.mutate(name, s -> s.run(name, op));
    }

    private static <T> Action.Independent<DifferentialWheel> action(Arbitrary<T> args, Function<T, String> describe,
            BiConsumer<WheelSide, T> op) {
        return () -> args.map(arg -> mutate(describe.apply(arg), side -> op.accept(side, arg)));
    }
}
