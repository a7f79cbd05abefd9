package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.ExecutorTestSupport.MS;
import static io.github.radixwheel.alarms.ExecutorTestSupport.manual;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.ExecutorTestSupport.Clock;
import io.github.radixwheel.alarms.ExecutorTestSupport.Log;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Periodic tasks of {@link TimingWheelExecutor} on the manual clock: fixed rate and fixed delay,
 * re-runs within one advance, exceptions, and cancels between and during runs.
 */
class TimingWheelExecutorPeriodicTest {
    private final Log log = new Log();

    @Test
    void fixedRate_runsAtEveryDeadline_includingWithinOneAdvance() {
        TimingWheelExecutor ex = manual();
        Clock clock = new Clock(ex);
        ScheduledFuture<?> f = ex.scheduleAtFixedRate(log.timed("p", clock), 2, 3, TimeUnit.MILLISECONDS);
        assertTrue(((RunnableScheduledFuture<?>) f).isPeriodic());
        ex.advanceTo(12 * MS);
        assertEquals(List.of("p@2", "p@5", "p@8", "p@11"), log.take());
        assertEquals(14 * MS - 12 * MS, f.getDelay(TimeUnit.NANOSECONDS));
        assertFalse(f.isDone());
        assertEquals(2, ex.pendingTasks(), "the task, waiting, and the clock's reference");
        ex.checkInvariants();
    }

    @Test
    void fixedRate_periodShorterThanATick_catchesUpInOrder() {
        TimingWheelExecutor ex = manual();
        AtomicInteger runs = new AtomicInteger();
        ex.scheduleAtFixedRate(runs::incrementAndGet, 0, 250, TimeUnit.MICROSECONDS);
        ex.advanceTo(3 * MS);
        assertEquals(12, runs.get(), "deadlines 0, 0.25, ..., 2.75 ms lie before 3 ms");
    }

    @Test
    void fixedDelay_countsFromTheEndOfTheTickItRanIn() {
        TimingWheelExecutor ex = manual();
        Clock clock = new Clock(ex);
        ex.scheduleWithFixedDelay(log.timed("d", clock), 1, 2, TimeUnit.MILLISECONDS);
        ex.advanceTo(10 * MS);
        // Runs in tick 1 (seeing 1 ms), over at 2 ms: next deadline 4 ms; then 7 ms; then 10 ms.
        assertEquals(List.of("d@1", "d@4", "d@7"), log.take());
    }

    @Test
    void fixedDelay_isOneTickBehindATaskThatSchedulesItselfAgain_asOnTheRealClock() {
        TimingWheelExecutor ex = manual();
        ex.scheduleWithFixedDelay(() -> log.add("d@" + ex.now() / MS), 0, 700, TimeUnit.MILLISECONDS);
        Runnable[] self = new Runnable[1];
        self[0] = () -> {
            log.add("s@" + ex.now() / MS);
            ex.schedule(self[0], 700, TimeUnit.MILLISECONDS);
        };
        ex.schedule(self[0], 0, TimeUnit.MILLISECONDS);
        ex.advanceTo(2_200 * MS);
        // Both see the start of their tick; the fixed delay counts from the end of it.
        assertEquals(List.of("d@0", "s@0", "s@700", "d@701", "s@1400", "d@1402", "s@2100", "d@2103"),
                log.take());
    }

    @Test
    void fixedDelay_shorterThanATick_runsOncePerTick() {
        TimingWheelExecutor ex = manual();
        AtomicInteger runs = new AtomicInteger();
        ex.scheduleWithFixedDelay(runs::incrementAndGet, 0, 1, TimeUnit.NANOSECONDS);
        ex.advanceTo(5 * MS);
        assertEquals(5, runs.get(), "one run per tick, never a loop within one");
    }

