package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.ExecutorTestSupport.MS;
import static io.github.radixwheel.alarms.ExecutorTestSupport.manual;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.ExecutorTestSupport.Clock;
import io.github.radixwheel.alarms.ExecutorTestSupport.Log;
import io.github.radixwheel.core.LevelBits;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@link TimingWheelExecutor} on the manual clock: when tasks run, in what order, what the clock
 * reads, and the builder's and methods' argument checks. The rule under test: a task scheduled at
 * clock {@code t} with delay {@code d} has the deadline {@code t + max(d, 0)} and runs at the first
 * {@code advanceTo(x)} with {@code floor(x / tick) * tick > deadline}.
 */
class TimingWheelExecutorTest {
    private final Log log = new Log();

    @Test
    void schedule_runsOnlyOnceItsTickIsOver() throws Exception {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<String> f = ex.schedule(log.callable("a"), 5, TimeUnit.MILLISECONDS);
        ex.advanceTo(5 * MS);
        ex.advanceTo(6 * MS - 1);
        assertEquals(List.of(), log.take(), "never before the end of the deadline's tick");
        assertFalse(f.isDone());
        ex.advanceTo(6 * MS);
        assertEquals(List.of("a"), log.take());
        assertEquals("a", f.get());
        ex.checkInvariants();
    }

    @Test
    void schedule_subTickDeadline_runsAtTheEndOfItsTick() {
        TimingWheelExecutor ex = manual();
        ex.schedule(log.task("a"), 1_500_000, TimeUnit.NANOSECONDS);
        ex.advanceTo(2 * MS - 1);
        assertEquals(List.of(), log.take());
        ex.advanceTo(2 * MS);
        assertEquals(List.of("a"), log.take());
    }

    @Test
    void schedule_nonPositiveDelay_runsAtTheNextTick() {
        TimingWheelExecutor ex = manual();
        ex.advanceTo(3 * MS + 7);
        ex.schedule(log.task("zero"), 0, TimeUnit.SECONDS);
        ex.schedule(log.task("negative"), -5, TimeUnit.DAYS);
        ex.execute(log.task("execute"));
        ex.advanceTo(4 * MS - 1);
        assertEquals(List.of(), log.take());
        ex.advanceTo(4 * MS);
        assertEquals(List.of("zero", "negative", "execute"), log.take());
    }

    @Test
    void schedule_sameTick_runsInSubmissionOrder() {
        TimingWheelExecutor ex = manual();
        ex.schedule(log.task("late-in-tick"), 2_900_000, TimeUnit.NANOSECONDS);
        ex.schedule(log.task("early-in-tick"), 2_100_000, TimeUnit.NANOSECONDS);
        ex.schedule(log.task("first-tick"), 1, TimeUnit.MILLISECONDS);
        ex.schedule(log.task("third"), 2_500_000, TimeUnit.NANOSECONDS);
        ex.advanceTo(10 * MS);
        assertEquals(List.of("first-tick", "late-in-tick", "early-in-tick", "third"), log.take());
    }

    @Test
    void schedule_acrossLevels_runsInDeadlineTickOrder() {
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().tick(Duration.ofNanos(1))
                .levelBits(LevelBits.of(2, 2)).build();
        long[] delays = {1_000_000_000_000L, 3, 17, 16, 4, 15, 64, 0, 1L << 40};
        for (long d : delays) {
            ex.schedule(log.task(Long.toString(d)), d, TimeUnit.NANOSECONDS);
        }
        ex.checkInvariants();
        ex.advanceTo(2_000_000_000_000L);
        assertEquals(List.of("0", "3", "4", "15", "16", "17", "64", "1000000000000", "1099511627776"), log.take());
        ex.checkInvariants();
    }

