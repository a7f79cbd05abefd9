package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.alarms.KeyedTimer;
import io.github.radixwheel.core.internal.Checks;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The lock of one {@link KeyedTimerStripe}: non-reentrant mutual exclusion whose release is a
 * plain release store, with no fence.
 *
 * <p>Why not {@code ReentrantLock}: its release is a volatile write, which on x86 waits until every
 * earlier store has reached the cache. A heartbeat's last stores, its key's new deadline and arming
 * order, usually miss the cache with many keys, so the caller would wait for that miss; with a
 * release store the miss completes while the caller goes on (measurements in
 * {@code docs/performance.md}). The price is that there is no queue of waiters to wake, since
 * waking one would need a fence after the release: a thread that finds the lock held spins
 * briefly (the critical sections are short), then yields, then polls it with short parks. It is
 * not fair: a polling waiter can be overtaken, which matters only while a stripe is held most of
 * the time.
 *
 * <p>Acquiring is a compare-and-set, so a release and the next acquisition that sees it are
 * ordered as for any lock (release/acquire). Interrupts do not stop {@link #lock}; the interrupt
 * status is restored when it returns. It is not reentrant: a thread that asks for the lock it
 * holds (a key's {@code hashCode} or {@code equals} that calls its timer) gets an
 * {@link IllegalStateException} rather than waiting for itself forever.
 */
public final class StripeLock {
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(StripeLock.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Failed attempts that spin: a contended critical section ends within about this many. */
    public static final int SPINS = 128;
    /** Failed attempts after the spins that yield before parking. */
    public static final int YIELDS = 16;
    /** How long a waiter parks between attempts once it stops spinning and yielding. */
    public static final long PARK_NANOS = 20_000;

    /**
     * Waits a moment for another thread that is between two steps of its own and needs nothing to
     * finish them: spins first, then yields.
     *
     * @param attempt how many times the caller has waited already
     */
    public static void pause(int attempt) {
        if (attempt < SPINS) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    /** 1 while held. */
    @SuppressWarnings("unused") // through STATE
    private volatile int state;
    /**
     * The holder, or null. Plain: only compared with the current thread, which always sees its
     * own writes, and it clears the field before it releases.
     */
    private Thread owner;

    /** Takes the lock if it is free; never waits. */
    public boolean tryLock() {
        if ((int) STATE.getOpaque(this) == 0 && STATE.compareAndSet(this, 0, 1)) {
            owner = Thread.currentThread();
            return true;
        }
        return false;
    }

    /**
     * Takes the lock, waiting as long as it takes.
     *
     * @throws IllegalStateException if the calling thread holds it already
     */
    public void lock() {
        if (tryLock()) {
            return;
        }
        if (owner == Thread.currentThread()) {
            throw Checks.state("a KeyedTimer stripe lock was requested again by the thread that holds it:"
                    + " a key's hashCode or equals must not call its timer");
        }
        boolean interrupted = false;
        for (int attempt = 0; !tryLock(); attempt = Math.min(attempt + 1, SPINS + YIELDS)) {
            if (attempt < SPINS) {
                Thread.onSpinWait();
            } else if (attempt < SPINS + YIELDS) {
                Thread.yield();
            } else {
                // A park returns at once while the interrupt status is set: clear it, restore it below.
                interrupted |= Thread.interrupted();
                LockSupport.parkNanos(this, PARK_NANOS);
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Releases the lock, which the calling thread holds (not checked). */
    public void unlock() {
        owner = null;
        STATE.setRelease(this, 0);
    }

    /** Whether the calling thread holds the lock (exact: only the holder can see itself as owner). */
    public boolean isHeldByCurrentThread() {
        return owner == Thread.currentThread();
    }

    /** Whether some thread holds the lock: for tests and assertions only. */
    public boolean isLocked() {
        return (int) STATE.getVolatile(this) != 0;
    }
}
