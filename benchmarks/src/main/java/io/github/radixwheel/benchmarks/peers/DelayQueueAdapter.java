package io.github.radixwheel.benchmarks.peers;

import java.util.Arrays;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;

/**
 * {@link DelayQueue} of pooled elements whose {@link Delayed#getDelay} reads the adapter's virtual
 * clock (one time unit is treated as one nanosecond for {@code TimeUnit} conversions).
 *
 * <p><b>Driving it.</b> {@link #schedule} offers the slot's element; {@link #advanceTo} sets the
 * clock and calls {@code poll()} until it returns null: {@code poll()} hands out the head only
 * when its delay is {@code <= 0}, that is when its deadline is {@code <= now}, so firing is exact.
 * {@link #cancel} is {@code remove(Object)}, a linear scan of the backing heap (O(n): the queue has
 * no indexed removal). {@link #nextExpiry} is {@code peek()}'s deadline, exact and O(1). Every
 * call takes the queue's {@code ReentrantLock} (uncontended here).
 *
 * <p><b>Missing.</b> No reschedule: only {@code remove} (O(n)) and {@code offer} anew, which throws
 * {@link UnsupportedOperationException}.
 */
public final class DelayQueueAdapter implements TimerAdapter {
    /** A pooled queue element: a deadline on the adapter's clock. */
    final class Element implements Delayed {
        final int slot;
        long deadline;

        Element(int slot) {
            this.slot = slot;
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(deadline - now, TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed o) {
            return Long.compare(deadline, ((Element) o).deadline);
        }
    }

    private final DelayQueue<Element> queue = new DelayQueue<>();
    private final IdSlots slots;
    private final Listener listener;
    private Element[] elements;
    private long now;

    /**
     * @param initialCapacity element slots to create room for up front
     * @param listener receives each fired timer
     */
    public DelayQueueAdapter(int initialCapacity, Listener listener) {
        this.slots = new IdSlots(Math.max(1, initialCapacity), Integer.MAX_VALUE - 8);
        this.elements = new Element[slots.capacity()];
        this.listener = listener;
    }

    @Override
    public String name() {
        return "java.util.concurrent.DelayQueue";
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public long schedule(long deadline) {
        TimerAdapter.checkFuture(this, deadline);
        int slot = slots.allocate();
        if (slot >= elements.length) {
            elements = Arrays.copyOf(elements, slots.capacity());
        }
        Element e = elements[slot];
        if (e == null) {
            e = new Element(slot);
            elements[slot] = e;
        }
        e.deadline = deadline;
        queue.offer(e);
        return slots.id(slot);
    }

    @Override
    public boolean cancel(long id) {
        int slot = slots.slotOf(id);
        if (slot < 0) {
            return false;
        }
        if (!queue.remove(elements[slot])) {
            throw new IllegalStateException(name() + ": pending element " + slot + " was not in the queue");
        }
        slots.release(slot);
        return true;
    }

    @Override
    public boolean reschedule(long id, long deadline) {
        throw TimerAdapter.unsupported(this, "reschedule",
                "an element's delay is fixed while queued; only remove(Object), an O(n) scan, and offer anew");
    }

    @Override
    public int advanceTo(long to) {
        TimerAdapter.checkNotBackwards(this, to);
        now = to;
        int fired = 0;
        Element e;
        while ((e = queue.poll()) != null) {
            long id = slots.id(e.slot);
            slots.release(e.slot);
            fired++;
            listener.onFire(id);
        }
        return fired;
    }

    @Override
    public long nextExpiry() {
        Element e = queue.peek();
        return e == null ? Long.MAX_VALUE : e.deadline;
    }

    @Override
    public int size() {
        return queue.size();
    }
}
