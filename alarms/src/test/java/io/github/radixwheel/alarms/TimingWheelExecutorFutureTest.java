package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.ExecutorTestSupport.MS;
import static io.github.radixwheel.alarms.ExecutorTestSupport.manual;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.ExecutorTestSupport.Log;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The futures of {@link TimingWheelExecutor}: {@link RunnableScheduledFuture} with {@code getDelay}
 * on the executor's clock and {@code compareTo} by deadline then submission order; outcomes; and
 * the task executor that runs them.
 */
class TimingWheelExecutorFutureTest {
    private final Log log = new Log();

    @Test
    void getDelay_isMeasuredOnTheExecutorsClock() {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<?> f = ex.schedule(log.task("a"), 10, TimeUnit.MILLISECONDS);
        assertEquals(10 * MS, f.getDelay(TimeUnit.NANOSECONDS));
        assertEquals(10, f.getDelay(TimeUnit.MILLISECONDS));
        ex.advanceTo(4 * MS);
        assertEquals(6 * MS, f.getDelay(TimeUnit.NANOSECONDS));
        ex.advanceTo(12 * MS);
        assertEquals(-2 * MS, f.getDelay(TimeUnit.NANOSECONDS));
    }

    @Test
    void compareTo_ordersByDeadlineThenSubmission() {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<?> late = ex.schedule(log.task("late"), 9, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> tie1 = ex.schedule(log.task("tie1"), 3, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> early = ex.schedule(log.task("early"), 1, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> tie2 = ex.schedule(log.task("tie2"), 3, TimeUnit.MILLISECONDS);
        List<ScheduledFuture<?>> sorted = new ArrayList<>(List.of(late, tie2, early, tie1));
        Collections.sort(sorted);
        assertEquals(List.of(early, tie1, tie2, late), sorted);
        assertEquals(0, tie1.compareTo(tie1));
        Delayed foreign = new Delayed() {
            @Override
            public long getDelay(TimeUnit unit) {
                return unit.convert(5, TimeUnit.MILLISECONDS);
            }

            @Override
            public int compareTo(Delayed o) {
                return 0;
            }
        };
        assertTrue(tie1.compareTo(foreign) < 0);
        assertTrue(late.compareTo(foreign) > 0);
    }

    /**
     * Regression: futures of two executors were ordered by their raw deadlines, which each executor
     * measures from its own origin, so a future due sooner could sort after one due later.
     */
    @Test
    void compareTo_futuresOfAnotherExecutor_byDelay() {
        TimingWheelExecutor older = manual();
        older.advanceTo(100 * MS); // its clock now reads 100 ms; a new executor's reads 0
        TimingWheelExecutor newer = manual();
        ScheduledFuture<?> soon = older.schedule(log.task("soon"), 5, TimeUnit.MILLISECONDS); // deadline 105 ms
        ScheduledFuture<?> later = newer.schedule(log.task("later"), 50, TimeUnit.MILLISECONDS); // deadline 50 ms
        assertTrue(soon.compareTo(later) < 0, "5 ms before 50 ms");
        assertTrue(later.compareTo(soon) > 0);
        List<ScheduledFuture<?>> sorted = new ArrayList<>(List.of(later, soon));
        Collections.sort(sorted);
        assertEquals(List.of(soon, later), sorted);
    }

    @Test
    void callableThatThrows_completesExceptionally() {
        TimingWheelExecutor ex = manual();
        Exception boom = new Exception("boom");
        ScheduledFuture<Object> f = ex.schedule(() -> {
            throw boom;
        }, 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        ExecutionException e = assertThrows(ExecutionException.class, f::get);
        assertSame(boom, e.getCause());
        assertTrue(f.isDone());
        assertFalse(f.isCancelled());
        assertTrue(f.toString().contains("Completed exceptionally"), f.toString());
    }

    @Test
    void runnableThatThrows_isKeptInItsFuture_andLaterTasksRun() {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<?> f = ex.schedule(() -> {
            throw new IllegalStateException("boom");
        }, 1, TimeUnit.MILLISECONDS);
        ex.schedule(log.task("next"), 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        assertThrows(ExecutionException.class, f::get);
        assertEquals(List.of("next"), log.take());
    }

    @Test
    void errorFromATask_isKeptInItsFuture() {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<?> f = ex.schedule(() -> {
            throw new AssertionError("an error");
        }, 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        ExecutionException e = assertThrows(ExecutionException.class, f::get);
        assertTrue(e.getCause() instanceof AssertionError);
    }

    @Test
    void toString_tellsTheState() {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<String> f = ex.schedule(log.callable("a"), 1, TimeUnit.MILLISECONDS);
        assertTrue(f.toString().contains("Not completed"), f.toString());
        ex.advanceTo(2 * MS);
        assertTrue(f.toString().contains("Completed normally"), f.toString());
        ScheduledFuture<?> g = ex.schedule(log.task("g"), 1, TimeUnit.MILLISECONDS);
        g.cancel(false);
        assertTrue(g.toString().contains("Cancelled"), g.toString());
    }

    @Test
    void toString_whileRunning_saysNotCompleted_asAFutureTaskDoes() {
        TimingWheelExecutor ex = manual();
        AtomicReference<ScheduledFuture<?>> self = new AtomicReference<>();
        AtomicReference<String> inside = new AtomicReference<>();
        self.set(ex.schedule(() -> inside.set(self.get().toString()), 1, TimeUnit.MILLISECONDS));
        ex.advanceTo(2 * MS);
        assertTrue(inside.get().contains("[Not completed, task = "), inside.get());
    }

    @Test
    void taskExecutor_receivesDueTasks_whichStayCancellableUntilTheyStart() throws Exception {
        Queue<Runnable> handed = new ConcurrentLinkedQueue<>();
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().taskExecutor(handed::add).build();
        ScheduledFuture<String> a = ex.schedule(log.callable("a"), 1, TimeUnit.MILLISECONDS);
        ScheduledFuture<String> b = ex.schedule(log.callable("b"), 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(5 * MS);
        assertEquals(List.of(), log.take(), "nothing runs on the advancing thread");
        assertEquals(List.of(a, b), new ArrayList<>(handed));
        assertEquals(2, ex.pendingTasks(), "handed over, not started");
        assertTrue(b.cancel(false));
        assertEquals(1, ex.pendingTasks());
        handed.poll().run();
        handed.poll().run();
        assertEquals(List.of("a"), log.take());
        assertEquals("a", a.get());
        assertEquals(0, ex.pendingTasks());
    }

    @Test
    void taskExecutor_periodicReRunDueAlready_isHandedOverAtOnce() {
        Queue<Runnable> handed = new ConcurrentLinkedQueue<>();
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().taskExecutor(handed::add).build();
        ex.scheduleAtFixedRate(log.task("p"), 1, 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(4 * MS);
        for (Runnable r; (r = handed.poll()) != null; ) {
            r.run();
        }
        assertEquals(List.of("p", "p", "p"), log.take(), "the runs due at 1, 2 and 3 ms");
        assertEquals(1, ex.pendingTasks());
    }

    @Test
    void taskExecutor_thatRefuses_completesTheFutureWithItsException() {
        RejectedExecutionException no = new RejectedExecutionException("full");
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().taskExecutor(r -> {
            throw no;
        }).build();
        ScheduledFuture<?> f = ex.schedule(log.task("a"), 1, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> g = ex.schedule(log.task("g"), 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        ExecutionException e = assertThrows(ExecutionException.class, f::get);
        assertSame(no, e.getCause());
        assertTrue(g.isDone());
        assertEquals(0, ex.pendingTasks());
        assertEquals(List.of(), log.take());
    }

    @Test
    void invokeAll_andInvokeAny_workOnTheRealClock() throws Exception {
        try (TimingWheelExecutor ex = TimingWheelExecutor.builder().build()) {
            var results = ex.invokeAll(List.of(log.callable("x"), log.callable("y")));
            assertEquals("x", results.get(0).get());
            assertEquals("y", results.get(1).get());
            assertEquals("z", ex.invokeAny(List.of(log.callable("z"))));
        }
    }
}
