package io.github.radixwheel.netty;

import static io.github.radixwheel.netty.TimerTestSupport.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Timeout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Delays near {@link Long#MAX_VALUE}, in every unit: they never overflow into the past, so they never
 * expire; they count as pending, and {@code cancel()} and {@code stop()} handle them like any other.
 * An overflow would make such a timeout due at once: each test lets a short timeout, made after
 * them, expire first.
 */
class RadixWheelTimerHugeDelayTest {
    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
    }

    @Test
    void newTimeout_longMaxValueInEveryUnit_neverExpires() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        AtomicInteger huge = new AtomicInteger();
        List<Timeout> timeouts = new ArrayList<>();
        for (TimeUnit unit : TimeUnit.values()) {
            for (long delay : new long[] {Long.MAX_VALUE, Long.MAX_VALUE - 1, Long.MAX_VALUE / 2, Long.MAX_VALUE / 1_000}) {
                timeouts.add(timer.newTimeout(t -> huge.incrementAndGet(), delay, unit));
            }
        }
        assertEquals(timeouts.size(), timer.pendingTimeouts());
        expireOneAfter(timer, 20);
        assertEquals(0, huge.get(), "a huge delay expired");
        assertEquals(timeouts.size(), timer.pendingTimeouts());
        for (Timeout t : timeouts) {
            assertFalse(t.isExpired() || t.isCancelled(), t.toString());
        }
        assertEquals(timeouts.size(), timer.stop().size());
        assertEquals(0, huge.get());
    }

    @Test
    void newTimeout_hugeDelayAfterTheClockMoved_neverExpires() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        expireOneAfter(timer, 5); // the timer's clock is past its origin
        AtomicInteger huge = new AtomicInteger();
        timer.newTimeout(t -> huge.incrementAndGet(), Long.MAX_VALUE, TimeUnit.NANOSECONDS);
        timer.newTimeout(t -> huge.incrementAndGet(), Long.MAX_VALUE - 1_000, TimeUnit.NANOSECONDS);
        timer.newTimeout(t -> huge.incrementAndGet(), Long.MAX_VALUE, TimeUnit.DAYS);
        expireOneAfter(timer, 20);
        assertEquals(0, huge.get());
        assertEquals(3, timer.pendingTimeouts());
    }

    @Test
    void cancel_hugeDelay_cancelsAndFreesItsPlace() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1, 2, null);
        AtomicInteger ran = new AtomicInteger();
        Timeout nanos = timer.newTimeout(t -> ran.incrementAndGet(), Long.MAX_VALUE, TimeUnit.NANOSECONDS);
        Timeout days = timer.newTimeout(t -> ran.incrementAndGet(), Long.MAX_VALUE, TimeUnit.DAYS);
        assertTrue(nanos.cancel());
        assertTrue(nanos.isCancelled());
        assertFalse(nanos.cancel());
        assertEquals(1, timer.pendingTimeouts());
        expireOneAfter(timer, 10);
        assertTrue(days.cancel());
        assertEquals(0, timer.pendingTimeouts());
        assertTrue(timer.stop().isEmpty());
        assertEquals(0, ran.get());
    }

    @Test
    void newTimeout_hugeDelayOnAHugeTick_neverExpires() throws InterruptedException {
        RadixWheelTimer timer = timers.track(new RadixWheelTimer(timers.threadFactory(), Long.MAX_VALUE,
                TimeUnit.NANOSECONDS));
        AtomicInteger ran = new AtomicInteger();
        timer.newTimeout(t -> ran.incrementAndGet(), Long.MAX_VALUE, TimeUnit.DAYS);
        timer.newTimeout(t -> ran.incrementAndGet(), 0, TimeUnit.DAYS);
        assertEquals(2, timer.pendingTimeouts());
        RadixWheelTimer witness = timers.timer(1);
        expireOneAfter(witness, 20);
        assertEquals(0, ran.get(), "a timeout expired before the end of its tick of 292 years");
        assertEquals(2, timer.stop().size());
    }

    /** Makes a timeout of {@code millis} ms on {@code timer} and waits for it. */
    private static void expireOneAfter(RadixWheelTimer timer, long millis) throws InterruptedException {
        CountDownLatch ran = new CountDownLatch(1);
        timer.newTimeout(t -> ran.countDown(), millis, TimeUnit.MILLISECONDS);
        await(ran, "the witness timeout");
    }
}
