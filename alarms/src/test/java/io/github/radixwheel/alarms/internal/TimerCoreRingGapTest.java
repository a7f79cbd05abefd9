package io.github.radixwheel.alarms.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Regression: the driving thread's look drains the ring in slot order up to the first slot that a
 * producer has claimed and not yet filled. A task published behind such a slot was missed by the
 * look, whose reset of the arming hint also dropped that task's hint, and the thread parked for
 * good; the producer that then filled the slot (a task that never falls due) did not wake it, so
 * the task due at the next tick waited for some later arming (an outside stress run saw such tasks
 * still pending after 8 s). While the ring has a gap, the thread now looks again at the next tick.
 *
 * <p>Real time, with a generous bound: a producer is held inside its slot (in {@link
 * WheelTask#scheduled}, which the ring calls before it publishes the slot) while another publishes
 * a task due now behind it and the thread looks and parks.
 */
class TimerCoreRingGapTest {
    private static final long TICK = TimeUnit.MILLISECONDS.toNanos(1);

    /** A task that calls {@code onScheduled} inside its slot, before the slot is published, and {@code onRun} when it runs. */
    private static final class Task extends CoreTestTask {
        private final Runnable onScheduled;
        private final Runnable onRun;

        Task(Runnable onScheduled, Runnable onRun) {
            this.onScheduled = onScheduled;
            this.onRun = onRun;
        }

        @Override
        protected void scheduled(long sequence) {
            onScheduled.run();
        }

        @Override
        protected void runClaimed() {
            onRun.run();
        }
    }

    @Test
    void aTaskPublishedBehindASlotBeingFilled_runsOnceTheSlotIsFilled() throws Exception {
        CountDownLatch inSlot = new CountDownLatch(1);
        CountDownLatch fill = new CountDownLatch(1);
        CountDownLatch ran = new CountDownLatch(1);
        TimerCore core = new TimerCore(TICK, LevelBits.DEFAULT, 0, null, System::nanoTime, r -> {
            Thread t = new Thread(r, "driving");
            t.setDaemon(true);
            return t;
        }, () -> { });
        Thread producer = new Thread(() -> core.schedule(new Task(() -> {
            inSlot.countDown();
            awaitUninterruptibly(fill); // holds its claimed slot unfilled
        }, () -> { }), TimerCore.NEVER), "producer");
        producer.setDaemon(true);
        try {
            producer.start();
            assertTrue(inSlot.await(10, TimeUnit.SECONDS));
            // Behind the held slot: due now, so it falls due at the next tick. Its arming starts the thread.
            core.schedule(new Task(() -> { }, ran::countDown), System.nanoTime());
            awaitParked(core.thread().thread()); // it looked, stopped at the held slot, and parked
            fill.countDown();
            producer.join(TimeUnit.SECONDS.toMillis(10));
            assertTrue(ran.await(5, TimeUnit.SECONDS), "the task behind the gap has not run 5 s after the gap was filled");
        } finally {
            fill.countDown();
            core.shutDown(task -> true, true, true);
        }
    }

    private static void awaitParked(Thread t) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!(LockSupport.getBlocker(t) instanceof TimerThread)) {
            assertTrue(System.nanoTime() < deadline, "the driving thread did not park: " + t.getState());
            Thread.sleep(1);
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        while (true) {
            try {
                latch.await();
                return;
            } catch (InterruptedException e) {
                // keep holding the slot
            }
        }
    }
}
