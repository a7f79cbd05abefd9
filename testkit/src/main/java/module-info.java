/**
 * For property tests, with jqwik, of code built on radixwheel: plain reference models of the
 * structures ({@code ReferenceQueue}, {@code ReferenceWheel}, {@code ReferenceEventList}), jqwik
 * arbitraries biased to the edges ({@code RadixwheelArbitraries}), and differential action chains
 * for jqwik's stateful testing ({@code RadixwheelActions}).
 */
module io.github.radixwheel.testkit {
    requires transitive io.github.radixwheel.alarms;
    requires transitive net.jqwik.api;

    exports io.github.radixwheel.testkit;
}
