package io.github.radixwheel.netty;

import static io.github.radixwheel.netty.TimerTestSupport.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Netty 4.2's {@link TimerTask#cancelled(Timeout)}: called exactly once, on the cancelling thread,
 * for a timeout cancelled through {@code cancel()} or {@code stop()}, and never for one that expired
 * or whose cancel failed; what it throws is logged and changes nothing. (The Netty 4.1 run leaves
 * this class out: its {@code TimerTask} has no such method.)
 */
class RadixWheelTimerCancelledCallbackNetty42Test {
    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
    }

    @Test
    void cancel_callsCancelledOnceOnTheCancellingThread() {
        RadixWheelTimer timer = timers.timer(1);
        ListeningTask task = new ListeningTask();
        Timeout timeout = timer.newTimeout(task, 1, TimeUnit.HOURS);
        assertEquals(0, task.cancelled.get());
        assertTrue(timeout.cancel());
        assertEquals(1, task.cancelled.get());
        assertSame(timeout, task.cancelledTimeout.get());
        assertSame(Thread.currentThread(), task.cancelledOn.get());
        assertTrue(task.cancelledTimeoutWasCancelled, "cancelled() is called once the timeout is cancelled");
        assertFalse(timeout.cancel());
        assertEquals(1, task.cancelled.get(), "a failed cancel called cancelled() again");
        assertTrue(timer.stop().isEmpty());
        assertEquals(1, task.cancelled.get());
        assertEquals(0, task.runs.get());
    }

    @Test
    void stop_callsCancelledOnceForEachReturnedTimeout_andNeverForExpiredOnes() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        CountDownLatch expired = new CountDownLatch(3);
        ListeningTask[] expiring = new ListeningTask[3];
        for (int i = 0; i < expiring.length; i++) {
            expiring[i] = new ListeningTask(expired);
            timer.newTimeout(expiring[i], i, TimeUnit.MILLISECONDS);
        }
        ListeningTask[] pending = new ListeningTask[5];
        for (int i = 0; i < pending.length; i++) {
            pending[i] = new ListeningTask();
            timer.newTimeout(pending[i], 1, TimeUnit.HOURS);
        }
        ListeningTask cancelledBefore = new ListeningTask();
        assertTrue(timer.newTimeout(cancelledBefore, 1, TimeUnit.HOURS).cancel());
        await(expired, "the early timeouts");

        Set<Timeout> stopped = timer.stop();
        assertEquals(pending.length, stopped.size());
        for (ListeningTask task : pending) {
            assertEquals(1, task.cancelled.get());
            assertSame(Thread.currentThread(), task.cancelledOn.get());
            assertTrue(stopped.contains(task.cancelledTimeout.get()));
            assertTrue(task.cancelledTimeoutWasCancelled);
        }
        for (ListeningTask task : expiring) {
            assertEquals(1, task.runs.get());
            assertEquals(0, task.cancelled.get(), "cancelled() called for an expired timeout");
        }
        assertEquals(1, cancelledBefore.cancelled.get(), "stop() called cancelled() again");
        assertTrue(timer.stop().isEmpty());
        for (ListeningTask task : pending) {
            assertEquals(1, task.cancelled.get(), "a second stop() called cancelled() again");
            assertEquals(0, task.runs.get());
        }
    }

    @Test
    void cancel_fromARunningTaskOfItself_doesNotCallCancelled() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1);
        CountDownLatch ran = new CountDownLatch(1);
        AtomicReference<Boolean> cancelResult = new AtomicReference<>();
        ListeningTask task = new ListeningTask() {
            @Override
            public void run(Timeout timeout) {
                cancelResult.set(timeout.cancel());
                ran.countDown();
            }
        };
        timer.newTimeout(task, 0, TimeUnit.MILLISECONDS);
        await(ran, "the task");
        assertEquals(Boolean.FALSE, cancelResult.get());
        assertEquals(0, task.cancelled.get());
    }

    @Test
    void cancel_handedOverNotStarted_callsCancelledOnce() throws InterruptedException {
        BlockingQueue<Runnable> handedOver = new LinkedBlockingQueue<>();
        RadixWheelTimer timer = timers.timer(1, 0, handedOver::add);
        ListeningTask task = new ListeningTask();
        Timeout timeout = timer.newTimeout(task, 0, TimeUnit.MILLISECONDS);
        Runnable r = handedOver.poll(TimerTestSupport.WAIT_SECONDS, TimeUnit.SECONDS);
        assertTrue(r != null, "nothing was handed over");
        assertTrue(timeout.cancel());
        r.run();
        assertEquals(1, task.cancelled.get());
        assertEquals(0, task.runs.get());
    }

    @Test
    void cancelledThrows_isLoggedAndChangesNothing() throws InterruptedException {
        try (NettyLogCapture.Capture log = NettyLogCapture.start(RadixWheelTimer.class)) {
            RadixWheelTimer timer = timers.timer(1);
            RuntimeException failure = new IllegalStateException("cancelled() fails");
            ThrowingTask throwing = new ThrowingTask(failure);
            Timeout timeout = timer.newTimeout(throwing, 1, TimeUnit.HOURS);
            Timeout other = timer.newTimeout(new ListeningTask(), 1, TimeUnit.HOURS);

            assertTrue(timeout.cancel(), "cancel() failed because cancelled() threw");
            assertTrue(timeout.isCancelled());
            assertEquals(1, timer.pendingTimeouts());
            List<NettyLogCapture.Entry> entries = log.await(1);
            assertEquals("warn", entries.get(0).level());
            assertSame(failure, entries.get(0).cause());
            assertTrue(entries.get(0).message().contains("cancelled"), entries.get(0).message());

            CountDownLatch next = new CountDownLatch(1);
            timer.newTimeout(t -> next.countDown(), 1, TimeUnit.MILLISECONDS);
            await(next, "a timeout after the failed callback");

            ThrowingTask throwingAtStop = new ThrowingTask(failure);
            ListeningTask afterIt = new ListeningTask();
            timer.newTimeout(throwingAtStop, 2, TimeUnit.HOURS);
            timer.newTimeout(afterIt, 3, TimeUnit.HOURS);
            Set<Timeout> stopped = timer.stop();
            assertEquals(3, stopped.size(), "stop() lost timeouts when cancelled() threw");
            assertTrue(stopped.contains(other));
            assertEquals(1, throwingAtStop.calls.get());
            assertEquals(1, afterIt.cancelled.get());
            assertEquals(1, ((ListeningTask) other.task()).cancelled.get());
            assertEquals(2, log.await(2).size());
            assertEquals(1, throwing.calls.get());
        }
    }

    /** Records its runs and the calls of {@code cancelled}. */
    private static class ListeningTask implements TimerTask {
        final AtomicInteger runs = new AtomicInteger();
        final AtomicInteger cancelled = new AtomicInteger();
        final AtomicReference<Timeout> cancelledTimeout = new AtomicReference<>();
        final AtomicReference<Thread> cancelledOn = new AtomicReference<>();
        volatile boolean cancelledTimeoutWasCancelled;
        private final CountDownLatch ran;

        ListeningTask() {
            this(null);
        }

        ListeningTask(CountDownLatch ran) {
            this.ran = ran;
        }

        @Override
        public void run(Timeout timeout) {
            runs.incrementAndGet();
            if (ran != null) {
                ran.countDown();
            }
        }

        @Override
        public void cancelled(Timeout timeout) {
            cancelled.incrementAndGet();
            cancelledTimeout.set(timeout);
            cancelledOn.set(Thread.currentThread());
            cancelledTimeoutWasCancelled = timeout.isCancelled();
        }
    }

    /** A task whose {@code cancelled} throws. */
    private static final class ThrowingTask implements TimerTask {
        final AtomicInteger calls = new AtomicInteger();
        private final RuntimeException failure;

        ThrowingTask(RuntimeException failure) {
            this.failure = failure;
        }

        @Override
        public void run(Timeout timeout) {}

        @Override
        public void cancelled(Timeout timeout) {
            calls.incrementAndGet();
            throw failure;
        }
    }
}
