package io.github.radixwheel.alarms;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Shared helpers of the {@link TimingWheelExecutor} tests: manual-clock executors with a 1 ms tick,
 * a log of what ran, in order, and a way to read the executor's clock as a task sees it.
 */
final class ExecutorTestSupport {
    static final long MS = 1_000_000L;
    /** The deadline of a {@link Clock}'s reference future: never. */
    private static final long REFERENCE = Long.MAX_VALUE;

    private ExecutorTestSupport() {}

    /** A manual-clock executor with a 1 ms tick. */
    static TimingWheelExecutor manual() {
        return TimingWheelExecutor.builder().manualClock().tick(Duration.ofMillis(1)).build();
    }

    /**
     * Reads a manual-clock executor's clock through {@code getDelay} of a future scheduled at clock 0
     * that never runs (it counts as one pending task).
     */
    static final class Clock {
        private final ScheduledFuture<?> reference;

        /** @param executor a manual-clock executor whose clock is still 0 */
        Clock(TimingWheelExecutor executor) {
            this.reference = executor.schedule(() -> { }, REFERENCE, TimeUnit.NANOSECONDS);
        }

        /** {@return the clock, as the calling thread sees it} */
        long now() {
            return REFERENCE - reference.getDelay(TimeUnit.NANOSECONDS);
        }

        /** {@return the reference future} */
        ScheduledFuture<?> reference() {
            return reference;
        }

        /** Removes the reference future. */
        void stop() {
            reference.cancel(false);
        }
    }

    /** What tasks did, in order. */
    static final class Log {
        private final List<String> entries = new ArrayList<>();

        /** A task that logs {@code name}. */
        Runnable task(String name) {
            return () -> add(name);
        }

        /** A task that logs {@code name@ms}, with the clock in milliseconds as the task sees it. */
        Runnable timed(String name, Clock clock) {
            return () -> add(name + "@" + clock.now() / MS);
        }

        /** A callable that logs {@code name} and returns it. */
        Callable<String> callable(String name) {
            return () -> {
                add(name);
                return name;
            };
        }

        synchronized void add(String entry) {
            entries.add(entry);
        }

        /** Takes what was logged since the last take. */
        synchronized List<String> take() {
            List<String> out = new ArrayList<>(entries);
            entries.clear();
            return out;
        }
    }
}
