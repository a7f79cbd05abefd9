package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every composition of 6 bits into levels, every step 1..64, and starting minimums 0 and
 * {@code Long.MAX_VALUE - 64}: fill the whole allowed range with two elements per key, then raise
 * the minimum by the step until empty. Every element is delivered exactly once, in key order, FIFO
 * within a key, never outside {@code [old min, new min)}, with the invariants intact after each step.
 */
class ExhaustiveSmallConfigTest {
    private static final int TOTAL_BITS = 6;
    private static final long[] STARTS = {0, Long.MAX_VALUE - 64};

    static Stream<Arguments> configurations() {
        List<Arguments> all = new ArrayList<>();
        for (int[] bits : compositions(TOTAL_BITS)) {
            for (long start : STARTS) {
                all.add(Arguments.of(LevelBits.of(bits), start));
            }
        }
        return all.stream();
    }

    /** Every ordered way to write {@code n} as a sum of positive parts. */
    static List<int[]> compositions(int n) {
        List<int[]> out = new ArrayList<>();
        for (int cuts = 0; cuts < 1 << (n - 1); cuts++) {
            List<Integer> parts = new ArrayList<>();
            int part = 1;
            for (int i = 0; i < n - 1; i++) {
                if ((cuts & (1 << i)) != 0) {
                    parts.add(part);
                    part = 1;
                } else {
                    part++;
                }
            }
            parts.add(part);
            out.add(parts.stream().mapToInt(Integer::intValue).toArray());
        }
        return out;
    }

    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("configurations")
    void fillThenRaise_deliversEverythingOnceInOrder(LevelBits bits, long start) {
        for (int step = 1; step <= 64; step++) {
            run(bits, start, step);
        }
    }

    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("configurations")
    void refillWhileRaising_matchesModel(LevelBits bits, long start) {
        for (int step = 1; step <= 64; step++) {
            runWithRefill(bits, start, step);
        }
    }

    private static void run(LevelBits bits, long start, int step) {
        TimingWheelQueue<Long> q = new TimingWheelQueue<>(bits);
        q.increaseMinAllowedKey(start, (h, k, v) -> fail("empty queue delivered"));
        long max = q.maxAllowedKey();
        int perKey = 2;
        long count = (max - start + 1) * perKey;
        // Insertion number as the value: FIFO within a key means increasing values.
        long seq = 0;
        for (int round = 0; round < perKey; round++) {
            for (long key = start; ; key++) {
                q.add(key, seq++);
                if (key == max) {
                    break;
                }
            }
        }
        q.checkInvariants();
        long[] last = {Long.MIN_VALUE, -1};
        long[] delivered = {0};
        String where = bits + " start " + start + " step " + step;
        while (!q.isEmpty() && q.minAllowedKey() < Long.MAX_VALUE) {
            long oldMin = q.minAllowedKey();
            long newMin = oldMin > Long.MAX_VALUE - step ? Long.MAX_VALUE : oldMin + step;
            q.increaseMinAllowedKey(newMin, (h, k, v) -> {
                if (k < oldMin || k >= newMin) {
                    fail(where + ": key " + k + " delivered outside [" + oldMin + ", " + newMin + ")");
                }
                checkOrder(where, last, k, v);
                delivered[0]++;
            });
            assertEquals(newMin, q.minAllowedKey(), where);
            q.checkInvariants();
        }
        // Keys at Long.MAX_VALUE can only leave through pollMin.
        while (!q.isEmpty()) {
            long k = q.minKey();
            checkOrder(where, last, k, q.pollMin());
            delivered[0]++;
            q.checkInvariants();
        }
        assertEquals(count, delivered[0], where + ": delivered count");
    }

    private static void checkOrder(String where, long[] last, long key, long seq) {
        if (key < last[0] || (key == last[0] && seq <= last[1])) {
            fail(where + ": (" + key + ", #" + seq + ") delivered after (" + last[0] + ", #" + last[1] + ")");
        }
        last[0] = key;
        last[1] = seq;
    }

    /** As above, but after each step adds at every key that became allowed and at the new minimum. */
    private static void runWithRefill(LevelBits bits, long start, int step) {
        TimingWheelQueue<Void> q = new TimingWheelQueue<>(bits);
        QueueModel model = new QueueModel();
        q.increaseMinAllowedKey(start, (h, k, v) -> fail("empty queue delivered"));
        String where = bits + " start " + start + " step " + step;
        long addedUpTo = start - 1;
        for (int round = 0; round < 40 && q.minAllowedKey() < Long.MAX_VALUE; round++) {
            for (long key = addedUpTo; key < q.maxAllowedKey(); ) {
                key++;
                model.add(q.add(key, null), key);
            }
            addedUpTo = q.maxAllowedKey();
            // A second element at a key that is already present, possibly in a higher level.
            long newMin = q.minAllowedKey() > Long.MAX_VALUE - step ? Long.MAX_VALUE : q.minAllowedKey() + step;
            long again = Math.min(q.maxAllowedKey(), newMin);
            model.add(q.add(again, null), again);
            q.increaseMinAllowedKey(newMin, (h, k, v) -> {
                Long expected = model.pollBelow(newMin);
                if (expected == null || expected != h) {
                    fail(where + ": delivered " + h + " at key " + k + ", expected " + expected);
                }
                assertEquals(k, q.minAllowedKey(), where);
            });
            assertTrue(model.pollBelow(newMin) == null, where + ": an element below the minimum was not delivered");
            q.checkInvariants();
            assertEquals(model.size(), q.size(), where);
        }
    }
}
