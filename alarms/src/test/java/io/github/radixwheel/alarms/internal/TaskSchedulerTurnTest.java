package io.github.radixwheel.alarms.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The turn of advances and schedules on the manual clock with a task executor: a periodic task's
 * next run, due already, that ends on another thread while an advance or schedule holds the turn is
 * handed over by that holder as it lets go (the run's thread does not wait for it, since an
 * advance may be waiting for the run). Deterministic: the test holds the turn itself.
 */
class TaskSchedulerTurnTest {
    private static final long MS = 1_000_000;

    @Test
    void aDueNextRunThatEndsWhileTheTurnIsHeld_isHandedOverAsTheHolderLetsGo() throws Exception {
        Queue<Runnable> handed = new ConcurrentLinkedQueue<>();
        TaskScheduler scheduler = new TaskScheduler(MS, LevelBits.DEFAULT, null, handed::add, true, System::nanoTime);
        AtomicInteger runs = new AtomicInteger();
        Runnable body = runs::incrementAndGet;
        scheduler.schedule(body, false, MS, MS); // at a fixed rate of 1 ms, first at 1 ms
        scheduler.advanceTo(5 * MS); // the run of tick 1 is handed over; those of 2 to 4 follow it one by one
        assertEquals(1, handed.size());

        Runnable first = handed.poll();
        scheduler.inTurn(() -> {
            Thread other = new Thread(first); // its next run is due, but the turn is held here
            other.start();
            join(other);
            assertTrue(handed.isEmpty(), "not handed over while the turn is held");
            return 0;
        });
        assertEquals(1, runs.get());
        assertEquals(1, handed.size(), "handed over as the turn was let go");

        for (int expected = 2; expected <= 4; expected++) {
            handed.poll().run(); // with nobody holding the turn, a run hands its next one over itself
            assertEquals(expected, runs.get());
        }
        assertTrue(handed.isEmpty(), "the run of tick 5 is due only once the clock reaches tick 6");
        scheduler.advanceTo(6 * MS);
        assertEquals(1, handed.size());
    }

    private static void join(Thread t) {
        try {
            t.join(30_000);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        assertFalse(t.isAlive());
    }
}
