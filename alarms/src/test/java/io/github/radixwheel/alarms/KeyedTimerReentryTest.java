package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A key whose {@code hashCode} calls its timer asks for a stripe lock its thread already holds.
 * The stripe lock is not reentrant: the call must fail fast, not wait for itself forever (found
 * in review of the stripe lock; this test hung before the check).
 */
class KeyedTimerReentryTest {
    /** A key that reads its timer's size from {@code hashCode}, once told which timer. */
    static final class MeteredKey {
        final int id;
        volatile KeyedTimer<MeteredKey, String> timer;

        MeteredKey(int id) {
            this.id = id;
        }

        @Override
        public int hashCode() {
            KeyedTimer<MeteredKey, String> t = timer;
            if (t != null) {
                t.size();
            }
            return id;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof MeteredKey && ((MeteredKey) o).id == id;
        }
    }

    @Test
    void keyWhoseHashCodeCallsTheTimer_getsIllegalState_andTheTimerStaysUsable() throws InterruptedException {
        KeyedTimer<MeteredKey, String> timer = KeyedTimer.<MeteredKey, String>builder().manualClock().stripes(1)
                .build((k, v) -> { });
        MeteredKey key = new MeteredKey(1);
        timer.set(key, "a", Duration.ofMillis(10));
        key.timer = timer;
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                timer.move(key, Duration.ofMillis(20));
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        caller.setDaemon(true); // were it to hang, it must not keep the JVM alive
        caller.start();
        caller.join(TimeUnit.SECONDS.toMillis(10));
        assertFalse(caller.isAlive(), "move() waited for the stripe lock its own thread holds");
        assertInstanceOf(IllegalStateException.class, thrown.get());
        assertTrue(thrown.get().getMessage().contains("hashCode or equals"), thrown.get().getMessage());
        // The failed call released the lock and changed nothing.
        key.timer = null;
        assertEquals(1, timer.size());
        assertTrue(timer.move(key, Duration.ofMillis(30)));
        timer.checkInvariants();
    }

    /**
     * A key whose hashCode, called under its stripe's lock, asks for every lock (size()) while
     * another thread already holds the first stripe's lock and waits for this one: each waited for
     * the other. Every-lock operations now refuse at once on a thread that holds a stripe lock.
     */
    @Test
    void hashCodeCallsSize_whileAnotherThreadTakesEveryLock_throwsInsteadOfDeadlocking() throws InterruptedException {
        KeyedTimer<Object, String> timer = KeyedTimer.<Object, String>builder().manualClock().stripes(2)
                .build((k, v) -> { });
        AtomicReference<Thread> other = new AtomicReference<>();
        CountDownLatch inLock = new CountDownLatch(1);
        AtomicReference<Boolean> armed = new AtomicReference<>(false);
        Object key = new Object() {
            private int calls;

            @Override
            public int hashCode() {
                if (armed.get() && ++calls == 2) { // the lookup under the lock of stripe 1
                    inLock.countDown();
                    awaitParked(other);
                    timer.size();
                }
                return 1;
            }
        };
        timer.set(key, "a", Duration.ofMillis(10));
        armed.set(true);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                timer.move(key, Duration.ofMillis(20));
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        Thread sizer = new Thread(() -> {
            try {
                inLock.await();
                timer.size(); // takes stripe 0's lock, then waits for stripe 1's
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        other.set(sizer);
        caller.setDaemon(true);
        sizer.setDaemon(true);
        sizer.start();
        caller.start();
        caller.join(TimeUnit.SECONDS.toMillis(10));
        sizer.join(TimeUnit.SECONDS.toMillis(10));
        assertFalse(caller.isAlive() || sizer.isAlive(), "deadlock");
        assertInstanceOf(IllegalStateException.class, thrown.get());
        assertEquals(1, timer.size());
    }

    /** Waits until {@code thread} parks (for a stripe lock); gives up after a generous bound. */
    private static void awaitParked(AtomicReference<Thread> thread) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (thread.get().getState() != Thread.State.TIMED_WAITING && System.nanoTime() - deadline < 0) {
            Thread.onSpinWait();
        }
    }
}
