package io.github.radixwheel.alarms;

import io.github.radixwheel.alarms.internal.EventListGroup;
import io.github.radixwheel.alarms.internal.EventListSnapshot;
import io.github.radixwheel.alarms.internal.EventListTimes;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.internal.Checks;
import io.github.radixwheel.core.internal.HandleWheel;
import io.github.radixwheel.core.internal.RadixEngine;

/**
 * The future event list of a discrete-event simulation: pending events with a {@code double} time
 * and an {@code int} priority, taken one at a time in order, on the radix wheel. A simulation
 * library's own event-list interface needs only a thin adapter over it.
 *
 * <p><b>Time.</b> {@link #now()} starts at the start time ({@code 0.0} by default) and becomes the
 * time of each event taken ({@link #pollFirst()}), or the argument of {@link #reset}. An event is
 * scheduled at any time {@code >= now()}, {@code +∞} included (it sorts last); NaN and times before
 * {@code now()} are refused. Times are compared exactly, as {@code double}s: there is no rounding,
 * no bucket width and nothing to tune. {@code -0.0} equals {@code 0.0} and is kept as {@code 0.0}.
 *
 * <p><b>Order.</b> Events are taken by time, then by priority (lower first), then by scheduling
 * order (first scheduled first). {@link #add} and {@link #reschedule} schedule at the back of the
 * event's (time, priority) group, {@link #addFirst} at its front (inside {@link
 * #pollFirst(EventConsumer)} for that group: next), and {@link #addBefore}/{@link #addAfter} next to
 * a given event, with its time and priority.
 *
 * <p><b>A simulator's loop</b> is {@code while (events.pollFirst(handler)) { }}: one event at a
 * time, {@code now()} at its time. {@link #reset} readies the list for the next replication.
 *
 * <p><b>Handlers may use the list.</b> Inside the action of {@link #pollFirst(EventConsumer)} every
 * method works: an event scheduled at {@code now()} is taken later, in its place in the order; an
 * event removed is never taken; {@link #clear()} and {@link #reset} empty the list. A nested {@code
 * pollFirst} throws {@link IllegalStateException}. If the action throws, the exception propagates,
 * the event given to it stays removed, every other event stays, and the next call goes on.
 *
 * <p><b>Handles.</b> Each scheduled event gets a {@code long} handle, never 0, that names it until
 * it is taken or removed: {@link #remove}, {@link #reschedule}, {@link #addBefore} and the lookups
 * take it. A handle of an event taken, removed or cleared, a made-up value, or a handle of another
 * list is not contained (a handle of another list may collide with probability at most 2^-32).
 * A call that is refused (with the exception its documentation names) changes nothing.
 *
 * <p><b>Not thread-safe.</b>
 *
 * <p><b>Implementation note.</b> An event is an element of the radix wheel engine (as in
 * {@code TimingWheelQueue}) whose key is its time's bits: a non-negative {@code double}'s raw bits
 * order as the values do, so every distinct time has its own key and the wheel's exact key order
 * is the time order. The wheel keeps each time's events in scheduling order; the events of the
 * current time ({@code now()}) are kept in priority runs, and those of a later time are put in
 * priority order (stably) when it becomes the current time, before its first event is taken.
 * Costs:
 * <ul>
 *   <li>{@code add}, {@code addFirst}, {@code addBefore}, {@code addAfter}, {@code remove},
 *       {@code reschedule}, {@code contains} and the lookups: O(1), whatever the times, allocating
 *       nothing once the capacity suffices. An event at {@code now()} itself costs O(log r) more,
 *       r the number of distinct priorities among the events at {@code now()}, plus O(r) when it
 *       starts or ends a priority run that is neither the lowest nor the highest.</li>
 *   <li>{@code pollFirst}: O(1) amortized for any distribution of times: an event moves down the
 *       wheel's levels at most 4 times in its life, and empty stretches of time of any length cost
 *       only bitmap searches. When a new time becomes current, its g events cost O(g), once; if
 *       they were scheduled out of priority order (a later one with a lower priority), putting them
 *       in order costs O(g log r), once, r the number of distinct priorities among them, up to 64,
 *       and O(g log g) with more: many events of one time scheduled out of priority order cost
 *       O(log r) each, at most O(log g).</li>
 *   <li>{@code firstTime}: O(1) amortized. {@code peekFirst}, {@code firstHandle}: O(1) when the
 *       first event is at {@code now()} or is known: once found, it stays known until it is taken,
 *       removed, rescheduled or passed by a new event; else one pass over the wheel slot that
 *       holds the earliest time (to find the lowest priority among that time's events).</li>
 *   <li>{@code clear}, {@code reset}: O(size + occupied slots); {@code trimToSize}: O(capacity);
 *       {@code forEachInOrder}, {@code toString}: O(n log n), allocating a copy;
 *       {@code checkInvariants}: O(n + slots), n the largest size since its last clear or its
 *       last add while empty, allocating nothing per slot.</li>
 * </ul>
 * Memory: 32 bytes per event of capacity (a key and two links, 16; a handle stamp, 4; the event
 * reference, 4 with compressed references; the priority, 8), besides the event objects; plus 8
 * bytes per distinct priority among the events at {@code now()}, in an array that is also the first
 * half of the sort space: once a time's events had to be sorted by priority (out of order among
 * more than 64 distinct priorities), up to 16 bytes per event of capacity in all,
 * kept until {@link #trimToSize()}: at most 48 bytes per event of capacity in all. Capacity grows by
 * a quarter when full. Besides, a fixed 8 bytes per wheel slot: 34,816 slots in five levels, about
 * 272 KB, plus about 5 KB of occupancy bitmaps, allocated by the constructor.
 *
 * @param <E> the type of the events; events are never null
 */
