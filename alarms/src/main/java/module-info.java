/**
 * Alarms on the radix wheel engine: {@code TimingWheel}, the time/alarm API for simulators
 * and event loops, and {@code KeyedTimer}, thread-safe keyed real-time timers.
 */
module io.github.radixwheel.alarms {
    requires transitive io.github.radixwheel.core;
    requires it.unimi.dsi.fastutil.core;

    exports io.github.radixwheel.alarms;
}
