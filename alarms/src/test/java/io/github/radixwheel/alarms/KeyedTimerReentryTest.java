package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
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
}
