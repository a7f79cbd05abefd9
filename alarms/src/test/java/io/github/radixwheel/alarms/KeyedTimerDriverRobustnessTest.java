package io.github.radixwheel.alarms;

import io.github.radixwheel.alarms.internal.TimerThread;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * What the code that delivers expiries must survive: callbacks that interrupt their thread, an
 * {@code Executor} that throws an {@code Error}, reporting that fails, {@code close()} while a
 * batch is being delivered, and a negative {@code System.nanoTime()}. Found by a concurrency review; each test failed before its fix. Waits
 * are on latches and thread joins with generous bounds; one short sleep lets a tick pass.
 */
class TimerThreadRobustnessTest {
    private static final long GENEROUS_SECONDS = 10;

    /** A callback that restores an interrupt (as callers are told to) must not leave the thread spinning in park. */
    @Test
    void callbackInterruptsTheDrivingThread_laterCallbacksStartUninterrupted() throws InterruptedException {
        AtomicReference<Boolean> laterInterrupted = new AtomicReference<>();
        CountDownLatch first = new CountDownLatch(1);
        CountDownLatch later = new CountDownLatch(1);
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().build((key, value) -> {
            if (key.equals("first")) {
                Thread.currentThread().interrupt();
                first.countDown();
            } else {
                laterInterrupted.set(Thread.currentThread().isInterrupted());
                later.countDown();
            }
        });
        try {
            timer.set("first", "", Duration.ZERO);
            assertTrue(first.await(GENEROUS_SECONDS, TimeUnit.SECONDS));
            timer.set("later", "", Duration.ZERO);
            assertTrue(later.await(GENEROUS_SECONDS, TimeUnit.SECONDS));
            assertEquals(false, laterInterrupted.get(), "the interrupt flag outlived the callback that set it");
        } finally {
            timer.close();
        }
    }

    /** Thread pools throw OutOfMemoryError("unable to create native thread") from execute. */
    @Test
    void executorThrowsAnError_batchGoesToOnError_andLaterKeysStillExpire() throws InterruptedException {
        OutOfMemoryError noThread = new OutOfMemoryError("unable to create native thread");
        AtomicBoolean failNext = new AtomicBoolean(true);
        Executor flaky = task -> {
            if (failNext.getAndSet(false)) {
                throw noThread;
            }
            task.run();
        };
        List<String> reported = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch reportedA = new CountDownLatch(1);
        CountDownLatch expiredB = new CountDownLatch(1);
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder()
                .executor(flaky)
                .onError((key, error) -> {
                    reported.add(key + ": " + (error == noThread));
                    reportedA.countDown();
                })
                .build((key, value) -> expiredB.countDown());
        try {
            timer.set("a", "A", Duration.ZERO);
            assertTrue(reportedA.await(GENEROUS_SECONDS, TimeUnit.SECONDS), "a was neither delivered nor reported");
            timer.set("b", "B", Duration.ZERO);
            assertTrue(expiredB.await(GENEROUS_SECONDS, TimeUnit.SECONDS), "the driving thread died");
            assertEquals(List.of("a: true"), reported);
        } finally {
            timer.close();
        }
    }

    /** onError throws, and so does the key's toString() that the fallback report needs. */
    @Test
    void reportingFailsToo_drivingThreadSurvives() throws InterruptedException {
        Object unprintable = new Object() {
            @Override
            public String toString() {
                throw new UnsupportedOperationException("no toString");
            }
        };
        CountDownLatch ok = new CountDownLatch(1);
        KeyedTimer<Object, String> timer = KeyedTimer.<Object, String>builder()
                .onError((key, error) -> {
                    throw new IllegalStateException("onError failed");
                })
                .build((key, value) -> {
                    if (key == unprintable) {
                        throw new IllegalArgumentException("onExpired failed");
                    }
                    ok.countDown();
                });
        try {
            timer.set(unprintable, "", Duration.ZERO);
            timer.set("ok", "", Duration.ofMillis(5));
            assertTrue(ok.await(GENEROUS_SECONDS, TimeUnit.SECONDS), "the driving thread died");
        } finally {
            timer.close();
        }
    }

