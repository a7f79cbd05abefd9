package io.github.radixwheel.benchmarks.peers;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntConsumer;

/**
 * A one-thread {@link ScheduledThreadPoolExecutor} with remove-on-cancel, the JDK's answer, with
 * one task per key made up front. Its futures are kept either in an {@link AtomicReferenceArray}
 * indexed by key ({@code executor}), or in a {@link ConcurrentHashMap} keyed by the same
 * {@link KeyedTimers#distinctKeys} as {@code KeyedTimer} ({@code executorMap}: what a caller who
 * has only keys writes, found by hash lookup like {@code KeyedTimer}'s). {@link #move} schedules
 * the new future, swaps it in, then cancels the old one, so that two threads beating one key at
 * once cannot leak a future.
 */
final class ExecutorTimers implements KeyedTimers {
    private final ScheduledThreadPoolExecutor executor;
    private final Runnable[] tasks;
    private final Long[] keys;
    private final AtomicReferenceArray<ScheduledFuture<?>> array;
    private final ConcurrentHashMap<Long, ScheduledFuture<?>> map;
    private final Thread[] thread = new Thread[1];

    ExecutorTimers(int keys, boolean byKeyObject, IntConsumer onExpired) {
        this.executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "keyed-executor");
            t.setDaemon(true);
            thread[0] = t;
            return t;
        });
        executor.setRemoveOnCancelPolicy(true);
        executor.prestartAllCoreThreads();
        this.tasks = new Runnable[keys];
        for (int k = 0; k < keys; k++) {
            int key = k;
            tasks[k] = () -> onExpired.accept(key);
        }
        this.keys = byKeyObject ? KeyedTimers.distinctKeys(keys) : null;
        this.array = byKeyObject ? null : new AtomicReferenceArray<>(keys);
        this.map = byKeyObject ? new ConcurrentHashMap<>(keys) : null;
    }

    @Override
    public String name() {
        return map == null ? "executor, futures in an array" : "executor, futures in a ConcurrentHashMap";
    }

    private ScheduledFuture<?> swap(int key, Duration delay) {
        ScheduledFuture<?> next = executor.schedule(tasks[key], delay.toNanos(), TimeUnit.NANOSECONDS);
        return map == null ? array.getAndSet(key, next) : map.put(keys[key], next);
    }

    @Override
    public void set(int key, Duration delay) {
        ScheduledFuture<?> old = swap(key, delay);
        if (old != null) {
            old.cancel(false);
        }
    }

    @Override
    public boolean move(int key, Duration delay) {
        ScheduledFuture<?> old = swap(key, delay);
        return old != null && old.cancel(false);
    }

    @Override
    public long pending() {
        return executor.getQueue().size();
    }

    @Override
    public Thread thread() {
        return thread[0];
    }

    @Override
    public void close() {
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("executor: did not terminate");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
