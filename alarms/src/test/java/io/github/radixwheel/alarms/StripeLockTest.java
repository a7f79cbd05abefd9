package io.github.radixwheel.alarms;

import io.github.radixwheel.alarms.internal.StripeLock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link StripeLock}: exclusion, re-entry, waiting past the spins, and interrupts. */
class StripeLockTest {
    private static final long GENEROUS_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final int SAMPLES = 300;

    private final StripeLock lock = new StripeLock();
    /** Guarded by {@link #lock}: plain on purpose, so that lost updates would show. */
    private long counter;

    @Test
    void tryLock_succeedsOnlyWhenFree_andLockByTheHolderThrows() {
        assertFalse(lock.isLocked());
        assertFalse(lock.isHeldByCurrentThread());
        assertTrue(lock.tryLock());
        assertTrue(lock.isLocked());
        assertTrue(lock.isHeldByCurrentThread());
        assertFalse(lock.tryLock(), "not reentrant, and held");
        IllegalStateException again = assertThrows(IllegalStateException.class, lock::lock);
        assertTrue(again.getMessage().contains("thread that holds it"), again.getMessage());
        assertTrue(lock.isLocked(), "the failed request released the lock");
        lock.unlock();
        assertFalse(lock.isLocked());
        assertFalse(lock.isHeldByCurrentThread());
        assertTrue(lock.tryLock());
        lock.unlock();
    }

    @Test
    void fourThreads_neverInsideTogether_andNoUpdateIsLost() throws InterruptedException {
        int threads = 4;
        int rounds = 200_000;
        AtomicInteger inside = new AtomicInteger();
        AtomicReference<String> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            workers[t] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                for (int i = 0; i < rounds; i++) {
                    lock.lock();
                    try {
                        if (inside.incrementAndGet() != 1) {
                            failure.compareAndSet(null, "two threads held the lock at once");
                        }
                        counter++;
                        inside.decrementAndGet();
                    } finally {
                        lock.unlock();
                    }
                }
            });
            workers[t].start();
        }
        start.countDown();
        for (Thread w : workers) {
            w.join(TimeUnit.NANOSECONDS.toMillis(GENEROUS_NANOS));
            assertFalse(w.isAlive(), "a worker never finished");
        }
        assertEquals(null, failure.get());
        lock.lock();
        try {
            assertEquals((long) threads * rounds, counter);
        } finally {
            lock.unlock();
        }
    }

    /**
     * A waiter whose interrupt status is set parks rather than spins (a park returns at once while
     * the status is set), gets the lock once it is released, and keeps its status. While the lock
     * stays held, most samples of the waiter's state must find it parked, not running.
     */
    @Test
    void interruptedWaiter_parksInsteadOfSpinning_getsTheLock_keepsItsStatus() throws InterruptedException {
        lock.lock();
        AtomicBoolean acquired = new AtomicBoolean();
        AtomicBoolean stillInterrupted = new AtomicBoolean();
        Thread waiter = new Thread(() -> {
            Thread.currentThread().interrupt(); // a park returns at once unless lock() clears this
            lock.lock();
            acquired.set(true);
            stillInterrupted.set(Thread.currentThread().isInterrupted());
            lock.unlock();
        });
        waiter.start();
        long deadline = System.nanoTime() + GENEROUS_NANOS;
        Thread.State seen;
        while ((seen = waiter.getState()) != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        // It wakes every few tens of microseconds to try again: only the state seen in the loop counts.
        assertEquals(Thread.State.TIMED_WAITING, seen, "the waiter never parked");
        int running = 0;
        for (int i = 0; i < SAMPLES; i++) {
            Thread.sleep(1); // the lock stays held meanwhile
            running += waiter.getState() == Thread.State.RUNNABLE ? 1 : 0;
        }
        assertFalse(acquired.get(), "acquired a held lock");
        lock.unlock();
        assertTrue(running < SAMPLES / 2, "the waiter spun: running in " + running + " of " + SAMPLES + " samples");
        waiter.join(TimeUnit.NANOSECONDS.toMillis(GENEROUS_NANOS));
        assertFalse(waiter.isAlive(), "the waiter never got the lock");
        assertTrue(acquired.get());
        assertTrue(stillInterrupted.get(), "lock() swallowed the interrupt");
        assertFalse(lock.isLocked());
    }
}
