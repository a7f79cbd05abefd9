package com.github.benmanes.caffeine.cache;

import io.github.radixwheel.benchmarks.peers.FreeIds;
import io.github.radixwheel.benchmarks.peers.TimerAdapter;
import io.github.radixwheel.benchmarks.peers.TimerListener;

/**
 * Caffeine's hierarchical {@link TimerWheel} (the structure behind {@code expireAfter(Expiry)}),
 * driven by hand on a virtual clock. It lives in Caffeine's package because {@code TimerWheel},
 * {@code Node} and {@code BoundedLocalCache} are package-private.
 *
 * <p><b>Nodes.</b> Each timer is a pooled {@link PSA} node: the class a cache built with strong
 * keys, strong values and variable expiration (and no maximum size) uses, and the lightest
 * generated node that supports variable expiration (a key, a value, the time, and the two links
 * of the variable-order list; expire-after-access and variable expiration share those fields).
 * The pooled subclass adds the timer's id, which fits in the node's padding (40 bytes either way).
 * {@link #schedule} sets the node's value and variable time and calls {@code schedule(node)}; {@link #reschedule} sets it and calls {@code reschedule(node)};
 * {@link #cancel} is {@code deschedule(node)}; all O(1). A node is pending while it is linked.
 *
 * <p><b>Advancing.</b> {@link #advanceTo} is {@code advance(cache, nanos, Integer.MAX_VALUE)}.
 * {@code advance} walks the buckets whose span has passed, level by level, and for each node
 * either re-schedules it (its time is still ahead) or calls {@code cache.evictEntry(node,
 * RemovalCause.EXPIRED, nanos)}. That is all it needs from the {@code BoundedLocalCache}: the real
 * {@code evictEntry} looks the node up in the cache's map, re-checks expiry, notifies listeners and
 * returns whether it evicted (if not, the wheel re-schedules the node). The adapter passes a
 * {@code BoundedLocalCache} subclass built from a default {@code Caffeine.newBuilder()} whose
 * {@code evictEntry} records the firing and returns true, as Caffeine's own
 * {@code TimerWheelBenchmark} does with its mock cache. (A real cache bounds each maintenance
 * run to 1,000 evictions; the adapter lets one call fire everything.)
 *
 * <p><b>Time and exactness.</b> Caffeine's wheel is fixed in nanoseconds: level 0 has 64 buckets of
 * 2^30 ns, then 64 of 2^36, 32 of 2^42, 4 of 2^46 and one overflow bucket. A time unit here is
 * {@code 2^unitShift} ns. {@code advance} processes a bucket only when its span has started, so
 * nothing fires early (a node fires only if its time is {@code <= now}), but a timer due inside
 * the level-0 span that contains {@code now} waits until the clock enters the next span: a timer
 * fires at most {@code 2^30} ns (one level-0 bucket) late. With {@code unitShift = 30} one unit is
 * one level-0 bucket, every deadline is a bucket boundary, and firing is exact.
 *
 * <p><b>Missing.</b> No exact next-expiry query: {@code getExpirationDelay()} returns the delay to
 * the next non-empty bucket's boundary (and to level boundaries above), a wake-up hint rather
 * than the earliest deadline. The wheel keeps no count; the adapter counts pending timers itself.
 */
public final class CaffeineTimerWheelAdapter extends TimerAdapter {
    /** A pooled node that knows its timer's id. */
    static final class Timer extends PSA<Object, Object> {
        final int id;

        Timer(int id) {
            this.id = id;
        }
    }

    /** The cache argument of {@code advance}: fires each expired node instead of evicting it. */
    final class FiringCache extends BoundedLocalCache<Object, Object> {
        @SuppressWarnings({"rawtypes", "unchecked"})
        FiringCache() {
            super((Caffeine) Caffeine.newBuilder(), null, false);
        }

        @Override
        boolean evictEntry(Node<Object, Object> node, RemovalCause cause, long now) {
            int id = ((Timer) node).id;
            Object payload = node.getValue();
            node.die();
            size--;
            ids.give(id);
            fired(id, payload);
            return true;
        }
    }

    private final TimerWheel<Object, Object> wheel = new TimerWheel<>();
    private final FiringCache cache = new FiringCache();
    private final int unitShift;
    private final Timer[] timers;
    private final FreeIds ids;
    private int size;

    /**
     * @param unitShift nanoseconds per time unit, as a power of two, in {@code [0, 30]}; 30 makes
     *     firing exact, smaller values let a timer fire up to {@code 2^(30 - unitShift)} units late
     * @param capacity the most timers pending at once
     * @param listener receives each fired timer
     */
    public CaffeineTimerWheelAdapter(int unitShift, int capacity, TimerListener listener) {
        super(listener);
        if (unitShift < 0 || unitShift > 30) {
            throw new IllegalArgumentException("unitShift: " + unitShift + " (expected: 0..30)");
        }
        this.unitShift = unitShift;
        this.timers = new Timer[capacity];
        this.ids = new FreeIds(capacity);
    }

    @Override
    public String name() {
        return "Caffeine TimerWheel";
    }

    @Override
    public long schedule(long deadline, Object payload) {
        checkSchedule(deadline, payload);
        int id = ids.take();
        Timer timer = timers[id];
        if (timer == null) {
            timer = new Timer(id);
            timers[id] = timer;
        }
        timer.setValue(payload, null);
        timer.setVariableTime(deadline << unitShift);
        wheel.schedule(timer);
        size++;
        return id;
    }

    private Timer pendingTimer(long id) {
        Timer timer = ids.inRange(id) ? timers[(int) id] : null;
        return timer != null && timer.getNextInVariableOrder() != null ? timer : null;
    }

    @Override
    public boolean cancel(long id) {
        Timer timer = pendingTimer(id);
        if (timer == null) {
            return false;
        }
        wheel.deschedule(timer);
        timer.die();
        ids.give(timer.id);
        size--;
        return true;
    }

    @Override
    public boolean reschedule(long id, long deadline) {
        checkFuture(deadline);
        Timer timer = pendingTimer(id);
        if (timer == null) {
            return false;
        }
        timer.setVariableTime(deadline << unitShift);
        wheel.reschedule(timer);
        return true;
    }

    @Override
    protected void fireDue(long now) {
        wheel.advance(cache, now << unitShift, Integer.MAX_VALUE);
    }

    @Override
    public long nextExpiry() {
        throw unsupported("exact next-expiry query",
                "getExpirationDelay() gives only the delay to the next bucket boundary, a wake-up hint");
    }

    @Override
    public long fireNext() {
        throw unsupported("way to take the next timer", "it has no exact next-expiry query");
    }

    @Override
    public int size() {
        return size;
    }

    /** @return the timer wheel */
    @Override
    public Object structure() {
        return wheel;
    }
}
