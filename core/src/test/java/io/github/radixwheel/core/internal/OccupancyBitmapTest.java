package io.github.radixwheel.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The bitmap's searches against {@link BitSet} (the next set bit from a slot, cyclic or not, and
 * the next after a slot within its word), for every level size from one word to several summary
 * words, sparse and dense, from every start, as bits are set and cleared.
 */
class OccupancyBitmapTest {
    private static final int[] SIZES = {1, 2, 64, 128, 1024, 2048, 4096, 8192, 16384};
    private static final double[] DENSITIES = {0.0005, 0.01, 0.1, 0.5, 0.95};

    @Test
    void nextSetBit_everyStart_matchesBitSet() {
        SplittableRandom random = new SplittableRandom(5);
        for (int size : SIZES) {
            for (double density : DENSITIES) {
                OccupancyBitmap bits = new OccupancyBitmap(size);
                BitSet model = new BitSet(size);
                for (int slot = 0; slot < size; slot++) {
                    if (random.nextDouble() < density) {
                        bits.set(slot);
                        model.set(slot);
                    }
                }
                String where = size + " slots, density " + density;
                checkEveryStart(bits, model, size, where);
                // Clear them in random order, checking after each clear while few remain.
                int[] set = model.stream().toArray();
                for (int i = set.length - 1; i > 0; i--) {
                    int j = random.nextInt(i + 1);
                    int t = set[i];
                    set[i] = set[j];
                    set[j] = t;
                }
                for (int slot : set) {
                    model.clear(slot);
                    assertEquals(model.isEmpty(), bits.clear(slot), where + ": clear(" + slot + ") reports emptiness");
                    if (model.cardinality() < 4) {
                        checkEveryStart(bits, model, size, where + ", " + model);
                    }
                }
                bits.checkSummary(where);
            }
        }
    }

    @Test
    void nextSetBit_bitsAtWordAndSummaryEdges_matchesBitSet() {
        for (int size : SIZES) {
            int[] edges = {0, 63, 64, 65, 127, 4031, 4032, 4095, 4096, 4097, size - 65, size - 64, size - 1};
            for (int a : edges) {
                for (int b : edges) {
                    if (a < 0 || b < 0 || a >= size || b >= size) {
                        continue;
                    }
                    OccupancyBitmap bits = new OccupancyBitmap(size);
                    BitSet model = new BitSet(size);
                    bits.set(a);
                    model.set(a);
                    bits.set(b);
                    model.set(b);
                    checkEveryStart(bits, model, size, size + " slots, bits " + a + " and " + b);
                }
            }
        }
    }

    private static void checkEveryStart(OccupancyBitmap bits, BitSet model, int size, String where) {
        for (int from = 0; from <= size; from++) {
            int expected = from == size ? -1 : model.nextSetBit(from);
            assertEquals(expected, bits.nextSetBit(from), where + ": nextSetBit(" + from + ")");
            int cyclic = expected >= 0 || from == 0 ? expected : model.nextSetBit(0);
            assertEquals(cyclic, bits.nextSetBitCyclic(from), where + ": nextSetBitCyclic(" + from + ")");
            if (from < size) {
                int after = model.nextSetBit(from + 1);
                int inWord = after >= 0 && after >>> 6 == from >>> 6 ? after : -1;
                assertEquals(inWord, bits.nextInWord(from), where + ": nextInWord(" + from + ")");
            }
        }
    }
}
