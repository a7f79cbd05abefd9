package io.github.radixwheel.netty;

import static io.github.radixwheel.netty.TimerTestSupport.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link Timeout}s of {@link RadixWheelTimer}: {@code cancel()} returns true only for the call
 * that cancelled a pending timeout, a cancelled timeout never runs, the states
 * ({@code isCancelled}, {@code isExpired}) as a timeout goes through them, the accessors,
 * {@code toString}, and {@code newTimeout}'s argument checks.
 */
class RadixWheelTimeoutTest {
    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
    }

    @Test
    void accessors_returnTheTimerAndTheTask() {
        RadixWheelTimer timer = timers.timer(1);
        TimerTask task = t -> { };
        Timeout timeout = timer.newTimeout(task, 1, TimeUnit.HOURS);
        assertSame(timer, timeout.timer());
        assertSame(task, timeout.task());
        assertTrue(timeout.cancel());
        assertSame(timer, timeout.timer());
        assertSame(task, timeout.task());
    }

    @Test
    void states_pendingThenCancelled() {
        RadixWheelTimer timer = timers.timer(1);
        Timeout timeout = timer.newTimeout(new NamedTask("answer"), 1, TimeUnit.HOURS);
        assertFalse(timeout.isExpired());
        assertFalse(timeout.isCancelled());
        assertTrue(timeout.toString().matches("RadixWheelTimeout\\(deadline: \\d+ ns later, pending, task: answer\\)"),
                timeout.toString());
        long later = Long.parseLong(timeout.toString().replaceAll("\\D*(\\d+) ns later.*", "$1"));
        assertTrue(later > TimeUnit.MINUTES.toNanos(59) && later <= TimeUnit.HOURS.toNanos(1), later + " ns");
        assertTrue(timeout.cancel());
        assertFalse(timeout.isExpired());
        assertTrue(timeout.isCancelled());
        assertTrue(timeout.toString().matches("RadixWheelTimeout\\(deadline: \\d+ ns later, cancelled, task: answer\\)"),
                timeout.toString());
        assertFalse(timeout.cancel());
        assertTrue(timeout.isCancelled());
    }

    @Test
    void toString_ofATimeoutThatNeverExpires_saysNever() {
        RadixWheelTimer timer = timers.timer(1);
        Timeout timeout = timer.newTimeout(new NamedTask("far"), Long.MAX_VALUE, TimeUnit.DAYS);
        assertEquals("RadixWheelTimeout(deadline: never, pending, task: far)", timeout.toString());
    }

    @Test
    void states_expiredWhileAndAfterItsTaskRuns_andCancelThenFails() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        AtomicReference<String> seenInside = new AtomicReference<>();
        AtomicReference<Boolean> cancelInside = new AtomicReference<>();
        CountDownLatch ran = new CountDownLatch(1);
        NamedTask task = new NamedTask("expiring") {
            @Override
            public void run(Timeout t) {
                seenInside.set(t.isExpired() + " " + t.isCancelled() + " " + t);
                cancelInside.set(t.cancel());
                ran.countDown();
            }
        };
        Timeout timeout = timer.newTimeout(task, 1, TimeUnit.MILLISECONDS);
        await(ran, "the task");
        assertTrue(seenInside.get().matches("true false RadixWheelTimeout\\(deadline: (\\d+ ns ago|now), expired, task: expiring\\)"),
                seenInside.get());
        assertEquals(Boolean.FALSE, cancelInside.get(), "a running timeout cannot be cancelled");
        assertTrue(timeout.isExpired());
        assertFalse(timeout.isCancelled());
        assertFalse(timeout.cancel());
        assertTrue(timeout.isExpired());
        assertFalse(timeout.isCancelled());
        assertTrue(timeout.toString().matches("RadixWheelTimeout\\(deadline: (\\d+ ns ago|now), expired, task: expiring\\)"),
                timeout.toString());
    }

    @Test
    void cancel_neverRuns() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        AtomicInteger cancelledRuns = new AtomicInteger();
        List<Timeout> cancelled = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            cancelled.add(timer.newTimeout(t -> cancelledRuns.incrementAndGet(), i % 10, TimeUnit.MILLISECONDS));
        }
        int cancels = 0;
        for (Timeout t : cancelled) {
            cancels += t.cancel() ? 1 : 0;
        }
        // A witness made after them, due after the last of them: once it ran, every other due one had its turn.
        CountDownLatch witness = new CountDownLatch(1);
        timer.newTimeout(t -> witness.countDown(), 20, TimeUnit.MILLISECONDS);
        await(witness, "the witness timeout");
        assertEquals(100 - cancels, cancelledRuns.get(), "a timeout whose cancel() returned true ran");
        assertTrue(cancels > 0);
    }

    @Test
    void cancel_manyThreadsAtOnce_exactlyOneReturnsTrue() throws Exception {
        RadixWheelTimer timer = timers.timer(1);
        int threads = 4;
        CyclicBarrier barrier = new CyclicBarrier(threads);
        AtomicReference<Timeout> current = new AtomicReference<>();
        AtomicInteger wins = new AtomicInteger();
        int rounds = 2_000;
        List<Thread> cancellers = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicBoolean ran = new AtomicBoolean();
        for (int c = 0; c < threads; c++) {
            boolean leader = c == 0;
            cancellers.add(new Thread(() -> {
                try {
                    for (int r = 0; r < rounds; r++) {
                        if (leader) {
                            current.set(timer.newTimeout(t -> ran.set(true), 1, TimeUnit.HOURS));
                        }
                        barrier.await();
                        if (current.get().cancel()) {
                            wins.incrementAndGet();
                        }
                        barrier.await();
                        if (leader && wins.getAndSet(0) != 1) {
                            throw new AssertionError("round " + r + ": cancel() did not return true exactly once");
                        }
                        barrier.await();
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                    barrier.reset();
                }
            }));
        }
        cancellers.forEach(Thread::start);
        for (Thread t : cancellers) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertEquals(0, timer.pendingTimeouts());
        assertFalse(ran.get());
    }

    @Test
    void cancel_racingExpiry_eitherCancelsOrExpiresNeverBoth() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        int n = 2_000;
        AtomicInteger[] runs = new AtomicInteger[n];
        boolean[] cancelled = new boolean[n];
        List<Timeout> timeouts = new ArrayList<>();
        CountDownLatch settled = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            AtomicInteger count = new AtomicInteger();
            runs[i] = count;
            timeouts.add(timer.newTimeout(t -> {
                count.incrementAndGet();
                settled.countDown();
            }, 0, TimeUnit.MILLISECONDS));
        }
        for (int i = 0; i < n; i++) {
            cancelled[i] = timeouts.get(i).cancel();
            if (cancelled[i]) {
                settled.countDown();
            }
        }
        await(settled, "every timeout to expire or be cancelled");
        assertTrue(timer.stop().isEmpty());
        for (int i = 0; i < n; i++) {
            Timeout t = timeouts.get(i);
            assertEquals(cancelled[i] ? 0 : 1, runs[i].get(), t.toString());
            assertEquals(cancelled[i], t.isCancelled());
            assertEquals(!cancelled[i], t.isExpired());
        }
    }

    @Test
    void newTimeout_nullTaskOrUnit_throwsNullPointerExceptionAndChangesNothing() {
        RadixWheelTimer timer = timers.timer(1, 1, null);
        assertThrows(NullPointerException.class, () -> timer.newTimeout(null, 1, TimeUnit.SECONDS));
        assertThrows(NullPointerException.class, () -> timer.newTimeout(t -> { }, 1, null));
        assertEquals(0, timer.pendingTimeouts());
        assertEquals(Thread.State.NEW, timers.thread(0).getState(), "a refused call started the thread");
        timer.newTimeout(t -> { }, 1, TimeUnit.HOURS); // the limit of one is still free
        assertEquals(1, timer.stop().size());
    }

    /** A task whose {@code toString} is its name. */
    private static class NamedTask implements TimerTask {
        private final String name;

        NamedTask(String name) {
            this.name = name;
        }

        @Override
        public void run(Timeout timeout) {}

        @Override
        public String toString() {
            return name;
        }
    }
}
