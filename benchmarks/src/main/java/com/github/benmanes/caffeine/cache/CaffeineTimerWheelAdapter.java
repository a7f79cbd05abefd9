package com.github.benmanes.caffeine.cache;

import io.github.radixwheel.benchmarks.peers.IdSlots;
import io.github.radixwheel.benchmarks.peers.TimerAdapter;
import io.github.radixwheel.benchmarks.peers.VirtualClockAdapter;

/**
 * Caffeine's hierarchical {@link TimerWheel} (the structure behind {@code expireAfter(Expiry)}),
 * driven by hand on a virtual clock. It lives in Caffeine's package because {@code TimerWheel},
 * {@code Node} and {@code BoundedLocalCache} are package-private.
 *
 * <p><b>Nodes.</b> Each timer is a pooled {@link PSA} node: the class a cache built with strong
 * keys, strong values and variable expiration (and no maximum size) uses, and the lightest
 * generated node that supports variable expiration (a key, a value, the time, and the two links
 * of the variable-order list; expire-after-access and variable expiration share those fields).
 * Its key reference is the slot number (an {@code Integer} boxed once per slot); the value is
 * null. {@link #schedule} sets the node's variable time and calls {@code schedule(node)};
 * {@link #reschedule} sets it and calls {@code reschedule(node)}; {@link #cancel} is
 * {@code deschedule(node)}; all O(1).
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
 * than the earliest deadline, so {@link #nextExpiry} throws {@link UnsupportedOperationException}.
 * The wheel keeps no count; the adapter counts pending timers itself.
 */
public final class CaffeineTimerWheelAdapter extends VirtualClockAdapter {
    /** The cache argument of {@code advance}: records each expired node instead of evicting it. */
    final class FiringCache extends BoundedLocalCache<Object, Object> {
        @SuppressWarnings({"rawtypes", "unchecked"})
        FiringCache() {
            super((Caffeine) Caffeine.newBuilder(), null, false);
        }

        @Override
        boolean evictEntry(Node<Object, Object> node, RemovalCause cause, long now) {
            onExpired((Integer) node.getKeyReference());
            return true;
        }
    }

    private final TimerWheel<Object, Object> wheel = new TimerWheel<>();
    private final FiringCache cache = new FiringCache();
    private final int unitShift;
    private final IdSlots<PSA<Object, Object>> slots;
    private int size;

    /**
     * @param unitShift nanoseconds per time unit, as a power of two, in {@code [0, 30]}; 30 makes
     *     firing exact, smaller values let a timer fire up to {@code 2^(30 - unitShift)} units late
     * @param initialCapacity node slots to create room for up front
     * @param listener receives each fired timer
     */
    public CaffeineTimerWheelAdapter(int unitShift, int initialCapacity, Listener listener) {
        super(listener);
        if (unitShift < 0 || unitShift > 30) {
            throw new IllegalArgumentException("unitShift " + unitShift + " is not in [0, 30]");
        }
        this.unitShift = unitShift;
        this.slots = IdSlots.pooling(initialCapacity, slot -> new PSA<>(Integer.valueOf(slot), null, null, 1, 0L));
    }

    /**
     * Caffeine's structure alone, for the footprint measurement: a {@link TimerWheel} holding one
     * {@link PSA} node per deadline, as this adapter schedules them, with every node's key
     * reference set to the one shared {@code key} and a null value (so neither the user's keys
     * nor values are counted, only the node's slots for them). Nothing of the adapter is reachable.
     *
     * @param unitShift nanoseconds per time unit, as a power of two
     * @param key the key object every node shares
     * @param deadlines the deadlines, each {@code >= 1}
     * @return the wheel, from which every node is reachable
     */
    public static Object footprintRoot(int unitShift, Object key, long[] deadlines) {
        TimerWheel<Object, Object> wheel = new TimerWheel<>();
        for (long d : deadlines) {
            PSA<Object, Object> node = new PSA<>(key, null, null, 1, 0L);
            node.setVariableTime(d << unitShift);
            wheel.schedule(node);
        }
        return wheel;
    }

    @Override
    public String name() {
        return "Caffeine TimerWheel";
    }

    private long nanos(long time) {
        return time << unitShift;
    }

    @Override
    public long schedule(long deadline) {
        TimerAdapter.checkFuture(this, deadline);
        int slot = slots.allocate();
        PSA<Object, Object> node = slots.object(slot);
        node.setVariableTime(nanos(deadline));
        wheel.schedule(node);
        size++;
        return slots.id(slot);
    }

    @Override
    public boolean cancel(long id) {
        int slot = slots.slotOf(id);
        if (slot < 0) {
            return false;
        }
        wheel.deschedule(slots.object(slot));
        slots.release(slot);
        size--;
        return true;
    }

    @Override
    public boolean reschedule(long id, long deadline) {
        TimerAdapter.checkFuture(this, deadline);
        int slot = slots.slotOf(id);
        if (slot < 0) {
            return false;
        }
        PSA<Object, Object> node = slots.object(slot);
        node.setVariableTime(nanos(deadline));
        wheel.reschedule(node);
        return true;
    }

    @Override
    protected void fireDue(long now) {
        wheel.advance(cache, nanos(now), Integer.MAX_VALUE);
    }

    void onExpired(int slot) {
        size--;
        fired(slots.release(slot));
    }

    @Override
    public long nextExpiry() {
        throw TimerAdapter.unsupported(this, "exact next-expiry query",
                "getExpirationDelay() gives only the delay to the next bucket boundary, a wake-up hint");
    }

    @Override
    public int size() {
        return size;
    }
}
