/**
 * Monotone integer-keyed priority queues on a hierarchical radix timing wheel: keys never fall
 * below a minimum that only rises, and in exchange adding, removing and re-keying cost O(1).
 *
 * <p>Which queue to use:
 * <ul>
 *   <li>{@link io.github.radixwheel.core.TimingWheelQueue} holds a value per element and names each
 *       element by a {@code long} handle that detects stale and foreign use: timers, event lists,
 *       any queue whose elements come and go.</li>
 *   <li>{@link io.github.radixwheel.core.IndexedTimingWheelQueue} holds the caller's own dense
 *       {@code int} ids, with no handles and no values, and allocates nothing after construction:
 *       shortest paths, A*, and any algorithm whose items are already numbered.</li>
 * </ul>
 *
 * <p>Both deliver in non-decreasing key order and, among equal keys, in insertion order, and both
 * take their shape from {@link io.github.radixwheel.core.LevelBits}, whose
 * {@link io.github.radixwheel.core.LevelBits#DEFAULT} accepts every key at or above the minimum.
 * Neither is thread-safe; {@code radixwheel-alarms} builds alarms in time and thread-safe keyed
 * timers on them.
 */
package io.github.radixwheel.core;
