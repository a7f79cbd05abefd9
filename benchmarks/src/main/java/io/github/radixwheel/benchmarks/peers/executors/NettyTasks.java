package io.github.radixwheel.benchmarks.peers.executors;

import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import java.util.concurrent.TimeUnit;

/**
 * Netty's {@link HashedWheelTimer} with a 1 ms tick and 512 buckets, started up front. Its
 * {@code newTimeout} and {@code cancel} only enqueue; the worker thread drains both queues at its
 * next tick, and walks one bucket per tick.
 */
final class NettyTasks implements DelayedTasks {
    private final Threads threads = new Threads("netty-hashed-wheel-timer");
    private final HashedWheelTimer timer = new HashedWheelTimer(threads, 1, TimeUnit.MILLISECONDS, 512, false);

    NettyTasks() {
        timer.start();
    }

    @Override
    public String name() {
        return "Netty HashedWheelTimer";
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
