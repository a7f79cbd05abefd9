package io.github.radixwheel.core;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/** Generators of keys biased toward the edges: the minimum, level and slot boundaries, the maximum. */
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
