package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.LevelBits;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * How a differential wheel chain builds both wheels: their configuration, their start and which
 * values are null. The chain starts from one and an action replaces both wheels by new ones built
 * from another, refused configurations included (null, or a level of more than 24 bits).
 *
 * @param config the configuration, or null (refused)
 * @param start the start
 * @param nullEvery every n-th value is null: 0 (none), 1 (all) or 3; a structure that never stored
 *     a value takes a shortcut
 */
record WheelStart(TimingWheelConfig config, long start, int nullEvery) {
    /** Microsecond precision from time 0, with every third value null. */
    static final WheelStart DEFAULT = new WheelStart(TimingWheelConfig.microsecondPrecision(), 0, 3);

    /** Configurations from {@link RadixwheelArbitraries#timingWheelConfigs()}, starts from {@link RadixwheelArbitraries#wheelStarts()}. */
    static Arbitrary<WheelStart> starts() {
        return Combinators.combine(RadixwheelArbitraries.timingWheelConfigs(), RadixwheelArbitraries.wheelStarts(),
                Arbitraries.of(0, 1, 3)).as(WheelStart::new);
    }

    /** Configurations that both wheels refuse. */
    static Arbitrary<WheelStart> refused() {
        return Arbitraries.of(new WheelStart(null, 0, 3), new WheelStart(new TimingWheelConfig(1, LevelBits.of(25)), 0, 3),
                new WheelStart(new TimingWheelConfig(1000, LevelBits.of(1, 2, 25)), -1, 3));
    }

    @Override
    public String toString() {
        return (config == null ? "null" : "precision " + config.alarmPrecision() + " "
                + Arrays.toString(config.levelBits().toArray())) + " from " + start
                + Side.describeNulls(nullEvery);
    }
}
