package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/**
 * {@code maxAllowedKey()} is exactly {@code M_(L-1)}. The table's examples, then a
 * property against an independent {@link BigInteger} rendering of the formula.
 */
class MaxAllowedKeyTest {
    private static final long MAX = Long.MAX_VALUE;
    private static final BigInteger BIG_MAX = BigInteger.valueOf(MAX);
    private static final ElementConsumer<Object> NO_DELIVERY = (h, k, v) -> fail("empty queue delivered " + k);

    /** A fresh queue whose minimum allowed key is {@code k}. */
    private static TimingWheelQueue<Object> queueAt(LevelBits bits, long k) {
        TimingWheelQueue<Object> q = new TimingWheelQueue<>(bits);
        q.increaseMinAllowedKey(k, NO_DELIVERY);
        assertEquals(k, q.minAllowedKey());
        return q;
    }

    private static void assertMax(LevelBits bits, long k, long expected) {
        assertEquals(expected, queueAt(bits, k).maxAllowedKey(), bits + " at minimum " + k);
    }

    // ---------------------------------------------------------------- the contract's examples

    @Test
    void maxAllowedKey_oneBit_specExample() {
        assertMax(LevelBits.of(1), 0, 1);
    }

    @Test
    void maxAllowedKey_1_1_specExamples() {
        LevelBits bits = LevelBits.of(1, 1);
        long[][] table = {{0, 5}, {1, 5}, {2, 7}, {3, 7}, {4, 9}, {10, 15}, {17, 21}, {1000, 1005}};
        for (long[] row : table) {
            assertMax(bits, row[0], row[1]);
        }
    }

    @Test
    void maxAllowedKey_1_1_1_specExample() {
        assertMax(LevelBits.of(1, 1, 1), 0, 11);
    }

    @Test
    void maxAllowedKey_3_1_specExamples() {
        LevelBits bits = LevelBits.of(3, 1);
        long[][] table = {{0, 23}, {7, 23}, {8, 31}, {100, 119}, {1000, 1023}};
        for (long[] row : table) {
            assertMax(bits, row[0], row[1]);
        }
    }

    @Test
    void maxAllowedKey_2_2_specExamples() {
        LevelBits bits = LevelBits.of(2, 2);
        long[][] table = {{3, 19}, {4, 23}, {17, 35}};
        for (long[] row : table) {
            assertMax(bits, row[0], row[1]);
        }
    }

    @Test
    void maxAllowedKey_1_2_3_specExamples() {
        LevelBits bits = LevelBits.of(1, 2, 3);
        long[][] table = {{0, 71}, {5, 71}, {6, 79}, {100, 167}};
        for (long[] row : table) {
            assertMax(bits, row[0], row[1]);
        }
    }

    @Test
    void maxAllowedKey_default_isLongMaxValueForAnyMinimum() {
        for (long k : new long[] {0, 1, 2047, 2048, 1L << 40, MAX - (1L << 61), MAX - 1, MAX}) {
            assertMax(LevelBits.DEFAULT, k, MAX);
        }
        assertEquals(MAX, new TimingWheelQueue<>().maxAllowedKey());
    }

    @Test
    void maxAllowedKey_followsTheMinimumAsItRises() {
        // One queue raised step by step agrees with fresh queues at each minimum.
        LevelBits bits = LevelBits.of(1, 1);
        TimingWheelQueue<Object> q = new TimingWheelQueue<>(bits);
        long[][] table = {{0, 5}, {1, 5}, {2, 7}, {3, 7}, {4, 9}, {10, 15}, {17, 21}, {1000, 1005}};
        for (long[] row : table) {
            q.increaseMinAllowedKey(row[0], NO_DELIVERY);
            assertEquals(row[1], q.maxAllowedKey(), "at minimum " + row[0]);
            q.checkInvariants();
        }
    }

    @Test
    void maxAllowedKey_nearLongMaxValue_saturates() {
        assertMax(LevelBits.of(1), MAX, MAX);
        assertMax(LevelBits.of(1), MAX - 1, MAX);
        assertMax(LevelBits.of(3, 1), MAX - 5, MAX);
        assertMax(LevelBits.of(10), MAX - 2000, MAX - 2000 + 1023);
        assertMax(LevelBits.of(2, 2), MAX, MAX);
    }

    // ---------------------------------------------------------------- level size limit

    @Test
    void constructor_levelWith25Bits_throwsIAE() {
        assertThrows(IllegalArgumentException.class, () -> new TimingWheelQueue<>(LevelBits.of(25)));
        assertThrows(IllegalArgumentException.class, () -> new TimingWheelQueue<>(LevelBits.of(1, 25)));
        assertThrows(IllegalArgumentException.class, () -> new TimingWheelQueue<>(LevelBits.of(10, 25, 10), 4));
        assertThrows(IllegalArgumentException.class, () -> new TimingWheelQueue<>(LevelBits.of(63)));
    }

