package io.github.radixwheel.testkit;

import static io.github.radixwheel.testkit.EventListFixture.pollAll;
import static io.github.radixwheel.testkit.EventListFixture.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Every refusal of the future event list's contract, run against {@code FutureEventList} and
 * against {@link ReferenceEventList}: the exception the contract names, before any other check
 * where two apply (a null event before a bad time or handle), and nothing changed
 * ({@link EventListFixture#refused}).
 */
abstract class EventListRefusalContractTest {
    /** @throws IllegalArgumentException as the constructor does */
    abstract EventListApi<String> create(double start);

    // ---------------------------------------------------------------- refusals

    @Test
    void constructor_invalidStart_isRefused() {
        for (double start : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1.0,
            -Double.MIN_VALUE}) {
            assertThrows(IllegalArgumentException.class, () -> create(start), "start " + start);
        }
    }

    @Test
    void add_invalidTime_isRefused() {
        EventListFixture f = new EventListFixture(create(1.0));
        EventListApi<String> l = f.l;
        for (double time : new double[] {Double.NaN, 0.5, Math.nextDown(1.0), -1.0, Double.NEGATIVE_INFINITY,
            -Double.MIN_VALUE, -0.0, 0.0}) {
            refused(l, IllegalArgumentException.class, () -> l.add(time, "x"));
            refused(l, IllegalArgumentException.class, () -> l.add(time, 4, "x"));
            refused(l, IllegalArgumentException.class, () -> l.addFirst(time, 4, "x"));
            refused(l, IllegalArgumentException.class, () -> l.reschedule(f.later, time));
            refused(l, IllegalArgumentException.class, () -> l.reschedule(f.atNow, time));
        }
    }

    @Test
    void nullEvent_isRefused_beforeTheTimeOrTheHandleIsChecked() {
        EventListFixture f = new EventListFixture(create(1.0));
        EventListApi<String> l = f.l;
        refused(l, NullPointerException.class, () -> l.add(2.0, null));
        refused(l, NullPointerException.class, () -> l.add(1.0, 5, null));
        refused(l, NullPointerException.class, () -> l.addFirst(1.0, 5, null));
        refused(l, NullPointerException.class, () -> l.addBefore(f.later, null));
        refused(l, NullPointerException.class, () -> l.addAfter(f.atNow, null));
        refused(l, NullPointerException.class, () -> l.setEvent(f.later, null));
        refused(l, NullPointerException.class, () -> l.add(Double.NaN, null));
        refused(l, NullPointerException.class, () -> l.add(0.5, 1, null));
        refused(l, NullPointerException.class, () -> l.addFirst(Double.NaN, 1, null));
        refused(l, NullPointerException.class, () -> l.addBefore(f.stale, null));
        refused(l, NullPointerException.class, () -> l.addAfter(0L, null));
        refused(l, NullPointerException.class, () -> l.setEvent(f.stale, null));
    }

    @Test
    void handleOperations_staleMadeUpOrForeignHandle_areRefused() {
        EventListFixture f = new EventListFixture(create(1.0));
        EventListApi<String> l = f.l;
        EventListApi<String> other = create(1.0);
        long foreign = other.add(1.0, "other");
        for (long h : new long[] {f.stale, 0L, -1L, Long.MAX_VALUE, foreign}) {
            refused(l, IllegalArgumentException.class, () -> l.addBefore(h, "x"));
            refused(l, IllegalArgumentException.class, () -> l.addAfter(h, "x"));
            refused(l, IllegalArgumentException.class, () -> l.reschedule(h, 2.0));
            refused(l, IllegalArgumentException.class, () -> l.reschedule(h, Double.NaN));
            refused(l, IllegalArgumentException.class, () -> l.time(h));
            refused(l, IllegalArgumentException.class, () -> l.priority(h));
            refused(l, IllegalArgumentException.class, () -> l.event(h));
            refused(l, IllegalArgumentException.class, () -> l.setEvent(h, "x"));
            assertFalse(l.contains(h));
            assertFalse(l.remove(h));
        }
        assertEquals(1, other.size());
        assertEquals(4, l.size());
    }

    @Test
    void handles_goStaleWhenTakenRemovedClearedOrReset() {
        EventListApi<String> l = create(0);
        long taken = l.add(1.0, "taken");
        long removed = l.add(2.0, "removed");
        long cleared = l.add(3.0, "cleared");
        assertEquals("taken", l.pollFirst());
        assertTrue(l.remove(removed));
        l.clear();
        long reset = l.add(4.0, "reset");
        l.reset(0.0);
        for (long h : new long[] {taken, removed, cleared, reset}) {
            assertFalse(l.contains(h));
            refused(l, IllegalArgumentException.class, () -> l.time(h));
        }
    }

    @Test
    void firstQueries_onAnEmptyList_areRefused() {
        EventListApi<String> l = create(2.0);
        refused(l, NoSuchElementException.class, l::firstHandle);
        refused(l, NoSuchElementException.class, l::firstTime);
        assertNull(l.peekFirst());
        assertNull(l.pollFirst());
        assertEquals(2.0, l.now());
    }

    @Test
    void nullAction_isRefused_evenOnAnEmptyList() {
        EventListFixture f = new EventListFixture(create(1.0));
        refused(f.l, NullPointerException.class, () -> f.l.pollFirst(null));
        refused(f.l, NullPointerException.class, () -> f.l.forEachInOrder(null));
        EventListApi<String> empty = create(0);
        refused(empty, NullPointerException.class, () -> empty.pollFirst(null));
        refused(empty, NullPointerException.class, () -> empty.forEachInOrder(null));
    }

    @Test
    void reset_invalidTime_isRefused() {
        EventListFixture f = new EventListFixture(create(1.0));
        for (double now : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1.0,
            -Double.MIN_VALUE}) {
            refused(f.l, IllegalArgumentException.class, () -> f.l.reset(now));
        }
    }

    @Test
    void pollFirst_nestedInsideAnAction_isRefused_evenOnAnEmptyList() {
        EventListFixture f = new EventListFixture(create(1.0));
        EventListApi<String> l = f.l;
        List<Throwable> nested = new ArrayList<>();
        assertTrue(l.pollFirst((h, t, p, e) -> {
            nested.add(refused(l, IllegalStateException.class, l::pollFirst));
            nested.add(refused(l, IllegalStateException.class, () -> l.pollFirst((h2, t2, p2, e2) -> { })));
            nested.add(refused(l, NullPointerException.class, () -> l.pollFirst(null)));
        }));
        assertEquals(3, nested.size());
        assertEquals(List.of("atNow@1.0", "later-3@4.0", "later@4.0"), pollAll(l));
        EventListApi<String> one = create(0);
        one.add(1.0, "only");
        one.pollFirst((h, t, p, e) -> refused(one, IllegalStateException.class, one::pollFirst));
        assertEquals(1.0, one.now());
    }

    @Test
    void forEachInOrder_modifyingAction_isRefused_andChangesNothing() {
        EventListFixture f = new EventListFixture(create(1.0));
        long atNow = f.atNow;
        long later = f.later;
        List<Consumer<EventListApi<String>>> modifications = List.of(
                l -> l.add(2.0, "x"),
                l -> l.add(1.0, 7, "x"),
                l -> l.addFirst(3.0, 0, "x"),
                l -> l.addBefore(later, "x"),
                l -> l.addAfter(atNow, "x"),
                l -> l.reschedule(later, 5.0),
                l -> l.reschedule(atNow, 1.0),
                l -> l.remove(later),
                l -> l.remove(atNow),
                l -> l.setEvent(later, "x"),
                l -> l.pollFirst(),
                l -> l.pollFirst((h, t, p, e) -> { }),
                EventListApi::clear,
                l -> l.reset(2.0),
                EventListApi::trimToSize);
        for (Consumer<EventListApi<String>> modification : modifications) {
            refused(f.l, ConcurrentModificationException.class,
                    () -> f.l.forEachInOrder((h, t, p, e) -> modification.accept(f.l)));
        }
    }

    @Test
    void forEachInOrder_insideAnAction_refusesModification_pollFirstToo() {
        EventListFixture f = new EventListFixture(create(1.0));
        EventListApi<String> l = f.l;
        assertTrue(l.pollFirst((h, t, p, e) -> l.forEachInOrder((h2, t2, p2, e2) -> {
            refused(l, ConcurrentModificationException.class, () -> l.add(t, "x"));
            refused(l, ConcurrentModificationException.class, l::pollFirst);
        })));
        assertEquals(List.of("atNow@1.0", "later-3@4.0", "later@4.0"), pollAll(l));
    }
}