public final class FutureEventList<E> {
    private static final int DEFAULT_CAPACITY = 16;
    private static final int NIL = RadixEngine.NIL;
    private static final int SHOWN_EVENTS = 8;
    /**
     * Five levels of 11 to 13 bits: a simulation's pending times spread over 2^30 to 2^50 keys, and
     * fewer, wider levels move each event down fewer times than {@code LevelBits.DEFAULT}'s seven
     * (see docs/design.md); wider still, and the occupancy bitmaps cost more than the moves saved.
     */
    private static final LevelBits LEVEL_BITS = LevelBits.of(13, 13, 13, 13, 11);

    /** Keys: the times' bits ({@link EventListTimes}). Alarm times: the priorities. */
    private final HandleWheel<E> wheel;
    /** The events at {@code now()}, in priority runs. */
    private final EventListGroup current;
    /** The time of {@code wheel.minAllowedKey()}. */
    private double now;
    /** The first event's node if known, else NIL: {@link #first()}'s answer until the next change. */
    private int firstNode = NIL;

    /** An empty list whose clock starts at {@code 0.0}. */
    public FutureEventList() {
        this(0.0);
    }

    /**
     * An empty list whose clock starts at {@code start}.
     *
     * @param start the initial {@link #now()}; finite and not negative
     * @throws IllegalArgumentException if {@code start} is NaN, infinite or negative
     */
    public FutureEventList(double start) {
        this(start, DEFAULT_CAPACITY);
    }

    /**
     * An empty list whose clock starts at {@code start}, with room for {@code initialCapacity}
     * events allocated up front: up to that many pending events, it allocates nothing.
     *
     * @param start the initial {@link #now()}; finite and not negative
     * @param initialCapacity the number of events to allocate room for, {@code >= 0}
     * @throws IllegalArgumentException if {@code start} is NaN, infinite or negative, or if
     *     {@code initialCapacity} is negative, above 2^30 or cannot be allocated
     */
    public FutureEventList(double start, int initialCapacity) {
        if (!EventListTimes.isValidStart(start)) {
            throw EventListTimes.invalidStart("start", start);
        }
        this.wheel = new HandleWheel<>(LEVEL_BITS, initialCapacity, true);
        this.current = new EventListGroup(wheel);
        this.now = start + 0.0;
        wheel.reset(EventListTimes.key(now));
    }

    /**
     * {@return the current time: the start, then the time of the last event taken, or the argument of
     *     the last {@link #reset}}
     */
    public double now() {
        return now;
    }

    /** {@return the number of pending events} */
    public int size() {
        return wheel.size();
    }

    /** {@return whether no event is pending} */
    public boolean isEmpty() {
        return wheel.size() == 0;
    }

    // ---------------------------------------------------------------- scheduling

