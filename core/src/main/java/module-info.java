/**
 * The radix wheel engine: {@link io.github.radixwheel.core.TimingWheelQueue}, a monotone
 * integer-keyed priority queue with O(1) add, remove and re-key, and its level geometry
 * {@link io.github.radixwheel.core.LevelBits}.
 */
module io.github.radixwheel.core {
    exports io.github.radixwheel.core;
    exports io.github.radixwheel.core.internal to io.github.radixwheel.alarms;
}