    @Test
    void periodic_thatThrows_isNotRunAgainAndCompletesExceptionally() {
        TimingWheelExecutor ex = manual();
        AtomicInteger runs = new AtomicInteger();
        IllegalStateException boom = new IllegalStateException("boom");
        ScheduledFuture<?> f = ex.scheduleAtFixedRate(() -> {
            if (runs.incrementAndGet() == 3) {
                throw boom;
            }
        }, 1, 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(20 * MS);
        assertEquals(3, runs.get());
        assertTrue(f.isDone());
        assertFalse(f.isCancelled());
        ExecutionException e = assertThrows(ExecutionException.class, f::get);
        assertSame(boom, e.getCause());
        assertEquals(0, ex.pendingTasks());
    }

    @Test
    void periodic_cancelledBetweenRuns_stops() {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<?> f = ex.scheduleAtFixedRate(log.task("p"), 1, 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(3 * MS);
        assertEquals(List.of("p", "p"), log.take());
        assertTrue(f.cancel(false));
        ex.advanceTo(10 * MS);
        assertEquals(List.of(), log.take());
        assertThrows(CancellationException.class, f::get);
        assertEquals(0, ex.pendingTasks());
    }

    @Test
    void periodic_cancelledDuringItsRun_endsAfterThatRun() {
        TimingWheelExecutor ex = manual();
        AtomicReference<ScheduledFuture<?>> self = new AtomicReference<>();
        AtomicInteger runs = new AtomicInteger();
        boolean[] result = new boolean[1];
        self.set(ex.scheduleWithFixedDelay(() -> {
            if (runs.incrementAndGet() == 2) {
                result[0] = self.get().cancel(false);
            }
        }, 1, 1, TimeUnit.MILLISECONDS));
        ex.advanceTo(20 * MS);
        assertEquals(2, runs.get());
        assertTrue(result[0]);
        assertTrue(self.get().isCancelled());
        assertEquals(0, ex.pendingTasks());
        ex.checkInvariants();
    }

    @Test
    void periodic_cancelTrueDuringItsRun_interruptsThatRun() {
        TimingWheelExecutor ex = manual();
        AtomicReference<ScheduledFuture<?>> self = new AtomicReference<>();
        boolean[] interrupted = new boolean[1];
        self.set(ex.scheduleAtFixedRate(() -> {
            self.get().cancel(true);
            interrupted[0] = Thread.interrupted(); // clears the flag the cancel set on this thread
        }, 1, 1, TimeUnit.MILLISECONDS));
        ex.advanceTo(5 * MS);
        assertTrue(interrupted[0]);
        assertTrue(self.get().isCancelled());
    }

    /**
     * Regression: a periodic task's next run went to the back of its tick, behind tasks submitted
     * after the periodic task, where a {@code ScheduledThreadPoolExecutor} (and the futures'
     * {@code compareTo}) put it first.
     */
    @Test
    void periodic_rescheduledRun_keepsItsSubmissionPlaceInItsTick() {
        TimingWheelExecutor ex = manual(); // 1 ms tick
        ScheduledFuture<?> p = ex.scheduleAtFixedRate(log.task("p"), 1, 1, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> q = ex.schedule(log.task("q"), 2, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        assertEquals(List.of("p"), log.take());
        assertTrue(p.compareTo(q) < 0, "the same deadline, 2 ms: p was submitted first");
        ex.advanceTo(4 * MS);
        // p's run at 2 ms, then q at 2 ms: the same tick, p submitted first; then p's run at 3 ms.
        assertEquals(List.of("p", "q", "p"), log.take());
        ex.checkInvariants();
    }

    @Test
    void periodic_rescheduledRun_goesAfterTasksSubmittedBeforeIt_andBeforeLaterOnes() {
        TimingWheelExecutor ex = manual();
        ex.schedule(log.task("a"), 10, TimeUnit.MILLISECONDS);
        ex.scheduleAtFixedRate(log.task("p"), 5, 5, TimeUnit.MILLISECONDS);
        ex.schedule(log.task("b"), 10, TimeUnit.MILLISECONDS);
        ex.schedule(log.task("c"), 10, TimeUnit.MILLISECONDS);
        ex.advanceTo(6 * MS);
        assertEquals(List.of("p"), log.take());
        ex.advanceTo(11 * MS);
        assertEquals(List.of("a", "p", "b", "c"), log.take());
        ex.checkInvariants();
    }

    /** The same with the re-run in a slot above the lowest level, which later moves down in order. */
    @Test
    void periodic_rescheduledRunFarAhead_keepsItsPlaceAfterMovingDown() {
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().tick(Duration.ofNanos(1))
                .levelBits(io.github.radixwheel.core.LevelBits.of(2, 2)).build();
        ex.schedule(log.task("a"), 100, TimeUnit.NANOSECONDS);
        ex.scheduleAtFixedRate(log.task("p"), 4, 96, TimeUnit.NANOSECONDS);
        ex.schedule(log.task("b"), 100, TimeUnit.NANOSECONDS);
        ex.schedule(log.task("c"), 99, TimeUnit.NANOSECONDS);
        ex.advanceTo(5);
        assertEquals(List.of("p"), log.take());
        ex.checkInvariants();
        ex.advanceTo(101);
        assertEquals(List.of("c", "a", "p", "b"), log.take());
        ex.checkInvariants();
    }
}
