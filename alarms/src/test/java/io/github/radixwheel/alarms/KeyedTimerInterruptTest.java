package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A callback that leaves its thread interrupted (a caught {@code InterruptedException} restored, as
 * callers are told to do) must not reach the next callback of its batch, nor the caller of
 * {@code advanceTo}: each callback starts with the interrupt cleared, and the thread that delivers
 * a batch gets back the status it had. Each test failed before the fix (an outside adversarial
 * run found it).
 */
class KeyedTimerInterruptTest {
    private static final long MS = 1_000_000;

    /** What each callback saw: "key:interrupted" or "key:clear". */
    private final List<String> seen = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void clearTheTestThreadsInterrupt() {
        Thread.interrupted();
    }

    /** Key "i..." interrupts its thread after recording what it saw; every key records. */
    private BiConsumer<String, String> recording(CountDownLatch done) {
        return (key, value) -> {
            seen.add(key + ":" + (Thread.currentThread().isInterrupted() ? "interrupted" : "clear"));
            if (key.startsWith("i")) {
                Thread.currentThread().interrupt();
            }
            done.countDown();
        };
    }

    private static KeyedTimer<String, String> manual(Executor executor, BiConsumer<String, String> onExpired) {
        KeyedTimer.Builder<String, String> b = KeyedTimer.<String, String>builder().manualClock();
        if (executor != null) {
            b.executor(executor);
        }
        return b.build(onExpired);
    }

    @Test
    void manualClock_inline_anInterruptLeftByACallback_reachesNeitherTheNextCallbackNorTheCaller() {
        KeyedTimer<String, String> timer = manual(null, recording(new CountDownLatch(3)));
        timer.set("i1", "", Duration.ofMillis(1));
        timer.set("a", "", Duration.ofMillis(1));
        timer.set("b", "", Duration.ofMillis(2));
        timer.advanceTo(5 * MS);
        assertEquals(List.of("i1:clear", "a:clear", "b:clear"), seen);
        assertFalse(Thread.interrupted(), "the caller of advanceTo was not interrupted");
    }

    @Test
    void manualClock_callerRunsExecutor_anInterruptLeftByACallback_reachesNeitherTheNextCallbackNorTheCaller() {
        KeyedTimer<String, String> timer = manual(Runnable::run, recording(new CountDownLatch(3)));
        timer.set("i1", "", Duration.ofMillis(1));
        timer.set("a", "", Duration.ofMillis(1));
        timer.set("b", "", Duration.ofMillis(2));
        timer.advanceTo(5 * MS);
        assertEquals(List.of("i1:clear", "a:clear", "b:clear"), seen);
        assertFalse(Thread.interrupted(), "the caller of advanceTo was not interrupted");
    }

    @Test
    void manualClock_interruptedCaller_callbacksStartCleared_andTheCallerStaysInterrupted() {
        KeyedTimer<String, String> timer = manual(null, recording(new CountDownLatch(2)));
        timer.set("a", "", Duration.ofMillis(1));
        timer.set("i1", "", Duration.ofMillis(2));
        Thread.currentThread().interrupt();
        timer.advanceTo(5 * MS);
        assertTrue(Thread.interrupted(), "the caller's own interrupt is kept (and cleared here)");
        assertEquals(List.of("a:clear", "i1:clear"), seen);
    }

    @Test
    void manualClock_aCallbackThatReArmsInTheSameCall_startsCleared() {
        List<KeyedTimer<String, String>> self = new ArrayList<>(1);
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock().build((key, value) -> {
            seen.add(key + ":" + (Thread.currentThread().isInterrupted() ? "interrupted" : "clear"));
            Thread.currentThread().interrupt();
            if (value.length() < 3) {
                self.get(0).set(key, value + "x", Duration.ofMillis(1));
            }
        });
        self.add(timer);
        timer.set("k", "", Duration.ofMillis(1));
        timer.advanceTo(10 * MS);
        assertEquals(List.of("k:clear", "k:clear", "k:clear", "k:clear"), seen, "fired at 1, 2, 3 and 4 ms");
        assertFalse(Thread.interrupted());
    }

    @Test
    void poolExecutor_callbacksOfOneBatch_startCleared() throws InterruptedException {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            CountDownLatch done = new CountDownLatch(3);
            KeyedTimer<String, String> timer = manual(pool, recording(done));
            timer.set("i1", "", Duration.ofMillis(1));
            timer.set("a", "", Duration.ofMillis(1));
            timer.set("b", "", Duration.ofMillis(2));
            timer.advanceTo(5 * MS); // one batch, one task of the pool
            assertTrue(done.await(30, TimeUnit.SECONDS));
            assertEquals(List.of("i1:clear", "a:clear", "b:clear"), seen);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void drivingThread_anInterruptLeftByACallback_doesNotReachTheNextCallbackOfItsBatch() throws InterruptedException {
        for (int round = 0; round < 20; round++) {
            seen.clear();
            CountDownLatch done = new CountDownLatch(3);
            KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().build(recording(done));
            try {
                // Armed within one tick, 20 ms ahead: the thread finds the three in one look.
                timer.set("i1", "", Duration.ofMillis(20));
                timer.set("i2", "", Duration.ofMillis(20));
                timer.set("a", "", Duration.ofMillis(20));
                assertTrue(done.await(30, TimeUnit.SECONDS));
                assertEquals(3, seen.size());
                assertFalse(seen.stream().anyMatch(s -> s.endsWith(":interrupted")), "round " + round + ": " + seen);
            } finally {
                timer.close();
            }
        }
    }
}
