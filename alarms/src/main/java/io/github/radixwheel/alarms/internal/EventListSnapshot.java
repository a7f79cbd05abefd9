package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.core.internal.HandleWheel;
import java.util.Arrays;

/**
 * The pending events in delivery order, copied out of both tiers, for an ordered walk and for
 * {@code toString}. The front's buckets and the wheel's ordered walk give each (time, priority)
 * group in scheduling order; a stable sort by (time, priority) then puts every event in its place.
 * O(n log n); allocates O(n).
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
     * Copies every event of both tiers; the caller holds the iteration guard.
     *
     * @param wheel the wheel: keys are times ({@link EventListTimes}), alarm times are priorities
     * @param tiers the tiers over it
     */
    public static EventListSnapshot of(HandleWheel<?> wheel, EventListCalendar tiers) {
        EventListSnapshot s = new EventListSnapshot(tiers.size());
        tiers.forEachInFront((e, key) -> s.add(wheel.handleOf(e), key, (int) wheel.alarmTimeOf(e), wheel.valueOf(e)));
        wheel.forEachInOrder((handle, key, priority, event) -> s.add(handle, key, (int) priority, event), Integer.MAX_VALUE);
        s.sortByTimeThenPriority();
        return s;
    }

    private void add(long handle, long key, int priority, Object event) {
        handles[count] = handle;
        keys[count] = key;
        priorities[count] = priority;
        events[count] = event;
        count++;
    }

    /** Stable: events of one time and priority stay in the order they were added, their scheduling order. */
    private void sortByTimeThenPriority() {
        Integer[] positions = new Integer[count];
        for (int i = 0; i < count; i++) {
            positions[i] = i;
        }
        Arrays.sort(positions, (a, b) -> keys[a] != keys[b] ? Long.compare(keys[a], keys[b])
                : Integer.compare(priorities[a], priorities[b]));
        for (int i = 0; i < count; i++) {
            order[i] = positions[i];
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
