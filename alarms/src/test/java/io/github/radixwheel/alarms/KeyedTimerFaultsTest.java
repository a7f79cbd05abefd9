package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyedTimer} under what an outside failure-injection run tried: an executor that waits for
 * each batch, a thread factory that starts its thread, and a key whose {@code toString} throws.
 * Each test failed before its fix.
 */
class KeyedTimerFaultsTest {
    private static final long MS = 1_000_000;

    /** "Does nothing if nanos is not after the clock": so it waits for no turn either. */
    @Test
    void advanceToThatDoesNothing_fromACallbackThatAWaitingExecutorRuns_returns() {
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "waited-for");
            t.setDaemon(true);
            return t;
        });
        try {
            Executor waiting = r -> {
                try {
                    pool.submit(r).get();
                } catch (InterruptedException | ExecutionException e) {
                    throw new IllegalStateException(e);
                }
            };
            List<KeyedTimer<String, String>> self = new ArrayList<>(1);
            AtomicInteger fired = new AtomicInteger();
            KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock().executor(waiting)
                    .build((k, v) -> {
                        self.get(0).advanceTo(0); // not after the clock: nothing to do
                        fired.incrementAndGet();
                    });
            self.add(timer);
            timer.set("a", "1", Duration.ofMillis(1));
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> timer.advanceTo(3 * MS));
            assertEquals(1, fired.get());
            assertEquals(0, timer.size());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void threadFactoryThatStartsItsThread_isRefused_andTheLoopItStartedEnds() throws InterruptedException {
        List<Thread> made = new ArrayList<>();
        KeyedTimer.Builder<String, String> b = KeyedTimer.<String, String>builder().threadFactory(r -> {
            Thread t = new Thread(r, "started-by-the-factory");
            t.setDaemon(true);
            t.start();
            made.add(t);
            return t;
        });
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.build((k, v) -> { }));
        assertTrue(e.getMessage().contains("started-by-the-factory"), e.getMessage());
        made.get(0).join(30_000);
        assertFalse(made.get(0).isAlive(), "the refused thread still runs the timer's loop");
    }

    @Test
    void defaultOnError_keyWhoseToStringThrows_theCallbacksExceptionIsStillPrinted() {
        Object badKey = new Object() {
            @Override
            public String toString() {
                throw new UnsupportedOperationException("no name");
            }
        };
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            KeyedTimer<Object, String> timer = KeyedTimer.builder().manualClock().build((Object k, String v) -> {
                throw new IllegalStateException("callback-boom");
            });
            timer.set(badKey, "v", Duration.ZERO);
            timer.advanceTo(MS);
            assertEquals(0, timer.size());
        } finally {
            System.setErr(original);
        }
        String err = captured.toString(StandardCharsets.UTF_8);
        assertTrue(err.contains("toString() threw"), err);
        assertTrue(err.contains("callback-boom"), err);
    }
}
