package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.ExecutorTestSupport.MS;
import static io.github.radixwheel.alarms.ExecutorTestSupport.manual;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.ExecutorTestSupport.Log;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Shutting a {@link TimingWheelExecutor} down, with a one-thread {@code ScheduledThreadPoolExecutor}'s
 * default policies: delayed tasks still run, periodic ones are cancelled, new ones are refused;
 * {@code shutdownNow} returns what never ran; termination.
 */
class TimingWheelExecutorShutdownTest {
    private final Log log = new Log();

    @Test
    void shutdown_runsDelayedTasks_cancelsPeriodicOnes_refusesNewOnes() throws Exception {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<String> delayed = ex.schedule(log.callable("delayed"), 5, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> rate = ex.scheduleAtFixedRate(log.task("rate"), 1, 1, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> delay = ex.scheduleWithFixedDelay(log.task("delay"), 1, 1, TimeUnit.MILLISECONDS);
        ex.shutdown();
        assertTrue(ex.isShutdown());
        assertFalse(ex.isTerminated());
        assertTrue(rate.isCancelled());
        assertTrue(delay.isCancelled());
        assertThrows(CancellationException.class, rate::get);
        assertEquals(1, ex.pendingTasks());
        assertThrows(RejectedExecutionException.class, () -> ex.schedule(log.task("x"), 1, TimeUnit.MILLISECONDS));
        assertThrows(RejectedExecutionException.class, () -> ex.schedule(log.callable("x"), 1, TimeUnit.MILLISECONDS));
        assertThrows(RejectedExecutionException.class, () -> ex.execute(log.task("x")));
        assertThrows(RejectedExecutionException.class, () -> ex.submit(log.task("x")));
        assertThrows(RejectedExecutionException.class,
                () -> ex.scheduleAtFixedRate(log.task("x"), 1, 1, TimeUnit.MILLISECONDS));
        assertEquals(1, ex.pendingTasks(), "refusals change nothing");
        assertFalse(ex.awaitTermination(0, TimeUnit.SECONDS));
        ex.advanceTo(10 * MS);
        assertEquals(List.of("delayed"), log.take());
        assertEquals("delayed", delayed.get());
        assertTrue(ex.isTerminated());
        assertTrue(ex.awaitTermination(0, TimeUnit.SECONDS));
    }

    @Test
    void shutdown_withNothingPending_terminatesAtOnce_andIsIdempotent() {
        TimingWheelExecutor ex = manual();
        ex.shutdown();
        ex.shutdown();
        assertTrue(ex.isTerminated());
        ex.close();
        assertTrue(ex.isTerminated());
    }

    @Test
    void shutdown_periodicTaskRunningFromAnAdvance_isNotRescheduled() {
        TimingWheelExecutor ex = manual();
        AtomicReference<ScheduledFuture<?>> self = new AtomicReference<>();
        self.set(ex.scheduleAtFixedRate(ex::shutdown, 1, 1, TimeUnit.MILLISECONDS));
        ex.advanceTo(10 * MS);
        assertTrue(self.get().isCancelled());
        assertTrue(ex.isTerminated());
    }

    /**
     * Regression: a periodic task handed to the task executor and not yet started when
     * {@code shutdown} came was left pending, and ran once more; periodic tasks are cancelled.
     * A delayed one-shot task handed over still runs, as it would after a shutdown anyway.
     */
    @Test
    void shutdown_cancelsPeriodicTasksWaitingInTheTaskExecutor_notDelayedOnes() {
        List<Runnable> handed = new java.util.ArrayList<>();
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().taskExecutor(handed::add).build();
        ScheduledFuture<?> periodic = ex.scheduleAtFixedRate(log.task("p"), 1, 1, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> once = ex.schedule(log.task("once"), 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        assertEquals(2, handed.size(), "both due, waiting in the task executor");
        ex.shutdown();
        assertTrue(periodic.isCancelled());
        assertEquals(1, ex.pendingTasks(), "the one-shot task");
        handed.forEach(Runnable::run);
        assertEquals(List.of("once"), log.take());
        assertTrue(once.isDone());
        assertTrue(ex.isTerminated());
    }

    /**
     * Regression: as in a {@code ScheduledThreadPoolExecutor}, a task that {@code shutdownNow}
     * returned is cancelled when run, not run. It ran and completed with its result.
     */
    @Test
    void shutdownNow_returnsTheTasksThatNeverRan_whichAreCancelledWhenRun() throws Exception {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<String> a = ex.schedule(log.callable("a"), 5, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> b = ex.scheduleAtFixedRate(log.task("b"), 5, 5, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> ran = ex.schedule(log.task("ran"), 1, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> cancelled = ex.schedule(log.task("cancelled"), 5, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        cancelled.cancel(false);
        log.take();
        List<Runnable> dropped = ex.shutdownNow();
        assertEquals(Set.of(a, b), new HashSet<>(dropped));
        assertTrue(ex.isTerminated());
        assertEquals(0, ex.pendingTasks());
        assertFalse(a.isDone());
        ex.advanceTo(100 * MS);
        assertEquals(List.of(), log.take(), "dropped tasks do not run by themselves");
        for (Runnable r : dropped) {
            r.run();
        }
        assertEquals(List.of(), log.take(), "nor when run");
        assertTrue(a.isCancelled() && a.isDone());
        assertThrows(CancellationException.class, a::get);
        assertTrue(b.isCancelled());
        assertFalse(a.cancel(false), "cancelled already");
        assertTrue(ran.isDone() && !ran.isCancelled());
        assertEquals(0, ex.pendingTasks());
        ex.checkInvariants();
    }

    /**
     * A task that {@code shutdownNow} returned no longer counts as pending: a cancel of it wins once
     * and counts nothing again (a cancel wins a task without the executor's lock, and a dropped task
     * has a state of its own for that).
     */
    @Test
    void shutdownNow_aDroppedTaskCancelledLater_isCancelledOnce_andTheCountStaysZero() throws Exception {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<?> a = ex.schedule(log.task("a"), 5, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> b = ex.schedule(log.task("b"), 5, TimeUnit.MILLISECONDS);
        assertEquals(Set.of(a, b), new HashSet<>(ex.shutdownNow()));
        assertFalse(a.isDone());
        assertFalse(a.isCancelled());
        assertTrue(a.cancel(false));
        assertTrue(a.isCancelled());
        assertFalse(a.cancel(false), "a second cancel loses");
        assertEquals(0, ex.pendingTasks());
        ((Runnable) a).run();
        ((Runnable) b).run();
        assertEquals(List.of(), log.take(), "neither runs: the one cancelled, the other cancelled as it is run");
        assertTrue(b.isCancelled());
        assertFalse(b.cancel(false), "cancelled already");
        assertEquals(0, ex.pendingTasks());
        assertTrue(ex.isTerminated());
    }

    /**
     * With a task executor: the tasks handed to it before {@code shutdownNow} and not yet started
     * stay there, and are cancelled when it gets to them, as a {@code ScheduledThreadPoolExecutor}'s
     * worker cancels a task it took once the pool has stopped.
     */
    @Test
    void shutdownNow_tasksWaitingInTheTaskExecutor_areCancelledWhenItRunsThem() throws Exception {
        List<Runnable> queue = new ArrayList<>();
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().taskExecutor(queue::add).build();
        ScheduledFuture<String> a = ex.schedule(log.callable("a"), 1, TimeUnit.MILLISECONDS);
        ScheduledFuture<String> later = ex.schedule(log.callable("later"), 5, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        assertEquals(1, queue.size(), "a was handed over");
        assertEquals(List.of(later), ex.shutdownNow(), "handed tasks stay with the task executor");
        queue.forEach(Runnable::run);
        assertEquals(List.of(), log.take());
        assertTrue(a.isCancelled());
        assertThrows(CancellationException.class, a::get);
        assertEquals(0, ex.pendingTasks());
        assertTrue(ex.isTerminated());
    }

    @Test
    void close_onTheManualClock_shutsDownWithoutWaiting() {
        TimingWheelExecutor ex = manual();
        ex.schedule(log.task("a"), 5, TimeUnit.MILLISECONDS);
        ex.close();
        assertTrue(ex.isShutdown());
        assertFalse(ex.isTerminated());
        ex.advanceTo(6 * MS);
        assertEquals(List.of("a"), log.take());
        assertTrue(ex.isTerminated());
    }

    /** As a {@code ScheduledThreadPoolExecutor}'s: no wait, so no look at the interrupt (an outside run found it). */
    @Test
    void awaitTermination_withTheInterruptSet_answersAtOnceWhenItNeedNotWait() throws Exception {
        TimingWheelExecutor ex = manual();
        ex.schedule(log.task("a"), 1, TimeUnit.MILLISECONDS);
        ex.shutdown();
        Thread.currentThread().interrupt();
        try {
            assertFalse(ex.awaitTermination(0, TimeUnit.SECONDS), "not terminated, no time to wait");
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt status is kept");
            assertThrows(InterruptedException.class, () -> ex.awaitTermination(1, TimeUnit.SECONDS),
                    "a wait sees the interrupt");
            assertFalse(Thread.currentThread().isInterrupted(), "and clears it, as it throws");
            ex.advanceTo(2 * MS);
            assertTrue(ex.isTerminated());
            Thread.currentThread().interrupt();
            assertTrue(ex.awaitTermination(1, TimeUnit.SECONDS), "terminated: true at once");
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt status is kept");
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void awaitTermination_nullUnit_throws() {
        TimingWheelExecutor ex = manual();
        assertThrows(NullPointerException.class, () -> ex.awaitTermination(1, null));
    }
}
