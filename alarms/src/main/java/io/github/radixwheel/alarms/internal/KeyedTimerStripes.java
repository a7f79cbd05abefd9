package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.alarms.KeyedTimer;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.internal.Checks;
import java.util.function.Supplier;

/**
 * The stripes of a {@link KeyedTimer} as a whole: which stripe a key belongs to, and the
 * operations that need every stripe at once (advancing the one clock, counting, draining,
 * clearing), which take every stripe's lock in index order. Taking them in one order, and never
 * asking for one while holding another, rules out deadlock among these locks.
 */
public final class KeyedTimerStripes<K, V> {
    private final KeyedTimerStripe<K, V>[] stripes;
    private final int mask;
    private final long tickNanos;
    private final KeyedTimerDispatch<K, V> dispatch;

    @SuppressWarnings("unchecked")
    public KeyedTimerStripes(int count, long tickNanos, LevelBits levelBits, KeyedTimerDispatch<K, V> dispatch) {
        this.stripes = (KeyedTimerStripe<K, V>[]) new KeyedTimerStripe<?, ?>[count];
        for (int i = 0; i < count; i++) {
            stripes[i] = new KeyedTimerStripe<>(i, tickNanos, levelBits);
        }
        this.mask = count - 1;
        this.tickNanos = tickNanos;
        this.dispatch = dispatch;
    }

    public int count() {
        return stripes.length;
    }

    public KeyedTimerStripe<K, V> of(Object key) {
        int h = key.hashCode();
        return stripes[(h ^ (h >>> 16)) & mask];
    }

    /**
     * Runs {@code op} holding every stripe's lock, taken in index order.
     *
     * @throws IllegalStateException if the calling thread holds a stripe's lock already (a key's
     *     {@code hashCode} or {@code equals} calling the timer): waiting for the others could
     *     deadlock with a thread that holds a lower one and waits for that one
     */
    public <R> R withAllLocks(Supplier<R> op) {
        for (KeyedTimerStripe<K, V> s : stripes) {
            if (s.lock.isHeldByCurrentThread()) {
                throw Checks.state("a KeyedTimer operation on every stripe was called by a thread that holds"
                        + " stripe " + s.index + "'s lock: a key's hashCode or equals must not call its timer");
            }
        }
        int held = 0;
        try {
            for (; held < stripes.length; held++) {
                stripes[held].lock.lock();
            }
            return op.get();
        } finally {
            while (held > 0) {
                stripes[--held].lock.unlock();
            }
        }
    }

    /** When the driving thread must next advance, or {@link Long#MAX_VALUE} if never; takes each lock in turn. */
    public long nextFireTime() {
        long next = Long.MAX_VALUE;
        for (KeyedTimerStripe<K, V> s : stripes) {
            next = Math.min(next, s.withLock(null, 0, (stripe, unused, n) -> stripe.nextFireTime()));
        }
        return next;
    }

    // Every method below needs every lock held.

    /** The clock: every stripe's wheel is at it. */
    public long now() {
        return stripes[0].now();
    }

    /**
     * Moves the clock to {@code to} and collects what falls due: the armings whose deadline lies
     * before the start of the tick of {@code to}.
     *
     * @return the expiries found, or null if none (or if {@code to} is not after the clock)
     */
    public KeyedTimerBatch<K, V> collect(long to) {
        long from = now();
        if (to <= from) {
            return null;
        }
        long dueBefore = to - to % tickNanos;
        KeyedTimerBatch<K, V> batch = new KeyedTimerBatch<>(stripes, dispatch, tickNanos, from, dueBefore);
        for (KeyedTimerStripe<K, V> s : stripes) {
            s.collectDue(to, dueBefore, batch);
        }
        return batch.isEmpty() ? null : batch;
    }

    public int size() {
        int n = 0;
        for (KeyedTimerStripe<K, V> s : stripes) {
            n += s.size();
        }
        return n;
    }

    /** Disarms every key, handing each to the result. */
    public KeyedTimerDrain<K, V> drain() {
        KeyedTimerDrain<K, V> drained = new KeyedTimerDrain<>();
        for (KeyedTimerStripe<K, V> s : stripes) {
            s.drainInto(drained);
        }
        return drained;
    }

    public void clear() {
        for (KeyedTimerStripe<K, V> s : stripes) {
            s.clear();
        }
    }

    /**
     * Checks every stripe's invariants and that they share one clock.
     *
     * @throws IllegalStateException naming the first violation found
     */
    public void checkInvariants() {
        for (KeyedTimerStripe<K, V> s : stripes) {
            s.checkInvariants();
            if (s.now() != now()) {
                throw Checks.state("stripe " + s.index + " at " + s.now() + ", stripe 0 at " + now());
            }
        }
    }
}
