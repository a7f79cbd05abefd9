package io.github.radixwheel.testkit;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.state.ActionChain;

/**
 * {@code TimingWheelQueue} against {@link ReferenceQueue}: random sequences of every operation, with
 * handlers that use the queue and handlers that throw, every result compared and
 * {@code checkInvariants()} after every step ({@link RadixwheelActions#queue()}).
 */
class QueueDifferentialProperties {

    @Property(tries = 1400, seed = "20261122")
    void queueMatchesItsReference(@ForAll("chains") ActionChain<DifferentialQueue> chain) {
        chain.run();
    }

    @Provide
    Arbitrary<ActionChain<DifferentialQueue>> chains() {
        return RadixwheelActions.queue();
    }
}
