package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.math.BigInteger;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The contract of {@code TimingWheelConfig}, clause by clause. */
class TimingWheelConfigTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 1000, 1024, 1L << 30, Long.MAX_VALUE})
    void constructor_anyPositivePrecision_isKept(long precision) {
        LevelBits bits = LevelBits.of(3, 1);
        TimingWheelConfig config = new TimingWheelConfig(precision, bits);
        assertEquals(precision, config.alarmPrecision());
        assertSame(bits, config.levelBits());
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1, -1024, Long.MIN_VALUE})
    void constructor_nonPositivePrecision_throwsIaeNamingTheValue(long precision) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TimingWheelConfig(precision, LevelBits.DEFAULT));
        assertTrue(e.getMessage().contains(Long.toString(precision)), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TimingWheelConfig.of(precision));
    }

    @Test
    void constructor_nullLevelBits_throwsNpe() {
        assertThrows(NullPointerException.class, () -> new TimingWheelConfig(1, null));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 3, 1024, 1L << 30})
    void of_usesDefaultLevelBits(long precision) {
        TimingWheelConfig config = TimingWheelConfig.of(precision);
        assertEquals(precision, config.alarmPrecision());
        assertEquals(LevelBits.DEFAULT, config.levelBits());
        assertEquals(new TimingWheelConfig(precision, LevelBits.DEFAULT), config);
    }

    @Test
    void microsecondPrecision_isPrecision1024WithSixLevels() {
        TimingWheelConfig config = TimingWheelConfig.microsecondPrecision();
        assertEquals(1024, config.alarmPrecision());
        assertEquals(LevelBits.of(10, 10, 6, 6, 5, 3), config.levelBits());
        assertArrayEquals(new int[] {10, 10, 6, 6, 5, 3}, config.levelBits().toArray());
        assertArrayEquals(new long[] {1048576L, 1073741824L, 68719476736L, 4398046511104L, 140737488355328L,
                1125899906842624L}, config.durations());
        assertEquals(new TimingWheelConfig(1024, LevelBits.of(10, 10, 6, 6, 5, 3)), config);
    }

    @Test
    void durations_areExactProductsWhileTheyFit() {
        TimingWheelConfig config = new TimingWheelConfig(1000, LevelBits.of(1, 2, 3));
        assertArrayEquals(new long[] {2000, 8000, 64000}, config.durations());
    }

    @Test
    void durations_precision3WithDefaultBits_saturateAtMaxValue() {
        // B_i = 11, 21, 31, 41, 51, 61, 63; 3 × 2^61 still fits, 3 × 2^63 does not.
        long[] durations = TimingWheelConfig.of(3).durations();
        assertArrayEquals(new long[] {3L << 11, 3L << 21, 3L << 31, 3L << 41, 3L << 51, 3L << 61, Long.MAX_VALUE},
                durations);
    }

    @Test
    void durations_precision4WithDefaultBits_saturateWhereTheProductReaches2Pow63() {
        assertArrayEquals(new long[] {4L << 11, 4L << 21, 4L << 31, 4L << 41, 4L << 51, Long.MAX_VALUE, Long.MAX_VALUE},
                TimingWheelConfig.of(4).durations());
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 5, 1000, 1024, 1L << 30, (1L << 40) + 1, Long.MAX_VALUE / 3, Long.MAX_VALUE})
    void durations_matchSaturatingProductForEveryLevel(long precision) {
        for (LevelBits bits : new LevelBits[] {LevelBits.DEFAULT, LevelBits.of(1).extendToMaxNumBits(),
                LevelBits.of(10, 10, 6, 6, 5, 3), LevelBits.of(62), LevelBits.of(1, 62), LevelBits.of(31, 31, 1)}) {
            long[] durations = new TimingWheelConfig(precision, bits).durations();
            assertEquals(bits.numLevels(), durations.length);
            int sum = 0;
            for (int i = 0; i < durations.length; i++) {
                sum += bits.bits(i);
                BigInteger exact = BigInteger.valueOf(precision).shiftLeft(sum);
                long expected = exact.compareTo(BigInteger.valueOf(Long.MAX_VALUE)) > 0 ? Long.MAX_VALUE
                        : exact.longValueExact();
                assertEquals(expected, durations[i], "precision " + precision + ", " + bits + ", level " + i);
            }
        }
    }

    @Test
    void durations_largestProductThatFits_isNotSaturated() {
        // (2^62 - 1) × 2 = 2^63 - 2 fits; × 4 does not.
        assertArrayEquals(new long[] {Long.MAX_VALUE - 1, Long.MAX_VALUE},
                new TimingWheelConfig((1L << 62) - 1, LevelBits.of(1, 1)).durations());
        // (2^52 - 1) × 2^11 = 2^63 - 2^11 fits; 2^52 × 2^11 = 2^63 does not.
        assertArrayEquals(new long[] {Long.MAX_VALUE - 2047}, new TimingWheelConfig((1L << 52) - 1, LevelBits.of(11)).durations());
        assertArrayEquals(new long[] {Long.MAX_VALUE}, new TimingWheelConfig(1L << 52, LevelBits.of(11)).durations());
    }

    @Test
    void durations_returnsACopy() {
        TimingWheelConfig config = TimingWheelConfig.microsecondPrecision();
        long[] first = config.durations();
        long[] expected = first.clone();
        Arrays.fill(first, -7);
        assertArrayEquals(expected, config.durations());
        assertNotSame(config.durations(), config.durations());
    }

    @Test
    void equalsAndHashCode_areByValue() {
        TimingWheelConfig a = new TimingWheelConfig(1000, LevelBits.of(3, 1));
        TimingWheelConfig b = new TimingWheelConfig(1000, LevelBits.of(3, 1));
        assertEquals(a, b);
        assertEquals(b, a);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(a, a);
        assertNotEquals(a, new TimingWheelConfig(1001, LevelBits.of(3, 1)));
        assertNotEquals(a, new TimingWheelConfig(1000, LevelBits.of(1, 3)));
        assertNotEquals(a, new TimingWheelConfig(1000, LevelBits.of(3, 1, 1)));
        assertNotEquals(a, null);
        assertNotEquals(a, "TimingWheelConfig[alarmPrecision=1000]");
        assertEquals(TimingWheelConfig.of(1024), new TimingWheelConfig(1024, LevelBits.DEFAULT));
        assertNotEquals(TimingWheelConfig.of(1024), TimingWheelConfig.microsecondPrecision());
    }

    @Test
    void toString_showsPrecisionAndLevelBitsByValue() {
        TimingWheelConfig config = new TimingWheelConfig(1000, LevelBits.of(3, 1));
        String text = config.toString();
        assertTrue(text.contains("1000"), text);
        assertTrue(text.contains(LevelBits.of(3, 1).toString()), text);
        assertEquals(text, new TimingWheelConfig(1000, LevelBits.of(3, 1)).toString());
        assertNotEquals(text, new TimingWheelConfig(1001, LevelBits.of(3, 1)).toString());
        assertNotEquals(text, new TimingWheelConfig(1000, LevelBits.of(3, 2)).toString());
    }
}
