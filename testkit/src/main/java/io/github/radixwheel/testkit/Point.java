package io.github.radixwheel.testkit;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;

/**
 * A key or time chosen relative to the state it will meet: near the bottom of the allowed range,
 * one of its edges, near its top, or anywhere in it. An action holds a point rather than a number,
 * so that it means the same after the shrinker has dropped the actions before it: every action of
 * a chain is then independent of the state, and jqwik can drop any of them.
 */
record Point(Kind kind, double u, long offset) {
    enum Kind { NEAR_LOW, EDGE, NEAR_HIGH, ANY }

    /** Shrinks toward the bottom of the range. */
    static Arbitrary<Point> points() {
        Arbitrary<Double> u = Scripts.fractions();
        Arbitrary<Long> offsets = Arbitraries.longs().between(0, 70);
        return Arbitraries.frequencyOf(
                Tuple.of(2, offsets.map(o -> new Point(Kind.NEAR_LOW, 0, o))),
                Tuple.of(4, u.map(f -> new Point(Kind.EDGE, f, 0))),
                Tuple.of(1, offsets.map(o -> new Point(Kind.NEAR_HIGH, 0, o))),
                Tuple.of(2, u.map(f -> new Point(Kind.ANY, f, 0))));
    }

    /**
     * The value in {@code [low, high]} this point names, or one of {@code edges}, which may lie
     * outside that range on purpose (a refused argument).
     */
    long resolve(List<Long> edges, long low, long high) {
        return switch (kind) {
            case NEAR_LOW -> low + step(low, high);
            case EDGE -> edges.isEmpty() ? low : edges.get((int) (u * edges.size()));
            case NEAR_HIGH -> high - step(low, high);
            case ANY -> Side.between(low, high, u);
        };
    }

    /** The offset, or less if the range is narrower; the range may be wider than {@link Long#MAX_VALUE}. */
    private long step(long low, long high) {
        if (high <= low) {
            return 0;
        }
        long room = high - low;
        return room < 0 ? offset : Math.min(offset, room);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case NEAR_LOW -> "low+" + offset;
            case EDGE -> String.format("edge %.3f", u);
            case NEAR_HIGH -> "high-" + offset;
            case ANY -> String.format("any %.3f", u);
        };
    }
}
