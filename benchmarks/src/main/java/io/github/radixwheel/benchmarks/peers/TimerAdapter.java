package io.github.radixwheel.benchmarks.peers;

import java.util.NoSuchElementException;

/**
 * One timer implementation driven by hand on a virtual clock, behind the smallest API the peer
 * suite needs.
 *
 * <p><b>Time.</b> Times are {@code long}s in an abstract unit; the clock starts at 0 and moves
 * only through {@link #advanceTo} and {@link #fireNext}. A timer is due when its deadline is
 * {@code <= now}. {@code advanceTo(t)} fires every due timer exactly once and never one whose
 * deadline is {@code > t}.
 *
 * <p><b>Ids.</b> {@link #schedule} returns an id that names the timer until it fires or is
 * cancelled: the peer's own handle where it has one, else an index in {@code [0, capacity)} that
 * a later timer may reuse. Cancelling an id that is not pending answers false until the id is
 * reused; callers cancel only pending timers.
 *
 * <p><b>Payloads.</b> Every timer carries a non-null payload object, as users' timers carry a
 * connection, a task or an event. Each adapter stores it the way the peer's users do (its javadoc
 * says how): in the peer's own per-timer object where it has one, else in a table by id. A fired
 * timer's payload goes to the {@link TimerListener}; once a timer has fired or been cancelled,
 * neither the adapter nor the peer references its payload, so that nothing loiters.
 * {@link #reschedule} keeps the payload.
 *
 * <p><b>Missing operations.</b> Where a peer has no native way to do something, the method throws
 * {@link UnsupportedOperationException} naming the peer rather than emulating it at a cost that
 * would misrepresent the peer; {@link Impl} lists what each lacks.
 *
 * <p><b>Cost.</b> Adapters pool their per-timer objects and allocate nothing per operation
 * themselves; what a peer allocates (Kafka's {@code TimerTaskEntry} per schedule) is its own cost.
 * Not thread-safe.
 */
public abstract class TimerAdapter {
    private final TimerListener listener;
    private long now;
    private int fired;

    /** @param listener receives each fired timer and its payload */
    protected TimerAdapter(TimerListener listener) {
        this.listener = listener;
    }

    /** @return the peer's name, as the tables show it */
    public abstract String name();

    /** @return the current (virtual) time; 0 at the start */
    public final long now() {
        return now;
    }

    /**
     * @param deadline the time at which the timer becomes due, {@code > now()}
     * @param payload what the timer carries, handed to the listener when it fires
     * @return the timer's id
     * @throws IllegalArgumentException if {@code deadline <= now()}
     * @throws NullPointerException if {@code payload} is null
     * @throws IllegalStateException if the adapter's capacity is exhausted
     */
    public abstract long schedule(long deadline, Object payload);

    /**
     * Cancels a timer and lets go of its payload.
     *
     * @param id a timer id
     * @return true if the timer was pending and now is cancelled
     */
    public abstract boolean cancel(long id);

    /**
     * Moves a pending timer to a new deadline, keeping its id and its payload.
     *
     * @param id a timer id
     * @param deadline the new deadline, {@code > now()}
     * @return true if the timer was pending and is now moved
     * @throws IllegalArgumentException if {@code deadline <= now()}
     * @throws UnsupportedOperationException if the peer has no native reschedule
     */
    public abstract boolean reschedule(long id, long deadline);

    /**
     * Moves the clock to {@code to} and fires every due timer.
     *
     * @param to the new time, {@code >= now()}
     * @return the number of timers fired
     * @throws IllegalArgumentException if {@code to < now()}
     */
    public final int advanceTo(long to) {
        if (to < now) {
            throw new IllegalArgumentException(name() + ": cannot move the clock back from " + now + " to " + to);
        }
        now = to;
        fired = 0;
        fireDue(to);
        return fired;
    }

    /**
     * Makes the peer fire every timer due at {@code now} (the clock already reads it), calling
     * {@link #fired} for each.
     *
     * @param now the new time
     */
    protected abstract void fireDue(long now);

    /**
     * @return the earliest deadline of the pending timers, or {@link Long#MAX_VALUE} if none
     * @throws UnsupportedOperationException if the peer has no exact next-expiry query
     */
    public abstract long nextExpiry();

    /**
     * The simulator's step: removes the earliest timer (among equal deadlines, the one the peer
     * delivers first), moves the clock to its deadline and fires it.
     *
     * @return its deadline
     * @throws NoSuchElementException if nothing is pending
     * @throws UnsupportedOperationException if the peer cannot take its earliest timer
     */
    public abstract long fireNext();

    /** @return the number of pending timers */
    public abstract int size();

    /**
     * @return the peer's own objects from which every pending timer and its payload are
     *     reachable, and of the adapter only what it keeps per timer for the peer's users: the id,
     *     and the payload table where the peer has no object of its own to hold it (for the footprint)
     */
    public abstract Object structure();

    /**
     * Counts one fired timer and hands it to the listener.
     *
     * @param id the fired timer's id, no longer pending
     * @param payload its payload, no longer referenced by the adapter or the peer
     */
    protected final void fired(long id, Object payload) {
        fired++;
        listener.fired(id, payload);
    }

    /**
     * Ends {@link #fireNext}: the clock moves to the fired timer's deadline.
     *
     * @param deadline the deadline of the timer just fired
     * @return {@code deadline}
     */
    protected final long movedTo(long deadline) {
        now = Math.max(now, deadline);
        return deadline;
    }

    /** @throws NoSuchElementException for {@link #fireNext} on an empty peer */
    protected final NoSuchElementException empty() {
        return new NoSuchElementException(name() + ": no timer is pending");
    }

    /**
     * The checks of {@link #schedule}.
     *
     * @param deadline a requested deadline
     * @param payload the timer's payload
     * @throws IllegalArgumentException if {@code deadline <= now()}
     * @throws NullPointerException if {@code payload} is null
     */
    protected final void checkSchedule(long deadline, Object payload) {
        if (payload == null) {
            throw new NullPointerException(name() + ": a timer's payload must not be null");
        }
        checkFuture(deadline);
    }

    /**
     * @param deadline a requested deadline
     * @throws IllegalArgumentException if {@code deadline <= now()}
     */
    protected final void checkFuture(long deadline) {
        if (deadline <= now) {
            throw new IllegalArgumentException(name() + ": deadline " + deadline + " is not after now " + now);
        }
    }

    /**
     * @param operation what the peer lacks, e.g. "reschedule"
     * @param why one sentence on why
     * @return the exception to throw
     */
    protected final UnsupportedOperationException unsupported(String operation, String why) {
        return new UnsupportedOperationException(name() + " has no " + operation + ": " + why);
    }
}
