package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.TimingWheelTestSupport.saturatedAdd;

import io.github.radixwheel.core.LevelBits;
import java.time.Duration;
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
 * Stateful model-based test of {@link KeyedTimer} on its manual clock: random tick, level bits
 * and stripes, with callbacks on the advancing thread or queued for an executor; set, move,
 * remove, get, advanceTo, drain and (queued) deliver, with callbacks that arm, move, remove,
 * drain, try to advance the clock themselves or throw, against a map model
 * ({@link KeyedTimerHarness}) that predicts every return value and the exact order of the expiries
 * across stripes, with the timer's invariants checked after every action. Delays and
 * clock targets lean toward tick and level edges and beyond the wheel's range, where a deadline's
 * alarm is placed early and re-armed when it fires.
 */
class KeyedTimerModelProperties {

    @Property(tries = 400, seed = "20261123")
    void keyedTimerBehavesLikeItsModel(@ForAll("chains") ActionChain<KeyedTimerHarness> chain) {
        chain.withInvariant("matches the model", KeyedTimerHarness::check).run();
    }

    @Provide
    Arbitrary<ActionChain<KeyedTimerHarness>> chains() {
        Arbitrary<Long> ticks = Arbitraries.of(1L, 3L, 7L, 1_000L, 1_000_000L);
        Arbitrary<LevelBits> bits = Arbitraries.of(LevelBits.of(1), LevelBits.of(2, 2), LevelBits.of(3, 1, 2),
                LevelBits.of(4, 4), LevelBits.DEFAULT);
        Arbitrary<Integer> stripes = Arbitraries.of(1, 2, 4, 8);
        Arbitrary<Boolean> queued = Arbitraries.of(false, true);
        return Combinators.combine(ticks, bits, stripes, queued).as(Tuple::of).flatMap(c ->
                ActionChain.startWith(() -> new KeyedTimerHarness(c.get1(), c.get2(), c.get3(), c.get4()))
                        .withAction(5, keyed("set", KeyedTimerHarness::set))
                        .withAction(4, keyed("move", KeyedTimerHarness::move))
                        .withAction(2, new Remove())
                        .withAction(1, new Get())
                        .withAction(4, new Deliver())
                        .withAction(5, new Advance())
                        .withAction(1, Action.just("drain", h -> {
                            h.drain();
                            return h;
                        }))
                        .withMaxTransformations(80));
    }

    interface KeyedCall {
        void apply(KeyedTimerHarness h, int key, Duration delay);
    }

    static Action.Dependent<KeyedTimerHarness> keyed(String name, KeyedCall call) {
        return h -> Combinators.combine(keys(), delays(h)).as((k, d) ->
                Transformer.mutate(name + " " + k + " in " + d, s -> call.apply(s, k, d)));
    }

    static Arbitrary<Integer> keys() {
        return Arbitraries.integers().between(0, KeyedTimerHarness.KEYS - 1);
    }

    /** Delays leaning toward tick and level-span edges, the wheel's range, and overflow. */
    static Arbitrary<Duration> delays(KeyedTimerHarness h) {
        long tick = h.tick;
        List<Long> edges = new ArrayList<>(List.of(0L, -1L, -tick, 1L, tick - 1, tick, tick + 1, 2 * tick));
        int bitsSoFar = 0;
        for (int b : h.bits.toArray()) {
            bitsSoFar += b;
            if (bitsSoFar < 63 && tick <= Long.MAX_VALUE >> bitsSoFar) {
                long span = tick << bitsSoFar;
                edges.add(span - 1);
                edges.add(span);
                edges.add(saturatedAdd(span, tick));
            }
        }
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.of(edges).map(Duration::ofNanos)),
                Tuple.of(4, Arbitraries.longs().between(0, 300 * tick).map(Duration::ofNanos)),
                Tuple.of(1, Arbitraries.of(Duration.ofDays(365_000), Duration.ofSeconds(Long.MAX_VALUE),
                        Duration.ofSeconds(Long.MIN_VALUE), Duration.ofNanos(Long.MAX_VALUE))));
    }

    /** Clock targets: tick edges around now and around the first firing, far jumps, backwards. */
    static Arbitrary<Long> targets(KeyedTimerHarness h) {
        long now = h.now;
        long tick = h.tick;
        long first = h.firstFiring();
        long nextTick = now - now % tick + tick;
        List<Long> special = new ArrayList<>(List.of(now, first, first - 1, nextTick, nextTick - 1));
        if (now > 0) {
            special.add(now - 1);
        }
        special.removeIf(t -> t < 0);
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.of(special)),
                Tuple.of(4, Arbitraries.longs().between(0, 20 * tick).map(d -> saturatedAdd(now, d))),
                Tuple.of(1, Arbitraries.longs().between(0, 1L << 40).map(d -> saturatedAdd(now, d))),
                Tuple.of(1, Arbitraries.of(Long.MAX_VALUE, Long.MAX_VALUE - 1)));
    }

    static Arbitrary<List<KeyedTimerHarness.Step>> scripts(KeyedTimerHarness h) {
        Arbitrary<KeyedTimerHarness.Kind> kinds = Arbitraries.frequency(
                Tuple.of(12, KeyedTimerHarness.Kind.NONE),
                Tuple.of(3, KeyedTimerHarness.Kind.SET),
                Tuple.of(2, KeyedTimerHarness.Kind.SET_SELF),
                Tuple.of(3, KeyedTimerHarness.Kind.MOVE),
                Tuple.of(2, KeyedTimerHarness.Kind.REMOVE),
                Tuple.of(2, KeyedTimerHarness.Kind.THROW),
                Tuple.of(1, KeyedTimerHarness.Kind.DRAIN),
                Tuple.of(1, KeyedTimerHarness.Kind.NESTED_ADVANCE));
        return Combinators.combine(kinds, keys(), delays(h)).as(KeyedTimerHarness.Step::new).list().ofMaxSize(10);
    }

    static final class Remove implements Action.Dependent<KeyedTimerHarness> {
        @Override
        public Arbitrary<Transformer<KeyedTimerHarness>> transformer(KeyedTimerHarness h) {
            return keys().map(k -> Transformer.mutate("remove " + k, s -> s.remove(k)));
        }
    }

    static final class Get implements Action.Dependent<KeyedTimerHarness> {
        @Override
        public Arbitrary<Transformer<KeyedTimerHarness>> transformer(KeyedTimerHarness h) {
            return keys().map(k -> Transformer.mutate("get " + k, s -> s.get(k)));
        }
    }

    /** Queued timers only: one claim, whose callback runs one step. */
    static final class Deliver implements Action.Dependent<KeyedTimerHarness> {
        @Override
        public boolean precondition(KeyedTimerHarness h) {
            return h.queued;
        }

        @Override
        public Arbitrary<Transformer<KeyedTimerHarness>> transformer(KeyedTimerHarness h) {
            return scripts(h).map(script -> {
                KeyedTimerHarness.Step step = script.isEmpty()
                        ? new KeyedTimerHarness.Step(KeyedTimerHarness.Kind.NONE, 0, Duration.ZERO) : script.get(0);
                return Transformer.mutate("deliver " + step, s -> s.deliver(step));
            });
        }
    }

    static final class Advance implements Action.Dependent<KeyedTimerHarness> {
        @Override
        public Arbitrary<Transformer<KeyedTimerHarness>> transformer(KeyedTimerHarness h) {
            return Combinators.combine(targets(h), scripts(h)).as((to, script) ->
                    Transformer.mutate("advanceTo " + to + " " + script, s -> s.advance(to, script)));
        }
    }
}
