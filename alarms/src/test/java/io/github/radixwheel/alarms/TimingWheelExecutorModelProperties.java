package io.github.radixwheel.alarms;

import io.github.radixwheel.alarms.ExecutorHarness.Kind;
import io.github.radixwheel.alarms.ExecutorHarness.Step;
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
 * Stateful model-based test of {@link TimingWheelExecutor} on its manual clock, against the plain
 * model of {@link ExecutorHarness}: random ticks and level bits, tasks run inside {@code advanceTo}
 * or queued for a task executor; schedule (one-shot, fixed rate, fixed delay), cancel, advance,
 * run a queued task, shutdown and shutdownNow; tasks that schedule, cancel (others or themselves),
 * throw, advance from inside or shut the executor down. Every result, the order and clock of every
 * run, the futures' states and the pending count are compared, and the invariants checked, after
 * every action. Delays and targets lean toward tick and level edges and overflow.
 */
class TimingWheelExecutorModelProperties {

    @Property(tries = 300, seed = "20261127")
    void executorBehavesLikeItsModel(@ForAll("chains") ActionChain<ExecutorHarness> chain) {
        chain.withInvariant("matches the model", ExecutorHarness::check).run();
    }

    @Provide
    Arbitrary<ActionChain<ExecutorHarness>> chains() {
        Arbitrary<Long> ticks = Arbitraries.of(1L, 3L, 1_000L, 1_000_000L);
        Arbitrary<LevelBits> bits = Arbitraries.of(LevelBits.of(1), LevelBits.of(2, 2), LevelBits.of(3, 1, 2),
                LevelBits.DEFAULT);
        Arbitrary<Boolean> queued = Arbitraries.of(false, true);
        return Combinators.combine(ticks, bits, queued).as(Tuple::of).flatMap(c ->
                ActionChain.startWith(() -> new ExecutorHarness(c.get1(), c.get2(), c.get3()))
                        .withAction(6, new Schedule())
                        .withAction(3, new Cancel())
                        .withAction(5, new Advance())
                        .withAction(4, new RunNext())
                        .withAction(1, Action.just("shutdown", h -> {
                            h.shutdown();
                            return h;
                        }))
                        .withAction(1, Action.just("shutdownNow", h -> {
                            h.shutdownNow();
                            return h;
                        }))
                        .withMaxTransformations(60));
    }

    /** Delays leaning toward tick and level-span edges, and overflow. */
    static Arbitrary<Long> delays(ExecutorHarness h) {
        long tick = h.tick;
        List<Long> edges = new ArrayList<>(List.of(0L, -1L, -tick, 1L, tick - 1, tick, tick + 1, 2 * tick));
        int bitsSoFar = 0;
        for (int b : h.bits.toArray()) {
            bitsSoFar += b;
            if (bitsSoFar < 63 && tick <= Long.MAX_VALUE >> bitsSoFar) {
                long span = tick << bitsSoFar;
                edges.add(span - 1);
                edges.add(span);
                edges.add(span + tick);
            }
        }
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.of(edges)),
                Tuple.of(4, Arbitraries.longs().between(0, 40 * tick)),
                Tuple.of(1, Arbitraries.of(Long.MAX_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE, 1L << 62)));
    }

    static Arbitrary<Step> steps(ExecutorHarness h) {
        Arbitrary<Kind> kinds = Arbitraries.frequency(
                Tuple.of(10, Kind.NONE), Tuple.of(3, Kind.SCHEDULE), Tuple.of(3, Kind.CANCEL),
                Tuple.of(1, Kind.CANCEL_SELF), Tuple.of(2, Kind.THROW), Tuple.of(1, Kind.NESTED_ADVANCE),
                Tuple.of(1, Kind.SHUTDOWN));
        return Combinators.combine(kinds, Arbitraries.integers().between(0, Math.max(0, h.taskCount() + 2)), delays(h))
                .as(Step::new);
    }

    static final class Schedule implements Action.Dependent<ExecutorHarness> {
        @Override
        public Arbitrary<Transformer<ExecutorHarness>> transformer(ExecutorHarness h) {
            long tick = h.tick;
            Arbitrary<Long> periods = Arbitraries.frequencyOf(
                    Tuple.of(5, Arbitraries.just(0L)),
                    // At least half a tick: a far shorter rate would run millions of times per advance.
                    Tuple.of(2, Arbitraries.longs().between(Math.max(1, tick / 2), 5 * tick)),
                    Tuple.of(2, Arbitraries.longs().between(1, 5 * tick).map(d -> -d)),
                    Tuple.of(1, Arbitraries.of(Long.MAX_VALUE, -Long.MAX_VALUE)));
            return Combinators.combine(delays(h), periods, steps(h)).as((d, p, s) ->
                    Transformer.mutate("schedule in " + d + (p == 0 ? "" : p > 0 ? " every " + p : " delay " + -p)
                            + " doing " + s, x -> x.schedule(d, p, s)));
        }
    }

    static final class Cancel implements Action.Dependent<ExecutorHarness> {
        @Override
        public boolean precondition(ExecutorHarness h) {
            return h.taskCount() > 0;
        }

        @Override
        public Arbitrary<Transformer<ExecutorHarness>> transformer(ExecutorHarness h) {
            return Combinators.combine(Arbitraries.integers().between(0, h.taskCount() - 1), Arbitraries.of(false, true))
                    .as((id, interrupt) -> Transformer.mutate("cancel #" + id + (interrupt ? " (interrupt)" : ""),
                            x -> x.cancel(id, interrupt)));
        }
    }

    static final class Advance implements Action.Dependent<ExecutorHarness> {
        @Override
        public Arbitrary<Transformer<ExecutorHarness>> transformer(ExecutorHarness h) {
            long now = h.now;
            long tick = h.tick;
            long nextTick = sat(now - now % tick, tick);
            Arbitrary<Long> near = Arbitraries.frequencyOf(
                    Tuple.of(3, Arbitraries.of(now, sat(nextTick, -1), nextTick, Math.max(0, now - 1))),
                    Tuple.of(5, Arbitraries.longs().between(0, 20 * tick).map(d -> sat(now, d))));
            // Far only without periodic tasks, which would run once per period up to the target.
            Arbitrary<Long> targets = h.periodicPending() ? near : Arbitraries.frequencyOf(
                    Tuple.of(8, near),
                    Tuple.of(1, Arbitraries.longs().between(0, 1L << 40).map(d -> sat(now, d))),
                    Tuple.of(1, Arbitraries.of(Long.MAX_VALUE, Long.MAX_VALUE - 1)));
            return targets.map(to -> Transformer.mutate("advanceTo " + to, x -> x.advance(to)));
        }

        private static long sat(long a, long b) {
            long s = a + b;
            return b >= 0 ? (s < a ? Long.MAX_VALUE : s) : Math.max(0, s);
        }
    }

    /** Queued executors only: the task executor's thread runs the oldest handed-over task. */
    static final class RunNext implements Action.Independent<ExecutorHarness> {
        @Override
        public boolean precondition(ExecutorHarness h) {
            return h.queued;
        }

        @Override
        public Arbitrary<Transformer<ExecutorHarness>> transformer() {
            return Arbitraries.just(Transformer.mutate("run next", ExecutorHarness::runNext));
        }
    }
}
