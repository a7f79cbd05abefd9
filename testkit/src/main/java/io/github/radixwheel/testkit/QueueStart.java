package io.github.radixwheel.testkit;

import io.github.radixwheel.core.LevelBits;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * How a differential queue chain builds both queues: their levels, their first minimum and which
 * values are null. The chain starts from one and an action replaces both queues by new ones built
 * from another, refused levels included (null, or a level of more than 24 bits).
 *
 * @param levelBits the levels, or null (refused)
 * @param minAllowedKey the first minimum, {@code >= 0}
 * @param nullEvery every n-th value is null: 0 (none), 1 (all) or 3; a structure that never stored
 *     a value takes a shortcut
 */
record QueueStart(LevelBits levelBits, long minAllowedKey, int nullEvery) {
    /** What {@code new TimingWheelQueue<>()} is, with every third value null. */
    static final QueueStart DEFAULT = new QueueStart(LevelBits.DEFAULT, 0, 3);

    /** Levels from {@link RadixwheelArbitraries#levelBits()}, minimums from {@link RadixwheelArbitraries#minAllowedKeys()}. */
    static Arbitrary<QueueStart> starts() {
        return Combinators.combine(RadixwheelArbitraries.levelBits(), RadixwheelArbitraries.minAllowedKeys(),
                Arbitraries.of(0, 1, 3)).as(QueueStart::new);
    }

    /** Levels that both queues refuse. */
    static Arbitrary<QueueStart> refused() {
        return Arbitraries.of(new QueueStart(null, 0, 3), new QueueStart(LevelBits.of(25), 0, 3),
                new QueueStart(LevelBits.of(1, 2, 25), 0, 3));
    }

    @Override
    public String toString() {
        return (levelBits == null ? "null" : Arrays.toString(levelBits.toArray())) + " from " + minAllowedKey
                + Side.describeNulls(nullEvery);
    }
}
