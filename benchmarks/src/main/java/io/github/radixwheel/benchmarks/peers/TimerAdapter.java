package io.github.radixwheel.benchmarks.peers;

/**
 * One timer implementation, driven by hand on a virtual clock, behind the smallest common API the
 * peer benchmarks need.
 *
 * <p><b>Time.</b> Times are {@code long}s in an abstract unit ("ticks"); the clock starts at 0 and
 * moves only through {@link #advanceTo}. A timer is due when its deadline is {@code <= now}.
 * {@code advanceTo(t)} fires every due timer exactly once and never one whose deadline is
 * {@code > t}; adapters whose peer can only fire at a coarser granularity say how late they may
 * fire in their javadoc. The thread-driven Netty adapter is the exception: it runs on the real
 * clock and cannot be advanced by hand (see {@link NettyAdapter}).
 *
 * <p><b>Ids.</b> {@link #schedule} returns a {@code long} id that names the timer until it fires
 * or is cancelled. Adapters built on {@link IdSlots} reject stale ids; Agrona's ids are slot
 * positions that it reuses, see {@link AgronaAdapter}.
 *
 * <p><b>Missing operations.</b> Where a peer has no native way to do an operation, the method
 * throws {@link UnsupportedOperationException} with a message naming the peer, rather than
 * emulating it in a way that would misrepresent the peer's cost; benchmark harnesses report such
 * cases as "n/a".
 *
 * <p><b>Cost.</b> Adapters pool their per-timer objects (one per id slot, created once) and
 * allocate nothing per operation themselves; whatever a peer allocates per operation is the
 * peer's own cost (for example Kafka's {@code TimerTaskEntry} per schedule, Netty's
 * {@code HashedWheelTimeout}).
 *
 * <p>Adapters are not thread-safe (the Netty adapter's producer-side methods must be called from
 * one thread).
 */
public interface TimerAdapter extends AutoCloseable {
    /** Receives each fired timer. Called from inside {@link #advanceTo} (or Netty's worker thread). */
    @FunctionalInterface
    interface Listener {
        /** A listener that ignores every firing. */
        Listener NONE = id -> { };

        /**
         * @param id the id of the timer that fired; it is no longer pending
         */
        void onFire(long id);
    }

    /** @return the peer's name, as the benchmark tables show it */
    String name();

    /** @return the current (virtual) time; 0 at the start */
    long now();

    /**
     * Schedules a timer.
     *
     * @param deadline the time at which it becomes due, {@code > now()}
     * @return the timer's id
     * @throws IllegalArgumentException if {@code deadline <= now()}
     */
    long schedule(long deadline);

    /**
     * Cancels a pending timer.
     *
     * @param id a timer id
     * @return true if the timer was pending and now is cancelled; false if it had already fired or
     *     been cancelled (adapters that cannot tell say so)
     */
    boolean cancel(long id);

    /**
     * Moves a pending timer to a new deadline, keeping its id.
     *
     * @param id a timer id
     * @param deadline the new deadline, {@code > now()}
     * @return true if the timer was pending and is now moved; false if it was not pending
     * @throws IllegalArgumentException if {@code deadline <= now()}
     * @throws UnsupportedOperationException if the peer has no native reschedule
     */
    boolean reschedule(long id, long deadline);

    /**
     * Moves the clock to {@code now} and fires every due timer.
     *
     * @param now the new time, {@code >= now()}
     * @return the number of timers fired
     * @throws IllegalArgumentException if {@code now < now()}
     * @throws UnsupportedOperationException if the peer runs on its own thread and real clock
     */
    int advanceTo(long now);

    /**
     * @return the earliest deadline of the pending timers, or {@link Long#MAX_VALUE} if there are none
     * @throws UnsupportedOperationException if the peer has no exact next-expiry query
     */
    long nextExpiry();

    /** @return the number of pending timers */
    int size();

    /** Releases the peer's resources (stops Netty's worker thread); a no-op for the others. */
    @Override
    default void close() {
    }

    /**
     * @param adapter the adapter
     * @param deadline a requested deadline
     * @throws IllegalArgumentException if {@code deadline <= adapter.now()}
     */
    static void checkFuture(TimerAdapter adapter, long deadline) {
        if (deadline <= adapter.now()) {
            throw new IllegalArgumentException(
                    adapter.name() + ": deadline " + deadline + " is not after now " + adapter.now());
        }
    }

    /**
     * @param adapter the adapter
     * @param now a requested time
     * @throws IllegalArgumentException if {@code now < adapter.now()}
     */
    static void checkNotBackwards(TimerAdapter adapter, long now) {
        if (now < adapter.now()) {
            throw new IllegalArgumentException(
                    adapter.name() + ": cannot move the clock back from " + adapter.now() + " to " + now);
        }
    }

    /**
     * @param adapter the adapter
     * @param operation what the peer lacks, e.g. "reschedule"
     * @param why one sentence on why
     * @return the exception to throw
     */
    static UnsupportedOperationException unsupported(TimerAdapter adapter, String operation, String why) {
        return new UnsupportedOperationException(adapter.name() + " has no " + operation + ": " + why);
    }
}
