package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.ExecutorTestSupport.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A caller's {@code run()} of a periodic future. A periodic task is one object through all its runs,
 * so a {@code run} call that an earlier hand-over left behind (the task executor's queued call, or
 * the executor thread's batch) must not start its next run early after a caller ran it.
 * Regressions: found by an outside adversarial run; the task ran twice, the second time an hour
 * early, and on the executor's own thread it was linked twice into the wheel (a later shutdown threw).
 */
class TimingWheelExecutorPeriodicRunCallTest {

    @Test
    void runFromATaskOfTheSameTick_onTheExecutorsThread_runsItOnce() throws Exception {
        // A long tick puts the three tasks in one batch of the executor's thread.
        TimingWheelExecutor ex = TimingWheelExecutor.builder().tick(Duration.ofMillis(200)).build();
        AtomicInteger runs = new AtomicInteger();
        AtomicReference<ScheduledFuture<?>> periodic = new AtomicReference<>();
        CountDownLatch batchDone = new CountDownLatch(1);
        CountDownLatch scheduled = new CountDownLatch(1);
        ex.schedule(() -> {
            awaitQuietly(scheduled);
            ((Runnable) periodic.get()).run();
        }, 0, TimeUnit.MILLISECONDS);
        periodic.set(ex.scheduleAtFixedRate(runs::incrementAndGet, 0, 1, TimeUnit.HOURS));
        ex.schedule(batchDone::countDown, 0, TimeUnit.MILLISECONDS);
        scheduled.countDown();
        assertTrue(batchDone.await(10, TimeUnit.SECONDS));
        assertEquals(1, runs.get(), "the caller's run, and not the batch's too");
        assertTrue(periodic.get().getDelay(TimeUnit.MINUTES) > 50, "its next run is an hour on");
        ex.checkInvariants();
        assertEquals(1, ex.pendingTasks());
        assertTrue(periodic.get().cancel(false));
        ex.shutdown();
        assertTrue(ex.awaitTermination(10, TimeUnit.SECONDS));
    }

    @Test
    void runBeforeTheTaskExecutorGetsToIt_runsItOnce() {
        List<Runnable> queue = new ArrayList<>();
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().taskExecutor(queue::add).build();
        AtomicInteger runs = new AtomicInteger();
        ScheduledFuture<?> p = ex.scheduleAtFixedRate(runs::incrementAndGet, 1, 60_000, TimeUnit.MILLISECONDS);
        ex.advanceTo(5 * MS);
        assertEquals(List.of(p), queue, "handed over");
        ((Runnable) p).run(); // the caller first
        assertEquals(1, runs.get());
        queue.remove(0).run(); // then the task executor's call, left behind
        assertEquals(1, runs.get(), "the hand-over's call does not start the next run early");
        assertEquals(60_001 * MS - 5 * MS, p.getDelay(TimeUnit.NANOSECONDS));
        ex.checkInvariants();
        ex.advanceTo(60_002 * MS);
        queue.remove(0).run();
        assertEquals(2, runs.get(), "its next run, when due");
        ex.checkInvariants();
    }

    @Test
    void runOfAPeriodicTaskNotYetDue_doesNothing() {
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().build();
        AtomicInteger runs = new AtomicInteger();
        ScheduledFuture<?> p = ex.scheduleAtFixedRate(runs::incrementAndGet, 10, 10, TimeUnit.MILLISECONDS);
        ((Runnable) p).run();
        assertEquals(0, runs.get(), "its runs are the executor's");
        assertFalse(p.isDone());
        assertEquals(1, ex.pendingTasks());
        ex.advanceTo(11 * MS);
        assertEquals(1, runs.get());
        ex.checkInvariants();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
