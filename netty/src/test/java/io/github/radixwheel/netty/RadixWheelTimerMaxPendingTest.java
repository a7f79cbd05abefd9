package io.github.radixwheel.netty;

import static io.github.radixwheel.netty.TimerTestSupport.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Timeout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code maxPendingTimeouts}: exact; the timeout past it is refused with
 * {@link RejectedExecutionException} and changes nothing; room comes back with a cancel or an
 * expiry.
 */
class RadixWheelTimerMaxPendingTest {
    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
    }

    @Test
    void newTimeout_pastTheLimit_throwsRejectedExecutionExceptionAndChangesNothing() {
        for (int limit : new int[] {1, 2, 7, 1_000}) {
            RadixWheelTimer timer = timers.timer(1, limit, null);
            List<Timeout> accepted = new ArrayList<>();
            for (int i = 0; i < limit; i++) {
                accepted.add(timer.newTimeout(t -> { }, 1, TimeUnit.HOURS));
            }
            assertEquals(limit, timer.pendingTimeouts());
            AtomicBoolean ran = new AtomicBoolean();
            for (int attempt = 0; attempt < 3; attempt++) {
                RejectedExecutionException e = assertThrows(RejectedExecutionException.class,
                        () -> timer.newTimeout(t -> ran.set(true), 0, TimeUnit.MILLISECONDS));
                assertTrue(e.getMessage().startsWith("Number of pending timeouts (" + limit + ")"), e.getMessage());
                assertTrue(e.getMessage().endsWith("maximum allowed pending timeouts (" + limit + ")"), e.getMessage());
            }
            assertEquals(limit, timer.pendingTimeouts());
            for (Timeout t : accepted) {
                assertFalse(t.isCancelled() || t.isExpired());
            }
            assertEquals(limit, timer.stop().size(), "stop() returns the accepted timeouts only");
            assertFalse(ran.get());
        }
    }

    @Test
    void newTimeout_afterACancel_isAcceptedAgain() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1, 3, null);
        Timeout a = timer.newTimeout(t -> { }, 1, TimeUnit.HOURS);
        timer.newTimeout(t -> { }, 1, TimeUnit.HOURS);
        timer.newTimeout(t -> { }, 1, TimeUnit.HOURS);
        assertThrows(RejectedExecutionException.class, () -> timer.newTimeout(t -> { }, 1, TimeUnit.HOURS));
        assertTrue(a.cancel());
        assertEquals(2, timer.pendingTimeouts());
        CountDownLatch ran = new CountDownLatch(1);
        // 200 ms, not less: it must still be pending when the next call finds the limit reached.
        timer.newTimeout(t -> ran.countDown(), 200, TimeUnit.MILLISECONDS);
        assertEquals(3, timer.pendingTimeouts());
        assertThrows(RejectedExecutionException.class, () -> timer.newTimeout(t -> { }, 1, TimeUnit.HOURS));
        await(ran, "the timeout accepted after the cancel");
        assertFalse(a.cancel(), "a second cancel frees nothing");
        assertEquals(2, timer.pendingTimeouts());
    }

    @Test
    void newTimeout_afterAnExpiry_isAcceptedAgainEvenWhileTheTaskRuns() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1, 1, null);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        timer.newTimeout(t -> {
            started.countDown();
            release.await();
        }, 0, TimeUnit.MILLISECONDS);
        await(started, "the first task");
        try {
            Timeout second = timer.newTimeout(t -> { }, 1, TimeUnit.HOURS); // the running one no longer counts
            assertThrows(RejectedExecutionException.class, () -> timer.newTimeout(t -> { }, 1, TimeUnit.HOURS));
            assertTrue(second.cancel());
        } finally {
            release.countDown();
        }
    }

    @Test
    void newTimeout_manyThreadsAtTheLimit_acceptExactlyTheLimit() throws InterruptedException {
        int limit = 500;
        RadixWheelTimer timer = timers.timer(1, limit, null);
        AtomicInteger accepted = new AtomicInteger();
        AtomicInteger rejected = new AtomicInteger();
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            threads.add(new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < 300; i++) {
                    try {
                        timer.newTimeout(t -> { }, 1, TimeUnit.HOURS);
                        accepted.incrementAndGet();
                    } catch (RejectedExecutionException e) {
                        rejected.incrementAndGet();
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(limit, accepted.get());
        assertEquals(4 * 300 - limit, rejected.get());
        assertEquals(limit, timer.pendingTimeouts());
        assertEquals(limit, timer.stop().size());
    }
}
