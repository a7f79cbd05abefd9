package io.github.radixwheel.benchmarks.peers.eventlist;

import io.github.radixwheel.alarms.FutureEventList;
import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import nl.tudelft.simulation.dsol.eventlists.EventListInterface;
import nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEventInterface;

/**
 * DSOL's event-list interface on radixwheel's {@link FutureEventList}: the adapter a DSOL user
 * writes, as the README describes it. DSOL orders events by time, then by priority, higher first,
 * then by id (creation order); the list orders by time, then priority, lower first, then
 * scheduling order, so a DSOL priority {@code p} becomes {@code ~p}, and events of equal time and
 * priority come in the order they were added, which is their id order when a simulator schedules
 * each event as it creates it.
 *
 * <p>DSOL's events have no field for a handle, so {@code remove} and {@code contains} need a map
 * from events to handles. It is built on the first call of either (O(n), from the pending events)
 * and kept from then on: a simulation that never cancels an event pays nothing for it. The map is
 * primitive-valued, and keyed by {@code equals}, which DSOL's events leave as identity: a hold
 * allocates nothing either way.
 *
 * <p>Not thread-safe, unlike DSOL's own lists, whose {@code removeFirst} is synchronized.
 */
public final class DsolFutureEventList implements EventListInterface<Double> {
    private static final long serialVersionUID = 1L;

    /** DSOL's interface is {@code Serializable}; this adapter is not (serializing it throws), as the list is not. */
    @SuppressWarnings("serial")
    private final FutureEventList<SimEventInterface<Double>> list;
    /** Each pending event's handle; null until {@code remove} or {@code contains} is first called. */
    private Object2LongOpenHashMap<SimEventInterface<Double>> handles;

    /**
     * @param capacity the events to allocate room for up front
     */
    public DsolFutureEventList(int capacity) {
        list = new FutureEventList<>(0.0, capacity);
    }

    private Object2LongOpenHashMap<SimEventInterface<Double>> handles() {
        if (handles == null) {
            Object2LongOpenHashMap<SimEventInterface<Double>> map = new Object2LongOpenHashMap<>(list.size());
            list.forEachInOrder((handle, time, priority, event) -> map.put(event, handle));
            handles = map;
        }
        return handles;
    }

    @Override
    public void add(SimEventInterface<Double> event) {
        long handle = list.add(event.getAbsoluteExecutionTime(), ~event.getPriority(), event);
        if (handles != null) {
            handles.put(event, handle);
        }
    }

    @Override
    public SimEventInterface<Double> first() {
        return list.peekFirst();
    }

    @Override
    public SimEventInterface<Double> removeFirst() {
        SimEventInterface<Double> event = list.pollFirst();
        if (event != null && handles != null) {
            handles.removeLong(event);
        }
        return event;
    }

    @Override
    public boolean remove(SimEventInterface<Double> event) {
        Object2LongOpenHashMap<SimEventInterface<Double>> map = handles();
        return map.containsKey(event) && list.remove(map.removeLong(event));
    }

    @Override
    public boolean contains(SimEventInterface<Double> event) {
        return handles().containsKey(event);
    }

    @Override
    public void clear() {
        list.clear();
        if (handles != null) {
            handles.clear();
        }
    }

    @Override
    public boolean isEmpty() {
        return list.isEmpty();
    }

    @Override
    public int size() {
        return list.size();
    }

    /** {@return the pending events in order, from a copy: removing through it is not supported} */
    @Override
    public Iterator<SimEventInterface<Double>> iterator() {
        List<SimEventInterface<Double>> events = new ArrayList<>(list.size());
        list.forEachInOrder((handle, time, priority, event) -> events.add(event));
        return Collections.unmodifiableList(events).iterator();
    }

    /** {@return the time of the last event taken, or 0.0} */
    public double now() {
        return list.now();
    }
}
