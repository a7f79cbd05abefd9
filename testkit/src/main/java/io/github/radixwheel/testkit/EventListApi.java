package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.EventConsumer;
import io.github.radixwheel.alarms.FutureEventList;

/** The public methods that {@code FutureEventList} and {@link ReferenceEventList} share, so that one driver runs both. */
interface EventListApi<E> {
    double now();

    int size();

    boolean isEmpty();

    long add(double time, E event);

    long add(double time, int priority, E event);

    long addFirst(double time, int priority, E event);

    long addBefore(long handle, E event);

    long addAfter(long handle, E event);

    boolean contains(long handle);

    boolean remove(long handle);

    void reschedule(long handle, double time);

    double time(long handle);

    int priority(long handle);

    E event(long handle);

    E setEvent(long handle, E event);

    long firstHandle();

    double firstTime();

    E peekFirst();

    E pollFirst();

    boolean pollFirst(EventConsumer<? super E> action);

    void forEachInOrder(EventConsumer<? super E> action);

    void clear();

    void reset(double now);

    void trimToSize();

    void checkInvariants();

    static <E> EventListApi<E> of(FutureEventList<E> l) {
        return new EventListApi<>() {
            @Override public double now() { return l.now(); }
            @Override public int size() { return l.size(); }
            @Override public boolean isEmpty() { return l.isEmpty(); }
            @Override public long add(double time, E event) { return l.add(time, event); }
            @Override public long add(double time, int priority, E event) { return l.add(time, priority, event); }
            @Override public long addFirst(double time, int priority, E event) { return l.addFirst(time, priority, event); }
            @Override public long addBefore(long handle, E event) { return l.addBefore(handle, event); }
            @Override public long addAfter(long handle, E event) { return l.addAfter(handle, event); }
            @Override public boolean contains(long handle) { return l.contains(handle); }
            @Override public boolean remove(long handle) { return l.remove(handle); }
            @Override public void reschedule(long handle, double time) { l.reschedule(handle, time); }
            @Override public double time(long handle) { return l.time(handle); }
            @Override public int priority(long handle) { return l.priority(handle); }
            @Override public E event(long handle) { return l.event(handle); }
            @Override public E setEvent(long handle, E event) { return l.setEvent(handle, event); }
            @Override public long firstHandle() { return l.firstHandle(); }
            @Override public double firstTime() { return l.firstTime(); }
            @Override public E peekFirst() { return l.peekFirst(); }
            @Override public E pollFirst() { return l.pollFirst(); }
            @Override public boolean pollFirst(EventConsumer<? super E> action) { return l.pollFirst(action); }
            @Override public void forEachInOrder(EventConsumer<? super E> action) { l.forEachInOrder(action); }
            @Override public void clear() { l.clear(); }
            @Override public void reset(double now) { l.reset(now); }
            @Override public void trimToSize() { l.trimToSize(); }
            @Override public void checkInvariants() { l.checkInvariants(); }
            @Override public String toString() { return l.toString(); }
        };
    }

    static <E> EventListApi<E> of(ReferenceEventList<E> l) {
        return new EventListApi<>() {
            @Override public double now() { return l.now(); }
            @Override public int size() { return l.size(); }
            @Override public boolean isEmpty() { return l.isEmpty(); }
            @Override public long add(double time, E event) { return l.add(time, event); }
            @Override public long add(double time, int priority, E event) { return l.add(time, priority, event); }
            @Override public long addFirst(double time, int priority, E event) { return l.addFirst(time, priority, event); }
            @Override public long addBefore(long handle, E event) { return l.addBefore(handle, event); }
            @Override public long addAfter(long handle, E event) { return l.addAfter(handle, event); }
            @Override public boolean contains(long handle) { return l.contains(handle); }
            @Override public boolean remove(long handle) { return l.remove(handle); }
            @Override public void reschedule(long handle, double time) { l.reschedule(handle, time); }
            @Override public double time(long handle) { return l.time(handle); }
            @Override public int priority(long handle) { return l.priority(handle); }
            @Override public E event(long handle) { return l.event(handle); }
            @Override public E setEvent(long handle, E event) { return l.setEvent(handle, event); }
            @Override public long firstHandle() { return l.firstHandle(); }
            @Override public double firstTime() { return l.firstTime(); }
            @Override public E peekFirst() { return l.peekFirst(); }
            @Override public E pollFirst() { return l.pollFirst(); }
            @Override public boolean pollFirst(EventConsumer<? super E> action) { return l.pollFirst(action); }
            @Override public void forEachInOrder(EventConsumer<? super E> action) { l.forEachInOrder(action); }
            @Override public void clear() { l.clear(); }
            @Override public void reset(double now) { l.reset(now); }
            @Override public void trimToSize() { l.trimToSize(); }
            @Override public void checkInvariants() { l.checkInvariants(); }
            @Override public String toString() { return l.toString(); }
        };
    }
}
