package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.ExecutorTestSupport.MS;
import static io.github.radixwheel.alarms.ExecutorTestSupport.manual;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.ExecutorTestSupport.Log;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
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
 * runs; the task leaves the wheel at once and is not retained; a started one-shot task cannot be
 * cancelled; tasks may cancel each other, also within one tick.
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

    @Test
    void cancel_ofARunningOneShotTask_returnsFalseAndTheTaskCompletes() throws Exception {
        TimingWheelExecutor ex = manual();
        List<Boolean> cancelled = new ArrayList<>();
        AtomicReference<ScheduledFuture<String>> self = new AtomicReference<>();
        self.set(ex.schedule(() -> {
            cancelled.add(self.get().cancel(true));
            return "done";
        }, 1, TimeUnit.MILLISECONDS));
        ex.advanceTo(2 * MS);
        assertEquals(List.of(false), cancelled);
        assertEquals("done", self.get().get());
        assertFalse(Thread.currentThread().isInterrupted());
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
