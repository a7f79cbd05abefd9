package io.github.radixwheel.benchmarks.peers.executors;

import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The JDK's answer: a {@link ScheduledThreadPoolExecutor} with one thread and
 * {@code setRemoveOnCancelPolicy(true)}, so a cancelled task leaves its heap at once (O(log n)).
 */
final class ThreadPoolTasks implements DelayedTasks {
    private final Threads threads = new Threads("jdk-scheduled-pool");
    private final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, threads);

    ThreadPoolTasks() {
        executor.setRemoveOnCancelPolicy(true);
        executor.prestartAllCoreThreads();
    }

    @Override
    public String name() {
        return "ScheduledThreadPoolExecutor (remove on cancel)";
    }

    @Override
    public Object schedule(Request request, long delayNanos) {
        return executor.schedule(request, delayNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public boolean cancel(Object handle) {
        return ((Future<?>) handle).cancel(false);
    }

    @Override
    public long pending() {
        return executor.getQueue().size();
    }

    @Override
    public Thread thread() {
        return threads.made();
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
