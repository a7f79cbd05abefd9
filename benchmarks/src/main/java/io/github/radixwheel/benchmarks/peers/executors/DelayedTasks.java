package io.github.radixwheel.benchmarks.peers.executors;

import java.util.List;

/**
 * A thread-driven timer of delayed tasks, as a server uses one for request timeouts: radixwheel's
 * {@code TimingWheelExecutor} and {@code RadixWheelTimer}, a one-thread
 * {@code ScheduledThreadPoolExecutor} with remove-on-cancel, and Netty's {@code HashedWheelTimer}
 * at a 1 ms tick. Each task is a {@link Request}, made by the caller per task and carrying its own
 * payload object, as a user's lambda carries its request. Any thread may schedule and cancel.
 */
public interface DelayedTasks extends AutoCloseable {
    /** The implementations, in table order. */
    List<String> IMPLS = List.of("TimingWheelExecutor", "RadixWheelTimer", "STPE", "Netty");

    /** @return the name, as the tables show it */
    String name();

    /**
     * Schedules {@code request} to run once after {@code delayNanos}.
     *
     * @param request the task
     * @param delayNanos the delay
     * @return what {@link #cancel} takes: the implementation's future or timeout
     */
    Object schedule(Request request, long delayNanos);

    /**
     * Cancels a task.
     *
     * @param handle what {@link #schedule} returned
     * @return whether this call cancelled it
     */
    boolean cancel(Object handle);

    /** @return the number of tasks pending, as the implementation counts them */
    long pending();

    /** @return the thread that runs the tasks (started) */
    Thread thread();

    /** Stops the timer; pending tasks never run. */
    @Override
    void close();

    /**
     * @param impl one of {@link #IMPLS}
     * @return a started timer with nothing pending
     */
    static DelayedTasks create(String impl) {
        switch (impl) {
            case "TimingWheelExecutor":
                return new WheelExecutorTasks();
            case "RadixWheelTimer":
                return new RadixWheelTimerTasks();
            case "STPE":
                return new ThreadPoolTasks();
            case "Netty":
                return new NettyTasks();
            default:
                throw new IllegalArgumentException("impl: " + impl + " (expected: one of " + IMPLS + ")");
        }
    }
}
