package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A slot that moves down a level keeps (key, insertion) order whatever its length: the move walks
 * the slot's list from both ends at once and keeps the back half in a bounded buffer, so lengths
 * around that buffer's size (and far beyond it) are checked, with keys in random order.
 */
class RelinkOrderTest {
    private static final int[] LENGTHS = {1, 2, 3, 4, 5, 127, 128, 255, 256, 257, 258, 511, 512, 513, 1000, 5001};

    @Test
    void increaseMinAllowedKey_slotOfAnyLengthMovesDown_keepsKeyThenInsertionOrder() {
        SplittableRandom random = new SplittableRandom(42);
        for (int length : LENGTHS) {
            // Level 0 holds 4 keys; every element starts in level 1's slot of keys 4..7.
            TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(2, 3));
            List<long[]> expected = new ArrayList<>();
            for (int i = 0; i < length; i++) {
                long key = 4 + random.nextInt(4);
                q.add(key, i);
                expected.add(new long[] {key, i});
            }
            expected.sort(Comparator.comparingLong(e -> e[0])); // stable: insertion order per key
            List<long[]> delivered = new ArrayList<>();
            q.increaseMinAllowedKey(8, (h, key, value) -> delivered.add(new long[] {key, value}));
            assertEquals(length, delivered.size(), "length " + length);
            for (int i = 0; i < length; i++) {
                assertEquals(expected.get(i)[0], delivered.get(i)[0], "key at " + i + " of " + length);
                assertEquals(expected.get(i)[1], delivered.get(i)[1], "value at " + i + " of " + length);
            }
            q.checkInvariants();
        }
    }

    @Test
    void pollMin_slotsMovedDownTwice_keepOrderWithinEachKey() {
        SplittableRandom random = new SplittableRandom(7);
        for (int length : LENGTHS) {
            // Keys 64..127 start in level 2 and move down through level 1 to level 0.
            TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(2, 2, 3));
            List<long[]> expected = new ArrayList<>();
            for (int i = 0; i < length; i++) {
                long key = 64 + random.nextInt(64);
                q.add(key, i);
                expected.add(new long[] {key, i});
            }
            expected.sort(Comparator.comparingLong(e -> e[0]));
            for (int i = 0; i < length; i++) {
                long key = q.minKey();
                int value = q.pollMin();
                assertEquals(expected.get(i)[0], key, "key at " + i + " of " + length);
                assertEquals(expected.get(i)[1], value, "value at " + i + " of " + length);
                if (i % 97 == 0) {
                    q.checkInvariants();
                }
            }
        }
    }
    @Test
    void pollMin_oneOrTwoNodesAboveLevel0_takenWhereTheyLieInKeyThenInsertionOrder() {
        // Level 0 holds keys 0..3; level 1's slots hold 4..7 and 8..11.
        pollPairThenOne(LevelBits.of(2, 3), 4, 12);
    }

    @Test
    void pollMin_oneOrTwoNodesTwoLevelsUp_theOtherMovesToLevel1Or0AndIsNext() {
        // Level 2's slots hold 16 keys each: after the first poll the other node of its slot lands
        // in level 1 (4-key slots) or level 0, and is the next minimum.
        pollPairThenOne(LevelBits.of(2, 2, 3), 16, 48);
    }

    @Test
    void pollMin_oneOrTwoNodesTwoLevelsUp_slotsAboveThemThatMoveToo_keepOrder() {
        // A third key added first, in the next level 2 slot: when the first poll's key lies in the
        // last level 0 block of its level 1 block, level 1's range then reaches into that slot.
        pollPairThenOne(LevelBits.of(2, 2, 3), 16, 32, 48, true);
    }

    private static void pollPairThenOne(LevelBits levelBits, long lo, long hi) {
        pollPairThenOne(levelBits, lo, hi, hi, false);
    }

    /**
     * Every pair of keys in {@code [lo, hi)}, added to an empty queue (the second's key smaller,
     * equal or larger), then one more key below {@code thirdHi}, added after the first poll or,
     * if {@code thirdFirst}, before the pair (with key 0 added first and polled before the pair's
     * first); checks order and the invariants, the cached minimum among them, after every poll.
     */
    private static void pollPairThenOne(LevelBits levelBits, long lo, long hi, long thirdHi, boolean thirdFirst) {
        for (long a = lo; a < hi; a++) {
            for (long b = lo; b < hi; b++) {
                for (long c = thirdFirst ? hi : 0; c < thirdHi; c++) {
                    TimingWheelQueue<Integer> q = new TimingWheelQueue<>(levelBits);
                    List<long[]> expected = new ArrayList<>();
                    if (thirdFirst) {
                        q.add(0, 3); // polled first, so that the minimum of what follows is not cached
                        q.add(c, 2);
                        expected.add(new long[] {c, 2});
                    }
                    q.add(a, 0);
                    q.add(b, 1);
                    if (thirdFirst) {
                        assertEquals(3, (int) q.pollMin());
                    }
                    expected.add(new long[] {a, 0});
                    expected.add(new long[] {b, 1});
                    expected.sort(Comparator.comparingLong(e -> e[0]));
                    long[] first = expected.remove(0);
                    String where = levelBits + ": keys " + a + ", " + b + ", " + (thirdFirst ? "after " : "then ") + c;
                    assertEquals((int) first[1], (int) q.pollMin(), where); // no minKey() first: it would cache the minimum
                    assertEquals(first[0], q.minAllowedKey(), where);
                    q.checkInvariants();
                    if (!thirdFirst && c >= first[0]) {
                        q.add(c, 2);
                        expected.add(new long[] {c, 2});
                        expected.sort(Comparator.comparingLong(e -> e[0]));
                    }
                    for (long[] next : expected) {
                        assertEquals((int) next[1], (int) q.pollMin(), where);
                        assertEquals(next[0], q.minAllowedKey(), where);
                        q.checkInvariants();
                    }
                    assertEquals(0, q.size(), where);
                }
            }
        }
    }

    @Test
    void pollMin_knownMinimumInACrowdedSlotAboveLevel0_nextMinimumFoundAmongTheRest() {
        // minKey() caches the least of three nodes in level 1's slot of keys 4..7; removing it
        // leaves two, and neither is the next minimum just for being left in that slot.
        TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(2, 3));
        q.add(6, 0);
        q.add(5, 1);
        q.add(4, 2);
        assertEquals(4, q.minKey());
        assertEquals(2, (int) q.pollMin());
        q.checkInvariants();
        assertEquals(5, q.minKey());
        assertEquals(1, (int) q.pollMin());
        assertEquals(0, (int) q.pollMin());
        q.checkInvariants();
    }

    @Test
    void increaseMinAllowedKey_slotMovesDownIntoEveryLowerLevelAtOnce_keepsKeyThenInsertionOrder() {
        // Level 3's slots hold 64 keys each. Raising the minimum to a slot's start moves that slot's
        // nodes down in one relink, into levels 0 (4 keys), 1 (16) and 2 (64) at once.
        SplittableRandom random = new SplittableRandom(11);
        for (long target = 0; target < 1024; target += 64) {
            TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(2, 2, 2, 4));
            List<long[]> expected = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                long key = random.nextInt(1024);
                q.add(key, i);
                expected.add(new long[] {key, i});
            }
            expected.sort(Comparator.comparingLong(e -> e[0]));
            List<long[]> delivered = new ArrayList<>();
            q.increaseMinAllowedKey(target, (h, key, value) -> delivered.add(new long[] {key, value}));
            q.checkInvariants();
            while (!q.isEmpty()) {
                int value = q.pollMin();
                delivered.add(new long[] {q.minAllowedKey(), value});
                q.checkInvariants();
            }
            assertEquals(expected.size(), delivered.size(), "target " + target);
            for (int i = 0; i < expected.size(); i++) {
                assertEquals(expected.get(i)[0], delivered.get(i)[0], "key at " + i + ", target " + target);
                assertEquals(expected.get(i)[1], delivered.get(i)[1], "value at " + i + ", target " + target);
            }
        }
    }
}