    /**
     * Schedules an event with priority 0, at the back of its (time, priority) group. O(1).
     *
     * @param time its time, {@code >= now()}; {@code +∞} is allowed
     * @param event the event
     * @return its handle, never 0
     * @throws IllegalArgumentException if {@code time} is NaN or before {@link #now()}
     * @throws NullPointerException if {@code event} is null
     * @throws IllegalStateException if the list holds 2^30 events already
     * @throws java.util.ConcurrentModificationException if called from inside {@link #forEachInOrder}
     */
    public long add(double time, E event) {
        return add(time, 0, event);
    }

    /**
     * Schedules an event at the back of its (time, priority) group. O(1).
     *
     * @param time its time, {@code >= now()}; {@code +∞} is allowed
     * @param priority its priority: lower is taken first among events of equal time
     * @param event the event
     * @return its handle, never 0
     * @throws IllegalArgumentException if {@code time} is NaN or before {@link #now()}
     * @throws NullPointerException if {@code event} is null
     * @throws IllegalStateException if the list holds 2^30 events already
     * @throws java.util.ConcurrentModificationException if called from inside {@link #forEachInOrder}
     */
    public long add(double time, int priority, E event) {
        long key = checkedKey(time, event);
        int n = wheel.allocateNode(priority, event);
        if (key != wheel.minAllowedKey()) {
            wheel.insertLast(n, key);
        } else {
            current.insert(n, key, priority, false);
        }
        added(n, key, priority, false);
        return wheel.handleOf(n);
    }

    /**
     * Schedules an event at the front of its (time, priority) group: it is taken before every
     * pending event of that time and priority (inside {@link #pollFirst(EventConsumer)} for that
     * group: next). O(1).
     *
     * @param time its time, {@code >= now()}; {@code +∞} is allowed
     * @param priority its priority
     * @param event the event
     * @return its handle, never 0
     * @throws IllegalArgumentException if {@code time} is NaN or before {@link #now()}
     * @throws NullPointerException if {@code event} is null
     * @throws IllegalStateException if the list holds 2^30 events already
     * @throws java.util.ConcurrentModificationException if called from inside {@link #forEachInOrder}
     */
    public long addFirst(double time, int priority, E event) {
        long key = checkedKey(time, event);
        int n = wheel.allocateNode(priority, event);
        if (key != wheel.minAllowedKey()) {
            wheel.insertFirst(n, key);
        } else {
            current.insert(n, key, priority, true);
        }
        added(n, key, priority, true);
        return wheel.handleOf(n);
    }

    /**
     * Schedules an event with the time and priority of a pending one, immediately before it. O(1).
     *
     * @param handle a pending event
     * @param event the new event
     * @return the new event's handle, never 0
     * @throws IllegalArgumentException if {@code handle} is not pending
     * @throws NullPointerException if {@code event} is null
     * @throws IllegalStateException if the list holds 2^30 events already
     * @throws java.util.ConcurrentModificationException if called from inside {@link #forEachInOrder}
     */
    public long addBefore(long handle, E event) {
        return addBeside(handle, event, false);
    }

    /**
     * Schedules an event with the time and priority of a pending one, immediately after it. O(1).
     *
     * @param handle a pending event
     * @param event the new event
     * @return the new event's handle, never 0
     * @throws IllegalArgumentException if {@code handle} is not pending
     * @throws NullPointerException if {@code event} is null
     * @throws IllegalStateException if the list holds 2^30 events already
     * @throws java.util.ConcurrentModificationException if called from inside {@link #forEachInOrder}
     */
    public long addAfter(long handle, E event) {
        return addBeside(handle, event, true);
    }

    private long addBeside(long handle, E event, boolean after) {
        Checks.requireNonNull(event, "event");
        int ref = live(handle);
        int n = wheel.allocateNode(current.priority(ref), event);
        if (ref == firstNode && !after) {
            firstNode = n; // else the first stays: n is next to an event that is not before it
        }
        if (wheel.key(ref) == wheel.minAllowedKey()) {
            current.insertBeside(n, ref, after);
        } else {
            wheel.insertBeside(n, ref, after);
        }
        return wheel.handleOf(n);
    }

