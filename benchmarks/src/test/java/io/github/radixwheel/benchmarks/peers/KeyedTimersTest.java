package io.github.radixwheel.benchmarks.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Every {@link KeyedTimers} on the real clock (generous bounds, nothing asserted about speed): a
 * key armed with a short delay fires once and never early; a key moved or re-armed before its
 * deadline waits for the new one.
 */
class KeyedTimersTest {
    static final String[] IMPLS = KeyedTimers.IMPLS;
    private static final int KEYS = 300;
    private static final Duration LATER = Duration.ofHours(1);

    @ParameterizedTest
    @FieldSource("IMPLS")
    void shortArmingsFireOnceNeverEarly_movedAndReplacedOnesWait(String impl) throws InterruptedException {
        AtomicLongArray firedAt = new AtomicLongArray(KEYS);
        AtomicIntegerArray fireCount = new AtomicIntegerArray(KEYS);
        long[] deadline = new long[KEYS];
        CountDownLatch due = new CountDownLatch(KEYS / 3);
        try (KeyedTimers timers = KeyedTimers.create(impl, KEYS, k -> {
            firedAt.set(k, System.nanoTime());
            fireCount.incrementAndGet(k);
            due.countDown();
        })) {
            assertTrue(timers.thread().isAlive(), impl);
            long start = System.nanoTime();
            for (int k = 0; k < KEYS; k++) {
                // The keys to move or re-arm get 300 ms of margin, so that they are still armed then.
                Duration delay = Duration.ofMillis((k % 3 == 0 ? 20 : 300) + k % 80);
                deadline[k] = System.nanoTime() + delay.toNanos();
                timers.set(k, delay);
            }
            for (int k = 0; k < KEYS; k++) {
                if (k % 3 == 1) {
                    assertTrue(timers.move(k, LATER), impl + ": key " + k + " was armed");
                } else if (k % 3 == 2) {
                    timers.set(k, LATER);
                }
            }
            assertTrue(due.await(30, TimeUnit.SECONDS), impl + ": the short armings did not all fire");
            Thread.sleep(Math.max(0, TimeUnit.NANOSECONDS.toMillis(start - System.nanoTime()) + 500)); // past the old deadlines
            for (int k = 0; k < KEYS; k++) {
                assertEquals(k % 3 == 0 ? 1 : 0, fireCount.get(k), impl + ": key " + k);
                assertTrue(k % 3 != 0 || firedAt.get(k) >= deadline[k], impl + ": key " + k + " fired early");
            }
            long settle = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (timers.pending() != 2 * KEYS / 3 && System.nanoTime() - settle < 0) {
                Thread.sleep(1);
            }
            assertEquals(2 * KEYS / 3, timers.pending(), impl);
        }
    }

    @Test
    void radixwheelMovesOnlyArmedKeys() {
        try (KeyedTimers timers = KeyedTimers.create("radixwheel", 4, k -> { })) {
            assertFalse(timers.move(3, LATER));
            assertEquals(0, timers.pending());
            timers.set(3, LATER);
            assertTrue(timers.move(3, LATER));
            assertEquals(1, timers.pending());
        }
        assertThrows(IllegalArgumentException.class, () -> KeyedTimers.create("Quartz", 4, k -> { }));
    }
}
