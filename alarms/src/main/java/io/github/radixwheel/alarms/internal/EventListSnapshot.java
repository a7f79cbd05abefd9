package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.core.internal.HandleWheel;

/**
 * The pending events in delivery order, copied out of the wheel, for an ordered walk and for
 * {@code toString}. The wheel's own ordered walk gives (time, scheduling order); each time's
 * events are then sorted stably by priority. O(n log n); allocates O(n).
 */
public final class EventListSnapshot {
    private final long[] handles;
    private final long[] keys;
    private final int[] priorities;
    private final Object[] events;
    /** Positions in the arrays, in delivery order. */
    private final int[] order;
    private int count;

    private EventListSnapshot(int size) {
        handles = new long[size];
        keys = new long[size];
        priorities = new int[size];
        events = new Object[size];
        order = new int[size];
    }

    /**
     * Copies every event of {@code wheel}; the caller holds the iteration guard.
     *
     * @param wheel the wheel: keys are times ({@link EventListTimes}), alarm times are priorities
     */
    public static EventListSnapshot of(HandleWheel<?> wheel) {
        EventListSnapshot s = new EventListSnapshot(wheel.size());
        wheel.forEachInOrder((handle, key, priority, event) -> s.add(handle, key, (int) priority, event), Integer.MAX_VALUE);
        s.sortEachTimeByPriority();
        return s;
    }

    private void add(long handle, long key, int priority, Object event) {
        handles[count] = handle;
        keys[count] = key;
        priorities[count] = priority;
        events[count] = event;
        count++;
    }

    private void sortEachTimeByPriority() {
        long[] packed = new long[count];
        long[] buffer = new long[count];
        for (int from = 0; from < count; ) {
            int to = from + 1;
            while (to < count && keys[to] == keys[from]) {
                to++;
            }
            int n = to - from;
            for (int i = 0; i < n; i++) {
                packed[i] = ((long) priorities[from + i] << 32) | (from + i);
            }
            long[] sorted = EventListSort.sort(packed, buffer, n);
            for (int i = 0; i < n; i++) {
                order[from + i] = (int) sorted[i];
            }
            from = to;
        }
    }

    /** {@return the number of events} */
    public int size() {
        return count;
    }

    /** {@return the handle of the {@code i}-th event in delivery order} */
    public long handle(int i) {
        return handles[order[i]];
    }

    /** {@return the time of the {@code i}-th event} */
    public double time(int i) {
        return EventListTimes.time(keys[order[i]]);
    }

    /** {@return the priority of the {@code i}-th event} */
    public int priority(int i) {
        return priorities[order[i]];
    }

    /** {@return the {@code i}-th event} */
    public Object event(int i) {
        return events[order[i]];
    }
}