    @Test
    void schedule_hugeDelay_neverRunsAndNeverOverflows() {
        TimingWheelExecutor ex = manual();
        ex.advanceTo(5 * MS);
        ScheduledFuture<?> f = ex.schedule(log.task("never"), Long.MAX_VALUE, TimeUnit.NANOSECONDS);
        ScheduledFuture<?> g = ex.schedule(log.task("never-days"), Long.MAX_VALUE, TimeUnit.DAYS);
        assertTrue(f.getDelay(TimeUnit.NANOSECONDS) > 0);
        ex.advanceTo(Long.MAX_VALUE);
        assertEquals(List.of(), log.take());
        assertEquals(2, ex.pendingTasks());
        assertTrue(f.cancel(false));
        assertTrue(g.cancel(false));
        assertEquals(0, ex.pendingTasks());
        ex.checkInvariants();
    }

    @Test
    void schedule_largestRepresentableDeadline_runsAtTheEndOfTime() {
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().tick(Duration.ofNanos(1)).build();
        ex.schedule(log.task("last"), Long.MAX_VALUE - 1, TimeUnit.NANOSECONDS);
        ex.advanceTo(Long.MAX_VALUE - 1);
        assertEquals(List.of(), log.take());
        ex.advanceTo(Long.MAX_VALUE);
        assertEquals(List.of("last"), log.take());
    }

