package io.github.radixwheel.testkit;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.state.ActionChain;

/**
 * {@code TimingWheel} against {@link ReferenceWheel}: random precision, start and levels; random
 * sequences of every operation, with handlers that use the wheel and handlers that throw, every
 * result compared and {@code checkInvariants()} after every step ({@link RadixwheelActions#wheel()}).
 */
class WheelDifferentialProperties {

    @Property(tries = 1100, seed = "20261122")
    void wheelMatchesItsReference(@ForAll("chains") ActionChain<DifferentialWheel> chain) {
        chain.run();
    }

    @Provide
    Arbitrary<ActionChain<DifferentialWheel>> chains() {
        return RadixwheelActions.wheel();
    }
}
