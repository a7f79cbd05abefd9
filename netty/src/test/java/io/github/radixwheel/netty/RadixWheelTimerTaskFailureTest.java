package io.github.radixwheel.netty;

import static io.github.radixwheel.netty.TimerTestSupport.await;
import static io.github.radixwheel.netty.TimerTestSupport.awaitState;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Timeout;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A task that throws, whatever it throws, is logged as a warning through Netty's logger, and the
 * timer goes on: later timeouts still expire and pending ones stay pending. A task that leaves its
 * thread interrupted does not make the thread spin.
 */
class RadixWheelTimerTaskFailureTest {
    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
    }

    @Test
    void run_taskThrows_isLoggedAndTheTimerGoesOn() throws InterruptedException {
        Throwable[] failures = {new IllegalStateException("a runtime exception"), new IOException("a checked one"),
            new AssertionError("an error"), new StackOverflowError()};
        try (NettyLogCapture.Capture log = NettyLogCapture.start(RadixWheelTimer.class)) {
            RadixWheelTimer timer = timers.timer(1);
            Timeout pending = timer.newTimeout(t -> { }, 1, TimeUnit.HOURS);
            CountDownLatch thrown = new CountDownLatch(failures.length);
            Timeout[] failing = new Timeout[failures.length];
            for (int i = 0; i < failures.length; i++) {
                Throwable failure = failures[i];
                failing[i] = timer.newTimeout(t -> {
                    thrown.countDown();
                    if (failure instanceof Exception e) {
                        throw e;
                    }
                    throw (Error) failure;
                }, i, TimeUnit.MILLISECONDS);
            }
            await(thrown, "the failing tasks");
            CountDownLatch later = new CountDownLatch(1);
            timer.newTimeout(t -> later.countDown(), 5, TimeUnit.MILLISECONDS);
            await(later, "a timeout after the failures");

            List<NettyLogCapture.Entry> entries = log.await(failures.length);
            assertEquals(failures.length, entries.size(), entries.toString());
            for (int i = 0; i < failures.length; i++) {
                NettyLogCapture.Entry entry = entries.get(i);
                assertEquals("warn", entry.level());
                assertSame(failures[i], entry.cause(), "entry " + i);
                assertTrue(entry.message().contains("TimerTask"), entry.message());
                assertTrue(failing[i].isExpired());
            }
            assertFalse(pending.isCancelled() || pending.isExpired());
            assertEquals(1, timer.pendingTimeouts());
        }
    }

    @Test
    void run_taskThrowsInTheSameTickAsOthers_theOthersStillRun() throws InterruptedException {
        try (NettyLogCapture.Capture log = NettyLogCapture.start(RadixWheelTimer.class)) {
            RadixWheelTimer timer = timers.timer(50);
            int n = 20;
            CountDownLatch ran = new CountDownLatch(n);
            for (int i = 0; i < n; i++) {
                boolean fails = i % 2 == 0;
                timer.newTimeout(t -> {
                    ran.countDown();
                    if (fails) {
                        throw new IllegalArgumentException("failing task");
                    }
                }, 10, TimeUnit.MILLISECONDS);
            }
            await(ran, "all the tasks of the tick");
            assertEquals(n / 2, log.await(n / 2).size());
        }
    }

    @Test
    void run_taskInterruptsItsThread_theTimerGoesOnAndStillParks() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        timer.newTimeout(t -> {
            Thread.currentThread().interrupt();
            interrupted.countDown();
        }, 0, TimeUnit.MILLISECONDS);
        await(interrupted, "the interrupting task");
        AtomicBoolean startedInterrupted = new AtomicBoolean(true);
        CountDownLatch next = new CountDownLatch(1);
        long before = System.nanoTime();
        long[] ranAfter = new long[1];
        timer.newTimeout(t -> {
            ranAfter[0] = System.nanoTime() - before;
            startedInterrupted.set(Thread.currentThread().isInterrupted());
            next.countDown();
        }, 20, TimeUnit.MILLISECONDS);
        await(next, "the next task");
        assertTrue(ranAfter[0] >= TimeUnit.MILLISECONDS.toNanos(20), "ran early: " + ranAfter[0] + " ns");
        assertFalse(startedInterrupted.get(), "a task started with its thread interrupted");
        awaitState(timers.thread(0), Thread.State.WAITING); // parked until woken, not spinning
    }
}
