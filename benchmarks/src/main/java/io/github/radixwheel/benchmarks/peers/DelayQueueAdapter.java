package io.github.radixwheel.benchmarks.peers;

import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;

/**
 * {@link DelayQueue} of pooled elements whose {@link Delayed#getDelay} reads a virtual clock (one
 * time unit is one nanosecond for {@code TimeUnit} conversions). Due timers are the queue's own
 * {@code poll()}, which hands out the head only once its delay is {@code <= 0}, so firing is exact;
 * every call takes the queue's (uncontended) lock. See {@link EntryQueueAdapter} for the rest.
 *
 * <p>Each element references the adapter's clock object besides its deadline and id.
 */
public final class DelayQueueAdapter extends EntryQueueAdapter<DelayQueueAdapter.Element> {
    /** The time the elements' delays are measured from. */
    static final class Clock {
        long now;
    }

    /** An element whose delay runs on {@link Clock}. */
    static final class Element extends EntryQueueAdapter.Entry implements Delayed {
        private final Clock clock;

        Element(int id, Clock clock) {
            super(id);
            this.clock = clock;
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(deadline - clock.now, TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed o) {
            return Long.compare(deadline, ((Element) o).deadline);
        }
    }

    private final Clock clock = new Clock();

    /**
     * @param capacity the most timers pending at once
     * @param listener receives each fired timer
     */
    public DelayQueueAdapter(int capacity, TimerListener listener) {
        super(new DelayQueue<>(), capacity, listener);
    }

    @Override
    public String name() {
        return "java.util.concurrent.DelayQueue";
    }

    @Override
    Element newEntry(int id) {
        return new Element(id, clock);
    }

    @Override
    Element pollDue(long now) {
        clock.now = now;
        return queue.poll();
    }

    /** A simulator waits until the head is due: the clock moves to its deadline, then {@code poll()}. */
    @Override
    Element pollHead() {
        Element head = queue.peek();
        if (head == null) {
            return null;
        }
        clock.now = Math.max(clock.now, head.deadline);
        return queue.poll();
    }
}
