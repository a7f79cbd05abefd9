package io.github.radixwheel.netty;

import static io.github.radixwheel.netty.TimerTestSupport.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Timeout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The five constructors: their defaults (a 100 ms tick, a thread from the JDK's default factory,
 * started with the first timeout, no limit, tasks on the timer's thread), the tick raised to 1 ms,
 * and the argument checks.
 */
class RadixWheelTimerConstructorTest {
    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
    }

    @Test
    void noArguments_hundredMillisecondTick_runsTasksOnADefaultFactoryThread() throws InterruptedException {
        RadixWheelTimer timer = timers.track(new RadixWheelTimer());
        assertEquals("RadixWheelTimer[tick = 100000000 ns, pending = 0]", timer.toString());
        Thread thread = runOne(timer, 1, TimeUnit.MILLISECONDS);
        assertTrue(thread.getName().matches("pool-\\d+-thread-\\d+"), thread.getName());
    }

    @Test
    void threadFactory_itsThreadStartsWithTheFirstTimeoutAndRunsTasks() throws InterruptedException {
        RadixWheelTimer timer = timers.track(new RadixWheelTimer(timers.threadFactory()));
        assertEquals("RadixWheelTimer[tick = 100000000 ns, pending = 0]", timer.toString());
        assertEquals(Thread.State.NEW, timers.thread(0).getState(), "no thread runs before the first timeout");
        assertSame(timers.thread(0), runOne(timer, 0, TimeUnit.MILLISECONDS));
    }

    @Test
    void threadFactory_returningNullOrAStartedThread_isRefusedAtConstruction() throws InterruptedException {
        assertThrows(NullPointerException.class, () -> new RadixWheelTimer(r -> null));
        Thread started = new Thread(() -> { }, "started-already");
        started.start();
        started.join();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RadixWheelTimer(r -> started));
        assertTrue(e.getMessage().contains("started-already"), e.getMessage());
    }

    @Test
    void tickAndUnit_setTheTick() throws InterruptedException {
        RadixWheelTimer timer = timers.track(new RadixWheelTimer(7, TimeUnit.MILLISECONDS));
        assertEquals("RadixWheelTimer[tick = 7000000 ns, pending = 0]", timer.toString());
        assertNotSame(Thread.currentThread(), runOne(timer, 10, TimeUnit.MILLISECONDS));
    }

    @Test
    void threadFactoryTickAndUnit_setThreadAndTick() throws InterruptedException {
        RadixWheelTimer timer = timers.track(new RadixWheelTimer(timers.threadFactory(), 20, TimeUnit.MICROSECONDS));
        assertEquals("RadixWheelTimer[tick = 1000000 ns, pending = 0]", timer.toString());
        assertSame(timers.thread(0), runOne(timer, 3, TimeUnit.MILLISECONDS));
    }

    @Test
    void allFive_limitAndTaskExecutor() throws InterruptedException {
        List<Thread> executorThreads = new ArrayList<>();
        Executor executor = task -> {
            Thread t = new Thread(task, "test-task-executor");
            executorThreads.add(t);
            t.start();
        };
        RadixWheelTimer timer = timers.track(
                new RadixWheelTimer(timers.threadFactory(), 2, TimeUnit.MILLISECONDS, 2, executor));
        assertEquals("RadixWheelTimer[tick = 2000000 ns, pending = 0]", timer.toString());
        Timeout first = timer.newTimeout(t -> { }, 1, TimeUnit.HOURS);
        timer.newTimeout(t -> { }, 1, TimeUnit.HOURS);
        assertThrows(RejectedExecutionException.class, () -> timer.newTimeout(t -> { }, 1, TimeUnit.HOURS));
        assertTrue(first.cancel());
        Thread ranOn = runOne(timer, 1, TimeUnit.MILLISECONDS);
        assertEquals("test-task-executor", ranOn.getName());
        assertSame(executorThreads.get(0), ranOn);
    }

    @Test
    void allFive_limitNotPositiveAndNoExecutor_meanNoLimitAndTheTimersThread() throws InterruptedException {
        for (long limit : new long[] {0, -1, Long.MIN_VALUE}) {
            RadixWheelTimer timer = timers.track(
                    new RadixWheelTimer(timers.threadFactory(), 1, TimeUnit.MILLISECONDS, limit, null));
            for (int i = 0; i < 10_000; i++) {
                timer.newTimeout(t -> { }, 1, TimeUnit.HOURS);
            }
            assertEquals(10_000, timer.pendingTimeouts(), "limit " + limit);
            assertEquals(10_000, timer.stop().size());
        }
        RadixWheelTimer timer = timers.timer(1, 0, null);
        assertSame(timers.thread(3), runOne(timer, 0, TimeUnit.MILLISECONDS));
    }

    /** The constructors of {@code HashedWheelTimer} with a bucket count and leak detection compile and work. */
    @Test
    void hashedWheelTimersOwnConstructors_checkTicksPerWheel_andWork() throws InterruptedException {
        RadixWheelTimer a = timers.track(new RadixWheelTimer(timers.threadFactory(), 2, TimeUnit.MILLISECONDS, 512));
        assertSame(timers.thread(0), runOne(a, 1, TimeUnit.MILLISECONDS));
        RadixWheelTimer b = timers.track(new RadixWheelTimer(timers.threadFactory(), 2, TimeUnit.MILLISECONDS, 64, false));
        assertSame(timers.thread(1), runOne(b, 1, TimeUnit.MILLISECONDS));
        RadixWheelTimer c = timers.track(new RadixWheelTimer(timers.threadFactory(), 2, TimeUnit.MILLISECONDS, 64, true, 1));
        c.newTimeout(t -> { }, 1, TimeUnit.HOURS);
        assertThrows(RejectedExecutionException.class, () -> c.newTimeout(t -> { }, 1, TimeUnit.HOURS));
        List<Thread> ranOn = new ArrayList<>();
        RadixWheelTimer d = timers.track(new RadixWheelTimer(timers.threadFactory(), 2, TimeUnit.MILLISECONDS, 64, true,
                0, task -> {
                    Thread t = new Thread(task, "test-task-executor");
                    ranOn.add(t);
                    t.start();
                }));
        Thread executorThread = runOne(d, 1, TimeUnit.MILLISECONDS);
        assertEquals("test-task-executor", executorThread.getName());
        assertSame(ranOn.get(0), executorThread);
        RadixWheelTimer e = timers.track(new RadixWheelTimer(1, TimeUnit.MILLISECONDS, 8));
        assertEquals("RadixWheelTimer[tick = 1000000 ns, pending = 0]", e.toString());
        int threadsMade = timers.threadsMade();
        for (int bad : new int[] {0, -1, (1 << 30) + 1, Integer.MIN_VALUE}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> new RadixWheelTimer(timers.threadFactory(), 2, TimeUnit.MILLISECONDS, bad));
            assertTrue(refused.getMessage().contains("ticksPerWheel: " + bad), refused.getMessage());
        }
        assertEquals(threadsMade, timers.threadsMade(), "a refused bucket count makes no thread");
    }

    @Test
    void tick_underOneMillisecond_isRaisedToOneAndOthersAreKept() {
        assertTick(1_000_000, 1, TimeUnit.NANOSECONDS);
        assertTick(1_000_000, 999_999, TimeUnit.NANOSECONDS);
        assertTick(1_000_000, 999, TimeUnit.MICROSECONDS);
        assertTick(1_000_000, 1, TimeUnit.MILLISECONDS);
        assertTick(1_000_001, 1_000_001, TimeUnit.NANOSECONDS);
        assertTick(TimeUnit.DAYS.toNanos(1), 1, TimeUnit.DAYS);
        assertTick(Long.MAX_VALUE, Long.MAX_VALUE, TimeUnit.NANOSECONDS);
    }

    @Test
    void tick_longerThanLongMaxValueNanoseconds_throwsIllegalArgumentException() {
        ThreadFactory factory = timers.threadFactory();
        int threadsMade = timers.threadsMade();
        for (TimeUnit unit : new TimeUnit[] {TimeUnit.MICROSECONDS, TimeUnit.SECONDS, TimeUnit.DAYS}) {
            long tick = unit.convert(Long.MAX_VALUE, TimeUnit.NANOSECONDS) + 1;
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new RadixWheelTimer(factory, tick, unit));
            assertTrue(e.getMessage().contains(tick + " " + unit), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> new RadixWheelTimer(factory, Long.MAX_VALUE, unit, 512));
        }
        assertEquals(threadsMade, timers.threadsMade(), "a refused tick makes no thread");
    }

    @Test
    void argumentsAreCheckedInHashedWheelTimersOrder() {
        assertThrows(NullPointerException.class, () -> new RadixWheelTimer(null, 0, TimeUnit.MILLISECONDS, 0));
        assertThrows(NullPointerException.class, () -> new RadixWheelTimer(timers.threadFactory(), 0, null, 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RadixWheelTimer(timers.threadFactory(), 0, TimeUnit.MILLISECONDS, 0));
        assertTrue(e.getMessage().startsWith("tickDuration"), e.getMessage());
    }

    @Test
    void hugeTick_acceptsTimeoutsWithoutOverflow() {
        RadixWheelTimer timer = timers.track(new RadixWheelTimer(timers.threadFactory(), 1_000, TimeUnit.DAYS));
        Timeout timeout = timer.newTimeout(t -> { }, 0, TimeUnit.MILLISECONDS);
        assertEquals(1, timer.pendingTimeouts());
        assertTrue(timeout.cancel());
        assertEquals(0, timer.pendingTimeouts());
    }

    @Test
    void tick_notPositive_throwsIllegalArgumentException() {
        ThreadFactory factory = timers.threadFactory();
        for (long tick : new long[] {0, -1, Long.MIN_VALUE}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new RadixWheelTimer(tick, TimeUnit.MILLISECONDS));
            assertTrue(e.getMessage().contains(Long.toString(tick)), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> new RadixWheelTimer(factory, tick, TimeUnit.SECONDS));
            assertThrows(IllegalArgumentException.class,
                    () -> new RadixWheelTimer(factory, tick, TimeUnit.NANOSECONDS, 10, Runnable::run));
        }
    }

    @Test
    void nullThreadFactoryOrUnit_throwsNullPointerException() {
        ThreadFactory factory = timers.threadFactory();
        assertThrows(NullPointerException.class, () -> new RadixWheelTimer((ThreadFactory) null));
        assertThrows(NullPointerException.class, () -> new RadixWheelTimer(1, null));
        assertThrows(NullPointerException.class, () -> new RadixWheelTimer(null, 1, TimeUnit.MILLISECONDS));
        assertThrows(NullPointerException.class, () -> new RadixWheelTimer(factory, 1, null));
        assertThrows(NullPointerException.class,
                () -> new RadixWheelTimer(null, 1, TimeUnit.MILLISECONDS, 0, null));
        assertThrows(NullPointerException.class, () -> new RadixWheelTimer(factory, 1, null, 0, null));
    }

    @Test
    void threadFactoryReturningNull_throwsNullPointerException() {
        AtomicInteger calls = new AtomicInteger();
        assertThrows(NullPointerException.class, () -> new RadixWheelTimer(r -> {
            calls.incrementAndGet();
            return null;
        }));
        assertEquals(1, calls.get());
    }

    private static void assertTick(long expectedNanos, long tick, TimeUnit unit) {
        RadixWheelTimer timer = new RadixWheelTimer(r -> new Thread(r), tick, unit);
        assertEquals("RadixWheelTimer[tick = " + expectedNanos + " ns, pending = 0]", timer.toString(),
                tick + " " + unit);
        assertTrue(timer.stop().isEmpty());
    }

    /** Runs one task after {@code delay}; checks it was not early; returns the thread it ran on. */
    private static Thread runOne(RadixWheelTimer timer, long delay, TimeUnit unit) throws InterruptedException {
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        AtomicReference<Long> ranAt = new AtomicReference<>();
        CountDownLatch ran = new CountDownLatch(1);
        long before = System.nanoTime();
        timer.newTimeout(t -> {
            ranAt.set(System.nanoTime());
            ranOn.set(Thread.currentThread());
            ran.countDown();
        }, delay, unit);
        await(ran, "the task");
        assertTrue(ranAt.get() - before >= unit.toNanos(delay), "ran " + (ranAt.get() - before) + " ns after");
        return ranOn.get();
    }
}
