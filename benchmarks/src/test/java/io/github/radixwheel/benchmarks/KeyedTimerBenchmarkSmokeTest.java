package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link KeyedTimerBenchmark}'s per-invocation logic directly (no JMH harness) with a few
 * thousand keys, on one thread and on two threads sharing a timer, and checks that every key stays
 * armed exactly once, nothing expires, and everything shuts down.
 */
class KeyedTimerBenchmarkSmokeTest {
    private static final int KEYS = 2048;
    private static final int BEATS = 500;
    private static final String[] IMPLS = {
        KeyedTimerBenchmark.RADIXWHEEL,
        KeyedTimerBenchmark.EXECUTOR,
        KeyedTimerBenchmark.EXECUTOR_MAP,
        KeyedTimerBenchmark.NETTY
    };

    private static KeyedTimerBenchmark params(String impl) {
        KeyedTimerBenchmark b = new KeyedTimerBenchmark();
        b.impl = impl;
        b.keys = KEYS;
        return b;
    }

    private static KeyedTimerBenchmark.Cursor cursor(int thread) {
        KeyedTimerBenchmark.Cursor c = new KeyedTimerBenchmark.Cursor();
        c.create(KEYS, thread);
        return c;
    }

    @Test
    void heartbeatsOnOneThreadKeepEveryKeyArmedOnce() {
        for (String impl : IMPLS) {
            KeyedTimerBenchmark b = params(impl);
            KeyedTimerBenchmark.Shared timer = new KeyedTimerBenchmark.Shared();
            timer.create(b);
            try {
                timer.check();
                KeyedTimerBenchmark.Cursor c = cursor(0);
                for (int i = 0; i < BEATS; i++) {
                    assertTrue(b.heartbeat(timer, c), impl);
                }
                c.check();
                timer.check();
                assertEquals(KEYS, timer.heartbeats.pending(), impl);
                assertEquals(0, timer.heartbeats.expired.get(), impl);
            } finally {
                timer.close();
            }
            assertEquals(null, timer.heartbeats);
        }
    }

    @Test
    void heartbeatsOnTwoThreadsSharingATimerKeepEveryKeyArmedOnce() throws InterruptedException {
        for (String impl : IMPLS) {
            KeyedTimerBenchmark b = params(impl);
            KeyedTimerBenchmark.Shared timer = new KeyedTimerBenchmark.Shared();
            timer.create(b);
            try {
                AtomicReference<Throwable> failure = new AtomicReference<>();
                CountDownLatch start = new CountDownLatch(1);
                Thread[] threads = new Thread[2];
                for (int t = 0; t < threads.length; t++) {
                    KeyedTimerBenchmark.Cursor c = cursor(t);
                    threads[t] = new Thread(() -> {
                        try {
                            start.await();
                            for (int i = 0; i < BEATS; i++) {
                                b.heartbeatTwoThreadsSharedTimer(timer, c);
                            }
                            c.check();
                        } catch (Throwable e) {
                            failure.compareAndSet(null, e);
                        }
                    });
                    threads[t].start();
                }
                start.countDown();
                for (Thread t : threads) {
                    t.join();
                }
                assertEquals(null, failure.get(), impl);
                timer.check();
            } finally {
                timer.close();
            }
        }
    }

    @Test
    void ownTimersAreSeparate() {
        KeyedTimerBenchmark b = params(KeyedTimerBenchmark.RADIXWHEEL);
        KeyedTimerBenchmark.Own first = new KeyedTimerBenchmark.Own();
        KeyedTimerBenchmark.Own second = new KeyedTimerBenchmark.Own();
        first.create(b);
        second.create(b);
        try {
            assertTrue(first.heartbeats != second.heartbeats);
            KeyedTimerBenchmark.Cursor c = cursor(1);
            for (int i = 0; i < BEATS; i++) {
                b.heartbeatTwoThreadsOwnTimers(first, c);
            }
            first.check();
            second.check();
        } finally {
            first.close();
            second.close();
        }
    }

    @Test
    void cursorsDifferPerThreadAndStayInRange() {
        KeyedTimerBenchmark.Cursor a = cursor(0);
        KeyedTimerBenchmark.Cursor c = cursor(1);
        int same = 0;
        for (int i = 0; i < KeyedTimerBenchmark.INPUTS; i++) {
            assertTrue(a.picks[i] >= 0 && a.picks[i] < KEYS);
            same += a.picks[i] == c.picks[i] ? 1 : 0;
        }
        assertTrue(same < KeyedTimerBenchmark.INPUTS / 100, "threads share their picks: " + same);
    }

    @Test
    void theChecksCatchABrokenRun() {
        assertThrows(IllegalStateException.class, cursor(0)::check, "no heartbeat ran");
        for (String impl : IMPLS) {
            KeyedTimerBenchmark b = params(impl);
            KeyedTimerBenchmark.Shared timer = new KeyedTimerBenchmark.Shared();
            timer.create(b);
            try {
                timer.heartbeats.expired.incrementAndGet();
                assertThrows(IllegalStateException.class, timer::check, impl + ": an expiry");
            } finally {
                timer.close();
            }
        }
        KeyedTimerBenchmark.Shared radix = new KeyedTimerBenchmark.Shared();
        radix.create(params(KeyedTimerBenchmark.RADIXWHEEL));
        try {
            KeyedTimerBenchmark.RadixHeartbeats h = (KeyedTimerBenchmark.RadixHeartbeats) radix.heartbeats;
            h.timer.remove(h.keyObjects[7]);
            assertThrows(IllegalStateException.class, radix::check, "a key went missing");
            assertThrows(IllegalStateException.class, () -> h.beat(7), "beat on a disarmed key");
        } finally {
            radix.close();
        }
        KeyedTimerBenchmark.Shared executor = new KeyedTimerBenchmark.Shared();
        executor.create(params(KeyedTimerBenchmark.EXECUTOR));
        try {
            KeyedTimerBenchmark.ExecutorHeartbeats h = (KeyedTimerBenchmark.ExecutorHeartbeats) executor.heartbeats;
            h.futures.get(3).cancel(false);
            assertThrows(IllegalStateException.class, () -> h.beat(3), "beat on a cancelled future");
        } finally {
            executor.close();
        }
        KeyedTimerBenchmark.Shared executorMap = new KeyedTimerBenchmark.Shared();
        executorMap.create(params(KeyedTimerBenchmark.EXECUTOR_MAP));
        try {
            KeyedTimerBenchmark.ExecutorMapHeartbeats h = (KeyedTimerBenchmark.ExecutorMapHeartbeats) executorMap.heartbeats;
            h.futures.remove(h.keyObjects[5]).cancel(false);
            assertThrows(IllegalStateException.class, () -> h.beat(5), "beat on a key with no future");
            h.futures.get(h.keyObjects[6]).cancel(false);
            assertThrows(IllegalStateException.class, () -> h.beat(6), "beat on a cancelled future");
        } finally {
            executorMap.close();
        }
    }

    @Test
    void executorMapUsesTheKeyedTimersKeys() {
        try (KeyedTimerBenchmark.RadixHeartbeats radix = new KeyedTimerBenchmark.RadixHeartbeats(KEYS);
                KeyedTimerBenchmark.ExecutorMapHeartbeats map = new KeyedTimerBenchmark.ExecutorMapHeartbeats(KEYS)) {
            assertArrayEquals(radix.keyObjects, map.keyObjects);
            assertEquals(KEYS, new HashSet<>(Arrays.asList(map.keyObjects)).size());
        }
    }
}
