package io.github.radixwheel.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.benchmarks.peers.KeyedTimers;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Runs {@link KeyedTimerBenchmark}'s and {@link HeartbeatAnatomyBenchmark}'s per-invocation logic
 * directly (no JMH harness) with a few thousand keys, on one thread and on two threads sharing a
 * timer: every key stays armed exactly once, nothing expires, and the checks catch a broken run.
 */
class KeyedTimerBenchmarkSmokeTest {
    static final String[] IMPLS = KeyedTimers.IMPLS;
    private static final int KEYS = 2048;
    private static final int BEATS = 500;

    private static KeyedTimerBenchmark.Cursor cursor(int thread) {
        KeyedTimerBenchmark.Cursor c = new KeyedTimerBenchmark.Cursor();
        c.create(KEYS, thread);
        return c;
    }

    @ParameterizedTest
    @FieldSource("IMPLS")
    void heartbeats_keepEveryKeyArmedOnceOnOneAndTwoThreads(String impl) throws InterruptedException {
        KeyedTimerBenchmark b = new KeyedTimerBenchmark();
        KeyedTimerBenchmark.Shared timer = new KeyedTimerBenchmark.Shared();
        timer.create(impl, KEYS);
        try {
            KeyedTimerBenchmark.Cursor one = cursor(0);
            for (int i = 0; i < BEATS; i++) {
                assertTrue(b.heartbeat(timer, one));
            }
            one.check();
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
            assertNull(failure.get(), impl);
            timer.check();
            assertEquals(KEYS, timer.timers.pending(), impl);
            timer.expired.incrementAndGet(); // as if a key had expired: the check must notice
            assertThrows(IllegalStateException.class, timer::check, impl);
        } finally {
            timer.close();
        }
    }

    @ParameterizedTest
    @FieldSource("IMPLS")
    void aBeatOnAKeyThatIsNotArmedFails(String impl) {
        KeyedTimerBenchmark.Own timer = new KeyedTimerBenchmark.Own();
        timer.create(impl, KEYS);
        try (KeyedTimers empty = KeyedTimers.create(impl, KEYS, k -> { })) {
            timer.timers.close();
            timer.timers = empty;
            assertThrows(IllegalStateException.class, () -> timer.beat(7));
        }
        assertThrows(IllegalStateException.class, cursor(0)::check, "no heartbeat ran");
    }

    @Test
    void anatomy_everyPartFindsItsKeys() throws InterruptedException {
        HeartbeatAnatomyBenchmark b = new HeartbeatAnatomyBenchmark();
        b.keys = KEYS;
        b.setUp();
        try {
            long before = System.nanoTime();
            for (int i = 0; i < 3 * KEYS; i++) {
                assertTrue(b.clock() >= before);
                assertEquals(b.keyObjects[b.cursor.picks[b.cursor.index & KeyedTimerBenchmark.MASK]].hashCode(), b.keyHash());
                b.clockThenKeyHash();
                b.lookup();
                b.lookupThenClock();
                assertTrue(b.move());
            }
            b.check();
            b.indexOf.removeInt(b.keyObjects[7]); // a key the map does not hold fails the run
            assertThrows(IllegalStateException.class, () -> b.touch(7, 0));
        } finally {
            b.close();
        }
    }
}
