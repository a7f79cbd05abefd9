package io.github.radixwheel.netty;

import static io.github.radixwheel.netty.TimerTestSupport.MS;
import static io.github.radixwheel.netty.TimerTestSupport.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Timeout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * When timeouts expire, in real time: never before their deadline (measured from before
 * {@code newTimeout}), a delay {@code <= 0} at the next tick, timeouts of the same tick in the order
 * of {@code newTimeout}, and timeouts made or cancelled by a running task. Lateness is bounded only
 * loosely (a second), so that a loaded machine does not make these tests flaky.
 */
class RadixWheelTimerExpiryTest {
    private static final long LATE_BOUND_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
    }

    @Test
    void newTimeout_neverExpiresBeforeItsDeadline() throws InterruptedException {
        for (long tickMillis : new long[] {1, 10, 100}) {
            RadixWheelTimer timer = timers.timer(tickMillis);
            long[] delaysMillis = {0, 1, 2, 5, 9, 10, 11, 33, 99, 100, 101, 150, 250};
            long[] scheduledAt = new long[delaysMillis.length];
            AtomicLongArray ranAt = new AtomicLongArray(delaysMillis.length);
            CountDownLatch ran = new CountDownLatch(delaysMillis.length);
            for (int i = 0; i < delaysMillis.length; i++) {
                int index = i;
                scheduledAt[i] = System.nanoTime();
                timer.newTimeout(t -> {
                    ranAt.set(index, System.nanoTime());
                    ran.countDown();
                }, delaysMillis[i], TimeUnit.MILLISECONDS);
            }
            await(ran, "the timeouts of the " + tickMillis + " ms tick");
            for (int i = 0; i < delaysMillis.length; i++) {
                long lateness = ranAt.get(i) - scheduledAt[i] - delaysMillis[i] * MS;
                assertTrue(lateness >= 0, "tick " + tickMillis + " ms, delay " + delaysMillis[i]
                        + " ms: ran " + -lateness + " ns early");
                assertTrue(lateness <= tickMillis * MS + LATE_BOUND_NANOS, "tick " + tickMillis + " ms, delay "
                        + delaysMillis[i] + " ms: ran " + lateness / MS + " ms late");
            }
        }
    }

    @Test
    void newTimeout_subMillisecondDelays_neverExpireEarly() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        int n = 200;
        long[] delays = new long[n];
        long[] scheduledAt = new long[n];
        AtomicLongArray ranAt = new AtomicLongArray(n);
        CountDownLatch ran = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            int index = i;
            delays[i] = i * 37_000L; // 0 to 7.4 ms, across tick boundaries
            scheduledAt[i] = System.nanoTime();
            timer.newTimeout(t -> {
                ranAt.set(index, System.nanoTime());
                ran.countDown();
            }, delays[i], TimeUnit.NANOSECONDS);
        }
        await(ran, "the timeouts");
        for (int i = 0; i < n; i++) {
            assertTrue(ranAt.get(i) - scheduledAt[i] >= delays[i], "delay " + delays[i] + " ns: early");
        }
    }

    @Test
    void newTimeout_delayNotPositive_expiresAtTheNextTick() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(10);
        long[] delays = {0, -1, -TimeUnit.DAYS.toNanos(1), Long.MIN_VALUE};
        for (TimeUnit unit : new TimeUnit[] {TimeUnit.NANOSECONDS, TimeUnit.MILLISECONDS, TimeUnit.DAYS}) {
            for (long delay : delays) {
                CountDownLatch ran = new CountDownLatch(1);
                AtomicReference<Long> ranAt = new AtomicReference<>();
                long before = System.nanoTime();
                Timeout timeout = timer.newTimeout(t -> {
                    ranAt.set(System.nanoTime());
                    ran.countDown();
                }, delay, unit);
                await(ran, "a timeout of " + delay + " " + unit);
                long after = ranAt.get() - before;
                assertTrue(after >= 0 && after <= 10 * MS + LATE_BOUND_NANOS, delay + " " + unit + ": " + after + " ns");
                assertTrue(timeout.isExpired());
            }
        }
    }

    @Test
    void newTimeout_sameDelay_expiresInTheOrderOfNewTimeout() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(5);
        int n = 1_000;
        List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch ran = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            int index = i;
            timer.newTimeout(t -> {
                order.add(index);
                ran.countDown();
            }, 20, TimeUnit.MILLISECONDS);
        }
        await(ran, "the timeouts");
        for (int i = 0; i < n; i++) {
            assertEquals(i, order.get(i));
        }
    }

    @Test
    void newTimeout_fromARunningTask_expiresLater() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        CountDownLatch ran = new CountDownLatch(1);
        AtomicReference<Long> innerScheduledAt = new AtomicReference<>();
        AtomicReference<Long> innerRanAt = new AtomicReference<>();
        timer.newTimeout(outer -> {
            innerScheduledAt.set(System.nanoTime());
            outer.timer().newTimeout(inner -> {
                innerRanAt.set(System.nanoTime());
                ran.countDown();
            }, 5, TimeUnit.MILLISECONDS);
        }, 1, TimeUnit.MILLISECONDS);
        await(ran, "the inner timeout");
        assertTrue(innerRanAt.get() - innerScheduledAt.get() >= 5 * MS);
        assertEquals(0, timer.pendingTimeouts());
    }

    @Test
    void cancel_fromAnEarlierTask_winsAndTheLaterNeverRuns() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(50);
        AtomicReference<Timeout> later = new AtomicReference<>();
        AtomicBoolean laterRan = new AtomicBoolean();
        AtomicReference<Boolean> cancelled = new AtomicReference<>();
        CountDownLatch last = new CountDownLatch(1);
        CountDownLatch laterSet = new CountDownLatch(1);
        timer.newTimeout(t -> {
            laterSet.await(); // the test may be slower than the timer
            cancelled.set(later.get().cancel());
        }, 10, TimeUnit.MILLISECONDS);
        later.set(timer.newTimeout(t -> laterRan.set(true), 10, TimeUnit.MILLISECONDS));
        laterSet.countDown();
        timer.newTimeout(t -> last.countDown(), 10, TimeUnit.MILLISECONDS);
        await(last, "the third timeout");
        assertEquals(Boolean.TRUE, cancelled.get(), "the earlier task cancelled the later one");
        assertFalse(laterRan.get());
        assertTrue(later.get().isCancelled());
    }
}
