package io.github.radixwheel.netty;

import static io.github.radixwheel.netty.TimerTestSupport.MS;
import static io.github.radixwheel.netty.TimerTestSupport.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Timeout;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Many timeouts from several producer threads, in real time, checked from what the calls returned
 * and what the tasks recorded: each expires exactly once, never early and within a bound, or, if
 * its {@code cancel()} returned true, never. The bound on lateness is generous (a second, where a
 * tick plus a little is expected) so that a loaded two-core machine does not make the test flaky;
 * how many ran later than a tick plus 50 ms is printed in the failure message.
 */
class RadixWheelTimerStressTest {
    private static final int PRODUCERS = 4;
    private static final long TICK_MILLIS = 1;
    private static final long LATE_NANOS = TICK_MILLIS * MS + 50 * MS;
    private static final long BOUND_NANOS = TICK_MILLIS * MS + TimeUnit.SECONDS.toNanos(1);

    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
    }

    @Test
    void newTimeout_aHundredThousandFromFourThreads_eachExpiresOnceWithinItsBound() throws InterruptedException {
        int n = 100_000;
        RadixWheelTimer timer = timers.timer(TICK_MILLIS);
        long[] deadline = new long[n];
        AtomicLongArray ranAt = new AtomicLongArray(n);
        AtomicIntegerArray runs = new AtomicIntegerArray(n);
        CountDownLatch allRan = new CountDownLatch(n);
        long start = System.nanoTime();
        runProducers(n, (producer, i, random) -> {
            long delayMicros = random.nextLong(500_000); // up to half a second
            deadline[i] = System.nanoTime() + delayMicros * 1_000;
            timer.newTimeout(t -> {
                ranAt.set(i, System.nanoTime());
                runs.incrementAndGet(i);
                allRan.countDown();
            }, delayMicros, TimeUnit.MICROSECONDS);
        });
        await(allRan, "every timeout to expire");
        long elapsed = System.nanoTime() - start;
        assertTrue(timer.stop().isEmpty());
        assertEquals(0, timer.pendingTimeouts());

        int late = 0;
        long maxLateness = 0;
        for (int i = 0; i < n; i++) {
            assertEquals(1, runs.get(i), "runs of timeout " + i);
            long lateness = ranAt.get(i) - deadline[i];
            assertTrue(lateness >= 0, "timeout " + i + " ran " + -lateness + " ns early");
            late += lateness > LATE_NANOS ? 1 : 0;
            maxLateness = Math.max(maxLateness, lateness);
        }
        String summary = late + " of " + n + " ran more than " + LATE_NANOS / MS + " ms late; the latest "
                + maxLateness / MS + " ms; all within " + elapsed / MS + " ms";
        assertTrue(maxLateness <= BOUND_NANOS, summary);
        assertTrue(elapsed < TimeUnit.SECONDS.toNanos(5), summary);
    }

    @Test
    void cancel_racingExpiryFromFourThreads_aTrueCancelNeverRunsAndEveryOtherRunsOnce() throws InterruptedException {
        int n = 100_000;
        RadixWheelTimer timer = timers.timer(TICK_MILLIS);
        long[] deadline = new long[n];
        AtomicLongArray ranAt = new AtomicLongArray(n);
        AtomicIntegerArray runs = new AtomicIntegerArray(n);
        boolean[] cancelled = new boolean[n];
        AtomicReferenceArray<Timeout> timeouts = new AtomicReferenceArray<>(n);
        CountDownLatch settled = new CountDownLatch(n);
        runProducers(n, (producer, i, random) -> {
            long delayMicros = random.nextLong(20_000);
            deadline[i] = System.nanoTime() + delayMicros * 1_000;
            timeouts.set(i, timer.newTimeout(t -> {
                ranAt.set(i, System.nanoTime());
                runs.incrementAndGet(i);
                settled.countDown();
            }, delayMicros, TimeUnit.MICROSECONDS));
            // Cancel one made a little earlier by this producer: sometimes pending, sometimes expired.
            int earlier = i - PRODUCERS * random.nextInt(64);
            if (earlier >= 0 && random.nextBoolean() && timeouts.get(earlier).cancel()) {
                if (cancelled[earlier]) {
                    throw new AssertionError("cancel() returned true twice for timeout " + earlier);
                }
                cancelled[earlier] = true;
                settled.countDown();
            }
        });
        await(settled, "every timeout to expire or be cancelled");
        assertTrue(timer.stop().isEmpty());
        assertEquals(0, timer.pendingTimeouts());

        int cancels = 0;
        for (int i = 0; i < n; i++) {
            Timeout t = timeouts.get(i);
            if (cancelled[i]) {
                cancels++;
                assertEquals(0, runs.get(i), "timeout " + i + " ran after its cancel() returned true");
                assertTrue(t.isCancelled() && !t.isExpired(), t.toString());
            } else {
                assertEquals(1, runs.get(i), "runs of timeout " + i);
                assertTrue(ranAt.get(i) >= deadline[i], "timeout " + i + " ran early");
                assertTrue(t.isExpired() && !t.isCancelled(), t.toString());
            }
        }
        assertTrue(cancels > n / 20 && cancels < n - n / 20, cancels + " cancels: the race is not exercised");
    }

    /** One producer's step: makes timeout {@code i}. */
    private interface Step {
        void make(int producer, int i, SplittableRandom random);
    }

    /**
     * Runs {@link #PRODUCERS} threads, producer {@code p} making timeouts {@code p}, {@code p + PRODUCERS},
     * ... below {@code n}; rethrows the first failure.
     */
    private static void runProducers(int n, Step step) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        CountDownLatch go = new CountDownLatch(1);
        for (int p = 0; p < PRODUCERS; p++) {
            int producer = p;
            threads.add(new Thread(() -> {
                SplittableRandom random = new SplittableRandom(20261127L + producer);
                try {
                    go.await();
                    for (int i = producer; i < n; i += PRODUCERS) {
                        step.make(producer, i, random);
                    }
                } catch (Throwable t) {
                    synchronized (failures) {
                        failures.add(t);
                    }
                }
            }, "producer-" + p));
        }
        threads.forEach(Thread::start);
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        synchronized (failures) {
            if (!failures.isEmpty()) {
                throw new AssertionError("a producer failed", failures.get(0));
            }
        }
    }
}
