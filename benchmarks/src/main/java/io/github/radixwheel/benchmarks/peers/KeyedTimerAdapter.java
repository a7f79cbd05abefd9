package io.github.radixwheel.benchmarks.peers;

import io.github.radixwheel.alarms.KeyedTimer;
import java.time.Duration;
import java.util.function.IntConsumer;

/**
 * radixwheel's {@link KeyedTimer} with its own thread and a {@link KeyedTimers#TICK} tick, keyed by
 * {@link KeyedTimers#distinctKeys}: {@link #set} is {@code set(key, index, delay)}, {@link #move}
 * is {@code move(key, delay)}. The value of a key's arming is its index, boxed once up front, so
 * that an expiry names the index without a lookup.
 */
final class KeyedTimerAdapter implements KeyedTimers {
    private final Long[] keys;
    private final Integer[] indices;
    private final KeyedTimer<Long, Integer> timer;
    private final Thread thread;

    KeyedTimerAdapter(int keys, IntConsumer onExpired) {
        this.keys = KeyedTimers.distinctKeys(keys);
        this.indices = new Integer[keys];
        for (int k = 0; k < keys; k++) {
            indices[k] = k;
        }
        this.timer = KeyedTimer.<Long, Integer>builder()
                .tick(TICK)
                .build((Long key, Integer index) -> onExpired.accept(index));
        this.thread = newestDriver();
    }

    /** @return the driving thread just started: they are named {@code radixwheel-keyed-timer-N}, N counting up */
    private static Thread newestDriver() {
        Thread newest = null;
        long newestNumber = -1;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            String name = t.getName();
            if (name.startsWith("radixwheel-keyed-timer-")) {
                long number = Long.parseLong(name.substring("radixwheel-keyed-timer-".length()));
                if (number > newestNumber) {
                    newestNumber = number;
                    newest = t;
                }
            }
        }
        if (newest == null) {
            throw new IllegalStateException("no KeyedTimer driving thread is running");
        }
        return newest;
    }

    @Override
    public String name() {
        return "radixwheel KeyedTimer";
    }

    @Override
    public void set(int key, Duration delay) {
        timer.set(keys[key], indices[key], delay);
    }

    @Override
    public boolean move(int key, Duration delay) {
        return timer.move(keys[key], delay);
    }

    @Override
    public long pending() {
        return timer.size();
    }

    @Override
    public Thread thread() {
        return thread;
    }

    @Override
    public void close() {
        timer.close();
    }
}