    /**
     * Moves a pending event to a new time, at the back of its new (time, priority) group. It keeps
     * its handle and its priority. O(1).
     *
     * @param handle a pending event
     * @param time the new time, {@code >= now()}
     * @throws IllegalArgumentException if {@code handle} is not pending, or {@code time} is NaN or
     *     before {@link #now()}
     * @throws java.util.ConcurrentModificationException if called from inside {@link #forEachInOrder}
     */
    public void reschedule(long handle, double time) {
        int e = live(handle);
        if (!(time >= now)) {
            throw EventListTimes.beforeNow("time", time, now);
        }
        wheel.requireMutable();
        long key = EventListTimes.key(time);
        long min = wheel.minAllowedKey();
        if (e == firstNode) {
            firstNode = NIL;
        }
        long from = wheel.key(e);
        if (from != min && key != min) {
            wheel.changeKey(e, key);
        } else {
            if (from == min) {
                current.unlink(e);
            } else {
                wheel.unlink(e);
            }
            if (key == min) {
                current.insert(e, key, current.priority(e), false);
            } else {
                wheel.insertLast(e, key);
            }
        }
        added(e, key, current.priority(e), false);
    }

    /**
     * Keeps the known first event, if any, across the scheduling of node {@code n} (new, or moved
     * from a place that was not first): n is first if it comes before the first in the order, which
     * one comparison tells, and the first stays otherwise. So a peek after each schedule costs O(1).
     */
    private void added(int n, long key, int priority, boolean front) {
        int f = firstNode;
        if (f == NIL) {
            return;
        }
        long firstKey = wheel.key(f);
        int firstPriority = current.priority(f);
        if (key < firstKey || key == firstKey && (priority < firstPriority || front && priority == firstPriority)) {
            firstNode = n;
        }
    }

    // ---------------------------------------------------------------- one event

    /**
     * Tells whether a handle names a pending event of this list. O(1).
     *
     * @param handle any value
     * @return whether it names a pending event
     */
    public boolean contains(long handle) {
        return wheel.contains(handle);
    }

    /**
     * Removes a pending event; it will not be taken. O(1).
     *
     * @param handle any value
     * @return true if it was pending and is now removed; false, changing nothing, if not
     * @throws java.util.ConcurrentModificationException if called from inside {@link #forEachInOrder}
     *     with a pending event
     */
    public boolean remove(long handle) {
        int e = wheel.node(handle);
        if (e == NIL) {
            return false;
        }
        wheel.requireMutable();
        if (e == firstNode) {
            firstNode = NIL;
        }
        if (wheel.key(e) == wheel.minAllowedKey()) {
            current.unlink(e);
        } else {
            wheel.unlink(e);
        }
        wheel.release(e);
        return true;
    }

    /**
     * Returns the time of a pending event. O(1).
     *
     * @param handle a pending event
     * @return its time
     * @throws IllegalArgumentException if {@code handle} is not pending
     */
    public double time(long handle) {
        return EventListTimes.time(wheel.key(handle));
    }

    /**
     * Returns the priority of a pending event. O(1).
     *
     * @param handle a pending event
     * @return its priority
     * @throws IllegalArgumentException if {@code handle} is not pending
     */
    public int priority(long handle) {
        return (int) wheel.alarmTime(handle);
    }

    /**
     * Returns a pending event. O(1).
     *
     * @param handle a pending event
     * @return the event
     * @throws IllegalArgumentException if {@code handle} is not pending
     */
    public E event(long handle) {
        return wheel.value(handle);
    }

    /**
     * Replaces a pending event's object; its time, priority and place stay. O(1).
     *
     * @param handle a pending event
     * @param event the new object
     * @return the old one
     * @throws IllegalArgumentException if {@code handle} is not pending
     * @throws NullPointerException if {@code event} is null
     * @throws java.util.ConcurrentModificationException if called from inside {@link #forEachInOrder}
     */
    public E setEvent(long handle, E event) {
        Checks.requireNonNull(event, "event");
        return wheel.setValue(handle, event);
    }

    // ---------------------------------------------------------------- the first event

    /**
     * Returns the handle of the first pending event, the one {@link #pollFirst()} would take. O(1)
     * when the first event is at {@link #now()} or known; else one pass over the earliest time's
     * wheel slot (see the class doc).
     *
     * @return its handle
     * @throws java.util.NoSuchElementException if the list is empty
     */
    public long firstHandle() {
        return wheel.handleOf(requireFirst("firstHandle"));
    }

    /**
     * Returns the time of the first pending event. O(1) amortized.
     *
     * @return its time
     * @throws java.util.NoSuchElementException if the list is empty
     */
    public double firstTime() {
        if (wheel.size() == 0) {
            throw Checks.empty("firstTime of an empty event list");
        }
        return EventListTimes.time(wheel.key(firstNode != NIL ? firstNode : wheel.minNode())); // no priority to find
    }

