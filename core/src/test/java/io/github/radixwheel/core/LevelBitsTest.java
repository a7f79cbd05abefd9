package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The contract of {@code LevelBits}: validation and its order, accessors, copies, value semantics. */
class LevelBitsTest {

    // ---------------------------------------------------------------- of: validation

    @Test
    void of_emptyList_throwsIAE() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LevelBits.of());
        assertTrue(e.getMessage().contains("[]"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LevelBits.of(new int[0]));
    }

    @Test
    void of_nullArray_throwsNPE() {
        assertThrows(NullPointerException.class, () -> LevelBits.of((int[]) null));
    }

    @Test
    void of_zeroBits_throwsIAEEchoingTheList() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LevelBits.of(1, 0));
        assertTrue(e.getMessage().contains("[1, 0]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LevelBits.of(0));
        assertTrue(e.getMessage().contains("[0]"), e.getMessage());
    }

    @Test
    void of_negativeBits_throwsIAEEchoingTheList() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LevelBits.of(3, -2, 4));
        assertTrue(e.getMessage().contains("[3, -2, 4]"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LevelBits.of(Integer.MIN_VALUE));
    }

    @Test
    void of_sumAbove63_throwsIAEEchoingTheList() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LevelBits.of(32, 32));
        assertTrue(e.getMessage().contains("[32, 32]"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LevelBits.of(64));
        int[] ones = new int[64];
        Arrays.fill(ones, 1);
        assertThrows(IllegalArgumentException.class, () -> LevelBits.of(ones));
    }

    @Test
    void of_sumOverflowingInt_throwsIAE() {
        // An int sum would wrap to a negative number and slip through.
        assertThrows(IllegalArgumentException.class, () -> LevelBits.of(Integer.MAX_VALUE, Integer.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> LevelBits.of(Integer.MAX_VALUE, 1));
    }

    @Test
    void of_sumExactly63_isAccepted() {
        assertEquals(63, LevelBits.of(63).numBits());
        assertEquals(63, LevelBits.of(30, 33).numBits());
        int[] ones = new int[63];
        Arrays.fill(ones, 1);
        LevelBits bits = LevelBits.of(ones);
        assertEquals(63, bits.numLevels());
        assertEquals(63, bits.numBits());
    }

    @Test
    void of_nonPositiveBitsAndSumAbove63_reportsNonPositiveFirst() {
        // Each message, with its echoed list masked out, must give the reason of the first failed check.
        String nonPositive = masked(LevelBits::of, 0, 1);
        String tooLarge = masked(LevelBits::of, 1, 63);
        assertNotEquals(nonPositive, tooLarge);
        assertEquals(nonPositive, masked(LevelBits::of, 0, 64));
        assertEquals(nonPositive, masked(LevelBits::of, 0, 70));
        // Also when the sum passes 63 before the non-positive level is reached.
        assertEquals(nonPositive, masked(LevelBits::of, 64, 0));
        assertEquals(nonPositive, masked(LevelBits::of, 40, 30, -1));
        assertEquals(nonPositive, masked(LevelBits::of, 63, 1, 0, 5));
    }

    private interface Of {
        LevelBits of(int... bits);
    }

    /** The IAE message for {@code bits}, with the echoed list replaced by a placeholder. */
    private static String masked(Of of, int... bits) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> of.of(bits));
        String list = Arrays.toString(bits);
        assertTrue(e.getMessage().contains(list), e.getMessage());
        return e.getMessage().replace(list, "<list>");
    }

    @Test
    void of_copiesItsInput() {
        int[] input = {3, 1, 2};
        LevelBits bits = LevelBits.of(input);
        input[0] = 40;
        input[1] = -5;
        assertArrayEquals(new int[] {3, 1, 2}, bits.toArray());
        assertEquals(6, bits.numBits());
        assertEquals(3, bits.bits(0));
        assertEquals(LevelBits.of(3, 1, 2), bits);
    }

    // ---------------------------------------------------------------- DEFAULT and accessors

    @Test
    void default_is11_10_10_10_10_10_2With63Bits() {
        assertArrayEquals(new int[] {11, 10, 10, 10, 10, 10, 2}, LevelBits.DEFAULT.toArray());
        assertEquals(63, LevelBits.DEFAULT.numBits());
        assertEquals(7, LevelBits.DEFAULT.numLevels());
        assertEquals(63, LevelBits.MAX_NUM_BITS);
        assertEquals(LevelBits.of(11, 10, 10, 10, 10, 10, 2), LevelBits.DEFAULT);
    }

    @Test
    void accessors_reportEachLevel() {
        LevelBits bits = LevelBits.of(5, 1, 7);
        assertEquals(3, bits.numLevels());
        assertEquals(13, bits.numBits());
        assertEquals(5, bits.bits(0));
        assertEquals(1, bits.bits(1));
        assertEquals(7, bits.bits(2));
    }

    @Test
    void bits_levelOutOfRange_throwsIAE() {
        LevelBits bits = LevelBits.of(5, 1, 7);
        assertThrows(IllegalArgumentException.class, () -> bits.bits(-1));
        assertThrows(IllegalArgumentException.class, () -> bits.bits(3));
        assertThrows(IllegalArgumentException.class, () -> bits.bits(Integer.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> bits.bits(Integer.MIN_VALUE));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> bits.bits(3));
        assertEquals("level: 3 (expected: 0..2)", e.getMessage());
        assertEquals(LevelBits.of(5, 1, 7), bits);
    }

    @Test
    void toArray_returnsACopy() {
        LevelBits bits = LevelBits.of(4, 4);
        int[] array = bits.toArray();
        array[0] = 99;
        assertArrayEquals(new int[] {4, 4}, bits.toArray());
        assertEquals(4, bits.bits(0));
        assertEquals(8, bits.numBits());
        int[] fromDefault = LevelBits.DEFAULT.toArray();
        fromDefault[6] = 50;
        assertArrayEquals(new int[] {11, 10, 10, 10, 10, 10, 2}, LevelBits.DEFAULT.toArray());
    }

    // ---------------------------------------------------------------- extendToMaxNumBits

    @Test
    void extendToMaxNumBits_appendsOnesUntil63() {
        LevelBits extended = LevelBits.of(3, 1).extendToMaxNumBits();
        assertEquals(63, extended.numBits());
        assertEquals(2 + 59, extended.numLevels());
        int[] expected = new int[61];
        Arrays.fill(expected, 1);
        expected[0] = 3;
        assertArrayEquals(expected, extended.toArray());
    }

    @Test
    void extendToMaxNumBits_leavesTheOriginalUnchanged() {
        LevelBits bits = LevelBits.of(10, 20);
        bits.extendToMaxNumBits();
        assertArrayEquals(new int[] {10, 20}, bits.toArray());
        assertEquals(30, bits.numBits());
    }

    @Test
    void extendToMaxNumBits_from62Bits_appendsOneLevel() {
        LevelBits extended = LevelBits.of(31, 31).extendToMaxNumBits();
        assertArrayEquals(new int[] {31, 31, 1}, extended.toArray());
    }

    @Test
    void extendToMaxNumBits_already63_returnsAnEqualObject() {
        assertEquals(LevelBits.DEFAULT, LevelBits.DEFAULT.extendToMaxNumBits());
        assertEquals(LevelBits.of(63), LevelBits.of(63).extendToMaxNumBits());
        assertArrayEquals(new int[] {20, 43}, LevelBits.of(20, 43).extendToMaxNumBits().toArray());
    }

    // ---------------------------------------------------------------- value semantics

    @Test
    void equalsAndHashCode_byValue() {
        LevelBits a = LevelBits.of(2, 3, 4);
        LevelBits b = LevelBits.of(new int[] {2, 3, 4});
        assertEquals(a, b);
        assertEquals(b, a);
        assertEquals(a, a);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, LevelBits.of(2, 3));
        assertNotEquals(a, LevelBits.of(4, 3, 2));
        assertNotEquals(a, LevelBits.of(2, 3, 5));
        assertNotEquals(a, LevelBits.of(9));
        assertFalse(a.equals(null));
        assertFalse(a.equals("LevelBits[2, 3, 4]"));
        assertEquals(LevelBits.of(1, 1).extendToMaxNumBits(), LevelBits.of(1).extendToMaxNumBits());
        assertEquals(LevelBits.of(1, 1).extendToMaxNumBits().hashCode(), LevelBits.of(1).extendToMaxNumBits().hashCode());
    }

    @Test
    void toString_listsTheBits() {
        assertEquals("LevelBits[11, 10, 10]", LevelBits.of(11, 10, 10).toString());
        assertEquals("LevelBits[63]", LevelBits.of(63).toString());
        assertEquals("LevelBits[11, 10, 10, 10, 10, 10, 2]", LevelBits.DEFAULT.toString());
    }
}
