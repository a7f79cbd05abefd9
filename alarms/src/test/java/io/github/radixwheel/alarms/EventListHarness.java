package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.EventListTestSupport.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/** A {@link FutureEventList} and its {@link EventListModel}, driven in lockstep by the model test. */
final class EventListHarness {
    /** What an action does inside {@code pollFirst(action)}; {@code a} and {@code b} pick events, times and priorities. */
    record Step(Kind kind, double a, int priority) {
        @Override
        public String toString() {
            return kind + (kind.usesArguments ? String.format("(%.2f,%d)", a, priority) : "");
        }
    }

    enum Kind {
        NONE(false), ADD_AT_NOW(true), ADD_FIRST_AT_NOW(true), ADD_LATER(true), ADD_BEFORE(true), ADD_AFTER(true),
        REMOVE(true), RESCHEDULE(true), RESCHEDULE_TO_NOW(true), SET_EVENT(true), QUERY(false), CLEAR(false),
        RESET(true), NESTED_POLL(false), IN_ORDER(false), THROW(false);

        final boolean usesArguments;

        Kind(boolean usesArguments) {
            this.usesArguments = usesArguments;
        }
    }

    static final class Boom extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Boom() {
            super("boom", null, false, false);
        }
    }

    final FutureEventList<Long> list;
    final EventListModel model;
    /** Each pending handle's event object. */
    final Map<Long, Long> events = new HashMap<>();
    /** Handles no longer pending. */
    final List<Long> dead = new ArrayList<>();
    private long nextEvent = 1;

    EventListHarness(double start) {
        list = new FutureEventList<>(start, 0);
        model = new EventListModel(start);
    }

    // ---------------------------------------------------------------- scheduling

    void add(double time, int priority) {
        if (!(time >= model.now)) {
            refused(list, IllegalArgumentException.class, () -> list.add(time, priority, -1L));
            refused(list, IllegalArgumentException.class, () -> list.addFirst(time, priority, -1L));
            return;
        }
        long event = nextEvent++;
        long h = priority == 0 && event % 2 == 0 ? list.add(time, event) : list.add(time, priority, event);
        born(h, event);
        model.add(h, time, priority);
    }

    void addFirst(double time, int priority) {
        if (!(time >= model.now)) {
            refused(list, IllegalArgumentException.class, () -> list.addFirst(time, priority, -1L));
            return;
        }
        long event = nextEvent++;
        long h = list.addFirst(time, priority, event);
        born(h, event);
        model.addFirst(h, time, priority);
    }

    void addBeside(long ref, boolean after) {
        if (!model.contains(ref)) {
            refused(list, IllegalArgumentException.class, () -> list.addBefore(ref, -1L));
            refused(list, IllegalArgumentException.class, () -> list.addAfter(ref, -1L));
            return;
        }
        long event = nextEvent++;
        long h = after ? list.addAfter(ref, event) : list.addBefore(ref, event);
        born(h, event);
        assertEquals(model.time(ref), list.time(h), "the time of the event beside");
        assertEquals(model.priority(ref), list.priority(h), "the priority of the event beside");
        model.addBeside(h, ref, after);
    }

    void addNull(double time) {
        refused(list, NullPointerException.class, () -> list.add(time, 0, null));
    }

    private void born(long handle, long event) {
        assertFalse(model.contains(handle), "a handle reused while pending");
        assertTrue(handle != 0, "handle 0");
        events.put(handle, event);
        dead.remove(Long.valueOf(handle));
    }

    private void retire(long handle) {
        events.remove(handle);
        dead.add(handle);
        if (dead.size() > 16) {
            dead.remove(0);
        }
    }

    // ---------------------------------------------------------------- one event

    void remove(long handle) {
        boolean pending = model.contains(handle);
        assertEquals(pending, list.remove(handle), "remove");
        if (pending) {
            model.remove(handle);
            retire(handle);
        }
        assertFalse(list.contains(handle));
    }

    void reschedule(long handle, double time) {
        if (!model.contains(handle) || !(time >= model.now)) {
            refused(list, IllegalArgumentException.class, () -> list.reschedule(handle, time));
            return;
        }
        list.reschedule(handle, time);
        model.reschedule(handle, time);
    }

    void setEvent(long handle) {
        if (!model.contains(handle)) {
            refused(list, IllegalArgumentException.class, () -> list.setEvent(handle, -1L));
            return;
        }
        long event = nextEvent++;
        assertEquals(events.get(handle), list.setEvent(handle, event), "setEvent returns the old event");
        events.put(handle, event);
    }

    void query() {
        assertEquals(model.size(), list.size());
        assertEquals(model.isEmpty(), list.isEmpty());
        assertEquals(model.now, list.now());
        Long first = model.first();
        if (first == null) {
            assertNull(list.peekFirst());
            refused(list, NoSuchElementException.class, list::firstHandle);
            refused(list, NoSuchElementException.class, list::firstTime);
        } else {
            assertEquals(first, list.firstHandle(), "firstHandle");
            assertEquals(model.time(first), list.firstTime(), "firstTime");
            assertEquals(events.get(first), list.peekFirst(), "peekFirst");
        }
        for (long h : model.handlesInOrder()) {
            assertTrue(list.contains(h));
            assertEquals(model.time(h), list.time(h));
            assertEquals(model.priority(h), list.priority(h));
            assertEquals(events.get(h), list.event(h));
        }
        for (long h : dead) {
            assertFalse(list.contains(h));
            refused(list, IllegalArgumentException.class, () -> list.time(h));
        }
    }

    // ---------------------------------------------------------------- taking

    void pollFirst() {
        Long expected = model.first();
        if (expected == null) {
            assertNull(list.pollFirst());
            return;
        }
        assertEquals(events.get(expected), list.pollFirst(), "pollFirst");
        model.pollFirst();
        retire(expected);
        assertEquals(model.now, list.now(), "now after pollFirst");
    }

    /** pollFirst(action) with an action that runs {@code script}, in order. */
    void pollFirst(List<Step> script) {
        Long expected = model.first();
        if (expected == null) {
            assertFalse(list.pollFirst((h, t, p, e) -> {
                throw new AssertionError("an action on an empty list");
            }));
            return;
        }
        double time = model.time(expected);
        int priority = model.priority(expected);
        long event = events.get(expected);
        int[] calls = {0};
        try {
            assertTrue(list.pollFirst((h, t, p, e) -> {
                calls[0]++;
                assertEquals(expected, h, "the handle taken");
                assertEquals(time, t, "its time");
                assertEquals(priority, p, "its priority");
                assertEquals(event, e, "its event");
                model.pollFirst();
                retire(h);
                assertFalse(list.contains(h), "a taken event is still contained");
                assertEquals(model.now, list.now(), "now inside the action");
                for (Step step : script) {
                    run(step);
                    list.checkInvariants();
                    check();
                }
            }));
        } catch (Boom expectedBoom) {
            // The event stays taken; everything else stays: check() after the action says so.
        }
        assertEquals(1, calls[0], "pollFirst calls its action once");
    }

    private void run(Step step) {
        List<Long> pending = model.handlesInOrder();
        long some = pending.isEmpty() ? (dead.isEmpty() ? -1L : dead.get(0)) : pending.get((int) (step.a() * pending.size()));
        switch (step.kind()) {
            case NONE -> { }
            case ADD_AT_NOW -> add(model.now, step.priority());
            case ADD_FIRST_AT_NOW -> addFirst(model.now, step.priority());
            case ADD_LATER -> add(model.now + step.a() * 3, step.priority());
            case ADD_BEFORE -> addBeside(some, false);
            case ADD_AFTER -> addBeside(some, true);
            case REMOVE -> remove(some);
            case RESCHEDULE -> reschedule(some, model.now + step.a() * 2);
            case RESCHEDULE_TO_NOW -> reschedule(some, model.now);
            case SET_EVENT -> setEvent(some);
            case QUERY -> query();
            case CLEAR -> clear();
            case RESET -> reset(model.now * step.a());
            case NESTED_POLL -> {
                refused(list, IllegalStateException.class, list::pollFirst);
                refused(list, IllegalStateException.class, () -> list.pollFirst((h, t, p, e) -> { }));
            }
            case IN_ORDER -> checkOrder();
            case THROW -> throw new Boom();
        }
    }

    // ---------------------------------------------------------------- whole list

    void clear() {
        for (long h : model.handlesInOrder()) {
            retire(h);
        }
        model.clear();
        list.clear();
    }

    void reset(double now) {
        if (!(now >= 0 && now < Double.POSITIVE_INFINITY)) {
            refused(list, IllegalArgumentException.class, () -> list.reset(now));
            return;
        }
        clear();
        model.now = now + 0.0;
        list.reset(now);
    }

    void trim() {
        list.trimToSize();
    }

    /** forEachInOrder against the model's order; a modification from inside the walk is refused. */
    void checkOrder() {
        List<String> expected = new ArrayList<>();
        for (long h : model.handlesInOrder()) {
            expected.add(h + ":" + model.time(h) + "/" + model.priority(h) + "=" + events.get(h));
        }
        List<String> actual = new ArrayList<>();
        list.forEachInOrder((h, t, p, e) -> actual.add(h + ":" + t + "/" + p + "=" + e));
        assertEquals(expected, actual, "forEachInOrder");
        if (!model.isEmpty()) {
            long first = model.first();
            refused(list, ConcurrentModificationException.class,
                    () -> list.forEachInOrder((h, t, p, e) -> list.addAfter(first, -1L)));
        }
    }

    /** The invariant after every action: the structure's own checks, size, clock and order. */
    void check() {
        list.checkInvariants();
        assertEquals(model.size(), list.size(), "size");
        assertEquals(model.now, list.now(), "now");
        checkOrder();
    }

    /** Drains the list and the model together: every event comes out in the model's order. */
    void drain() {
        while (!model.isEmpty()) {
            pollFirst();
            list.checkInvariants();
        }
        assertThrows(NoSuchElementException.class, list::firstTime);
        assertTrue(list.isEmpty());
    }
}
