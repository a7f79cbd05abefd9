package io.github.radixwheel.benchmarks.peers;

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
public final class DelayQueueAdapter extends PooledEntryQueueAdapter<DelayQueueAdapter.Element> {
    /** A pooled queue element: a deadline on the adapter's clock. */
    final class Element extends TimerEntry implements Delayed {
        Element(int slot) {
            super(slot);
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(deadline - now(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed o) {
            return Long.compare(deadline, ((Element) o).deadline);
        }
    }

    /**
     * @param initialCapacity element slots to create room for up front
     * @param listener receives each fired timer
     */
    public DelayQueueAdapter(int initialCapacity, Listener listener) {
        super(new DelayQueue<>(), initialCapacity, listener);
    }

    @Override
    public String name() {
        return "java.util.concurrent.DelayQueue";
    }

    @Override
    Element newEntry(int slot) {
        return new Element(slot);
    }

    /** The queue's own {@code poll()}: it hands out the head only once its delay is {@code <= 0}. */
    @Override
    Element pollDue(long now) {
        return queue.poll();
    }

    @Override
    public boolean reschedule(long id, long deadline) {
        throw TimerAdapter.unsupported(this, "reschedule",
                "an element's delay is fixed while queued; only remove(Object), an O(n) scan, and offer anew");
    }
}
