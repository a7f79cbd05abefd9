package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.ExecutorTestSupport.MS;
import static io.github.radixwheel.alarms.ExecutorTestSupport.manual;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.ExecutorTestSupport.Log;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Cancelling {@link TimingWheelExecutor} tasks: a cancel that returns true means the task never
 * runs; the task leaves the wheel at once and is not retained; a running task can be cancelled,
 * as a {@code ScheduledThreadPoolExecutor}'s, its outcome dropped and its run interrupted if asked;
 * tasks may cancel each other, also within one tick.
 */
class TimingWheelExecutorCancelTest {
    private final Log log = new Log();

    @Test
    void cancel_pendingTask_neverRunsAndCompletesCancelled() {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<String> f = ex.schedule(log.callable("a"), 3, TimeUnit.MILLISECONDS);
        assertTrue(f.cancel(false));
        assertTrue(f.isCancelled());
        assertTrue(f.isDone());
        assertEquals(0, ex.pendingTasks());
        ex.advanceTo(100 * MS);
        assertEquals(List.of(), log.take());
        assertThrows(CancellationException.class, f::get);
        assertThrows(CancellationException.class, () -> f.get(1, TimeUnit.SECONDS));
        assertFalse(f.cancel(false), "a second cancel");
        assertFalse(f.cancel(true));
        ex.checkInvariants();
    }