    /**
     * Keys a and b expire in one batch; close() is called while a's callback runs. The callback
     * already running finishes, b's never starts: close() disarmed it.
     */
    @Test
    void closeWhileABatchIsDelivered_restOfTheBatchIsSkipped() throws InterruptedException {
        CountDownLatch gateEntered = new CountDownLatch(1);
        CountDownLatch gateOpen = new CountDownLatch(1);
        CountDownLatch firstEntered = new CountDownLatch(1);
        CountDownLatch firstMayReturn = new CountDownLatch(1);
        AtomicReference<Thread> driver = new AtomicReference<>();
        List<String> delivered = Collections.synchronizedList(new ArrayList<>());
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().build((key, value) -> {
            driver.set(Thread.currentThread());
            delivered.add(key);
            try {
                if (key.equals("gate")) {
                    gateEntered.countDown();
                    gateOpen.await();
                } else if (delivered.size() == 2) {
                    firstEntered.countDown();
                    firstMayReturn.await();
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        try {
            timer.set("gate", "", Duration.ZERO);
            assertTrue(gateEntered.await(GENEROUS_SECONDS, TimeUnit.SECONDS));
            // Armed while the thread is held in the gate's callback: both are due by its next advance.
            timer.set("a", "", Duration.ZERO);
            timer.set("b", "", Duration.ZERO);
            Thread.sleep(20); // past the tick they are due at, so that one advance takes both
            gateOpen.countDown();
            assertTrue(firstEntered.await(GENEROUS_SECONDS, TimeUnit.SECONDS), "a and b were not delivered");
            timer.close();
            firstMayReturn.countDown();
            driver.get().join(TimeUnit.SECONDS.toMillis(GENEROUS_SECONDS));
            assertFalse(driver.get().isAlive(), "close() did not end the driving thread");
            assertEquals(2, delivered.size(), "a callback ran after close(): " + delivered);
        } finally {
            gateOpen.countDown();
            firstMayReturn.countDown();
            timer.close();
        }
    }

    /** System.nanoTime() may be negative: the wait before a far deadline must not overflow. */
    @Test
    void waitNanos_saturatesInsteadOfOverflowing() {
        assertEquals(5, TimerThread.waitNanos(10, 5));
        assertEquals(0, TimerThread.waitNanos(5, 5));
        assertEquals(0, TimerThread.waitNanos(-7, 5));
        assertEquals(Long.MAX_VALUE, TimerThread.waitNanos(Long.MAX_VALUE - 1, -10));
        assertEquals(Long.MAX_VALUE, TimerThread.waitNanos(1L << 62, Long.MIN_VALUE));
        assertEquals(Long.MAX_VALUE - 1, TimerThread.waitNanos(Long.MAX_VALUE - 1, 0));
        assertEquals(0, TimerThread.waitNanos(Long.MIN_VALUE, Long.MAX_VALUE));
    }

    /** The same on the manual clock: a callback that closes the timer ends its advance's deliveries. */
    @Test
    void closeFromACallbackDuringAdvanceTo_restOfTheBatchIsSkipped() {
        List<String> delivered = new ArrayList<>();
        @SuppressWarnings("unchecked")
        KeyedTimer<String, String>[] self = (KeyedTimer<String, String>[]) new KeyedTimer<?, ?>[1];
        self[0] = KeyedTimer.<String, String>builder().manualClock().stripes(1).build((key, value) -> {
            delivered.add(key);
            self[0].close();
        });
        self[0].set("first", "", Duration.ofMillis(1));
        self[0].set("second", "", Duration.ofMillis(2));
        self[0].set("third", "", Duration.ofMillis(3));
        self[0].advanceTo(TimeUnit.SECONDS.toNanos(1));
        assertEquals(List.of("first"), delivered);
        assertEquals(0, self[0].size());
    }
}
