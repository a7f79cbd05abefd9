package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.ExecutorTestSupport.MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link TimingWheelExecutor} on the manual clock with a task executor whose {@code execute} waits
 * for another thread: one that runs each task on a worker and waits for it, and a bounded one that
 * blocks while full. A task run there that schedules a task, or a periodic task's next run, must
 * not wait for the advance that handed it over, which waits for it in turn. An outside run found
 * each of these hanging; each test failed (timed out) before the fix.
 */
class TimingWheelExecutorWaitingTaskExecutorTest {
    private static final Duration GENEROUS = Duration.ofSeconds(30);

    private final ExecutorService workers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "task-executor-worker");
        t.setDaemon(true);
        return t;
    });

    @AfterEach
    void stopTheWorkers() {
        workers.shutdownNow();
    }

    /** Runs each task on a worker and waits until it has run. */
    private Executor runOnAWorkerAndWait() {
        return r -> {
            try {
                workers.submit(r).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RejectedExecutionException(e);
            } catch (ExecutionException e) {
                throw new RejectedExecutionException(e.getCause());
            }
        };
    }

    private static TimingWheelExecutor manualWith(Executor taskExecutor) {
        return TimingWheelExecutor.builder().manualClock().tick(Duration.ofMillis(1)).taskExecutor(taskExecutor)
                .build();
    }

    @Test
    void periodicTask_runsEveryPeriodOfTheAdvance() {
        TimingWheelExecutor ex = manualWith(runOnAWorkerAndWait());
        AtomicInteger runs = new AtomicInteger();
        ScheduledFuture<?> f = ex.scheduleAtFixedRate(runs::incrementAndGet, 1, 1, TimeUnit.MILLISECONDS);
        assertTimeoutPreemptively(GENEROUS, () -> ex.advanceTo(10 * MS));
        assertEquals(9, runs.get(), "the runs of ticks 1 to 9");
        assertEquals(1, ex.pendingTasks());
        ex.checkInvariants();
        f.cancel(false);
        assertEquals(0, ex.pendingTasks());
    }

    @Test
    void taskThatSchedulesAnother_dueInTheSameAdvance_runsInIt() {
        TimingWheelExecutor ex = manualWith(runOnAWorkerAndWait());
        List<String> ran = new CopyOnWriteArrayList<>();
        ex.schedule(() -> {
            ran.add("a");
            ex.schedule(() -> ran.add("b"), 1, TimeUnit.MILLISECONDS);
        }, 1, TimeUnit.MILLISECONDS);
        assertTimeoutPreemptively(GENEROUS, () -> ex.advanceTo(10 * MS));
        assertEquals(List.of("a"), ran, "b is scheduled at the advance's clock, 10 ms: due at 11");
        ex.advanceTo(12 * MS);
        assertEquals(List.of("a", "b"), ran);
        assertEquals(0, ex.pendingTasks());
        ex.checkInvariants();
    }

    @Test
    void boundedTaskExecutorThatBlocksWhileFull() {
        Semaphore room = new Semaphore(1);
        Executor bounded = r -> {
            room.acquireUninterruptibly();
            workers.execute(() -> {
                try {
                    r.run();
                } finally {
                    room.release();
                }
            });
        };
        TimingWheelExecutor ex = manualWith(bounded);
        AtomicInteger ran = new AtomicInteger();
        ex.schedule(() -> {
            ex.schedule(ran::incrementAndGet, 5, TimeUnit.MILLISECONDS);
            ran.incrementAndGet();
        }, 1, TimeUnit.MILLISECONDS);
        ex.schedule(ran::incrementAndGet, 1, TimeUnit.MILLISECONDS);
        assertTimeoutPreemptively(GENEROUS, () -> ex.advanceTo(2 * MS));
        room.acquireUninterruptibly(); // the second task has run
        assertEquals(2, ran.get());
        room.release();
        assertEquals(1, ex.pendingTasks(), "the task scheduled from the first");
    }

    @Test
    void periodicTaskOnAnAsynchronousPool_isHandedOverWhenDue_evenIfItsRunEndsAfterTheAdvance()
            throws Exception {
        // The run ends after advanceTo returned: its next run, due already, is handed over by the
        // task's own thread, or by whichever advance or schedule holds the turn as it ends.
        TimingWheelExecutor ex = manualWith(workers);
        AtomicInteger runs = new AtomicInteger();
        java.util.concurrent.CountDownLatch third = new java.util.concurrent.CountDownLatch(3);
        ex.scheduleAtFixedRate(() -> {
            runs.incrementAndGet();
            third.countDown();
        }, 1, 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(4 * MS); // runs 1, 2 and 3 are due: one at a time, each next run as the last ends
        assertTrue(third.await(GENEROUS.toSeconds(), TimeUnit.SECONDS), "runs: " + runs.get());
        assertTimeoutPreemptively(GENEROUS, () -> {
            while (ex.pendingTasks() != 1 || runs.get() != 3) {
                Thread.onSpinWait();
            }
        });
        ex.checkInvariants();
    }

    /**
     * Periodic tasks on a pool of two threads, the clock advanced in small steps: a run that ends
     * while an advance hands tasks over leaves its next run to that advance, which hands it over
     * as it lets go. Once nothing is in the pool after the last advance, every run due has run.
     */
    @Test
    void periodicTasksOnAPool_everyRunDueHasRunOnceThePoolIsEmpty() {
        AtomicInteger inPool = new AtomicInteger(); // handed over and not yet run to the end
        Executor counted = r -> {
            inPool.incrementAndGet();
            workers.execute(() -> {
                try {
                    r.run(); // a next run that this one hands over is counted before this ends
                } finally {
                    inPool.decrementAndGet();
                }
            });
        };
        java.util.Random random = new java.util.Random(7);
        for (int round = 0; round < 20; round++) {
            TimingWheelExecutor ex = manualWith(counted);
            int tasks = 8;
            AtomicInteger[] runs = new AtomicInteger[tasks];
            for (int k = 0; k < tasks; k++) {
                runs[k] = new AtomicInteger();
                ex.scheduleAtFixedRate(runs[k]::incrementAndGet, 1 + k % 3, 1 + k % 2, TimeUnit.MILLISECONDS);
            }
            long clock = 0;
            for (int step = 0; step < 50; step++) {
                clock += (1 + random.nextInt(3)) * MS;
                ex.advanceTo(clock);
            }
            long dueBefore = clock / MS; // the runs of earlier ticks are due
            assertTimeoutPreemptively(GENEROUS, () -> {
                while (inPool.get() != 0) {
                    Thread.onSpinWait();
                }
            });
            for (int k = 0; k < tasks; k++) {
                long first = 1 + k % 3;
                long period = 1 + k % 2;
                long expected = (dueBefore - first + period - 1) / period;
                assertEquals(expected, runs[k].get(), "round " + round + ", task " + k);
            }
            assertEquals(tasks, ex.pendingTasks());
            ex.checkInvariants();
            ex.shutdownNow();
        }
    }
}