    @Test
    void constructor_levelWith24Bits_isAccepted() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(24, 1));
        assertEquals(expected(new int[] {24, 1}, 0), q.maxAllowedKey());
        long h = q.add((1L << 25) - 1, "last");
        assertEquals((1L << 25) - 1, q.minKey());
        assertEquals("last", q.value(h));
        q.checkInvariants();
    }

    // ---------------------------------------------------------------- the formula, independently

    /** The reference formula with BigInteger: m_0 = k, M_i = m_i ⊕ S_i, m_i = round_down(M_(i-1) + 1, 2^B_(i-1)). */
    static long expected(int[] bits, long k) {
        BigInteger m = BigInteger.valueOf(k);
        int sum = bits[0];
        BigInteger upper = saturate(m.add(BigInteger.ONE.shiftLeft(sum)).subtract(BigInteger.ONE));
        for (int i = 1; i < bits.length; i++) {
            if (upper.equals(BIG_MAX)) {
                m = BIG_MAX;
            } else {
                BigInteger block = BigInteger.ONE.shiftLeft(sum);
                m = upper.add(BigInteger.ONE).divide(block).multiply(block);
            }
            sum += bits[i];
            upper = saturate(m.add(BigInteger.ONE.shiftLeft(sum)).subtract(BigInteger.ONE));
        }
        return upper.longValueExact();
    }

    private static BigInteger saturate(BigInteger x) {
        return x.min(BIG_MAX);
    }

    @Test
    void expected_reproducesTheSpecTable() {
        // The reference implementation itself, checked against the same table.
        assertEquals(1, expected(new int[] {1}, 0));
        assertEquals(21, expected(new int[] {1, 1}, 17));
        assertEquals(11, expected(new int[] {1, 1, 1}, 0));
        assertEquals(119, expected(new int[] {3, 1}, 100));
        assertEquals(35, expected(new int[] {2, 2}, 17));
        assertEquals(167, expected(new int[] {1, 2, 3}, 100));
        assertEquals(MAX, expected(LevelBits.DEFAULT.toArray(), 12345));
    }

    @Property(seed = "20240511", tries = 200)
    void maxAllowedKey_matchesFormula(@ForAll("levelBits") LevelBits bits, @ForAll("edgeKeys") long k) {
        int[] array = bits.toArray();
        TimingWheelQueue<Object> q = queueAt(bits, k);
        long max = q.maxAllowedKey();
        assertEquals(expected(array, k), max, bits + " at minimum " + k);
        assertLowerBound(bits, k, max);
        // The same queue, raised through the edges of its own levels that lie above k.
        for (long next : edgesAbove(array, k)) {
            q.increaseMinAllowedKey(next, NO_DELIVERY);
            assertEquals(expected(array, next), q.maxAllowedKey(), bits + " raised to " + next);
            assertLowerBound(bits, next, q.maxAllowedKey());
        }
        if (totalSlots(array) <= 1 << 16) {
            q.checkInvariants(); // O(slots): only where that is cheap
        }
    }

    @Property(seed = "7310", tries = 60)
    void maxAllowedKey_atLeastMinPlus2PowNumBitsMinus1(@ForAll("levelBits") LevelBits bits, @ForAll("edgeKeys") long k) {
        long max = queueAt(bits, k).maxAllowedKey();
        assertLowerBound(bits, k, max);
        assertTrue(max >= k, "maxAllowedKey below the minimum");
    }

    @Test
    void maxAllowedKey_lowerBound_isTightForOneLevel() {
        // With one level the bound is exact: k + 2^b - 1, saturating.
        for (int b = 1; b <= 20; b++) {
            for (long k : new long[] {0, 1, (1L << b) - 1, 1L << b, 12345, MAX - (1L << b), MAX - 3, MAX}) {
                long bound = BigInteger.valueOf(k).add(BigInteger.ONE.shiftLeft(b)).subtract(BigInteger.ONE)
                        .min(BIG_MAX).longValueExact();
                assertMax(LevelBits.of(b), k, bound);
            }
        }
    }

    private static void assertLowerBound(LevelBits bits, long k, long max) {
        BigInteger bound = BigInteger.valueOf(k).add(BigInteger.ONE.shiftLeft(bits.numBits())).subtract(BigInteger.ONE)
                .min(BIG_MAX);
        assertTrue(BigInteger.valueOf(max).compareTo(bound) >= 0,
                bits + " at minimum " + k + ": maxAllowedKey " + max + " below " + bound);
    }

    /** The level boundaries 2^B_i - 1, 2^B_i, 2^B_i + 1 and their neighbours near MAX, above k, ascending. */
    private static List<Long> edgesAbove(int[] bits, long k) {
        TreeSet<Long> edges = new TreeSet<>();
        int sum = 0;
        for (int b : bits) {
            sum += b;
            long block = sum == 63 ? MAX : 1L << sum;
            for (long candidate : new long[] {block - 1, block, block + 1, 2 * block - 1, 2 * block, MAX - block,
                    MAX - block + 1, (k | (block - 1)), (k | (block - 1)) + 1}) {
                if (candidate > k && candidate >= 0) {
                    edges.add(candidate);
                }
            }
        }
        edges.add(MAX - 1);
        edges.add(MAX);
        edges.removeIf(x -> x <= k);
        // At most about 48, evenly spread, so that many-level configurations stay fast.
        List<Long> all = new ArrayList<>(edges);
        if (all.isEmpty()) {
            return all;
        }
        int stride = Math.max(1, all.size() / 48);
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i += stride) {
            out.add(all.get(i));
        }
        if (!out.get(out.size() - 1).equals(all.get(all.size() - 1))) {
            out.add(all.get(all.size() - 1));
        }
        return out;
    }

    private static long totalSlots(int[] bits) {
        long slots = 0;
        for (int b : bits) {
            slots += 1L << b;
        }
        return slots;
    }

    // ---------------------------------------------------------------- generators

    /**
     * 1..8 levels of 1..16 bits (sum at most 63); sometimes one level of 17..24 bits (rarely above 20,
     * to keep the slot arrays small); sometimes summing to exactly 63; sometimes extended to 63 by
     * {@code extendToMaxNumBits()}. Levels stay at most 24 bits, which is what the engine accepts.
     */
    @Provide
    Arbitrary<LevelBits> levelBits() {
        Arbitrary<int[]> free = Arbitraries.integers().between(1, 16).array(int[].class).ofMinSize(1).ofMaxSize(8)
                .filter(a -> Arrays.stream(a).sum() <= 63);
        Arbitrary<Integer> large = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.integers().between(17, 20)), Tuple.of(1, Arbitraries.integers().between(21, 24)));
        Arbitrary<int[]> withLargeLevel = free.flatMap(a -> large.flatMap(
                big -> Arbitraries.integers().between(0, a.length).map(pos -> insert(a, pos, big))))
                .filter(a -> a.length <= 8 && Arrays.stream(a).sum() <= 63);
        Arbitrary<int[]> fullSum = Arbitraries.integers().between(4, 8).flatMap(n -> Arbitraries.longs().map(
                seed -> spread(63, n, 20, new Random(seed))));
        Arbitrary<int[]> fullSumFine = Arbitraries.integers().between(5, 8).flatMap(n -> Arbitraries.longs().map(
                seed -> spread(63, n, 16, new Random(seed))));
        return Arbitraries.frequencyOf(
                Tuple.of(5, free.map(LevelBits::of)),
                Tuple.of(1, withLargeLevel.map(LevelBits::of)),
                Tuple.of(1, fullSum.map(LevelBits::of)),
                Tuple.of(2, fullSumFine.map(LevelBits::of)),
                Tuple.of(2, free.map(a -> LevelBits.of(a).extendToMaxNumBits())));
    }

    private static int[] insert(int[] a, int pos, int value) {
        int[] out = new int[a.length + 1];
        System.arraycopy(a, 0, out, 0, pos);
        out[pos] = value;
        System.arraycopy(a, pos, out, pos + 1, a.length - pos);
        return out;
    }

    /** {@code n} parts in {@code [1, cap]} summing to {@code total} (requires n <= total <= n * cap). */
    private static int[] spread(int total, int n, int cap, Random random) {
        int[] parts = new int[n];
        Arrays.fill(parts, 1);
        for (int left = total - n; left > 0; ) {
            int i = random.nextInt(n);
            if (parts[i] < cap) {
                parts[i]++;
                left--;
            }
        }
        return parts;
    }

    /** Keys biased to the edges: 0, 1, 2^j - 1, 2^j, 2^j + 1, MAX - small, MAX, and anything. */
    @Provide
    Arbitrary<Long> edgeKeys() {
        Arbitrary<Long> powers = Arbitraries.integers().between(1, 62).flatMap(j -> Arbitraries.of(
                (1L << j) - 1, 1L << j, (1L << j) + 1, MAX - (1L << j), MAX - (1L << j) + 1));
        return Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.of(0L, 1L, 2L, MAX, MAX - 1, MAX - 2)),
                Tuple.of(3, powers),
                Tuple.of(2, Arbitraries.longs().between(MAX - 100_000, MAX)),
                Tuple.of(2, Arbitraries.longs().between(0, MAX)),
                Tuple.of(1, Arbitraries.longs().between(0, 1L << 20)));
    }
}
