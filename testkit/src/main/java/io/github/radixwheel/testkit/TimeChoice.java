package io.github.radixwheel.testkit;

import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;

/**
 * An event time chosen relative to the list it will meet, as {@link Point} does for keys: the
 * current time, the time of a pending event (a tie), a time drawn from
 * {@link RadixwheelArbitraries#eventTimes(double)} at the current time, or {@code -0.0} (a tie with
 * {@code 0.0} at time zero, refused later). An action holds a choice rather than a time, so that it
 * means the same after the shrinker has dropped the actions before it.
 */
record TimeChoice(Kind kind, double u, long seed) {
    enum Kind { NOW, PENDING, DRAWN, MINUS_ZERO }

    /** What {@link RadixwheelArbitraries#eventTimes(double)} is sampled with: large enough for every gap. */
    private static final int GEN_SIZE = 1000;

    /** Mostly times drawn from {@link RadixwheelArbitraries#eventTimes(double)}; often ties; sometimes {@code -0.0}. */
    static Arbitrary<TimeChoice> choices() {
        return Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just(new TimeChoice(Kind.NOW, 0, 0))),
                Tuple.of(2, Scripts.fractions().map(u -> new TimeChoice(Kind.PENDING, u, 0))),
                Tuple.of(6, Arbitraries.longs().map(seed -> new TimeChoice(Kind.DRAWN, 0, seed))),
                Tuple.of(1, Arbitraries.just(new TimeChoice(Kind.MINUS_ZERO, 0, 0))));
    }

    /**
     * The time drawn by {@code seed} from {@link RadixwheelArbitraries#eventTimes(double)} at {@code now}: the
     * same on both sides of a differential run, whose clocks agree.
     */
    static double drawn(double now, long seed) {
        return RadixwheelArbitraries.eventTimes(now).generator(GEN_SIZE).next(new Random(seed)).value();
    }

    @Override
    public String toString() {
        return switch (kind) {
            case NOW -> "now";
            case PENDING -> String.format("pending %.3f", u);
            case DRAWN -> "drawn " + seed;
            case MINUS_ZERO -> "-0.0";
        };
    }
}
