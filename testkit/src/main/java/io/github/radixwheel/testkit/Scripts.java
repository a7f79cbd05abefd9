package io.github.radixwheel.testkit;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** Generates what handlers do: mostly nothing, often a change to the structure, sometimes a failure. */
final class Scripts {
    private Scripts() {}

    static Arbitrary<Reentry> steps() {
        Arbitrary<Reentry.Kind> kinds = Arbitraries.frequency(
                Tuple.of(20, Reentry.Kind.NONE),
                Tuple.of(3, Reentry.Kind.ADD_AT_CURRENT),
                Tuple.of(4, Reentry.Kind.ADD),
                Tuple.of(1, Reentry.Kind.ADD_OUT_OF_RANGE),
                Tuple.of(3, Reentry.Kind.ADD_FIRST_AT_CURRENT),
                Tuple.of(2, Reentry.Kind.ADD_FIRST),
                Tuple.of(2, Reentry.Kind.ADD_BEFORE),
                Tuple.of(2, Reentry.Kind.ADD_AFTER),
                Tuple.of(3, Reentry.Kind.REMOVE),
                Tuple.of(1, Reentry.Kind.REMOVE_STALE),
                Tuple.of(3, Reentry.Kind.CHANGE_KEY),
                Tuple.of(1, Reentry.Kind.SET_VALUE),
                Tuple.of(1, Reentry.Kind.CLEAR),
                Tuple.of(2, Reentry.Kind.RESET),
                Tuple.of(2, Reentry.Kind.THROW),
                Tuple.of(2, Reentry.Kind.NESTED),
                Tuple.of(2, Reentry.Kind.QUERY),
                Tuple.of(1, Reentry.Kind.IN_ORDER),
                Tuple.of(1, Reentry.Kind.TRIM));
        Arbitrary<Double> fraction = Arbitraries.doubles().between(0, 1).ofScale(3).filter(d -> d < 1);
        return Combinators.combine(kinds, fraction, fraction).as(Reentry::new);
    }

    /** What a handler does on its first, second, … delivery; nothing after the script ends. */
    static Arbitrary<List<Reentry>> scripts() {
        return steps().list().ofMaxSize(10);
    }

    /** A fraction in {@code [0, 1)}. */
    static Arbitrary<Double> fractions() {
        return Arbitraries.doubles().between(0, 1).ofScale(3).filter(d -> d < 1);
    }

    /** Live handles mostly, all issued (mostly stale) sometimes: a fraction and whether to pick a live one. */
    static Arbitrary<Tuple.Tuple2<Double, Boolean>> picks() {
        return Combinators.combine(fractions(), Arbitraries.frequency(Tuple.of(5, true), Tuple.of(1, false)))
                .as(Tuple::of);
    }
}
