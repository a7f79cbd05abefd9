package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.internal.TimerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * When the driving thread ({@link TimerThread}) wakes: an arming earlier than its planned wake
 * wakes it, and after such an early wake, armings due after a short recheck leave it parked (a
 * stream of far request timeouts, each cancelled at once, would otherwise keep it cycling). Real
 * time, with generous bounds: the thread's states and its looks are observed.
 */
class TimerThreadWakeTest {
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    /** Nothing ever due but one thing an hour ahead; counts the thread's looks. */
    private static final class FarAhead implements TimerThread.Driven {
        final long origin = System.nanoTime();
        final AtomicInteger looks = new AtomicInteger();
        volatile boolean finished;

        @Override
        public boolean runDue(long now) {
            looks.incrementAndGet();
            return false;
        }

        @Override
        public long nextDueTime(long now) {
            return origin + 3_600 * SECOND;
        }

        @Override
        public boolean isFinished() {
            return finished;
        }
    }

    @Test
    void armingsFarAhead_afterOneEarlyWake_leaveTheThreadParked() throws Exception {
        FarAhead driven = new FarAhead();
        TimerThread timer = new TimerThread(driven, System::nanoTime, Thread::new);
        timer.start();
        try {
            awaitParkedAfter(timer, driven, 1);
            timer.wakeIfEarlier(System.nanoTime() + 30 * SECOND); // before the hour: wakes it
            awaitParkedAfter(timer, driven, 2);
            long start = System.nanoTime();
            for (int i = 0; i < 10; i++) {
                timer.wakeIfEarlier(System.nanoTime() + 30 * SECOND);
                Thread.sleep(2); // time for a thread that was unparked to look
            }
            int looks = driven.looks.get() - 2;
            // About two looks per recheck (100 ms) that the loop spans at most; one per arming before.
            long rechecks = (System.nanoTime() - start) / (SECOND / 10);
            assertTrue(looks <= 2 + 2 * rechecks, looks + " looks for 10 armings due 30 s ahead in "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
        } finally {
            driven.finished = true;
            timer.wake();
            timer.thread().join(10_000);
        }
    }

    @Test
    void armingBeforeThePlannedWake_wakesTheThread_evenAfterAnEarlyWake() throws Exception {
        FarAhead driven = new FarAhead();
        TimerThread timer = new TimerThread(driven, System::nanoTime, Thread::new);
        timer.start();
        try {
            awaitParkedAfter(timer, driven, 1);
            timer.wakeIfEarlier(System.nanoTime() + 30 * SECOND);
            awaitParkedAfter(timer, driven, 2);
            timer.wakeIfEarlier(System.nanoTime()); // due now: before any recheck
            awaitParkedAfter(timer, driven, 3);
            assertEquals(3, driven.looks.get());
        } finally {
            driven.finished = true;
            timer.wake();
            timer.thread().join(10_000);
        }
    }

    /** Waits until the thread has looked {@code looks} times and parks. */
    private static void awaitParkedAfter(TimerThread timer, FarAhead driven, int looks) throws InterruptedException {
        long deadline = System.nanoTime() + 30 * SECOND;
        while (driven.looks.get() < looks || timer.thread().getState() != Thread.State.TIMED_WAITING) {
            assertTrue(System.nanoTime() < deadline, "the thread did not look " + looks + " times and park");
            Thread.sleep(1);
        }
    }
}
