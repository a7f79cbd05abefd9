package io.github.radixwheel.core;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * Generators of keys biased toward the edges (the minimum, level and slot boundaries, the maximum),
 * of level bits and of first minimums, for the tests of this module. The testkit module has public
 * ones for TimingWheelQueue; this module's tests cannot use them (the testkit depends on this module).
 */
final class KeyEdges {
    private KeyEdges() {}

    /** Keys in {@code [lo, hi]}, about half of them on an edge. */
    static Arbitrary<Long> between(long lo, long hi, LevelBits bits) {
        List<Long> edges = edges(lo, hi, bits);
        long span = hi - lo; // may overflow only if lo < 0, which keys never are
        Arbitrary<Long> near = Arbitraries.longs().between(0, Math.min(span, 70)).map(d -> lo + d);
        Arbitrary<Long> nearTop = Arbitraries.longs().between(0, Math.min(span, 70)).map(d -> hi - d);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.of(edges)),
                net.jqwik.api.Tuple.of(2, near),
                net.jqwik.api.Tuple.of(1, nearTop),
                net.jqwik.api.Tuple.of(2, Arbitraries.longs().between(lo, hi)));
    }

    /** Level bits: DEFAULT, short lists of small levels, such lists extended to 63 bits, wide lists, fixed shapes. */
    static Arbitrary<LevelBits> levelBits() {
        Arbitrary<LevelBits> small = Arbitraries.integers().between(1, 4).list().ofMinSize(1).ofMaxSize(4)
                .map(l -> LevelBits.of(l.stream().mapToInt(Integer::intValue).toArray()));
        Arbitrary<LevelBits> wide = Arbitraries.integers().between(1, 12).list().ofMinSize(1).ofMaxSize(8)
                .filter(l -> l.stream().mapToInt(Integer::intValue).sum() <= 63)
                .map(l -> LevelBits.of(l.stream().mapToInt(Integer::intValue).toArray()));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(2, Arbitraries.just(LevelBits.DEFAULT)),
                net.jqwik.api.Tuple.of(4, small),
                net.jqwik.api.Tuple.of(1, small.map(LevelBits::extendToMaxNumBits)),
                net.jqwik.api.Tuple.of(2, wide),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(LevelBits.of(1, 1), LevelBits.of(3, 1), LevelBits.of(1, 2, 3))));
    }

    /** First minimums: small keys, powers of two and their neighbours, keys near Long.MAX_VALUE, any key. */
    static Arbitrary<Long> starts() {
        return Arbitraries.oneOf(
                Arbitraries.of(0L, 1L, 2L, 7L, 8L, 2047L, 2048L, Long.MAX_VALUE - 64, Long.MAX_VALUE - 1,
                        Long.MAX_VALUE, (1L << 62) - 1, 1L << 62),
                Arbitraries.longs().between(0, 1000),
                Arbitraries.longs().between(0, Long.MAX_VALUE));
    }

    static List<Long> edges(long lo, long hi, LevelBits bits) {
        List<Long> out = new ArrayList<>();
        add(out, lo, lo, hi);
        add(out, lo + 1, lo, hi);
        add(out, hi, lo, hi);
        add(out, hi - 1, lo, hi);
        add(out, Long.MAX_VALUE, lo, hi);
        int sum = 0;
        for (int b : bits.toArray()) {
            sum += b;
            if (sum >= 63) {
                break;
            }
            // The next multiple of 2^B above lo, and its neighbours: where slots and levels turn over.
            long boundary = ((lo >>> sum) + 1) << sum;
            if (boundary > 0) {
                add(out, boundary - 1, lo, hi);
                add(out, boundary, lo, hi);
                add(out, boundary + 1, lo, hi);
                long second = boundary + (1L << sum);
                if (second > 0) {
                    add(out, second - 1, lo, hi);
                    add(out, second, lo, hi);
                }
            }
        }
        return out;
    }

    private static void add(List<Long> out, long key, long lo, long hi) {
        if (key >= lo && key <= hi && !out.contains(key)) {
            out.add(key);
        }
    }
}
