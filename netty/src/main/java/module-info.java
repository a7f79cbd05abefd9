/**
 * {@code RadixWheelTimer}, a drop-in for Netty's {@code HashedWheelTimer} on the radix wheel. Netty
 * is the user's own: this module reads {@code io.netty.common}, 4.1 or 4.2.
 */
module io.github.radixwheel.netty {
    requires transitive io.github.radixwheel.alarms;
    requires transitive io.netty.common;

    exports io.github.radixwheel.netty;
}
