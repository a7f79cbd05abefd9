package io.github.radixwheel.alarms.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The counts from which a {@link TimerCore} knows, exactly and without a lock on the hot paths,
 * how many tasks are pending and whether it still admits any: tasks come in through the ring
 * (admissions) or under the lock (insertions), and leave under the lock, by a cancel, or by a
 * claim of the driving thread. Every count only grows, so the pending number is
 * {@code admitted + inserted - left - cancelled - claimed}, read at one instant by
 * {@link #pendingUnderLock}.
 *
 * <p>Who writes what: admissions, by a compare-and-set of any producer, which fails once
 * {@link #close} has set the flag in the same word; insertions and departures, under the core's
 * lock, with release stores so that a producer may read them without it; cancels, by an atomic
 * add of any thread; the driving thread's claims, by that thread alone. The cancels and the
 * claims sit 64 bytes apart, and apart from everything else, so that their writers do not share a
 * cache line.
 */
final class TaskCounts {
    /** In {@link #admissions}: the flag set by {@link #close}; the count of admissions is above it. */
    private static final long CLOSED = 1;
    private static final VarHandle LEFT;
    private static final VarHandle INSERTED;
    private static final VarHandle COUNTS = MethodHandles.arrayElementVarHandle(long[].class);
    /** Where the count of cancels sits in {@link #unlockedCounts}: 64 bytes from either end. */
    private static final int CANCELS_INDEX = 8;
    /** Where the count of the driving thread's claims sits: 64 bytes from the cancels. */
    private static final int CLAIMS_INDEX = 16;

    static {
        try {
            LEFT = MethodHandles.lookup().findVarHandle(TaskCounts.class, "left", long.class);
            INSERTED = MethodHandles.lookup().findVarHandle(TaskCounts.class, "inserted", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Twice the number of tasks admitted through the ring (each count is a slot's number), plus
     * {@link #CLOSED} once closed.
     */
    private final AtomicLong admissions = new AtomicLong();
    /** At {@link #CANCELS_INDEX} the cancels, at {@link #CLAIMS_INDEX} the driving thread's claims. */
    private final long[] unlockedCounts = new long[CLAIMS_INDEX + CANCELS_INDEX + 1];
    /** Tasks inserted under the lock without the ring; on the manual clock, also the next sequence number. */
    private long inserted;
    /** Tasks that left under the lock (claimed, taken by a shutdown). */
    private long left;

    /** {@return the admissions word, for {@link #slotOf}, {@link #isClosed(long)} and {@link #tryAdmit}} */
    long admissions() {
        return admissions.get();
    }

    /** {@return the slot that the next task admitted after {@code admissions} gets} */
    static long slotOf(long admissions) {
        return admissions >>> 1;
    }

    /** {@return whether {@code admissions} carries the closed flag} */
    static boolean isClosed(long admissions) {
        return (admissions & CLOSED) != 0;
    }

    /** Admits one task if the word is still {@code admissions}: one compare-and-set. */
    boolean tryAdmit(long admissions) {
        return this.admissions.compareAndSet(admissions, admissions + 2);
    }

    /**
     * {@return whether, with {@code slot} tasks admitted, at least {@code maxPending} are pending}
     * Read after the admissions, and never decreasing: a refusal sees a count reached meanwhile.
     */
    boolean atLimit(long slot, long maxPending) {
        return slot + (long) INSERTED.getAcquire(this) - (long) LEFT.getAcquire(this) - cancels() - claims()
                >= maxPending;
    }

    /** Admits no task from now on. {@return the number of tasks admitted before} */
    long close() {
        return slotOf(admissions.getAndUpdate(a -> a | CLOSED));
    }

    /** {@return whether {@link #close} has been called} */
    boolean isClosed() {
        return isClosed(admissions.get());
    }

    /** {@return the number of tasks admitted through the ring so far} */
    long admittedThroughRing() {
        return slotOf(admissions.get());
    }

    /** Under the lock: one more task was inserted without the ring. {@return the count before it} */
    long countInserted() {
        long sequence = inserted;
        INSERTED.setRelease(this, sequence + 1);
        return sequence;
    }

    /** Under the lock: one more task is no longer pending. */
    void countLeft() {
        LEFT.setRelease(this, left + 1);
    }

    /** Any thread: a cancel took effect (while its task shows no state to anyone). */
    void countCancel() {
        COUNTS.getAndAdd(unlockedCounts, CANCELS_INDEX, 1L);
    }

    /** The driving thread only: it claimed a task without the lock. */
    void countDrivingClaim() {
        COUNTS.setRelease(unlockedCounts, CLAIMS_INDEX, claims() + 1);
    }

    private long cancels() {
        return (long) COUNTS.getVolatile(unlockedCounts, CANCELS_INDEX);
    }

    private long claims() {
        return (long) COUNTS.getVolatile(unlockedCounts, CLAIMS_INDEX);
    }

    /**
     * Under the lock (which holds the insertions and departures still): the number of pending
     * tasks, with the admissions read between two equal readings of the cancels and the claims.
     */
    int pendingUnderLock() {
        for (;;) {
            long cancels = cancels();
            long claims = claims();
            long admitted = admittedThroughRing();
            if (cancels() == cancels && claims() == claims) {
                return (int) (admitted + inserted - left - cancels - claims);
            }
        }
    }

    @Override
    public String toString() {
        return "admitted " + admittedThroughRing() + ", inserted " + inserted + ", left " + left + ", cancelled "
                + cancels() + ", claimed by the driving thread " + claims();
    }
}
