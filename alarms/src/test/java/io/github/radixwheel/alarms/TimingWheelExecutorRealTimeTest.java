package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link TimingWheelExecutor} with its own thread, on the real clock: never early, late by at most
 * about a tick (checked with a generous bound), the thread parks while idle and starts with the
 * first task, {@code close} ends it, {@code shutdownNow} interrupts a running task. These are the
 * few tests that wait for real time; their bounds allow for a loaded machine.
 */
class TimingWheelExecutorRealTimeTest {
    /** Generous: scheduling latency on a loaded two-core machine. */
    private static final long SLACK_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    @Test
    void tasks_runNeverEarly_andWithinAboutATick() throws Exception {
        try (TimingWheelExecutor ex = TimingWheelExecutor.builder().tick(Duration.ofMillis(1)).build()) {
            int n = 200;
            long[] deadlines = new long[n];
            List<ScheduledFuture<Long>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                long delay = (i * 7919L) % 50 * 1_000_000L + i * 1_000L;
                deadlines[i] = System.nanoTime() + delay; // read before the executor's own: never later than its deadline
                futures.add(ex.schedule(System::nanoTime, delay, TimeUnit.NANOSECONDS));
            }
            for (int i = 0; i < n; i++) {
                long late = futures.get(i).get(10, TimeUnit.SECONDS) - deadlines[i];
                assertTrue(late >= 0, "task " + i + " ran " + -late + " ns early");
                assertTrue(late <= 1_000_000L + SLACK_NANOS, "task " + i + " ran " + late + " ns late");
            }
        }
    }

    @Test
    void thread_startsWithTheFirstTask_usesTheFactory_andParksWhileIdle() throws Exception {
        AtomicReference<Thread> made = new AtomicReference<>();
        TimingWheelExecutor ex = TimingWheelExecutor.builder().threadFactory(r -> {
            Thread t = new Thread(r, "test-driver");
            t.setDaemon(true);
            made.set(t);
            return t;
        }).build();
        try {
            Thread t = made.get();
            assertNotNull(t);
            assertEquals(Thread.State.NEW, t.getState(), "no task yet: not started");
            assertEquals("done", ex.submit(() -> "done").get(10, TimeUnit.SECONDS));
            awaitState(t, Thread.State.WAITING);
            long cpu = ThreadCpu.of(t);
            Thread.sleep(300); // observing idleness: nothing is due, so the thread must not wake
            assertEquals(Thread.State.WAITING, t.getState());
            long used = ThreadCpu.of(t) - cpu;
            assertTrue(used < TimeUnit.MILLISECONDS.toNanos(5), "an idle executor used " + used + " ns of CPU");
        } finally {
            ex.close();
        }
        assertTrue(ex.isTerminated());
        made.get().join(10_000);
        assertFalse(made.get().isAlive(), "close() ends the thread");
    }

    /**
     * Request timeouts answered at once: each task is scheduled 30 s ahead and cancelled at once,
     * while the thread parks until a task an hour ahead. Each schedule is earlier than the thread's
     * planned wake; the thread, which never finds anything due, must not keep waking and looking (a
     * wake costs tens of microseconds: a few of them, not one per schedule or a continuous cycle).
     */
    @Test
    void farTasksCancelledAtOnce_doNotKeepTheThreadLooking() throws Exception {
        AtomicReference<Thread> made = new AtomicReference<>();
        TimingWheelExecutor ex = TimingWheelExecutor.builder().tick(Duration.ofMillis(1)).threadFactory(r -> {
            Thread t = new Thread(r, "test-driver");
            made.set(t);
            return t;
        }).build();
        try {
            ex.schedule(() -> { }, 1, TimeUnit.HOURS);
            Thread driver = made.get();
            awaitState(driver, Thread.State.TIMED_WAITING);
            Thread producer = Thread.currentThread();
            long driverBefore = ThreadCpu.of(driver);
            long producerBefore = ThreadCpu.of(producer);
            for (int i = 0; i < 200_000; i++) {
                assertTrue(ex.schedule(() -> { }, 30, TimeUnit.SECONDS).cancel(false));
            }
            long producerCpu = ThreadCpu.of(producer) - producerBefore;
            long driverCpu = ThreadCpu.of(driver) - driverBefore;
            System.out.println("far tasks: driver " + driverCpu + " ns, producer " + producerCpu + " ns");
            assertTrue(driverCpu < producerCpu / 20, "the driving thread used " + driverCpu
                    + " ns of CPU while the producer used " + producerCpu + " ns");
            assertEquals(1, ex.pendingTasks());
        } finally {
            ex.shutdownNow();
        }
        assertTrue(ex.awaitTermination(10, TimeUnit.SECONDS));
    }

    @Test
    void thread_waitingForAFarTask_wakesForAnEarlierOne() throws Exception {
        try (TimingWheelExecutor ex = TimingWheelExecutor.builder().build()) {
            ScheduledFuture<?> far = ex.schedule(() -> { }, 1, TimeUnit.HOURS);
            CountDownLatch ran = new CountDownLatch(1);
            ex.schedule(ran::countDown, 5, TimeUnit.MILLISECONDS);
            assertTrue(ran.await(10, TimeUnit.SECONDS));
            assertTrue(far.cancel(false));
        }
    }

    @Test
    void shutdownNow_interruptsTheRunningTask() throws Exception {
        TimingWheelExecutor ex = TimingWheelExecutor.builder().build();
        CountDownLatch started = new CountDownLatch(1);
        AtomicLong interrupted = new AtomicLong();
        ex.execute(() -> {
            started.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.incrementAndGet();
            }
        });
        assertTrue(started.await(10, TimeUnit.SECONDS));
        List<Runnable> dropped = ex.shutdownNow();
        assertEquals(List.of(), dropped);
        assertTrue(ex.awaitTermination(10, TimeUnit.SECONDS));
        assertEquals(1, interrupted.get());
    }

    @Test
    void close_waitsForDelayedTasks() throws Exception {
        AtomicLong ranAt = new AtomicLong();
        long start = System.nanoTime();
        TimingWheelExecutor ex = TimingWheelExecutor.builder().build();
        ex.schedule(() -> ranAt.set(System.nanoTime()), 30, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> periodic = ex.scheduleAtFixedRate(() -> { }, 1, 1, TimeUnit.MILLISECONDS);
        ex.close();
        assertTrue(ex.isTerminated());
        assertTrue(periodic.isCancelled());
        assertTrue(ranAt.get() - start >= TimeUnit.MILLISECONDS.toNanos(30), "the delayed task ran, on time");
    }

    @Test
    void close_interrupted_shutsDownNowAndRestoresTheInterrupt() throws Exception {
        TimingWheelExecutor ex = TimingWheelExecutor.builder().build();
        ScheduledFuture<?> f = ex.schedule(() -> { }, 1, TimeUnit.HOURS);
        Thread.currentThread().interrupt();
        ex.close();
        assertTrue(Thread.interrupted(), "the interrupt status is restored");
        assertTrue(ex.isTerminated());
        assertFalse(f.isDone(), "dropped by shutdownNow, never run");
    }

    /**
     * Regression: a cancel after {@code shutdown} that left nothing pending did not wake the thread,
     * parked until the cancelled task's deadline, so the executor did not terminate for an hour.
     */
    @Test
    void cancelOfTheLastDelayedTask_afterShutdown_terminates() throws Exception {
        AtomicReference<Thread> made = new AtomicReference<>();
        TimingWheelExecutor ex = TimingWheelExecutor.builder().threadFactory(r -> {
            Thread t = new Thread(r, "test-driver");
            t.setDaemon(true);
            made.set(t);
            return t;
        }).build();
        ScheduledFuture<?> f = ex.schedule(() -> { }, 1, TimeUnit.HOURS);
        ex.shutdown();
        awaitState(made.get(), Thread.State.TIMED_WAITING); // back to sleep until the task's deadline
        assertFalse(ex.isTerminated(), "a delayed task still runs after shutdown");
        assertTrue(f.cancel(false));
        assertEquals(0, ex.pendingTasks());
        assertTrue(ex.awaitTermination(10, TimeUnit.SECONDS), "nothing pending, nothing running");
        made.get().join(10_000);
        assertFalse(made.get().isAlive());
    }

    /** As above, with the last delayed task run by its caller ({@code run} on the future) after shutdown. */
    @Test
    void runByTheCallerOfTheLastDelayedTask_afterShutdown_terminates() throws Exception {
        AtomicReference<Thread> made = new AtomicReference<>();
        TimingWheelExecutor ex = TimingWheelExecutor.builder().threadFactory(r -> {
            Thread t = new Thread(r, "test-driver");
            t.setDaemon(true);
            made.set(t);
            return t;
        }).build();
        AtomicLong runs = new AtomicLong();
        ScheduledFuture<?> f = ex.schedule(runs::incrementAndGet, 1, TimeUnit.HOURS);
        ex.shutdown();
        awaitState(made.get(), Thread.State.TIMED_WAITING);
        ((Runnable) f).run();
        assertEquals(1, runs.get());
        assertTrue(f.isDone());
        assertTrue(ex.awaitTermination(10, TimeUnit.SECONDS), "nothing pending, nothing running");
    }

    private static void awaitState(Thread t, Thread.State state) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (t.getState() != state && System.nanoTime() < end) {
            Thread.sleep(1);
        }
        assertEquals(state, t.getState());
    }
}
