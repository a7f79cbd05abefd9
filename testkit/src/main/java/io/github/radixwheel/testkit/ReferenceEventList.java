package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.EventConsumer;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A plain model of {@code FutureEventList}, a simulator's pending events in {@code double} time:
 * the same public methods, results and exceptions, built on a sorted map from
 * {@code (time, priority)} to a list of events in scheduling order. Obviously correct rather than
 * fast: use it as the expected side of a differential test.
 *
 * <p><b>Order.</b> {@code (time, priority, scheduling order)}: exact comparison of times (no
 * rounding; {@code -0.0} equals {@code 0.0} and is stored as {@code 0.0}; {@code +∞} sorts last),
 * then the lower priority first, then the first scheduled first. {@link #add} and
 * {@link #reschedule} schedule at the back of their {@code (time, priority)} group,
 * {@link #addFirst} at its front, {@link #addBefore}/{@link #addAfter} next to a given event.
 *
 * <p><b>Times.</b> {@link #now()} starts at the start time and becomes the time of each event taken
 * by {@link #pollFirst()}; an event's time must not be NaN nor below {@code now()}.
 *
 * <p><b>Handles</b> are this model's own, unique across every model of the JVM, never 0 and never
 * reused.
 *
 * <p><b>Actions may use the list.</b> Inside the action of {@link #pollFirst(EventConsumer)}
 * every method works (an event scheduled at {@code now()} is taken later, in order), but a nested
 * {@code pollFirst} throws {@link IllegalStateException}. If the action throws, the event stays
 * removed and everything else stays. An action of {@link #forEachInOrder} that modifies the list
 * gets a {@link java.util.ConcurrentModificationException}, and the list is unchanged.
 *
 * <p><b>Not thread-safe.</b> Every operation costs O(size) or O(log size) at worst.
 *
 * @param <E> the type of the events; never null
 */
public final class ReferenceEventList<E> {
    /** A group of the order: one time and one priority. */
    private record Slot(double time, int priority) implements Comparable<Slot> {
        @Override
        public int compareTo(Slot o) {
            int c = Double.compare(time, o.time);
            return c != 0 ? c : Integer.compare(priority, o.priority);
        }
    }

    private final ModelOrder<Slot, E> order = new ModelOrder<>();
    private double now;

    /** An empty list whose {@link #now()} is 0.0. */
    public ReferenceEventList() {
        this(0.0);
    }

    /**
     * An empty list whose {@link #now()} is {@code start}.
     *
     * @param start the initial time
     * @throws IllegalArgumentException if {@code start} is NaN, infinite or negative
     */
    public ReferenceEventList(double start) {
        checkStart("start", start);
        this.now = start + 0.0;
    }

    /**
     * As {@link #ReferenceEventList(double)}, for code that builds the real list with an initial
     * capacity: the model allocates nothing up front, and refuses the arguments the real list refuses
     * (not a capacity that the real list cannot allocate in the heap at hand).
     *
     * @param start the initial time
     * @param initialCapacity the real list's initial capacity, {@code 0..2^30}
     * @throws IllegalArgumentException if {@code start} is NaN, infinite or negative, or if
     *     {@code initialCapacity} is negative or above 2^30
     */
    public ReferenceEventList(double start, int initialCapacity) {
        this(start);
        Levels.checkInitialCapacity(initialCapacity);
    }

    /** {@return the start, then the time of the last event taken, or the argument of {@link #reset}} */
    public double now() {
        return now;
    }

    /** {@return the number of pending events} */
    public int size() {
        return order.size();
    }

    /** {@return whether no event is pending} */
    public boolean isEmpty() {
        return order.size() == 0;
    }

    /**
     * Schedules an event with priority 0 at the back of its group.
     *
     * @param time the event's time, {@code >= now()}, possibly {@code +∞}
     * @param event the event
     * @return a new handle, never 0
     * @throws NullPointerException if {@code event} is null
     * @throws IllegalArgumentException if {@code time} is NaN or below {@code now()}
     * @throws java.util.ConcurrentModificationException if called from {@link #forEachInOrder}
     */
    public long add(double time, E event) {
        return add(time, 0, event);
    }

    /**
     * Schedules an event at the back of its {@code (time, priority)} group.
     *
     * @param time the event's time, {@code >= now()}, possibly {@code +∞}
     * @param priority the priority: lower first among events of equal time
     * @param event the event
     * @return a new handle, never 0
     * @throws NullPointerException if {@code event} is null
     * @throws IllegalArgumentException if {@code time} is NaN or below {@code now()}
     * @throws java.util.ConcurrentModificationException if called from {@link #forEachInOrder}
     */
    public long add(double time, int priority, E event) {
        return schedule(time, priority, event, false);
    }

    /**
     * Schedules an event at the front of its {@code (time, priority)} group.
     *
     * @param time the event's time, {@code >= now()}, possibly {@code +∞}
     * @param priority the priority: lower first among events of equal time
     * @param event the event
     * @return a new handle, never 0
     * @throws NullPointerException if {@code event} is null
     * @throws IllegalArgumentException if {@code time} is NaN or below {@code now()}
     * @throws java.util.ConcurrentModificationException if called from {@link #forEachInOrder}
     */
    public long addFirst(double time, int priority, E event) {
        return schedule(time, priority, event, true);
    }

    private long schedule(double time, int priority, E event, boolean first) {
        Objects.requireNonNull(event, "event is null");
        checkTime(time);
        order.requireMutable();
        return order.add(new Slot(time + 0.0, priority), event, first);
    }

    /**
     * Schedules an event at the time and priority of {@code handle}, immediately before it.
     *
     * @param handle a pending event's handle
     * @param event the event
     * @return a new handle, never 0
     * @throws NullPointerException if {@code event} is null
     * @throws IllegalArgumentException if {@code handle} is not contained
     * @throws java.util.ConcurrentModificationException if called from {@link #forEachInOrder}
     */
    public long addBefore(long handle, E event) {
        return addBeside(handle, event, false);
    }

    /**
     * Schedules an event at the time and priority of {@code handle}, immediately after it.
     *
     * @param handle a pending event's handle
     * @param event the event
     * @return a new handle, never 0
     * @throws NullPointerException if {@code event} is null
     * @throws IllegalArgumentException if {@code handle} is not contained
     * @throws java.util.ConcurrentModificationException if called from {@link #forEachInOrder}
     */
    public long addAfter(long handle, E event) {
        return addBeside(handle, event, true);
    }

    private long addBeside(long handle, E event, boolean after) {
        Objects.requireNonNull(event, "event is null");
        ModelOrder.Entry<Slot, E> ref = order.live("handle", handle);
        order.requireMutable();
        return order.addBeside(ref, event, after);
    }

    /**
     * Tells whether a handle names a pending event of this list.
     *
     * @param handle any value
     * @return whether it names a pending event
     */
    public boolean contains(long handle) {
        return order.find(handle) != null;
    }

    /**
     * Removes a pending event.
     *
     * @param handle any value
     * @return true if it was pending and is now removed, false if not contained
     * @throws java.util.ConcurrentModificationException if pending and called from {@link #forEachInOrder}
     */
    public boolean remove(long handle) {
        ModelOrder.Entry<Slot, E> e = order.find(handle);
        if (e == null) {
            return false;
        }
        order.requireMutable();
        order.remove(e);
        return true;
    }

    /**
     * Moves a pending event to a new time; it keeps its handle and priority and goes to the back of
     * its new group.
     *
     * @param handle a pending event's handle
     * @param time the new time, valid as for {@link #add(double, Object)}
     * @throws IllegalArgumentException if {@code handle} is not contained or {@code time} is invalid
     * @throws java.util.ConcurrentModificationException if called from {@link #forEachInOrder}
     */
    public void reschedule(long handle, double time) {
        ModelOrder.Entry<Slot, E> e = order.live("handle", handle);
        checkTime(time);
        order.requireMutable();
        order.move(e, new Slot(time + 0.0, e.key.priority()));
    }

    /**
     * Returns a pending event's time.
     *
     * @param handle a pending event's handle
     * @return its time
     * @throws IllegalArgumentException if {@code handle} is not contained
     */
    public double time(long handle) {
        return order.live("handle", handle).key.time();
    }

    /**
     * Returns a pending event's priority.
     *
     * @param handle a pending event's handle
     * @return its priority
     * @throws IllegalArgumentException if {@code handle} is not contained
     */
    public int priority(long handle) {
        return order.live("handle", handle).key.priority();
    }

    /**
     * Returns a pending event.
     *
     * @param handle a pending event's handle
     * @return the event
     * @throws IllegalArgumentException if {@code handle} is not contained
     */
    public E event(long handle) {
        return order.live("handle", handle).payload;
    }

    /**
     * Replaces a pending event; its time, priority and place stay.
     *
     * @param handle a pending event's handle
     * @param event the new event
     * @return the old event
     * @throws NullPointerException if {@code event} is null
     * @throws IllegalArgumentException if {@code handle} is not contained
     * @throws java.util.ConcurrentModificationException if called from {@link #forEachInOrder}
     */
    public E setEvent(long handle, E event) {
        Objects.requireNonNull(event, "event is null");
        ModelOrder.Entry<Slot, E> e = order.live("handle", handle);
        order.requireMutable();
        E old = e.payload;
        e.payload = event;
        return old;
    }

    /**
     * {@return the handle of the first event in order}
     *
     * @throws NoSuchElementException if the list is empty
     */
    public long firstHandle() {
        return requireFirst("firstHandle").handle;
    }

    /**
     * {@return the time of the first event}
     *
     * @throws NoSuchElementException if the list is empty
     */
    public double firstTime() {
        return requireFirst("firstTime").key.time();
    }

    /** {@return the first event, or null if the list is empty} */
    public E peekFirst() {
        ModelOrder.Entry<Slot, E> e = order.first();
        return e == null ? null : e.payload;
    }

    /**
     * Removes the first event and sets {@link #now()} to its time.
     *
     * @return the event, or null if the list is empty
     * @throws IllegalStateException if called from inside the action of {@link #pollFirst(EventConsumer)}
     * @throws java.util.ConcurrentModificationException if called from {@link #forEachInOrder}
     */
    public E pollFirst() {
        order.requireNotDelivering("pollFirst");
        order.requireMutable();
        ModelOrder.Entry<Slot, E> e = order.first();
        if (e == null) {
            return null;
        }
        order.remove(e);
        now = e.key.time();
        return e.payload;
    }

    /**
     * Removes the first event, sets {@link #now()} to its time, and hands it to {@code action}, in
     * which every method but a nested {@code pollFirst} works.
     *
     * @param action receives the event's handle (no longer contained), time, priority and event
     * @return false, without calling {@code action}, if the list is empty; else true
     * @throws NullPointerException if {@code action} is null
     * @throws IllegalStateException if called from inside the action of {@code pollFirst}
     * @throws java.util.ConcurrentModificationException if called from {@link #forEachInOrder}
     */
    public boolean pollFirst(EventConsumer<? super E> action) {
        Objects.requireNonNull(action, "action is null");
        order.requireNotDelivering("pollFirst");
        order.requireMutable();
        ModelOrder.Entry<Slot, E> e = order.first();
        if (e == null) {
            return false;
        }
        order.remove(e);
        now = e.key.time();
        order.beginDelivery("pollFirst");
        try {
            action.accept(e.handle, e.key.time(), e.key.priority(), e.payload);
        } finally {
            order.endDelivery();
        }
        return true;
    }

    /**
     * Hands every event to {@code action} once, in order.
     *
     * @param action receives each event; must not modify the list
     * @throws NullPointerException if {@code action} is null
     * @throws java.util.ConcurrentModificationException if {@code action} modifies the list
     */
    public void forEachInOrder(EventConsumer<? super E> action) {
        Objects.requireNonNull(action, "action is null");
        order.iterate(e -> action.accept(e.handle, e.key.time(), e.key.priority(), e.payload));
    }

    /**
     * Removes every event; {@link #now()} stays.
     *
     * @throws java.util.ConcurrentModificationException if called from {@link #forEachInOrder}
     */
    public void clear() {
        order.requireMutable();
        order.clear();
    }

    /**
     * Removes every event and sets {@link #now()}, earlier or later than before.
     *
     * @param now the new time
     * @throws IllegalArgumentException if {@code now} is NaN, infinite or negative
     * @throws java.util.ConcurrentModificationException if called from {@link #forEachInOrder}
     */
    public void reset(double now) {
        checkStart("now", now);
        order.requireMutable();
        order.clear();
        this.now = now + 0.0;
    }

    /**
     * Does nothing but refuse to run from an iteration, as the real list's storage trim does.
     *
     * @throws java.util.ConcurrentModificationException if called from {@link #forEachInOrder}
     */
    public void trimToSize() {
        order.requireMutable();
    }

    /**
     * Checks the model's own consistency: its map and lists agree and no event is before
     * {@link #now()}. O(size).
     *
     * @throws IllegalStateException naming the first violation
     */
    public void checkInvariants() {
        order.check();
        for (ModelOrder.Entry<Slot, E> e : order.inOrder()) {
            if (!(e.key.time() >= now) || e.payload == null) {
                throw new IllegalStateException("event " + e.handle + " at " + e.key.time() + " before now " + now
                        + " or null");
            }
        }
    }

    /** {@return the clock, the size and the first few events in order} */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ReferenceEventList[now=").append(now).append(", size=").append(size());
        int shown = 0;
        for (ModelOrder.Entry<Slot, E> e : order.inOrder()) {
            if (shown == 8) {
                return sb.append(", ...]").toString();
            }
            sb.append(shown++ == 0 ? ", first: " : ", ").append(e.key.time()).append('/').append(e.key.priority())
                    .append('=').append(e.payload);
        }
        return sb.append(']').toString();
    }

    private void checkTime(double time) {
        if (Double.isNaN(time) || time < now) {
            throw new IllegalArgumentException("time: " + time + " (expected: " + now + "..Infinity)");
        }
    }

    private static void checkStart(String name, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value) || value < 0) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: a finite time >= 0)");
        }
    }

    private ModelOrder.Entry<Slot, E> requireFirst(String method) {
        ModelOrder.Entry<Slot, E> e = order.first();
        if (e == null) {
            throw new NoSuchElementException(method + " of an empty list");
        }
        return e;
    }
}
