package io.github.radixwheel.benchmarks.peers.executors;

import io.github.radixwheel.netty.RadixWheelTimer;
import io.netty.util.Timeout;
import java.util.concurrent.TimeUnit;

/** radixwheel's {@link RadixWheelTimer}, Netty's {@code Timer} interface, with a 1 ms tick. */
final class RadixWheelTimerTasks implements DelayedTasks {
    private final Threads threads = new Threads("radixwheel-netty-timer");
    private final RadixWheelTimer timer = new RadixWheelTimer(threads, 1, TimeUnit.MILLISECONDS);

    @Override
    public String name() {
        return "radixwheel RadixWheelTimer";
    }

    @Override
    public Object schedule(Request request, long delayNanos) {
        return timer.newTimeout(request, delayNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public boolean cancel(Object handle) {
        return ((Timeout) handle).cancel();
    }

    @Override
    public long pending() {
        return timer.pendingTimeouts();
    }

    @Override
    public Thread thread() {
        return threads.made();
    }

    @Override
    public void close() {
        timer.stop();
    }
}