    /**
     * Returns the first pending event without taking it. Costs as {@link #firstHandle()}.
     *
     * @return the event {@link #pollFirst()} would take, or null if the list is empty
     */
    public E peekFirst() {
        int e = first();
        return e == NIL ? null : wheel.valueOf(e);
    }

    private int requireFirst(String method) {
        int e = first();
        if (e == NIL) {
            throw Checks.empty(method + " of an empty event list");
        }
        return e;
    }

    /** The first event's node, or NIL if empty; see the class doc for its cost. */
    private int first() {
        if (firstNode != NIL || wheel.size() == 0) {
            return firstNode;
        }
        int e = wheel.firstAtMin();
        if (e != NIL) {
            return e; // the current time's events are in order
        }
        // A later time's events are in scheduling order, all in one slot: find the lowest priority.
        e = wheel.minNode();
        long key = wheel.key(e);
        int priority = current.priority(e);
        for (int n = wheel.next(e); n != NIL; n = wheel.next(n)) {
            if (wheel.key(n) == key && current.priority(n) < priority) {
                e = n;
                priority = current.priority(n);
            }
        }
        firstNode = e;
        return e;
    }

    /**
     * Takes the first pending event: removes it and sets {@link #now()} to its time. O(1) amortized.
     *
     * @return the event, or null, changing nothing, if the list is empty
     * @throws IllegalStateException if called from inside the action of
     *     {@link #pollFirst(EventConsumer)}
     * @throws java.util.ConcurrentModificationException if called from inside {@link #forEachInOrder}
     */
    public E pollFirst() {
        wheel.requireIdle("pollFirst");
        if (wheel.size() == 0) {
            return null;
        }
        int e = takeFirst();
        E event = wheel.valueOf(e);
        wheel.release(e);
        return event;
    }

    /**
     * Takes the first pending event and hands it to {@code action}: removes it, sets {@link #now()}
     * to its time, then calls {@code action} with its handle (no longer contained), time, priority
     * and event. Inside {@code action} every method but {@code pollFirst} works. O(1) amortized.
     *
     * @param action receives the event
     * @return false, calling nothing, if the list is empty; else true
     * @throws NullPointerException if {@code action} is null
     * @throws IllegalStateException if called from inside the action of another {@code pollFirst}
     * @throws java.util.ConcurrentModificationException if called from inside {@link #forEachInOrder}
     */
    public boolean pollFirst(EventConsumer<? super E> action) {
        Checks.requireNonNull(action, "action");
        wheel.requireIdle("pollFirst");
        if (wheel.size() == 0) {
            return false;
        }
        int e = takeFirst();
        double time = now;
        int priority = current.priority(e);
        E event = wheel.valueOf(e);
        long handle = wheel.release(e);
        wheel.beginDelivery("pollFirst");
        try {
            action.accept(handle, time, priority, event);
        } finally {
            wheel.endDelivery();
        }
        return true;
    }

    /** Unlinks the first event, moving the clock to its time; the caller releases the node. */
    private int takeFirst() {
        long before = wheel.minAllowedKey();
        int e = wheel.pollMinNode();
        long key = wheel.minAllowedKey();
        firstNode = NIL;
        if (key == before) {
            current.tookHead(e); // the head of the current time's runs
            return e;
        }
        now = EventListTimes.time(key);
        current.clear();
        return wheel.firstAtMin() == NIL ? e : current.activate(e, key); // others of its time: settle their order

    }

    // ---------------------------------------------------------------- whole-list operations

    /**
     * Hands every pending event to {@code action} once, in the order they would be taken. O(n log n);
     * allocates a copy.
     *
     * @param action receives each event; must not modify the list
     * @throws NullPointerException if {@code action} is null
     * @throws java.util.ConcurrentModificationException if {@code action} calls a method that would
     *     modify the list; that call changes nothing
     */
    public void forEachInOrder(EventConsumer<? super E> action) {
        Checks.requireNonNull(action, "action");
        int saved = wheel.beginIteration();
        try {
            EventListSnapshot events = EventListSnapshot.of(wheel);
            for (int i = 0; i < events.size(); i++) {
                action.accept(events.handle(i), events.time(i), events.priority(i), eventAt(events, i));
            }
        } finally {
            wheel.endIteration(saved);
        }
    }

