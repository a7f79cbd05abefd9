package io.github.radixwheel.netty;

import static io.github.radixwheel.netty.TimerTestSupport.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A cancelled timeout leaves the timer at once: once nothing else refers to it, its task can be
 * collected even though its deadline is an hour away and the timer holds other pending timeouts.
 * Nor is an expired timeout retained once its task ran. A pending timeout's task, by contrast, stays
 * reachable through the timer alone, which shows that the check can fail.
 */
class RadixWheelTimerRetentionTest {
    private static final int GC_ATTEMPTS = 50;

    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
    }

    @Test
    void cancel_timeoutIsNotRetained_whileOthersStayPending() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        for (int i = 0; i < 100; i++) {
            timer.newTimeout(new Payload(), 1 + i, TimeUnit.HOURS);
        }
        List<WeakReference<Payload>> cancelled = new ArrayList<>();
        List<WeakReference<Payload>> pending = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            cancelled.add(scheduleAndMaybeCancel(timer, true));
            pending.add(scheduleAndMaybeCancel(timer, false));
        }
        assertEquals(200, timer.pendingTimeouts());

        assertTrue(collectUntilCleared(cancelled), "a cancelled timeout's task is still reachable");
        for (WeakReference<Payload> ref : pending) {
            assertNotNull(ref.get(), "a pending timeout's task was collected");
        }
        assertEquals(200, timer.pendingTimeouts());
        assertEquals(200, timer.stop().size());
    }

    @Test
    void expiry_timeoutIsNotRetainedAfterItsTaskRan() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        timer.newTimeout(new Payload(), 1, TimeUnit.HOURS);
        CountDownLatch ran = new CountDownLatch(100);
        List<WeakReference<Payload>> expired = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Payload task = new Payload(ran);
            expired.add(new WeakReference<>(task));
            timer.newTimeout(task, i % 10, TimeUnit.MILLISECONDS);
        }
        await(ran, "the timeouts");
        assertTrue(collectUntilCleared(expired), "an expired timeout's task is still reachable");
        assertEquals(1, timer.pendingTimeouts());
    }

    /** Makes a timeout an hour away, cancels it if asked, and keeps only a weak reference to its task. */
    private static WeakReference<Payload> scheduleAndMaybeCancel(RadixWheelTimer timer, boolean cancel) {
        Payload task = new Payload();
        Timeout timeout = timer.newTimeout(task, 1, TimeUnit.HOURS);
        if (cancel) {
            assertTrue(timeout.cancel());
        }
        return new WeakReference<>(task);
    }

    /** Collects garbage until every reference is cleared, a bounded number of times; returns whether they were. */
    private static boolean collectUntilCleared(List<WeakReference<Payload>> refs) throws InterruptedException {
        for (int attempt = 0; attempt < GC_ATTEMPTS; attempt++) {
            if (refs.stream().allMatch(r -> r.get() == null)) {
                return true;
            }
            System.gc();
            Thread.sleep(10);
        }
        return refs.stream().allMatch(r -> r.get() == null);
    }

    /** A task with some weight, so that it is worth collecting. */
    private static final class Payload implements TimerTask {
        private final byte[] weight = new byte[1_024];
        private final CountDownLatch ran;

        Payload() {
            this(null);
        }

        Payload(CountDownLatch ran) {
            this.ran = ran;
        }

        @Override
        public void run(Timeout timeout) {
            weight[0]++;
            if (ran != null) {
                ran.countDown();
            }
        }
    }
}
