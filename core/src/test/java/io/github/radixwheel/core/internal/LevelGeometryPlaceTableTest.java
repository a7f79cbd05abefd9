package io.github.radixwheel.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.radixwheel.core.LevelBits;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Placing a key reads its slot from a table of its own ({@link LevelGeometry#placeSlot},
 * {@link LevelGeometry#globalSlot}); it must agree with {@link LevelGeometry#slotOf}, which the
 * searches use, and with the numbering of sentinels, level after level.
 */
class LevelGeometryPlaceTableTest {

    private static final LevelBits[] LEVEL_BITS = {
        LevelBits.DEFAULT,
        LevelBits.of(1),
        LevelBits.of(24),
        LevelBits.of(1, 2, 3),
        LevelBits.of(6, 1, 24, 5),
        LevelBits.of(1).extendToMaxNumBits(),
        LevelBits.of(24, 24, 15),
    };

    @Test
    void placeSlotAgreesWithSlotOf_atEveryLevelAndAtTheEdges() {
        SplittableRandom random = new SplittableRandom(0x91ACEL);
        for (LevelBits bits : LEVEL_BITS) {
            LevelGeometry geo = new LevelGeometry(bits);
            for (long min : new long[] {0, 1, 4095, 1L << 40, Long.MAX_VALUE - 5, Long.MAX_VALUE}) {
                geo.reset(min);
                for (int i = 0; i < 2000; i++) {
                    long key = keyInRange(random, geo, i);
                    int level = geo.levelOf(key);
                    assertEquals(geo.slotOf(level, key), geo.placeSlot(level, key),
                            bits + ", minimum " + min + ", key " + key);
                }
            }
        }
    }

    @Test
    void globalSlotsNumberTheLevelsOneAfterAnother() {
        for (LevelBits bits : LEVEL_BITS) {
            LevelGeometry geo = new LevelGeometry(bits);
            int first = 0;
            for (int level = 0; level < bits.numLevels(); level++) {
                int numSlots = (int) geo.slotMask[level] + 1;
                assertEquals(first, geo.globalSlot(level, 0), bits + " level " + level);
                assertEquals(first + numSlots - 1, geo.globalSlot(level, numSlots - 1), bits + " level " + level);
                first += numSlots;
            }
        }
    }

    /** Keys biased to the minimum, the level ends and their neighbours, and the greatest key. */
    private static long keyInRange(SplittableRandom random, LevelGeometry geo, int i) {
        long max = geo.maxAllowedKey();
        long key;
        switch (i % 4) {
            case 0:
                long end = geo.end[random.nextInt(geo.numLevels)];
                key = end + random.nextInt(3) - 1;
                break;
            case 1:
                key = geo.min + random.nextInt(4);
                break;
            case 2:
                key = max - random.nextInt(4);
                break;
            default:
                key = geo.min + (long) (random.nextDouble() * (double) (max - geo.min));
        }
        return Math.max(geo.min, Math.min(max, key));
    }
}
