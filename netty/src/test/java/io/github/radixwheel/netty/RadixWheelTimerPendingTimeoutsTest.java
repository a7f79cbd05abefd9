package io.github.radixwheel.netty;

import static io.github.radixwheel.netty.TimerTestSupport.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Timeout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code pendingTimeouts()} is exact at every step: each {@code newTimeout} adds one, each
 * successful {@code cancel} and each expiry (as the task starts) takes one away, a failed cancel
 * changes nothing. Timeouts that must stay pending are an hour away; while a task blocks the
 * timer's thread, nothing else can expire, so due timeouts can be counted too.
 */
class RadixWheelTimerPendingTimeoutsTest {
    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
    }

    @Test
    void pendingTimeouts_newTimeoutAndCancel_exactAtEveryStep() {
        RadixWheelTimer timer = timers.timer(1);
        assertEquals(0, timer.pendingTimeouts());
        List<Timeout> timeouts = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            timeouts.add(timer.newTimeout(t -> { }, i, TimeUnit.HOURS));
            assertEquals(i, timer.pendingTimeouts());
        }
        for (int i = 0; i < 100; i += 2) {
            assertTrue(timeouts.get(i).cancel());
            assertFalse(timeouts.get(i).cancel());
            assertEquals(100 - i / 2 - 1, timer.pendingTimeouts());
        }
        assertEquals("RadixWheelTimer[tick = 1000000 ns, pending = 50]", timer.toString());
        assertEquals(50, timer.stop().size());
        assertEquals(0, timer.pendingTimeouts());
    }

    @Test
    void pendingTimeouts_dueWhileTheThreadIsBusy_countedUntilEachStarts() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        Timeout far = timer.newTimeout(t -> { }, 1, TimeUnit.HOURS);
        CountDownLatch blocking = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicLong seenByBlocker = new AtomicLong(-1);
        timer.newTimeout(t -> {
            seenByBlocker.set(timer.pendingTimeouts());
            blocking.countDown();
            release.await();
        }, 0, TimeUnit.MILLISECONDS);
        await(blocking, "the blocking task");
        assertEquals(1, seenByBlocker.get(), "a running task no longer counts");
        assertEquals(1, timer.pendingTimeouts());

        int due = 10;
        CountDownLatch ran = new CountDownLatch(due - 1);
        long[] seenByTask = new long[due];
        List<Timeout> dueTimeouts = new ArrayList<>();
        for (int i = 0; i < due; i++) {
            int index = i;
            dueTimeouts.add(timer.newTimeout(t -> {
                seenByTask[index] = timer.pendingTimeouts();
                ran.countDown();
            }, 0, TimeUnit.MILLISECONDS));
            assertEquals(2 + i, timer.pendingTimeouts());
        }
        assertTrue(dueTimeouts.get(3).cancel());
        assertEquals(due, timer.pendingTimeouts());
        release.countDown();
        await(ran, "the due timeouts");
        assertEquals(1, timer.pendingTimeouts());
        // They ran in order, one at a time; each saw the ones after it (less the cancelled one) and the far one.
        long expected = due - 1;
        for (int i = 0; i < due; i++) {
            if (i == 3) {
                continue;
            }
            assertEquals(expected--, seenByTask[i], "as seen by task " + i);
        }
        assertTrue(far.cancel());
        assertEquals(0, timer.pendingTimeouts());
    }

    @Test
    void pendingTimeouts_afterExpiries_countsOnlyThoseLeft() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        for (int i = 0; i < 7; i++) {
            timer.newTimeout(t -> { }, 1, TimeUnit.HOURS);
        }
        int n = 500;
        CountDownLatch ran = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            timer.newTimeout(t -> ran.countDown(), i % 20, TimeUnit.MILLISECONDS);
        }
        await(ran, "the short timeouts");
        assertEquals(7, timer.pendingTimeouts());
        assertEquals(7, timer.stop().size());
    }

    @Test
    void pendingTimeouts_cancelledOnesRacingTheThread_neverCountedTwice() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        int n = 5_000;
        CountDownLatch done = new CountDownLatch(n);
        List<Timeout> timeouts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            timeouts.add(timer.newTimeout(t -> done.countDown(), i % 5, TimeUnit.MILLISECONDS));
        }
        int cancelled = 0;
        for (Timeout t : timeouts) {
            if (t.cancel()) {
                cancelled++;
                done.countDown();
            }
        }
        await(done, "every timeout to expire or be cancelled");
        assertEquals(0, timer.pendingTimeouts());
        int expired = 0;
        for (Timeout t : timeouts) {
            assertTrue(t.isExpired() != t.isCancelled(), t.toString());
            expired += t.isExpired() ? 1 : 0;
        }
        assertEquals(n, expired + cancelled);
    }
}
