/**
 * Alarms on the radix wheel engine: {@code TimingWheel}, the time/alarm API for simulators
 * and event loops; {@code FutureEventList}, a simulator's event list in {@code double} time;
 * {@code KeyedTimer}, thread-safe keyed real-time timers; and
 * {@code TimingWheelExecutor}, a {@code ScheduledExecutorService} on the wheel.
 */
module io.github.radixwheel.alarms {
    requires transitive io.github.radixwheel.core;
    requires it.unimi.dsi.fastutil.core;

    exports io.github.radixwheel.alarms;
    // The thread-safe timer core, for the Netty timer of radixwheel-netty.
    exports io.github.radixwheel.alarms.internal to io.github.radixwheel.netty;
}