    @Test
    void cancel_afterTheRun_returnsFalseAndKeepsTheResult() throws Exception {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<String> f = ex.schedule(log.callable("a"), 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        assertFalse(f.cancel(true));
        assertFalse(f.isCancelled());
        assertEquals("a", f.get());
    }

    /**
     * Regression: as a {@code ScheduledThreadPoolExecutor}'s future, a running one-shot task can be
     * cancelled. It returned false and the task completed normally.
     */
    @Test
    void cancel_ofARunningOneShotTask_cancelsItInterruptsTheRunAndDropsTheOutcome() {
        TimingWheelExecutor ex = manual();
        List<Object> seen = new ArrayList<>();
        AtomicReference<ScheduledFuture<String>> self = new AtomicReference<>();
        self.set(ex.schedule(() -> {
            seen.add(self.get().cancel(true));
            seen.add(Thread.currentThread().isInterrupted());
            seen.add(self.get().isCancelled());
            seen.add(self.get().isDone());
            seen.add(self.get().cancel(true)); // a second cancel
            return "done";
        }, 1, TimeUnit.MILLISECONDS));
        ScheduledFuture<String> next = ex.schedule(() -> String.valueOf(Thread.currentThread().isInterrupted()),
                1, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        assertEquals(List.of(true, true, true, true, false), seen);
        assertFalse(Thread.interrupted(), "the interrupt was meant for the cancelled run only");
        assertTrue(self.get().isCancelled());
        assertThrows(CancellationException.class, self.get()::get);
        assertEquals("false", assertDoesNotThrow(() -> next.get()), "the next task of the tick");
        assertEquals(0, ex.pendingTasks());
        ex.checkInvariants();
    }

    @Test
    void cancelFalse_ofARunningOneShotTask_cancelsItWithoutAnInterrupt() {
        TimingWheelExecutor ex = manual();
        List<Object> seen = new ArrayList<>();
        AtomicReference<ScheduledFuture<String>> self = new AtomicReference<>();
        self.set(ex.schedule(() -> {
            seen.add(self.get().cancel(false));
            seen.add(Thread.currentThread().isInterrupted());
            seen.add(self.get().isCancelled());
            return "done";
        }, 1, TimeUnit.MILLISECONDS));
        ex.advanceTo(2 * MS);
        assertEquals(List.of(true, false, true), seen);
        assertThrows(CancellationException.class, self.get()::get);
        ex.checkInvariants();
    }

    @Test
    void cancel_ofARunningOneShotTaskThatThrows_keepsItCancelled() {
        TimingWheelExecutor ex = manual();
        AtomicReference<ScheduledFuture<String>> self = new AtomicReference<>();
        self.set(ex.schedule(() -> {
            self.get().cancel(true);
            throw new IllegalStateException("after the cancel");
        }, 1, TimeUnit.MILLISECONDS));
        ex.advanceTo(2 * MS);
        assertTrue(self.get().isCancelled());
        assertThrows(CancellationException.class, self.get()::get);
        assertFalse(Thread.interrupted());
        ex.checkInvariants();
    }

    /**
     * Regression: on the manual clock, an interrupt that a task's wrapper received (here a
     * {@code FutureTask}'s {@code cancel(true)}, as {@code invokeAll} sends at its timeout) reached
     * the next task of the same advance and stayed on the advancing thread after it returned. Each
     * task now starts with the interrupt cleared, and the caller's own status is kept.
     */
    @Test
    void manualClock_anInterruptThatATaskLeaves_reachesNeitherTheNextTaskNorTheCaller() {
        TimingWheelExecutor ex = manual();
        List<Boolean> seen = new ArrayList<>();
        ex.schedule(() -> Thread.currentThread().interrupt(), 1, TimeUnit.MILLISECONDS);
        ex.schedule(() -> seen.add(Thread.currentThread().isInterrupted()), 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        assertEquals(List.of(false), seen);
        assertFalse(Thread.interrupted(), "the caller is not left interrupted");
        Thread.currentThread().interrupt(); // interrupted before the call: still so after it
        ex.schedule(() -> seen.add(Thread.currentThread().isInterrupted()), 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(4 * MS);
        assertTrue(Thread.interrupted(), "the caller's own interrupt is kept");
        assertEquals(List.of(false, false), seen);
    }

    /** On the driving thread: a blocked task is interrupted by {@code cancel(true)}, a waiter freed at once. */
    @Test
    void cancelTrue_ofARunningTaskOnTheDrivingThread_interruptsItAndFreesWaiters() throws Exception {
        try (TimingWheelExecutor ex = TimingWheelExecutor.builder().build()) {
            assertCancelInterruptsARun(ex);
        }
    }

    /** The same with a task executor: the run is interrupted on the task executor's thread. */
    @Test
    void cancelTrue_ofARunningTaskOnATaskExecutor_interruptsItAndFreesWaiters() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (TimingWheelExecutor ex = TimingWheelExecutor.builder().taskExecutor(pool).build()) {
            assertCancelInterruptsARun(ex);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void assertCancelInterruptsARun(TimingWheelExecutor ex) throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch ended = new CountDownLatch(1);
        AtomicReference<String> how = new AtomicReference<>();
        ScheduledFuture<String> f = ex.schedule(() -> {
            started.countDown();
            try {
                never.await(); // blocks until interrupted
                how.set("not interrupted");
            } catch (InterruptedException e) {
                how.set("interrupted");
            } finally {
                ended.countDown();
            }
            return "done";
        }, 0, TimeUnit.MILLISECONDS);
        assertTrue(started.await(10, TimeUnit.SECONDS));
        AtomicReference<Throwable> waited = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                f.get();
            } catch (Throwable t) {
                waited.set(t);
            }
        });
        waiter.start();
        try {
            assertTrue(f.cancel(true));
            assertTrue(ended.await(10, TimeUnit.SECONDS));
        } finally {
            never.countDown(); // if the cancel failed, so that the executor can end
        }
        assertEquals("interrupted", how.get());
        waiter.join(10_000);
        assertTrue(waited.get() instanceof CancellationException, String.valueOf(waited.get()));
        assertTrue(f.isCancelled());
        // The thread that ran it runs the next task uninterrupted.
        ScheduledFuture<Boolean> next = ex.schedule(() -> Thread.currentThread().isInterrupted(), 0, TimeUnit.MILLISECONDS);
        assertFalse(next.get(10, TimeUnit.SECONDS));
        assertEquals(0, ex.pendingTasks());
    }

    /** A task submitted as a {@code Runnable} that is also a {@code Callable} is run, and one submitted as a {@code Callable} called. */
    @Test
    void aTaskThatIsBothRunnableAndCallable_runsAsSubmitted() throws Exception {
        TimingWheelExecutor ex = manual();
        List<String> calls = new ArrayList<>();
        class Both implements Runnable, Callable<String> {
            @Override
            public void run() {
                calls.add("run");
            }

            @Override
            public String call() {
                calls.add("call");
                return "called";
            }
        }
        ScheduledFuture<?> asRunnable = ex.schedule((Runnable) new Both(), 1, TimeUnit.MILLISECONDS);
        ScheduledFuture<String> asCallable = ex.schedule((Callable<String>) new Both(), 1, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> periodic = ex.scheduleAtFixedRate(new Both(), 1, 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        periodic.cancel(false);
        assertEquals(List.of("run", "call", "run"), calls);
        assertNull(asRunnable.get());
        assertEquals("called", asCallable.get());
        assertTrue(asRunnable.toString().contains("Completed normally"), asRunnable.toString());
    }

    @Test
    void cancel_fromAnEarlierTaskOfTheSameTick_stopsTheLaterOne() {
        TimingWheelExecutor ex = manual();
        AtomicReference<ScheduledFuture<?>> later = new AtomicReference<>();
        List<Boolean> results = new ArrayList<>();
        ex.schedule(() -> results.add(later.get().cancel(false)), 1, TimeUnit.MILLISECONDS);
        later.set(ex.schedule(log.task("later"), 1_500_000, TimeUnit.NANOSECONDS));
        ex.schedule(log.task("after"), 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(5 * MS);
        assertEquals(List.of(true), results);
        assertEquals(List.of("after"), log.take());
        assertTrue(later.get().isCancelled());
        ex.checkInvariants();
    }

    @Test
    void cancel_manyInterleaved_keepsTheOthersInOrder() {
        TimingWheelExecutor ex = manual();
        List<ScheduledFuture<?>> futures = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            futures.add(ex.schedule(log.task(Integer.toString(i)), i % 7, TimeUnit.MILLISECONDS));
        }
        List<String> expected = new ArrayList<>();
        for (int tick = 0; tick < 7; tick++) {
            for (int i = tick; i < 200; i += 7) {
                if (i % 3 == 0) {
                    assertTrue(futures.get(i).cancel(false));
                } else {
                    expected.add(Integer.toString(i));
                }
            }
        }
        ex.checkInvariants();
        assertEquals(expected.size(), ex.pendingTasks());
        ex.advanceTo(10 * MS);
        assertEquals(expected, log.take());
        ex.checkInvariants();
    }

    @Test
    void cancel_dropsTheTask_soItCanBeCollected() throws Exception {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<?> keep = ex.schedule(log.task("keep"), 1, TimeUnit.HOURS);
        Runnable task = log.task("dropped");
        WeakReference<Runnable> ref = new WeakReference<>(task);
        ScheduledFuture<?> f = ex.schedule(task, 1, TimeUnit.HOURS);
        task = null;
        assertTrue(f.cancel(false));
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(ref.get(), "a cancelled task is still reachable (the future is still held here)");
        assertFalse(keep.isDone());
    }

    @Test
    void cancel_unreferencedFuture_isCollected() throws Exception {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<?> f = ex.schedule(log.task("x"), 1, TimeUnit.HOURS);
        WeakReference<ScheduledFuture<?>> ref = new WeakReference<>(f);
        assertTrue(f.cancel(false));
        f = null;
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(ref.get(), "the executor still references a cancelled future");
    }

    @Test
    void get_withTimeout_onAPendingTask_timesOut() {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<?> f = ex.schedule(log.task("a"), 1, TimeUnit.MILLISECONDS);
        assertThrows(TimeoutException.class, () -> f.get(1, TimeUnit.MILLISECONDS));
        assertThrows(TimeoutException.class, () -> f.get(-1, TimeUnit.MILLISECONDS));
        assertFalse(f.isDone());
    }

    @Test
    void get_waitingThread_wakesWhenAnotherThreadCancels() throws Exception {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<?> f = ex.schedule(log.task("a"), 1, TimeUnit.MILLISECONDS);
        Throwable[] seen = new Throwable[1];
        Thread waiter = new Thread(() -> {
            try {
                f.get();
            } catch (Throwable t) {
                seen[0] = t;
            }
        });
        waiter.start();
        while (waiter.getState() != Thread.State.WAITING && waiter.isAlive()) {
            Thread.onSpinWait();
        }
        assertTrue(f.cancel(false));
        waiter.join(10_000);
        assertFalse(waiter.isAlive());
        assertTrue(seen[0] instanceof CancellationException, String.valueOf(seen[0]));
    }
    /**
     * A waiter and a cancel that race: the waiter always wakes. The cancel reads the waiter's flag
     * after the compare-and-set that won the task, with no fence of its own; many rounds, started
     * together.
     */
    @Test
    void get_racingACancel_alwaysWakes() throws Exception {
        TimingWheelExecutor ex = manual();
        ExecutorService waiters = Executors.newSingleThreadExecutor();
        try {
            for (int round = 0; round < 2_000; round++) {
                ScheduledFuture<?> f = ex.schedule(() -> { }, 1, TimeUnit.MILLISECONDS);
                CountDownLatch go = new CountDownLatch(1);
                Future<Throwable> waited = waiters.submit(() -> {
                    go.await();
                    try {
                        f.get();
                        return null;
                    } catch (Throwable t) {
                        return t;
                    }
                });
                go.countDown();
                assertTrue(f.cancel(false));
                Throwable seen = waited.get(10, TimeUnit.SECONDS);
                assertTrue(seen instanceof CancellationException, "round " + round + ": " + seen);
            }
        } finally {
            waiters.shutdownNow();
        }
        assertEquals(0, ex.pendingTasks());
    }
}
