package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The driving thread takes due tasks from the wheel in batches and claims each only just before it
 * runs it. Each test holds the thread in a first task until the others are due, so that they are
 * taken in one batch, and checks that the batch changes nothing a task can see: a task still
 * cancels a later one, a {@code shutdownNow} from a task returns the rest and they never run, a task
 * not yet started counts as pending, and a periodic task goes on. Real clock, generous bounds.
 */
class TimingWheelExecutorDrivingBatchTest {
    private static final long WAIT_SECONDS = 10;

    /** Schedules a task that holds the driving thread until {@code release} opens. */
    private static CountDownLatch holdDrivingThread(TimingWheelExecutor ex, CountDownLatch release) throws Exception {
        CountDownLatch holding = new CountDownLatch(1);
        ex.execute(() -> {
            holding.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertTrue(holding.await(WAIT_SECONDS, TimeUnit.SECONDS));
        return holding;
    }

    @Test
    void aTaskCancelsALaterOneOfItsBatch_whichNeverRuns() throws Exception {
        try (TimingWheelExecutor ex = TimingWheelExecutor.builder().tick(Duration.ofMillis(1)).build()) {
            CountDownLatch release = new CountDownLatch(1);
            holdDrivingThread(ex, release);
            AtomicReference<ScheduledFuture<?>> later = new AtomicReference<>();
            AtomicReference<Boolean> cancelled = new AtomicReference<>();
            AtomicBoolean laterRan = new AtomicBoolean();
            ScheduledFuture<?> first = ex.schedule(() -> cancelled.set(later.get().cancel(false)), 0,
                    TimeUnit.NANOSECONDS);
            later.set(ex.schedule(() -> laterRan.set(true), 0, TimeUnit.NANOSECONDS));
            ScheduledFuture<?> last = ex.schedule(() -> { }, 0, TimeUnit.NANOSECONDS);
            release.countDown();
            first.get(WAIT_SECONDS, TimeUnit.SECONDS);
            last.get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertEquals(Boolean.TRUE, cancelled.get(), "a task due with it but not started can be cancelled");
            assertTrue(later.get().isCancelled());
            assertFalse(laterRan.get(), "a task whose cancel returned true ran");
            assertEquals(0, ex.pendingTasks());
            ex.checkInvariants();
        }
    }

    @Test
    void shutdownNowFromATask_returnsTheRestOfItsBatch_whichNeverRuns() throws Exception {
        TimingWheelExecutor ex = TimingWheelExecutor.builder().tick(Duration.ofMillis(1)).build();
        CountDownLatch release = new CountDownLatch(1);
        holdDrivingThread(ex, release);
        AtomicReference<List<Runnable>> returned = new AtomicReference<>();
        AtomicInteger ran = new AtomicInteger();
        ex.schedule(() -> returned.set(ex.shutdownNow()), 0, TimeUnit.NANOSECONDS);
        List<ScheduledFuture<?>> rest = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            rest.add(ex.schedule(ran::incrementAndGet, 0, TimeUnit.NANOSECONDS));
        }
        release.countDown();
        assertTrue(ex.awaitTermination(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(0, ran.get(), "tasks not started when shutdownNow returned ran after it");
        assertEquals(rest.size(), returned.get().size(), "shutdownNow returns every task not started");
        assertTrue(returned.get().containsAll(rest));
        assertEquals(0, ex.pendingTasks());
        ex.checkInvariants();
    }

    @Test
    void aTaskOfABatchNotYetStarted_countsAsPending() throws Exception {
        try (TimingWheelExecutor ex = TimingWheelExecutor.builder().tick(Duration.ofMillis(1)).build()) {
            CountDownLatch release = new CountDownLatch(1);
            holdDrivingThread(ex, release);
            int n = 4;
            int[] seen = new int[n];
            List<ScheduledFuture<?>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                futures.add(ex.schedule(() -> seen[index] = ex.pendingTasks(), 0, TimeUnit.NANOSECONDS));
            }
            release.countDown();
            for (ScheduledFuture<?> f : futures) {
                f.get(WAIT_SECONDS, TimeUnit.SECONDS);
            }
            for (int i = 0; i < n; i++) {
                assertEquals(n - 1 - i, seen[i], "pending tasks seen by task " + i);
            }
            ex.checkInvariants();
        }
    }

    @Test
    void aPeriodicTaskTakenInABatch_goesOn_untilCancelled() throws Exception {
        try (TimingWheelExecutor ex = TimingWheelExecutor.builder().tick(Duration.ofMillis(1)).build()) {
            CountDownLatch release = new CountDownLatch(1);
            holdDrivingThread(ex, release);
            CountDownLatch runs = new CountDownLatch(20);
            ScheduledFuture<?> periodic = ex.scheduleAtFixedRate(runs::countDown, 0, 100_000, TimeUnit.NANOSECONDS);
            ScheduledFuture<?> other = ex.schedule(() -> { }, 0, TimeUnit.NANOSECONDS);
            release.countDown();
            assertTrue(runs.await(WAIT_SECONDS, TimeUnit.SECONDS));
            other.get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertTrue(periodic.cancel(false));
            ex.checkInvariants();
            assertEquals(0, ex.pendingTasks());
        }
    }
}
