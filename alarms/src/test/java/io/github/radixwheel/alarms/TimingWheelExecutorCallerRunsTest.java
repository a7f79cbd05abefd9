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
import org.junit.jupiter.api.Test;

/**
 * {@link TimingWheelExecutor} on the manual clock with a task executor that runs each task on the
 * calling thread ({@code Runnable::run}), so that {@code advanceTo} runs them through the task
 * executor: periodic tasks far behind, and interrupts.
 */
class TimingWheelExecutorCallerRunsTest {

    private static TimingWheelExecutor callerRuns() {
        return TimingWheelExecutor.builder().manualClock().tick(Duration.ofMillis(1)).taskExecutor(Runnable::run)
                .build();
    }

    @Test
    void fixedRate_farBehind_runsEveryPeriod_oneAfterTheOther_notNested() {
        TimingWheelExecutor ex = callerRuns();
        AtomicInteger runs = new AtomicInteger();
        int[] depth = new int[2];
        ScheduledFuture<?> f = ex.scheduleAtFixedRate(() -> {
            int run = runs.incrementAndGet();
            if (run == 1 || run == 50_000) {
                depth[run == 1 ? 0 : 1] = new Throwable().getStackTrace().length;
            }
        }, 0, 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(TimeUnit.MINUTES.toNanos(1));
        assertEquals(60_000, runs.get(), "one run for each period in the minute");
        assertTrue(depth[1] <= depth[0] + 8, "the 50,000th run nests " + depth[1] + " frames deep, the first "
                + depth[0]);
        ex.advanceTo(TimeUnit.MINUTES.toNanos(1) + 10 * MS);
        assertEquals(60_010, runs.get());
        assertFalse(f.isDone());
        assertEquals(1, ex.pendingTasks());
        ex.checkInvariants();
        ex.shutdown();
        assertTrue(f.isCancelled(), "shutdown cancels a periodic task");
        assertTrue(ex.isTerminated());
    }

    @Test
    void fixedRate_behind_keepsItsPlaceAmongTheTasksDueInTheSameAdvance() {
        TimingWheelExecutor ex = callerRuns();
        List<String> log = new ArrayList<>();
        ScheduledFuture<?> p = ex.scheduleAtFixedRate(() -> log.add("p" + log.size()), 0, 2, TimeUnit.MILLISECONDS);
        ex.schedule(() -> log.add("a"), 3, TimeUnit.MILLISECONDS);
        ex.advanceTo(6 * MS);
        assertEquals(List.of("p0", "p1", "a", "p3"), log, "the runs of ticks 0, 2, 3 and 4, in that order");
        assertEquals(0, p.getDelay(TimeUnit.NANOSECONDS), "next due at 6 ms, the clock");
    }

    @Test
    void taskThatInterruptsItself_doesNotReachTheNextTask_norTheCaller() {
        TimingWheelExecutor ex = callerRuns();
        boolean[] nextInterrupted = {true};
        ex.schedule(() -> Thread.currentThread().interrupt(), 0, TimeUnit.MILLISECONDS);
        ex.schedule(() -> nextInterrupted[0] = Thread.currentThread().isInterrupted(), 0, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        assertFalse(nextInterrupted[0], "the next task starts with the interrupt cleared");
        assertFalse(Thread.interrupted(), "the caller's interrupt status is as it was");
    }

    @Test
    void realClock_taskThatInterruptsItself_doesNotReachTheNextTaskOnTheDrivingThread() throws Exception {
        try (TimingWheelExecutor ex = TimingWheelExecutor.builder().taskExecutor(Runnable::run).build()) {
            for (int round = 0; round < 20; round++) {
                boolean[] nextInterrupted = {true};
                CountDownLatch bothRan = new CountDownLatch(2);
                ScheduledFuture<?> first = ex.schedule(() -> {
                    Thread.currentThread().interrupt();
                    bothRan.countDown();
                }, 1, TimeUnit.MILLISECONDS);
                ex.schedule(() -> {
                    nextInterrupted[0] = Thread.currentThread().isInterrupted();
                    bothRan.countDown();
                }, 1, TimeUnit.MILLISECONDS);
                assertTrue(bothRan.await(30, TimeUnit.SECONDS));
                first.get();
                assertFalse(nextInterrupted[0], "round " + round);
            }
        }
    }

    @Test
    void interruptedCaller_tasksStartCleared_andTheCallerStaysInterrupted() {
        TimingWheelExecutor ex = callerRuns();
        boolean[] taskInterrupted = {true};
        ex.schedule(() -> taskInterrupted[0] = Thread.currentThread().isInterrupted(), 0, TimeUnit.MILLISECONDS);
        Thread.currentThread().interrupt();
        ex.advanceTo(2 * MS);
        assertTrue(Thread.interrupted(), "the caller's own interrupt is restored (and cleared here)");
        assertFalse(taskInterrupted[0]);
    }

    /** As without a task executor: a task run on the calling thread reads the start of its tick. */
    @Test
    void aTaskReadsTheStartOfItsTick_andOneItSchedulesBeforeTheTargetRunsInTheSameCall() {
        TimingWheelExecutor ex = callerRuns();
        List<String> log = new ArrayList<>();
        ex.schedule(() -> {
            log.add("a@" + ex.now() / MS);
            ex.schedule(() -> log.add("b@" + ex.now() / MS), 3, TimeUnit.MILLISECONDS);
        }, 5, TimeUnit.MILLISECONDS);
        ex.schedule(() -> log.add("c@" + ex.now() / MS), 12, TimeUnit.MILLISECONDS);
        ex.advanceTo(20 * MS);
        assertEquals(List.of("a@5", "b@8", "c@12"), log);
        assertEquals(20 * MS, ex.now(), "afterwards the clock reads the target");
        assertEquals(0, ex.pendingTasks());
    }

    /** A fixed delay counts from the end of the run's tick, as without a task executor: 10 runs in 20 ms. */
    @Test
    void fixedDelay_runsAsWithoutATaskExecutor() {
        TimingWheelExecutor callerRuns = callerRuns();
        TimingWheelExecutor plain = TimingWheelExecutor.builder().manualClock().tick(Duration.ofMillis(1)).build();
        List<Long> withExecutor = new ArrayList<>();
        List<Long> without = new ArrayList<>();
        callerRuns.scheduleWithFixedDelay(() -> withExecutor.add(callerRuns.now() / MS), 0, 1, TimeUnit.MILLISECONDS);
        plain.scheduleWithFixedDelay(() -> without.add(plain.now() / MS), 0, 1, TimeUnit.MILLISECONDS);
        callerRuns.advanceTo(20 * MS);
        plain.advanceTo(20 * MS);
        assertEquals(10, without.size(), without.toString());
        assertEquals(without, withExecutor);
    }
}