    @Test
    void advanceTo_notAfterTheClock_doesNothing() {
        TimingWheelExecutor ex = manual();
        Clock clock = new Clock(ex);
        ex.schedule(log.task("a"), 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(10 * MS);
        ex.schedule(log.task("b"), 0, TimeUnit.MILLISECONDS);
        ex.advanceTo(3 * MS);
        ex.advanceTo(10 * MS);
        assertEquals(10 * MS, clock.now());
        assertEquals(List.of("a"), log.take());
    }

    @Test
    void advanceTo_taskSeesTheStartOfItsTick_andTheTestSeesTheTarget() {
        TimingWheelExecutor ex = manual();
        Clock clock = new Clock(ex);
        ex.schedule(log.timed("a", clock), 2_300_000, TimeUnit.NANOSECONDS);
        ex.schedule(log.timed("b", clock), 7, TimeUnit.MILLISECONDS);
        ex.advanceTo(20 * MS + 5);
        assertEquals(List.of("a@2", "b@7"), log.take());
        assertEquals(20 * MS + 5, clock.now());
    }

    @Test
    void now_manualClock_readsTheLastAdvance_andInsideATaskTheStartOfItsTick() {
        TimingWheelExecutor ex = manual();
        assertEquals(0, ex.now());
        long[] seen = new long[1];
        ScheduledFuture<?> later = ex.schedule(log.task("later"), 30, TimeUnit.MILLISECONDS);
        ex.schedule(() -> seen[0] = ex.now(), 2_300_000, TimeUnit.NANOSECONDS);
        ex.advanceTo(20 * MS + 5);
        assertEquals(2 * MS, seen[0]);
        assertEquals(20 * MS + 5, ex.now());
        assertEquals(30 * MS - ex.now(), later.getDelay(TimeUnit.NANOSECONDS), "getDelay is measured on now()");
        ex.advanceTo(3 * MS);
        assertEquals(20 * MS + 5, ex.now(), "an advance to an earlier time changes nothing");
    }

    @Test
    void now_realClock_countsFromTheBuild_evenFromANegativeNanoTime() {
        long[] nanoTime = {Long.MIN_VALUE + 5};
        try (TimingWheelExecutor ex = TimingWheelExecutor.builder().nanoTime(() -> nanoTime[0]).build()) {
            assertEquals(0, ex.now());
            nanoTime[0] += 123_456;
            assertEquals(123_456, ex.now());
        }
    }

    @Test
    void advanceTo_taskScheduledFromInside_runsInTheSameCallInItsPlace() {
        TimingWheelExecutor ex = manual();
        Clock clock = new Clock(ex);
        ex.schedule(() -> {
            log.add("a");
            ex.schedule(log.timed("a+0", clock), 0, TimeUnit.MILLISECONDS);
            ex.schedule(log.timed("a+2", clock), 2, TimeUnit.MILLISECONDS);
            ex.schedule(log.timed("a+9", clock), 9, TimeUnit.MILLISECONDS);
        }, 1, TimeUnit.MILLISECONDS);
        ex.schedule(log.timed("b", clock), 1, TimeUnit.MILLISECONDS);
        ex.schedule(log.timed("c", clock), 2, TimeUnit.MILLISECONDS);
        ex.schedule(log.timed("d", clock), 4, TimeUnit.MILLISECONDS);
        ex.advanceTo(5 * MS);
        // a+0 is due in tick 1, after b (pending before it); a+2 in tick 3, before d.
        assertEquals(List.of("a", "b@1", "a+0@1", "c@2", "a+2@3", "d@4"), log.take());
        assertEquals(2, ex.pendingTasks(), "a+9 and the clock's reference");
        ex.advanceTo(11 * MS);
        assertEquals(List.of("a+9@10"), log.take());
        ex.checkInvariants();
    }

    @Test
    void advanceTo_fromATask_throwsAndTheOuterAdvanceGoesOn() throws Exception {
        TimingWheelExecutor ex = manual();
        ScheduledFuture<?> nested = ex.schedule(() -> ex.advanceTo(100 * MS), 1, TimeUnit.MILLISECONDS);
        ex.schedule(log.task("after"), 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(3 * MS);
        ExecutionException e = assertThrows(ExecutionException.class, nested::get);
        assertTrue(e.getCause() instanceof IllegalStateException, e.toString());
        assertTrue(e.getCause().getMessage().contains("advanceTo(100000000)"), e.getCause().getMessage());
        assertEquals(List.of("after"), log.take());
    }

    /**
     * Regression: the clock's last value, {@code Long.MAX_VALUE}, was taken for "never", so an
     * advance to it ran the tasks of the tick that contains it, which has not ended.
     */
    @Test
    void advanceTo_maxValue_runsOnlyTheTicksBeforeItsOwn() {
        TimingWheelExecutor ex = manual();
        long lastTickStart = Long.MAX_VALUE / MS * MS;
        ex.schedule(log.task("before"), lastTickStart - 1, TimeUnit.NANOSECONDS);
        ex.advanceTo(Long.MAX_VALUE - 1);
        assertEquals(List.of("before"), log.take());
        ex.schedule(log.task("in the last tick"), 0, TimeUnit.NANOSECONDS);
        ex.advanceTo(Long.MAX_VALUE);
        assertEquals(List.of(), log.take(), "its tick has not ended");
        assertEquals(1, ex.pendingTasks());
        ex.checkInvariants();
    }

    /**
     * Regression: with a task executor that runs tasks on the caller, an advance from inside a task
     * was let through and ran the later tasks before the earlier ones.
     */
    @Test
    void advanceTo_fromATaskRunByADirectTaskExecutor_throwsAndTheOuterAdvanceGoesOn() throws Exception {
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().taskExecutor(Runnable::run).build();
        ScheduledFuture<?> nested = ex.schedule(() -> {
            log.add("a");
            ex.advanceTo(10 * MS);
        }, 1, TimeUnit.MILLISECONDS);
        ex.schedule(log.task("b"), 2, TimeUnit.MILLISECONDS);
        ex.schedule(log.task("c"), 5, TimeUnit.MILLISECONDS);
        ex.advanceTo(3 * MS);
        ExecutionException e = assertThrows(ExecutionException.class, nested::get);
        assertTrue(e.getCause() instanceof IllegalStateException, e.toString());
        assertEquals(List.of("a", "b"), log.take());
        ex.advanceTo(10 * MS);
        assertEquals(List.of("c"), log.take());
    }

    /**
     * Regression: two threads advancing at once each took due tasks and ran them, so tasks
     * overlapped, ran out of submission order, and an advance could return while a task due before
     * its target still ran on the other thread. Advances now take turns.
     */
    @Test
    void advanceTo_fromTwoThreads_runsTasksOneAtATimeInOrder_andReturnsAfterThem() throws Exception {
        int n = 20;
        for (int round = 0; round < 200; round++) {
            TimingWheelExecutor ex = manual();
            List<Integer> started = new CopyOnWriteArrayList<>();
            AtomicInteger active = new AtomicInteger();
            AtomicReferenceArray<Boolean> done =
                    new AtomicReferenceArray<>(n);
            List<String> failures = new CopyOnWriteArrayList<>();
            for (int i = 0; i < n; i++) {
                int id = i;
                ex.schedule(() -> {
                    if (active.incrementAndGet() != 1) {
                        failures.add("task " + id + " overlapped another");
                    }
                    started.add(id);
                    for (int k = 0; k < 2_000; k++) {
                        Thread.onSpinWait(); // a body long enough for the other advance to find work
                    }
                    done.set(id, true);
                    active.decrementAndGet();
                }, 1, TimeUnit.MILLISECONDS);
            }
            CyclicBarrier together = new CyclicBarrier(2);
            Runnable advance = () -> {
                try {
                    together.await();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
                ex.advanceTo(2 * MS);
                for (int i = 0; i < n; i++) {
                    if (done.get(i) == null) {
                        failures.add("advanceTo returned before task " + i + " ran");
                    }
                }
            };
            Thread other = new Thread(advance);
            other.start();
            advance.run();
            other.join();
            assertEquals(List.of(), failures, "round " + round);
            assertEquals(IntStream.range(0, n).boxed().toList(), started, "round " + round);
        }
    }

    @Test
    void advanceTo_realClock_throws() {
        TimingWheelExecutor ex = TimingWheelExecutor.builder().build();
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> ex.advanceTo(1));
            assertTrue(e.getMessage().contains("manualClock()"), e.getMessage());
        } finally {
            ex.close();
        }
    }

    @Test
    void pendingTasks_countsScheduledNotStartedNotCancelled() {
        TimingWheelExecutor ex = manual();
        assertEquals(0, ex.pendingTasks());
        ScheduledFuture<?> a = ex.schedule(log.task("a"), 1, TimeUnit.MILLISECONDS);
        ex.schedule(log.task("b"), 5, TimeUnit.MILLISECONDS);
        ex.scheduleAtFixedRate(log.task("p"), 1, 1, TimeUnit.MILLISECONDS);
        assertEquals(3, ex.pendingTasks());
        a.cancel(false);
        assertEquals(2, ex.pendingTasks());
        ex.advanceTo(3 * MS);
        assertEquals(2, ex.pendingTasks(), "b, and p waiting for its next run");
        ex.advanceTo(6 * MS);
        assertEquals(1, ex.pendingTasks());
    }

    @Test
    void nullsAndBadPeriods_areRefusedAndChangeNothing() {
        TimingWheelExecutor ex = manual();
        Runnable r = log.task("r");
        assertThrows(NullPointerException.class, () -> ex.schedule((Runnable) null, 1, TimeUnit.SECONDS));
        assertThrows(NullPointerException.class, () -> ex.schedule(log.callable("c"), 1, null));
        assertThrows(NullPointerException.class, () -> ex.schedule(r, 1, null));
        assertThrows(NullPointerException.class, () -> ex.execute(null));
        assertThrows(NullPointerException.class, () -> ex.submit((Runnable) null));
        assertThrows(NullPointerException.class, () -> ex.submit((Runnable) null, "x"));
        assertThrows(NullPointerException.class, () -> ex.scheduleAtFixedRate(null, 1, 1, TimeUnit.SECONDS));
        assertThrows(NullPointerException.class, () -> ex.scheduleWithFixedDelay(r, 1, 1, null));
        IllegalArgumentException rate = assertThrows(IllegalArgumentException.class,
                () -> ex.scheduleAtFixedRate(r, 1, 0, TimeUnit.SECONDS));
        assertTrue(rate.getMessage().contains("period: 0"), rate.getMessage());
        IllegalArgumentException delay = assertThrows(IllegalArgumentException.class,
                () -> ex.scheduleWithFixedDelay(r, 1, -3, TimeUnit.SECONDS));
        assertTrue(delay.getMessage().contains("delay: -3"), delay.getMessage());
        assertEquals(0, ex.pendingTasks());
        ex.advanceTo(10_000 * MS);
        assertEquals(List.of(), log.take());
        ex.checkInvariants();
    }

    @Test
    void builder_refusesBadSettings() {
        TimingWheelExecutor.Builder b = TimingWheelExecutor.builder();
        assertThrows(IllegalArgumentException.class, () -> b.tick(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> b.tick(Duration.ofNanos(-1)));
        IllegalArgumentException huge = assertThrows(IllegalArgumentException.class, () -> b.tick(Duration.ofDays(365L * 1000)));
        assertTrue(huge.getMessage().contains("expected: 1.."), huge.getMessage());
        assertThrows(NullPointerException.class, () -> b.tick(null));
        assertThrows(NullPointerException.class, () -> b.levelBits(null));
        assertThrows(NullPointerException.class, () -> b.threadFactory(null));
        assertThrows(NullPointerException.class, () -> b.taskExecutor(null));
        IllegalArgumentException wide = assertThrows(IllegalArgumentException.class,
                () -> b.levelBits(LevelBits.of(25)).manualClock().build());
        assertTrue(wide.getMessage().contains("25"), wide.getMessage());
    }

    @Test
    void build_threadFactoryThatFails_propagates_andALaterBuildWorks() throws Exception {
        assertThrows(NullPointerException.class, () -> TimingWheelExecutor.builder().threadFactory(r -> null).build());
        IllegalStateException refused = new IllegalStateException("no threads today");
        boolean[] fail = {true};
        TimingWheelExecutor.Builder b = TimingWheelExecutor.builder().threadFactory(r -> {
            if (fail[0]) {
                throw refused;
            }
            return new Thread(r);
        });
        assertSame(refused, assertThrows(IllegalStateException.class, b::build));
        fail[0] = false;
        TimingWheelExecutor ex = b.build();
        try {
            assertEquals("ran", ex.submit(() -> "ran").get(30, TimeUnit.SECONDS));
        } finally {
            ex.shutdownNow();
        }
    }

    @Test
    void build_threadFactoryThatReturnsAStartedThread_isRefused() throws InterruptedException {
        Thread started = new Thread(() -> { }, "started-already");
        started.start();
        started.join();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TimingWheelExecutor.builder().threadFactory(r -> started).build());
        assertTrue(e.getMessage().contains("started-already"), e.getMessage());
        IllegalArgumentException keyed = assertThrows(IllegalArgumentException.class,
                () -> KeyedTimer.<String, String>builder().threadFactory(r -> started).build((k, v) -> { }));
        assertTrue(keyed.getMessage().contains("already started"), keyed.getMessage());
    }

    @Test
    void tick_isThePrecision() {
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().tick(Duration.ofMillis(10)).build();
        ex.schedule(log.task("a"), 1, TimeUnit.MILLISECONDS);
        ex.advanceTo(10 * MS - 1);
        assertEquals(List.of(), log.take());
        ex.advanceTo(10 * MS);
        assertEquals(List.of("a"), log.take());
    }

    @Test
    void submit_runsLikeScheduleWithNoDelay() throws Exception {
        TimingWheelExecutor ex = manual();
        var a = ex.submit(log.callable("a"));
        var b = ex.submit(log.task("b"), "B");
        var c = ex.submit(log.task("c"));
        ex.advanceTo(MS);
        assertEquals(List.of("a", "b", "c"), log.take());
        assertEquals("a", a.get());
        assertEquals("B", b.get());
        assertEquals(null, c.get());
    }

    @Test
    void toString_namesStateCountAndClock() {
        TimingWheelExecutor ex = manual();
        ex.schedule(log.task("a"), 5, TimeUnit.MILLISECONDS);
        ex.advanceTo(2 * MS);
        assertEquals("TimingWheelExecutor[Running, pending tasks = 1, tick = 1000000 ns, manual clock at 2000000]",
                ex.toString());
        ex.shutdown();
        assertTrue(ex.toString().startsWith("TimingWheelExecutor[Shutting down"), ex.toString());
        ex.advanceTo(6 * MS);
        assertTrue(ex.toString().startsWith("TimingWheelExecutor[Terminated"), ex.toString());
    }
}
