package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.EventListTestSupport.pollAll;
import static io.github.radixwheel.alarms.EventListTestSupport.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every refusal of {@link FutureEventList}: the exception the contract names, and nothing changed
 * (size, clock, order with handles, text; {@link EventListTestSupport#refused}). Each runs on a list
 * with events at the current time (in priority runs) and at later times.
 */
class FutureEventListRefusalTest {
    private final FutureEventList<String> list = new FutureEventList<>(1.0);
    private final long atNow;
    private final long later;
    private final long stale;

    FutureEventListRefusalTest() {
        list.add(1.0, 0, "first");
        atNow = list.add(1.0, 2, "atNow");
        list.add(1.0, 1, "atNow1");
        later = list.add(4.0, 3, "later");
        list.add(4.0, -3, "later-3");
        stale = list.add(9.0, "stale");
        list.remove(stale);
        list.pollFirst(); // "first": the events at 1.0 are now the current time's
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, 0.5, -1.0, Double.NEGATIVE_INFINITY, -Double.MIN_VALUE})
    void add_invalidTime_isRefused(double time) {
        IllegalArgumentException e = refused(list, IllegalArgumentException.class, () -> list.add(time, "x"));
        assertTrue(e.getMessage().startsWith("time: " + time), e.getMessage());
        assertTrue(e.getMessage().contains("1.0..Infinity"), e.getMessage());
        refused(list, IllegalArgumentException.class, () -> list.add(time, 4, "x"));
        refused(list, IllegalArgumentException.class, () -> list.addFirst(time, 4, "x"));
        refused(list, IllegalArgumentException.class, () -> list.reschedule(later, time));
        refused(list, IllegalArgumentException.class, () -> list.reschedule(atNow, time));
    }

    @Test
    void add_nanTime_saysSo() {
        IllegalArgumentException e = refused(list, IllegalArgumentException.class, () -> list.add(Double.NaN, "x"));
        assertTrue(e.getMessage().contains("not a number"), e.getMessage());
    }

    @Test
    void add_nullEvent_isRefused() {
        refused(list, NullPointerException.class, () -> list.add(2.0, null));
        refused(list, NullPointerException.class, () -> list.add(1.0, 5, null));
        refused(list, NullPointerException.class, () -> list.addFirst(1.0, 5, null));
        refused(list, NullPointerException.class, () -> list.addBefore(later, null));
        refused(list, NullPointerException.class, () -> list.addAfter(atNow, null));
        refused(list, NullPointerException.class, () -> list.setEvent(later, null));
        NullPointerException e = refused(list, NullPointerException.class, () -> list.add(Double.NaN, null));
        assertTrue(e.getMessage().contains("event"), e.getMessage());
    }

    @Test
    void handleOperations_staleMadeUpOrForeignHandle_areRefused() {
        FutureEventList<String> other = new FutureEventList<>(1.0);
        long foreign = other.add(1.0, "other");
        for (long h : new long[] {stale, 0L, -1L, Long.MAX_VALUE, foreign}) {
            IllegalArgumentException e = refused(list, IllegalArgumentException.class, () -> list.addBefore(h, "x"));
            assertTrue(e.getMessage().startsWith("handle: " + h), e.getMessage());
            refused(list, IllegalArgumentException.class, () -> list.addAfter(h, "x"));
            refused(list, IllegalArgumentException.class, () -> list.reschedule(h, 2.0));
            refused(list, IllegalArgumentException.class, () -> list.time(h));
            refused(list, IllegalArgumentException.class, () -> list.priority(h));
            refused(list, IllegalArgumentException.class, () -> list.event(h));
            refused(list, IllegalArgumentException.class, () -> list.setEvent(h, "x"));
            assertEquals(false, list.contains(h));
            assertEquals(false, list.remove(h));
        }
        assertEquals(1, other.size());
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1.0, -Double.MIN_VALUE})
    void constructorAndReset_invalidTime_areRefused(double time) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new FutureEventList<String>(time));
        assertTrue(e.getMessage().startsWith("start: " + time), e.getMessage());
        e = refused(list, IllegalArgumentException.class, () -> list.reset(time));
        assertTrue(e.getMessage().startsWith("now: " + time), e.getMessage());
    }

    @Test
    void constructor_invalidCapacity_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> new FutureEventList<String>(0.0, -1));
        assertThrows(IllegalArgumentException.class, () -> new FutureEventList<String>(0.0, Integer.MAX_VALUE));
    }

    @Test
    void firstQueries_onAnEmptyList() {
        FutureEventList<String> empty = new FutureEventList<>();
        NoSuchElementException e = refused(empty, NoSuchElementException.class, empty::firstHandle);
        assertTrue(e.getMessage().contains("firstHandle"), e.getMessage());
        refused(empty, NoSuchElementException.class, empty::firstTime);
        assertEquals(null, empty.peekFirst());
        assertEquals(null, empty.pollFirst());
    }

    @Test
    void pollFirst_nullAction_isRefused() {
        refused(list, NullPointerException.class, () -> list.pollFirst(null));
        refused(list, NullPointerException.class, () -> list.forEachInOrder(null));
    }

    @Test
    void pollFirst_nestedInsideAnAction_isRefused() {
        List<Throwable> nested = new ArrayList<>();
        assertTrue(list.pollFirst((handle, time, priority, event) -> {
            nested.add(refused(list, IllegalStateException.class, list::pollFirst));
            nested.add(refused(list, IllegalStateException.class, () -> list.pollFirst((h, t, p, e) -> { })));
        }));
        assertEquals(2, nested.size());
        assertTrue(nested.get(0).getMessage().contains("pollFirst"), nested.get(0).getMessage());
        assertFalse(nested.get(0).getMessage().contains("queue"), "names no other structure: " + nested.get(0).getMessage());
        assertEquals(List.of("atNow", "later-3", "later"), pollAll(list), "the list goes on afterwards");
    }

    @Test
    void pollFirst_nestedOnAnEmptyList_isStillRefused() {
        FutureEventList<String> one = new FutureEventList<>();
        one.add(1.0, "only");
        one.pollFirst((handle, time, priority, event) -> refused(one, IllegalStateException.class, one::pollFirst));
    }

    @Test
    void pollFirst_throwingAction_losesNothing() {
        RuntimeException boom = new RuntimeException("boom");
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> list.pollFirst((handle, time, priority, event) -> {
            list.add(2.0, "added before the throw");
            throw boom;
        }));
        assertEquals(boom, thrown);
        list.checkInvariants();
        assertEquals(1.0, list.now());
        assertEquals(List.of("atNow", "added before the throw", "later-3", "later"), pollAll(list),
                "the event given to the action stays removed; every other stays");
    }

    /** Every modifying call from inside forEachInOrder's action. */
    @Test
    void forEachInOrder_modifyingAction_isRefused() {
        List<Consumer<FutureEventList<String>>> modifications = List.of(
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
                FutureEventList::clear,
                l -> l.reset(2.0),
                FutureEventList::trimToSize);
        for (Consumer<FutureEventList<String>> modification : modifications) {
            Throwable t = refused(list, ConcurrentModificationException.class,
                    () -> list.forEachInOrder((handle, time, priority, event) -> modification.accept(list)));
            assertFalse(t.getMessage().contains("queue"), "names no other structure: " + t.getMessage());
        }
        // Reading is fine.
        list.forEachInOrder((handle, time, priority, event) -> {
            assertEquals(time, list.time(handle));
            list.peekFirst();
            list.toString();
        });
    }
}
