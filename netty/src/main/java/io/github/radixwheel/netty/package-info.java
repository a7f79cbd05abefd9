/**
 * {@link io.github.radixwheel.netty.RadixWheelTimer}: Netty's {@link io.netty.util.Timer} on the
 * radix wheel, a drop-in for {@link io.netty.util.HashedWheelTimer} with O(1) cancel that retains
 * nothing, exact pending counts and no wake-up while nothing is pending.
 */
package io.github.radixwheel.netty;
