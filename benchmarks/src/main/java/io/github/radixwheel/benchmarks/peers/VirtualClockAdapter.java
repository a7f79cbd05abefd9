package io.github.radixwheel.benchmarks.peers;

/**
 * What every adapter driven by hand on a virtual clock shares: the clock and the bookkeeping of
 * {@link #advanceTo} (refuse to go back, move the clock, count the timers fired on the way and
 * hand each to the listener), so that a subclass says only how its peer fires what is due.
 */
public abstract class VirtualClockAdapter implements TimerAdapter {
    private final Listener listener;
    private long now;
    private int fired;

    /**
     * @param listener receives each fired timer
     */
    protected VirtualClockAdapter(Listener listener) {
        this.listener = listener;
    }

    @Override
    public final long now() {
        return now;
    }

    @Override
    public final int advanceTo(long to) {
        TimerAdapter.checkNotBackwards(this, to);
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
     * Counts one fired timer and tells the listener; called from {@link #fireDue}.
     *
     * @param id the fired timer's id, no longer pending
     */
    protected final void fired(long id) {
        fired++;
        listener.onFire(id);
    }
}
