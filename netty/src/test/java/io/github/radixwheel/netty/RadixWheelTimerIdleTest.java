package io.github.radixwheel.netty;

import static io.github.radixwheel.netty.TimerTestSupport.MS;
import static io.github.radixwheel.netty.TimerTestSupport.await;
import static io.github.radixwheel.netty.TimerTestSupport.awaitParked;
import static io.github.radixwheel.netty.TimerTestSupport.awaitState;
import static io.github.radixwheel.netty.TimerTestSupport.isParked;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An idle timer uses no CPU: its thread parks until the next timeout falls due, instead of waking
 * every tick. Over 300 ms with a 1 ms tick, a thread that woke every tick would use a few
 * milliseconds of CPU (hundreds of wake-ups); a parked one uses none. The bound allows a couple of
 * spurious wake-ups.
 */
class RadixWheelTimerIdleTest {
    private static final long OBSERVE_MILLIS = 300;
    private static final long CPU_BOUND_NANOS = MS;

    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();

    @BeforeAll
    static void cpuTimeIsMeasurable() {
        assumeTrue(ThreadCpuTime.enable(), "this JVM cannot measure a thread's CPU time");
    }

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
    }

    @Test
    void idle_afterItsTimeoutsExpired_parksWithoutATimeoutAndUsesNoCpu() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        CountDownLatch ran = new CountDownLatch(100);
        for (int i = 0; i < 100; i++) {
            timer.newTimeout(t -> ran.countDown(), i % 20, TimeUnit.MILLISECONDS);
        }
        await(ran, "the timeouts");
        Thread thread = timers.thread(0);
        awaitState(thread, Thread.State.WAITING); // nothing is pending: it parks until woken
        assertIdle(thread);
    }

    @Test
    void idle_withOnlyFarTimeoutsPending_parksUntilTheFirstAndUsesNoCpu() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        CountDownLatch ran = new CountDownLatch(1);
        timer.newTimeout(t -> ran.countDown(), 1, TimeUnit.MILLISECONDS);
        for (int i = 1; i <= 1_000; i++) {
            timer.newTimeout(t -> { }, i, TimeUnit.HOURS);
        }
        await(ran, "the near timeout");
        Thread thread = timers.thread(0);
        awaitState(thread, Thread.State.TIMED_WAITING); // it parks until the hour is over
        assertIdle(thread);
        assertEquals(1_000, timer.pendingTimeouts());
    }

    @Test
    void idle_withOnlyNeverTimeoutsPending_parksWithoutATimeoutAndUsesNoCpu() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        for (int i = 0; i < 100; i++) {
            timer.newTimeout(t -> { }, Long.MAX_VALUE, TimeUnit.NANOSECONDS);
        }
        Thread thread = timers.thread(0);
        awaitState(thread, Thread.State.WAITING);
        assertIdle(thread);
    }

    @Test
    void idle_afterTheOnlyTimeoutWasCancelled_usesNoCpu() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        CountDownLatch ran = new CountDownLatch(1);
        timer.newTimeout(t -> ran.countDown(), 0, TimeUnit.MILLISECONDS);
        await(ran, "the first timeout");
        assertTrue(timer.newTimeout(t -> { }, 50, TimeUnit.MILLISECONDS).cancel());
        Thread thread = timers.thread(0);
        awaitParked(thread);
        // It may wake once, when the cancelled timeout would have been due: a sample may see it then
        // (runnable for as long as it waits for a core, on a loaded machine), but not twice apart.
        assertIdle(thread, 2);
        awaitState(thread, Thread.State.WAITING);
    }

    /** Watches {@code thread} for {@link #OBSERVE_MILLIS}: it stays parked and uses (almost) no CPU. */
    private static void assertIdle(Thread thread) throws InterruptedException {
        assertIdle(thread, 0);
    }

    /**
     * As {@link #assertIdle(Thread)}, but up to {@code wakeSamples} samples in a row, once, may see
     * the thread running.
     */
    private static void assertIdle(Thread thread, int wakeSamples) throws InterruptedException {
        long cpuBefore = ThreadCpuTime.of(thread);
        long until = System.nanoTime() + OBSERVE_MILLIS * MS;
        int samples = 0;
        int parked = 0;
        int runs = 0; // stretches of samples that saw it running
        boolean wasParked = true;
        while (System.nanoTime() - until < 0) {
            Thread.sleep(5);
            samples++;
            boolean isParked = isParked(thread);
            parked += isParked ? 1 : 0;
            runs += wasParked && !isParked ? 1 : 0;
            wasParked = isParked;
        }
        long cpu = ThreadCpuTime.of(thread) - cpuBefore;
        assertTrue(cpuBefore >= 0 && cpu >= 0, "CPU time unavailable");
        assertTrue(cpu <= CPU_BOUND_NANOS, "the idle thread used " + cpu + " ns of CPU in " + OBSERVE_MILLIS + " ms");
        int seenRunning = samples - parked;
        assertTrue(seenRunning == 0 || runs == 1 && seenRunning <= wakeSamples,
                "the idle thread was seen running in " + seenRunning + " of " + samples + " samples, "
                        + runs + " times apart");
    }
}
