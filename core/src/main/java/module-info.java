/**
 * The radix wheel engine: {@link io.github.radixwheel.core.TimingWheelQueue}, a monotone
 * integer-keyed priority queue with O(1) add, remove and re-key,
 * {@link io.github.radixwheel.core.IndexedTimingWheelQueue}, the same queue over the caller's own
 * {@code int} ids, and their level geometry {@link io.github.radixwheel.core.LevelBits}.
 */
module io.github.radixwheel.core {
    exports io.github.radixwheel.core;
    exports io.github.radixwheel.core.internal to io.github.radixwheel.alarms;
}
