/**
 * Test support for code built on radixwheel, for use with jqwik.
 *
 * <ul>
 *   <li>{@link io.github.radixwheel.testkit.ReferenceQueue}, {@link io.github.radixwheel.testkit.ReferenceWheel}
 *       and {@link io.github.radixwheel.testkit.ReferenceEventList}: plain models with the same
 *       methods, results and exceptions as {@code TimingWheelQueue}, {@code TimingWheel} and
 *       {@code FutureEventList}, built on sorted maps and lists so that they are obviously correct
 *       rather than fast. Use them as the expected side of a differential test.</li>
 *   <li>{@link io.github.radixwheel.testkit.RadixwheelArbitraries}: level bits, keys, configurations,
 *       starts and event times, biased to the values where bugs live (the minimum, slot and level
 *       edges, the largest allowed key, one-ulp gaps, {@code +∞}).</li>
 *   <li>{@link io.github.radixwheel.testkit.RadixwheelActions}: action chains for jqwik's stateful
 *       testing ({@code queue()}, {@code wheel()} and {@code eventList()}) that run the same random
 *       operations (handlers that use the structure and handlers that throw included) on a real
 *       structure and its reference, compare every result and call {@code checkInvariants()} after
 *       every step. Their states, {@link io.github.radixwheel.testkit.DifferentialQueue},
 *       {@link io.github.radixwheel.testkit.DifferentialWheel} and
 *       {@link io.github.radixwheel.testkit.DifferentialEventList}, give both structures to actions of
 *       your own.</li>
 * </ul>
 *
 * <p>Nothing here is thread-safe, and nothing here is meant for production code.
 */
package io.github.radixwheel.testkit;
