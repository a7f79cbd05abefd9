package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.alarms.KeyedTimer;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;

/**
 * Where a {@link KeyedTimer}'s expiries go: its {@code onExpired} callback, run on the thread that
 * found them or on the configured {@link Executor}, and its {@code onError} handler, which
 * receives what a callback throws. Nothing that a callback, the executor or the handler throws
 * escapes to the thread that delivers.
 */
public final class KeyedTimerDispatch<K, V> {
    private final BiConsumer<? super K, ? super V> onExpired;
    private final BiConsumer<? super K, ? super Throwable> onError;
    /** Null: callbacks run on the thread that found the expiries. */
    private final Executor executor;

    public KeyedTimerDispatch(BiConsumer<? super K, ? super V> onExpired, BiConsumer<? super K, ? super Throwable> onError,
            Executor executor) {
        this.onExpired = onExpired;
        this.onError = onError != null ? onError : KeyedTimerDispatch::printError;
        this.executor = executor;
    }

    /** Whether callbacks run on the thread that found the expiries. */
    public boolean isInline() {
        return executor == null;
    }

    /** Delivers {@code batch} on this thread, or hands it to the executor. */
    public void dispatch(KeyedTimerBatch<K, V> batch) {
        if (executor == null) {
            batch.run();
            return;
        }
        try {
            executor.execute(batch);
        } catch (Throwable rejected) {
            // A RejectedExecutionException, or an Error such as "unable to create native thread":
            // report every key rather than let it end the driving thread.
            batch.reject(rejected);
        }
    }

    /** Runs the callback for one claimed expiry; what it throws goes to {@code onError}. */
    public void deliver(K key, V value) {
        try {
            onExpired.accept(key, value);
        } catch (Throwable t) {
            report(key, t);
        }
    }

    /** Hands {@code t} to {@code onError}; if that throws too, prints both as well as it can. */
    public void report(K key, Throwable t) {
        try {
            onError.accept(key, t);
        } catch (Throwable inHandler) {
            try {
                printError(key, inHandler);
            } catch (Throwable unprintable) {
                // e.g. the key's toString() throws: a failure to report must not end the thread
            }
        }
    }

    private static void printError(Object key, Throwable t) {
        String named;
        try {
            named = "key " + key;
        } catch (Throwable unnamed) {
            named = "a key whose toString() threw " + unnamed;
        }
        System.err.println("KeyedTimer: onExpired failed for " + named);
        t.printStackTrace();
    }
}