    @SuppressWarnings("unchecked")
    private E eventAt(EventListSnapshot events, int i) {
        return (E) events.event(i);
    }

    /**
     * Removes every pending event; {@link #now()} and the capacity stay, and every handle goes
     * stale. O(size + occupied slots).
     *
     * @throws java.util.ConcurrentModificationException if called from inside {@link #forEachInOrder}
     */
    public void clear() {
        wheel.clear();
        current.clear();
        firstNode = NIL;
    }

    /**
     * Removes every pending event, as {@link #clear()} does, and sets {@link #now()} to {@code now},
     * earlier or later than before: the next replication of a simulation reuses the list. O(size +
     * occupied slots).
     *
     * @param now the new time; finite and not negative
     * @throws IllegalArgumentException if {@code now} is NaN, infinite or negative
     * @throws java.util.ConcurrentModificationException if called from inside {@link #forEachInOrder}
     */
    public void reset(double now) {
        if (!EventListTimes.isValidStart(now)) {
            throw EventListTimes.invalidStart("now", now);
        }
        wheel.reset(EventListTimes.key(now));
        current.clear();
        firstNode = NIL;
        this.now = now + 0.0;
    }

    /**
     * Releases storage beyond what the pending events need; an emptied list is back to its initial
     * footprint. Handles stay valid. O(capacity).
     *
     * @throws java.util.ConcurrentModificationException if called from inside {@link #forEachInOrder}
     */
    public void trimToSize() {
        wheel.trimToSize();
        current.trim();
    }

    // ---------------------------------------------------------------- checks

    /**
     * Checks every invariant of the list and the wheel beneath: the wheel's own (links, counts,
     * level ranges, slot placement, occupancy bitmaps, the free list), that the clock is the wheel's
     * minimum, that every key is a valid time, that the events at {@code now()} are in order and
     * their priority runs describe them, and the cached first event. O(n + slots), n the largest
     * size since its last clear or its last add while empty (not its capacity); allocates nothing
     * per slot or event.
     *
     * @throws IllegalStateException naming the first violation found
     */
    public void checkInvariants() {
        wheel.checkInvariants();
        long min = wheel.minAllowedKey();
        if (EventListTimes.key(now) != min || !(now >= 0)) {
            throw Checks.state("now " + now + " has key " + EventListTimes.key(now) + " but the wheel's minimum is "
                    + min);
        }
        if (wheel.maxAllowedKey() < EventListTimes.INFINITY_KEY) {
            throw Checks.state("the wheel accepts keys up to " + wheel.maxAllowedKey() + " only, not +Infinity's");
        }
        wheel.forEach(FutureEventList::checkKey);
        current.check();
        if (firstNode != NIL) {
            int cached = firstNode;
            firstNode = NIL;
            int actual = first();
            if (actual != cached) {
                firstNode = cached;
                throw Checks.state("cached first event is node " + cached + " but the first is node " + actual);
            }
        }
    }

    private static void checkKey(long handle, long key, long priority, Object event) {
        if (key > EventListTimes.INFINITY_KEY || event == null || priority != (int) priority) {
            throw Checks.state("event " + handle + " has key " + key + " (a time's bits are at most "
                    + EventListTimes.INFINITY_KEY + "), priority " + priority + " and event " + event);
        }
    }

    /** {@return the clock, the size and the first few events in order, as time/priority=event} */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("FutureEventList[now=").append(now).append(", size=").append(size());
        int saved = wheel.beginIteration();
        try {
            EventListSnapshot events = EventListSnapshot.of(wheel);
            int shown = Math.min(SHOWN_EVENTS, events.size());
            for (int i = 0; i < shown; i++) {
                sb.append(i == 0 ? ", first: " : ", ").append(events.time(i)).append('/').append(events.priority(i))
                        .append('=').append(events.event(i));
            }
            return sb.append(shown < events.size() ? ", ...]" : "]").toString();
        } finally {
            wheel.endIteration(saved);
        }
    }

    // ---------------------------------------------------------------- argument checks

    private long checkedKey(double time, E event) {
        Checks.requireNonNull(event, "event");
        if (!(time >= now)) {
            throw EventListTimes.beforeNow("time", time, now);
        }
        return EventListTimes.key(time);
    }

    private int live(long handle) {
        int e = wheel.node(handle);
        if (e == NIL) {
            throw Checks.notContained("handle", handle);
        }
        return e;
    }
}
