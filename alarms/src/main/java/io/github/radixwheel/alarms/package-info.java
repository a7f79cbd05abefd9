/**
 * Alarms in time on the radix wheel of {@code radixwheel-core}.
 *
 * <p>Which to use:
 * <ul>
 *   <li>{@link io.github.radixwheel.alarms.TimingWheel} keeps alarms at {@code long} times on a
 *       clock that the caller moves, fires them in time order (insertion order within an interval
 *       of {@link io.github.radixwheel.alarms.TimingWheelConfig#alarmPrecision() alarmPrecision})
 *       and answers exact next-alarm queries: simulators and single-threaded event loops. It is
 *       not thread-safe.</li>
 *   <li>{@link io.github.radixwheel.alarms.FutureEventList} keeps a discrete-event simulation's
 *       pending events at {@code double} times with {@code int} priorities, taken one at a time in
 *       exact (time, priority, scheduling order) order: the event list a simulation library plugs
 *       in. It is not thread-safe.</li>
 *   <li>{@link io.github.radixwheel.alarms.KeyedTimer} arms one deadline per key from any thread,
 *       with a driving thread of its own or a manual clock, and calls back on expiry: connection
 *       keep-alives, session and cache expiry, request timeouts.</li>
 *   <li>{@link io.github.radixwheel.alarms.TimingWheelExecutor} is a
 *       {@link java.util.concurrent.ScheduledExecutorService}, a drop-in for a one-thread
 *       {@code ScheduledThreadPoolExecutor}: delayed tasks of a server (request timeouts, retries,
 *       leases), most of them cancelled before they run, with O(1) cancel that retains nothing.</li>
 * </ul>
 */
package io.github.radixwheel.alarms;
