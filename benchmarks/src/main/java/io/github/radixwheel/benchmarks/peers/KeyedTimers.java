package io.github.radixwheel.benchmarks.peers;

import java.time.Duration;
import java.util.HashSet;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;

/**
 * Timers on the real clock, one per key, driven by a thread of their own: radixwheel's
 * {@code KeyedTimer} and what a user would write instead. A key is an index in
 * {@code [0, keys)}; the implementations that are looked up by key object use
 * {@link #distinctKeys}. Every method may be called from any thread; expiries are reported on the
 * timer's thread.
 */
public interface KeyedTimers extends AutoCloseable {
    /** The {@code impl} parameter values, in table order. */
    String[] IMPLS = {"radixwheel", "executor", "executorMap", "netty"};
    /** The tick of {@code KeyedTimer} (its default) and of Netty's timer. */
    Duration TICK = Duration.ofMillis(1);
    /** Netty's buckets. */
    int NETTY_BUCKETS = 512;
    /** The seed of {@link #distinctKeys}. */
    long KEY_SEED = 0x5EED_0201L;

    /** @return the name, as the tables show it */
    String name();

    /**
     * Arms {@code key} to expire after {@code delay}, replacing its pending arming if it has one.
     *
     * @param key a key
     * @param delay the delay
     */
    void set(int key, Duration delay);

    /**
     * Moves an armed key's deadline to now + {@code delay}: one heartbeat.
     *
     * @param key a key
     * @param delay the delay
     * @return false if the key was not armed
     */
    boolean move(int key, Duration delay);

    /** @return the number of armings pending (Netty counts a cancelled one until its thread's next tick) */
    long pending();

    /** @return the thread that fires the timers */
    Thread thread();

    /** Stops the timer's thread; pending armings never fire. */
    @Override
    void close();

    /**
     * @param impl one of {@link #IMPLS}
     * @param keys the number of keys
     * @param onExpired receives each expired key, on the timer's thread
     * @return a running timer with nothing armed
     */
    static KeyedTimers create(String impl, int keys, IntConsumer onExpired) {
        switch (impl) {
            case "radixwheel":
                return new KeyedTimerAdapter(keys, onExpired);
            case "executor":
                return new ExecutorTimers(keys, false, onExpired);
            case "executorMap":
                return new ExecutorTimers(keys, true, onExpired);
            case "netty":
                return new NettyTimers(keys, onExpired);
            default:
                throw new IllegalArgumentException("impl: " + impl + " (expected: one of " + String.join(", ", IMPLS) + ")");
        }
    }

    /**
     * @param keys how many
     * @return {@code keys} distinct random {@code Long}s from {@link #KEY_SEED}, like connection ids
     */
    static Long[] distinctKeys(int keys) {
        Long[] out = new Long[keys];
        SplittableRandom random = new SplittableRandom(KEY_SEED);
        HashSet<Long> seen = new HashSet<>();
        for (int k = 0; k < keys; k++) {
            Long key;
            do {
                key = random.nextLong();
            } while (!seen.add(key));
            out[k] = key;
        }
        return out;
    }
}
