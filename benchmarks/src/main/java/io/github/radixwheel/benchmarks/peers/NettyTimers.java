package io.github.radixwheel.benchmarks.peers;

import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntConsumer;

/**
 * Netty's {@link HashedWheelTimer} ({@link KeyedTimers#TICK} tick, {@link KeyedTimers#NETTY_BUCKETS}
 * buckets), with one task per key made up front and the keys' {@link Timeout}s in an
 * {@link AtomicReferenceArray}: {@link #move} is {@code newTimeout}, swap, then {@code cancel()} of
 * the old one. {@code newTimeout} and {@code cancel} only enqueue into MPSC queues; the worker
 * thread drains them at its next tick and walks one bucket per tick, counting down rounds. It fires
 * a timeout in the first tick whose end is at or after its deadline: never early, and late by up
 * to a tick plus its own scheduling latency. One {@code HashedWheelTimeout} is allocated per
 * {@code newTimeout}.
 */
final class NettyTimers implements KeyedTimers {
    private final HashedWheelTimer timer;
    private final TimerTask[] tasks;
    private final AtomicReferenceArray<Timeout> timeouts;
    private final Thread[] thread = new Thread[1];

    NettyTimers(int keys, IntConsumer onExpired) {
        this.timer = new HashedWheelTimer(r -> {
            Thread t = new Thread(r, "netty-hashed-wheel-timer");
            t.setDaemon(true);
            thread[0] = t;
            return t;
        }, TICK.toNanos(), TimeUnit.NANOSECONDS, NETTY_BUCKETS, false);
        timer.start();
        this.tasks = new TimerTask[keys];
        for (int k = 0; k < keys; k++) {
            int key = k;
            tasks[k] = timeout -> onExpired.accept(key);
        }
        this.timeouts = new AtomicReferenceArray<>(keys);
    }

    @Override
    public String name() {
        return "Netty HashedWheelTimer";
    }

    private Timeout swap(int key, Duration delay) {
        return timeouts.getAndSet(key, timer.newTimeout(tasks[key], delay.toNanos(), TimeUnit.NANOSECONDS));
    }

    @Override
    public void set(int key, Duration delay) {
        Timeout old = swap(key, delay);
        if (old != null) {
            old.cancel();
        }
    }

    @Override
    public boolean move(int key, Duration delay) {
        Timeout old = swap(key, delay);
        return old != null && old.cancel();
    }

    @Override
    public long pending() {
        return timer.pendingTimeouts();
    }

    @Override
    public Thread thread() {
        return thread[0];
    }

    @Override
    public void close() {
        timer.stop();
    }
}
