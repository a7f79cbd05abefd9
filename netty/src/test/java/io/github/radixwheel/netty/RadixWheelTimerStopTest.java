package io.github.radixwheel.netty;

import static io.github.radixwheel.netty.TimerTestSupport.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code stop()}: what it returns (the timeouts that had not expired, each now cancelled, and an
 * empty set the second time), what follows (no new timeouts, no thread), and {@code stop()} from a
 * task (refused; the timer goes on).
 */
class RadixWheelTimerStopTest {
    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
    }

    @Test
    void stop_returnsTheUnexpiredEachCancelled_andTheirTasksNeverRun() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        CountDownLatch expired = new CountDownLatch(3);
        List<Timeout> early = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            early.add(timer.newTimeout(t -> expired.countDown(), i, TimeUnit.MILLISECONDS));
        }
        AtomicInteger lateRuns = new AtomicInteger();
        Set<Timeout> late = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < 5; i++) {
            late.add(timer.newTimeout(t -> lateRuns.incrementAndGet(), 1 + i, TimeUnit.HOURS));
        }
        await(expired, "the early timeouts");
        Timeout cancelledBefore = timer.newTimeout(t -> lateRuns.incrementAndGet(), 1, TimeUnit.HOURS);
        assertTrue(cancelledBefore.cancel());

        Set<Timeout> stopped = timer.stop();

        Set<Timeout> returned = Collections.newSetFromMap(new IdentityHashMap<>());
        returned.addAll(stopped);
        assertEquals(late, returned);
        assertEquals(5, stopped.size());
        for (Timeout t : stopped) {
            assertTrue(t.isCancelled(), t.toString());
            assertFalse(t.isExpired(), t.toString());
            assertFalse(t.cancel(), "a timeout cancelled by stop() cannot be cancelled again");
        }
        for (Timeout t : early) {
            assertTrue(t.isExpired());
            assertFalse(t.isCancelled());
        }
        assertEquals(0, timer.pendingTimeouts());
        assertEquals(0, lateRuns.get());
    }

    @Test
    void stop_twice_secondReturnsAnEmptySet() {
        RadixWheelTimer timer = timers.timer(1);
        timer.newTimeout(t -> { }, 1, TimeUnit.HOURS);
        assertEquals(1, timer.stop().size());
        assertTrue(timer.stop().isEmpty());
        assertTrue(timer.stop().isEmpty());
    }

    @Test
    void newTimeout_afterStop_throwsIllegalStateExceptionAndChangesNothing() {
        RadixWheelTimer timer = timers.timer(1);
        timer.newTimeout(t -> { }, 1, TimeUnit.HOURS);
        timer.stop();
        AtomicBoolean ran = new AtomicBoolean();
        assertThrows(IllegalStateException.class, () -> timer.newTimeout(t -> ran.set(true), 0, TimeUnit.SECONDS));
        assertEquals(0, timer.pendingTimeouts());
        assertTrue(timer.stop().isEmpty());
        assertEquals("RadixWheelTimer[tick = 1000000 ns, pending = 0, stopped]", timer.toString());
        assertFalse(ran.get());
    }

    @Test
    void stop_neverStarted_returnsEmptyStartsNoThreadAndRefusesTimeouts() {
        RadixWheelTimer timer = timers.timer(1);
        assertTrue(timer.stop().isEmpty());
        assertThrows(IllegalStateException.class, () -> timer.newTimeout(t -> { }, 1, TimeUnit.SECONDS));
        assertEquals(Thread.State.NEW, timers.thread(0).getState());
    }

    @Test
    void stop_endsTheThread() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        CountDownLatch ran = new CountDownLatch(1);
        timer.newTimeout(t -> ran.countDown(), 0, TimeUnit.MILLISECONDS);
        timer.newTimeout(t -> { }, 1, TimeUnit.DAYS);
        await(ran, "the first timeout");
        assertTrue(timers.thread(0).isAlive());
        assertEquals(1, timer.stop().size());
        assertFalse(timers.thread(0).isAlive(), "stop() returned before the thread ended");
    }

    /**
     * Regression (found comparing with {@code HashedWheelTimer}): stop() waited for a blocked task
     * without interrupting it, so a task waiting on something that never came hung stop() for good.
     */
    @Test
    void stop_interruptsTheRunningTask_andReturnsOnceItEnds() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        timer.newTimeout(t -> {
            started.countDown();
            try {
                never.await();
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
        }, 0, TimeUnit.MILLISECONDS);
        await(started, "the task");
        assertTrue(timer.stop().isEmpty(), "the running timeout had expired");
        assertTrue(interrupted.get(), "the task was interrupted, and stop() returned after it");
        assertFalse(timers.thread(0).isAlive());
    }

    @Test
    void stop_waitsForARunningTaskThatIgnoresTheInterrupt() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean release = new AtomicBoolean();
        AtomicBoolean finished = new AtomicBoolean();
        timer.newTimeout(t -> {
            started.countDown();
            while (!release.get()) {
                java.util.concurrent.locks.LockSupport.parkNanos(100_000); // returns at once once interrupted
            }
            finished.set(true);
        }, 0, TimeUnit.MILLISECONDS);
        await(started, "the task");
        AtomicReference<Boolean> finishedWhenStopReturned = new AtomicReference<>();
        AtomicReference<Set<Timeout>> stopped = new AtomicReference<>();
        Thread stopper = new Thread(() -> {
            stopped.set(timer.stop());
            finishedWhenStopReturned.set(finished.get());
        });
        stopper.start();
        stopper.join(300);
        assertTrue(stopper.isAlive(), "stop() returned while a task ran");
        release.set(true);
        stopper.join(TimeUnit.SECONDS.toMillis(TimerTestSupport.WAIT_SECONDS));
        assertFalse(stopper.isAlive());
        assertEquals(Boolean.TRUE, finishedWhenStopReturned.get());
        assertTrue(stopped.get().isEmpty(), "the running timeout had expired");
    }

    @Test
    void stop_fromATask_throwsIllegalStateExceptionAndTheTimerGoesOn() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        Timeout pending = timer.newTimeout(t -> { }, 1, TimeUnit.HOURS);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        CountDownLatch ran = new CountDownLatch(1);
        timer.newTimeout(t -> {
            try {
                t.timer().stop();
            } catch (Throwable e) {
                thrown.set(e);
            }
            ran.countDown();
        }, 0, TimeUnit.MILLISECONDS);
        await(ran, "the task that stops");
        assertNotNull(thrown.get(), "stop() from a task returned");
        assertSame(IllegalStateException.class, thrown.get().getClass());
        assertFalse(pending.isCancelled());
        assertEquals(1, timer.pendingTimeouts());
        CountDownLatch next = new CountDownLatch(1);
        timer.newTimeout(t -> next.countDown(), 1, TimeUnit.MILLISECONDS);
        await(next, "a timeout after the refused stop()");
        assertEquals(Set.of(pending), timer.stop());
    }

    @Test
    void stop_fromAnInterruptedThread_waitsForTheThreadAndKeepsTheInterrupt() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        CountDownLatch ran = new CountDownLatch(1);
        timer.newTimeout(t -> ran.countDown(), 0, TimeUnit.MILLISECONDS);
        await(ran, "the timeout");
        Thread.currentThread().interrupt();
        try {
            assertTrue(timer.stop().isEmpty());
        } finally {
            assertTrue(Thread.interrupted(), "stop() cleared the caller's interrupt");
        }
        assertFalse(timers.thread(0).isAlive());
    }

    @Test
    void stop_racingNewTimeouts_eachAcceptedTimeoutEitherRanOnceOrIsReturnedCancelled() throws Exception {
        RadixWheelTimer timer = timers.timer(1);
        int producers = 4;
        List<List<Timeout>> accepted = new ArrayList<>();
        CountDownLatch warmedUp = new CountDownLatch(producers);
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            List<Timeout> mine = new ArrayList<>();
            accepted.add(mine);
            SplittableRandom random = new SplittableRandom(p);
            threads.add(new Thread(() -> {
                for (int i = 0; ; i++) {
                    AtomicInteger count = new AtomicInteger();
                    TimerTask task = new CountingTask(count);
                    try {
                        mine.add(timer.newTimeout(task, random.nextInt(20), TimeUnit.MILLISECONDS));
                    } catch (IllegalStateException stopped) {
                        return;
                    }
                    if (i == 1_000) {
                        warmedUp.countDown();
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        await(warmedUp, "the producers");
        Set<Timeout> returned = Collections.newSetFromMap(new IdentityHashMap<>());
        returned.addAll(timer.stop());
        for (Thread t : threads) {
            t.join();
        }
        int total = 0;
        int expired = 0;
        for (List<Timeout> mine : accepted) {
            for (Timeout t : mine) {
                total++;
                int ranTimes = ((CountingTask) t.task()).count.get();
                if (returned.contains(t)) {
                    assertTrue(t.isCancelled() && ranTimes == 0, t + " was returned by stop() but ran " + ranTimes);
                } else {
                    assertTrue(t.isExpired() && ranTimes == 1, t + " was not returned by stop() but ran " + ranTimes);
                    expired++;
                }
            }
        }
        assertEquals(total, expired + returned.size(), "stop() returned a timeout that was never accepted");
        assertTrue(total >= 4 * 1_000);
        assertEquals(0, timer.pendingTimeouts());
    }

    /** A task that counts its runs. */
    private record CountingTask(AtomicInteger count) implements TimerTask {
        @Override
        public void run(Timeout timeout) {
            count.incrementAndGet();
        }
    }
}
