package io.github.radixwheel.alarms;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.internal.Checks;
import java.util.Arrays;

/**
 * How a {@link TimingWheel} cuts time: the alarm precision (the length of one interval, in the
 * caller's time unit) and the {@link LevelBits} of the queue beneath. Immutable, with equality by
 * value.
 */
public final class TimingWheelConfig {
    private static final LevelBits MICROSECOND_LEVELS = LevelBits.of(10, 10, 6, 6, 5, 3);

    private final long alarmPrecision;
    private final LevelBits levelBits;

    /**
     * A configuration of intervals of length {@code alarmPrecision} over the given levels.
     *
     * @param alarmPrecision the length of an interval, {@code > 0}; any positive value is allowed,
     *     and powers of two take a faster path
     * @param levelBits the levels of the queue beneath
     * @throws IllegalArgumentException if {@code alarmPrecision <= 0}
     * @throws NullPointerException if {@code levelBits} is null
     */
    public TimingWheelConfig(long alarmPrecision, LevelBits levelBits) {
        if (alarmPrecision <= 0) {
            throw Checks.outOfRange("alarmPrecision", alarmPrecision, 1, Long.MAX_VALUE);
        }
        this.alarmPrecision = alarmPrecision;
        this.levelBits = Checks.requireNonNull(levelBits, "levelBits");
    }

    /**
     * A configuration of intervals of length {@code alarmPrecision} with {@link LevelBits#DEFAULT}.
     *
     * @param alarmPrecision the length of an interval, {@code > 0}
     * @return a configuration with {@link LevelBits#DEFAULT}, under which every time fits
     * @throws IllegalArgumentException if {@code alarmPrecision <= 0}
     */
    public static TimingWheelConfig of(long alarmPrecision) {
        return new TimingWheelConfig(alarmPrecision, LevelBits.DEFAULT);
    }

    /**
     * {@return precision 1024 (about a microsecond, in nanoseconds) with level bits
     *     {@code [10, 10, 6, 6, 5, 3]}: durations from about a millisecond to about 13 days}
     */
    public static TimingWheelConfig microsecondPrecision() {
        return new TimingWheelConfig(1024, MICROSECOND_LEVELS);
    }

    /** {@return the length of one interval} */
    public long alarmPrecision() {
        return alarmPrecision;
    }

    /** {@return the levels of the queue beneath} */
    public LevelBits levelBits() {
        return levelBits;
    }

    /**
     * {@return for each level {@code i}, the time its range spans: {@code alarmPrecision × 2^B_i},
     *     saturating at {@link Long#MAX_VALUE}}
     */
    public long[] durations() {
        long[] durations = new long[levelBits.numLevels()];
        int sum = 0;
        for (int i = 0; i < durations.length; i++) {
            sum += levelBits.bits(i);
            durations[i] = sum >= 63 || alarmPrecision > Long.MAX_VALUE >>> sum
                    ? Long.MAX_VALUE
                    : alarmPrecision << sum;
        }
        return durations;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TimingWheelConfig
                && alarmPrecision == ((TimingWheelConfig) o).alarmPrecision
                && levelBits.equals(((TimingWheelConfig) o).levelBits);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(alarmPrecision) + levelBits.hashCode();
    }

    @Override
    public String toString() {
        return "TimingWheelConfig[alarmPrecision=" + alarmPrecision + ", levelBits=" + levelBits
                + ", durations=" + Arrays.toString(durations()) + "]";
    }
}
