package io.github.radixwheel.benchmarks.peers.eventlist;

import io.github.radixwheel.alarms.FutureEventList;
import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.eventlist.EventList;

/**
 * SSJ's event-list interface on radixwheel's {@link FutureEventList}: the adapter an SSJ user
 * writes, as the README describes it. SSJ orders events by time, then by priority, lower first,
 * then by scheduling order, as the list does; its priorities are {@code double}s, and this adapter
 * takes those that are integers in {@code int} range (SSJ's default is 1), refusing others with
 * {@link IllegalArgumentException}.
 *
 * <p>SSJ's {@code addFirst} (an event scheduled with {@code scheduleNext}, at the current time)
 * puts the event at the very front of the list whatever its priority: the list's {@code addFirst}
 * where no pending event comes before its time and priority, else {@code addBefore} the first
 * event. {@code addBefore} and {@code addAfter} give the event the other's time and priority, as
 * SSJ's {@code scheduleBefore} and {@code scheduleAfter} do. SSJ's simulator restarts its clock at 0
 * when it clears the list, so {@link #clear} is {@code reset(0.0)}.
 *
 * <p>Handles: a map from events to handles, built on the first call that needs one ({@code
 * remove}, {@code addBefore}, {@code addAfter}), from the pending events, and kept from then on, so
 * that a simulation that never cancels pays nothing for it (SSJ's events keep an {@code int} for
 * their list, too small for a handle). Listing ({@code iterator}, {@code listIterator},
 * {@code getFirstOfClass}) walks a sorted copy; its iterators do not remove.
 *
 * <p>Not thread-safe, as SSJ's own lists are not.
 */
public final class SsjFutureEventList implements EventList {
    private final FutureEventList<Event> list;
    /** Each pending event's handle; null until a call first needs one. */
    private Object2LongOpenHashMap<Event> handles;

    /**
     * @param capacity the events to allocate room for up front
     */
    public SsjFutureEventList(int capacity) {
        list = new FutureEventList<>(0.0, capacity);
    }

    private static int priority(Event event) {
        double p = event.priority();
        int q = (int) p;
        if (q != p) {
            throw new IllegalArgumentException("priority: " + p + " (expected an integer in int range)");
        }
        return q;
    }

    private Object2LongOpenHashMap<Event> handles() {
        if (handles == null) {
            Object2LongOpenHashMap<Event> map = new Object2LongOpenHashMap<>(list.size());
            list.forEachInOrder((handle, time, priority, event) -> map.put(event, handle));
            handles = map;
        }
        return handles;
    }

    private long handleOf(Event other) {
        Object2LongOpenHashMap<Event> map = handles();
        if (!map.containsKey(other)) {
            throw new IllegalArgumentException("not in the event list: " + other);
        }
        return map.getLong(other);
    }

    private void added(Event event, long handle) {
        if (handles != null) {
            handles.put(event, handle);
        }
    }

    @Override
    public boolean isEmpty() {
        return list.isEmpty();
    }

    @Override
    public void clear() {
        list.reset(0.0);
        if (handles != null) {
            handles.clear();
        }
    }

    @Override
    public void add(Event event) {
        added(event, list.add(event.time(), priority(event), event));
    }

    @Override
    public void addFirst(Event event) {
        double time = event.time();
        int priority = priority(event);
        long first = list.firstHandle();
        boolean front = first == 0 || time < list.time(first)
                || time == list.time(first) && priority <= list.priority(first);
        added(event, front ? list.addFirst(time, priority, event) : list.addBefore(first, event));
    }

    @Override
    public void addBefore(Event event, Event other) {
        added(event, list.addBefore(handleOf(other), event));
    }

    @Override
    public void addAfter(Event event, Event other) {
        added(event, list.addAfter(handleOf(other), event));
    }

    @Override
    public Event getFirst() {
        return list.peekFirst();
    }

    @Override
    public Event getFirstOfClass(String className) {
        for (Event e : inOrder()) {
            if (e.getClass().getName().equals(className)) {
                return e;
            }
        }
        return null;
    }

    @Override
    public <E extends Event> E getFirstOfClass(Class<E> type) {
        for (Event e : inOrder()) {
            if (e.getClass() == type) {
                return type.cast(e);
            }
        }
        return null;
    }

    @Override
    public Iterator<Event> iterator() {
        return listIterator();
    }

    @Override
    public ListIterator<Event> listIterator() {
        return Collections.unmodifiableList(inOrder()).listIterator();
    }

    private List<Event> inOrder() {
        List<Event> events = new ArrayList<>(list.size());
        list.forEachInOrder((handle, time, priority, event) -> events.add(event));
        return events;
    }

    @Override
    public boolean remove(Event event) {
        Object2LongOpenHashMap<Event> map = handles();
        return map.containsKey(event) && list.remove(map.removeLong(event));
    }

    @Override
    public Event removeFirst() {
        Event event = list.pollFirst();
        if (event != null && handles != null) {
            handles.removeLong(event);
        }
        return event;
    }

    /** {@return the number of pending events} */
    public int size() {
        return list.size();
    }

    @Override
    public String toString() {
        return "SsjFutureEventList" + inOrder();
    }
}
