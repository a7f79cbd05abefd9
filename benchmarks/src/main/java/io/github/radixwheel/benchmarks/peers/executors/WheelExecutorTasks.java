package io.github.radixwheel.benchmarks.peers.executors;

import io.github.radixwheel.alarms.TimingWheelExecutor;
import java.time.Duration;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** radixwheel's {@link TimingWheelExecutor} with a 1 ms tick; its thread starts with the first task. */
final class WheelExecutorTasks implements DelayedTasks {
    private final Threads threads = new Threads("radixwheel-executor");
    private final TimingWheelExecutor executor =
            TimingWheelExecutor.builder().tick(Duration.ofMillis(1)).threadFactory(threads).build();

    @Override
    public String name() {
        return "radixwheel TimingWheelExecutor";
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
        return executor.pendingTasks();
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
