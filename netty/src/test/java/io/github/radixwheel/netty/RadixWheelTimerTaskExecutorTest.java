package io.github.radixwheel.netty;

import static io.github.radixwheel.netty.TimerTestSupport.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Timeout;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The task-executor variant: due timeouts are handed to the executor and their tasks run there; a
 * timeout handed over but not yet started is still pending and can be cancelled; an executor that
 * refuses a timeout is logged and the timer goes on.
 */
class RadixWheelTimerTaskExecutorTest {
    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();
    private final ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-task-pool"));
    /** An executor that only queues what it is given, for the test to run (or not). */
    private final QueueingExecutor queue = new QueueingExecutor();

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
        pool.shutdownNow();
    }

    @Test
    void newTimeout_taskRunsOnTheExecutorNeverEarly() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1, 0, pool);
        int n = 100;
        CountDownLatch ran = new CountDownLatch(n);
        AtomicInteger elsewhere = new AtomicInteger();
        AtomicInteger early = new AtomicInteger();
        for (int i = 0; i < n; i++) {
            long delayMillis = i % 10;
            long before = System.nanoTime();
            timer.newTimeout(t -> {
                if (!Thread.currentThread().getName().equals("test-task-pool")) {
                    elsewhere.incrementAndGet();
                }
                if (System.nanoTime() - before < TimeUnit.MILLISECONDS.toNanos(delayMillis)) {
                    early.incrementAndGet();
                }
                ran.countDown();
            }, delayMillis, TimeUnit.MILLISECONDS);
        }
        await(ran, "the tasks");
        assertEquals(0, elsewhere.get(), "tasks that ran off the executor");
        assertEquals(0, early.get(), "tasks that ran early");
        assertEquals(0, timer.pendingTimeouts());
    }

    @Test
    void cancel_handedOverNotStarted_winsAndTheTaskNeverRuns() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1, 0, queue);
        AtomicInteger runs = new AtomicInteger();
        Timeout timeout = timer.newTimeout(t -> runs.incrementAndGet(), 0, TimeUnit.MILLISECONDS);
        Runnable handedOver = queue.take();
        assertFalse(timeout.isExpired(), "not started yet");
        assertFalse(timeout.isCancelled());
        assertEquals(1, timer.pendingTimeouts(), "a timeout handed over and not started is pending");
        assertTrue(timeout.cancel());
        assertFalse(timeout.cancel());
        assertEquals(0, timer.pendingTimeouts());
        handedOver.run();
        assertEquals(0, runs.get());
        assertTrue(timeout.isCancelled());
        assertFalse(timeout.isExpired());
    }

    @Test
    void run_handedOverThenStarted_expiresOnceAndCancelFails() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1, 0, queue);
        AtomicInteger runs = new AtomicInteger();
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        Timeout timeout = timer.newTimeout(t -> {
            runs.incrementAndGet();
            ranOn.set(Thread.currentThread());
        }, 0, TimeUnit.MILLISECONDS);
        Runnable handedOver = queue.take();
        handedOver.run();
        assertSame(Thread.currentThread(), ranOn.get(), "the task ran where the executor ran it");
        assertTrue(timeout.isExpired());
        assertFalse(timeout.cancel());
        handedOver.run();
        assertEquals(1, runs.get(), "running the hand-over twice ran the task twice");
        assertEquals(0, timer.pendingTimeouts());
    }

    @Test
    void newTimeout_handedOverCountsTowardTheLimitUntilStarted() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1, 1, queue);
        timer.newTimeout(t -> { }, 0, TimeUnit.MILLISECONDS);
        Runnable handedOver = queue.take();
        assertThrows(RejectedExecutionException.class, () -> timer.newTimeout(t -> { }, 1, TimeUnit.HOURS));
        handedOver.run();
        assertEquals(0, timer.pendingTimeouts());
        assertTrue(timer.newTimeout(t -> { }, 1, TimeUnit.HOURS).cancel());
    }

    @Test
    void executorRefuses_isLoggedAndTheTimerGoesOn() throws InterruptedException {
        RejectedExecutionException refusal = new RejectedExecutionException("test refusal");
        AtomicInteger calls = new AtomicInteger();
        Executor refusesTheFirst = task -> {
            if (calls.getAndIncrement() == 0) {
                throw refusal;
            }
            pool.execute(task);
        };
        try (NettyLogCapture.Capture log = NettyLogCapture.start(RadixWheelTimer.class)) {
            RadixWheelTimer timer = timers.timer(1, 0, refusesTheFirst);
            AtomicInteger refusedRuns = new AtomicInteger();
            Timeout refused = timer.newTimeout(t -> refusedRuns.incrementAndGet(), 0, TimeUnit.MILLISECONDS);
            List<NettyLogCapture.Entry> entries = log.await(1);
            assertEquals("warn", entries.get(0).level());
            assertSame(refusal, entries.get(0).cause());
            assertNotNull(entries.get(0).message());

            CountDownLatch next = new CountDownLatch(1);
            timer.newTimeout(t -> next.countDown(), 1, TimeUnit.MILLISECONDS);
            await(next, "a timeout after the refusal");
            assertEquals(0, refusedRuns.get());
            assertFalse(refused.cancel(), "a refused timeout is no longer pending");
            assertEquals(0, timer.pendingTimeouts());
            assertEquals(1, log.entries().size());
        }
    }

    /**
     * Regression: {@code stop()} used to miss a timeout handed to the executor and not yet started,
     * which then stayed pending and ran after the stop.
     */
    @Test
    void stop_handedOverNotStarted_isReturnedCancelledAndNeverRuns() throws InterruptedException {
        RadixWheelTimer timer = timers.timer(1, 0, queue);
        AtomicInteger runs = new AtomicInteger();
        Timeout handed = timer.newTimeout(t -> runs.incrementAndGet(), 0, TimeUnit.MILLISECONDS);
        Runnable handedOver = queue.take();
        Timeout far = timer.newTimeout(t -> runs.incrementAndGet(), 1, TimeUnit.HOURS);
        Set<Timeout> stopped = timer.stop();
        assertEquals(Set.of(handed, far), stopped);
        assertEquals(0, timer.pendingTimeouts(), "a stopped timer has nothing pending: " + timer);
        assertTrue(handed.isCancelled());
        handedOver.run();
        assertEquals(0, runs.get());
        assertFalse(handed.isExpired());
    }

    /** Queues what it is given; the test takes and runs it. */
    private static final class QueueingExecutor implements Executor {
        private final BlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();

        @Override
        public void execute(Runnable task) {
            queue.add(task);
        }

        Runnable take() throws InterruptedException {
            Runnable r = queue.poll(TimerTestSupport.WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(r, "nothing was handed to the executor");
            return r;
        }
    }
}
