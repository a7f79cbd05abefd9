package io.github.radixwheel.testkit;

import static io.github.radixwheel.testkit.EventListFixture.pollAll;
import static io.github.radixwheel.testkit.EventListFixture.refused;
import static io.github.radixwheel.testkit.EventListFixture.withHandles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The future event list's contract, clause by clause, run against {@code FutureEventList} and
 * against {@link ReferenceEventList}: both must pass every vector. The refusals are in
 * {@link EventListRefusalContractTest}.
 */
abstract class EventListContractTest {
    /** @throws IllegalArgumentException as the constructor does */
    abstract EventListApi<String> create(double start);

    // ---------------------------------------------------------------- construction and the clock

    @Test
    void constructor_startIsNow_negativeZeroIsZero() {
        assertEquals(0.0, create(0).now());
        assertEquals(2.5, create(2.5).now());
        assertEquals(Double.MAX_VALUE, create(Double.MAX_VALUE).now());
        assertEquals(Double.MIN_VALUE, create(Double.MIN_VALUE).now());
        EventListApi<String> l = create(-0.0);
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(l.now()), "kept as +0.0");
        assertTrue(l.isEmpty());
        assertEquals(0, l.size());
        l.checkInvariants();
    }

    @Test
    void pollFirst_setsNowToEachEventsTime_andAnEmptyPollMovesNothing() {
        EventListApi<String> l = create(1.0);
        l.add(3.0, "c");
        l.add(1.0, "a");
        l.add(2.0, "b");
        assertEquals(List.of("a@1.0", "b@2.0", "c@3.0"), pollAll(l));
        assertNull(l.pollFirst());
        assertFalse(l.pollFirst((h, t, p, e) -> {
            throw new AssertionError("called on an empty list");
        }));
        assertEquals(3.0, l.now());
    }

    // ---------------------------------------------------------------- order

    @Test
    void order_byTimeThenPriorityThenScheduling() {
        EventListApi<String> l = create(0);
        l.add(2.0, "late");
        l.add(1.0, 5, "low priority");
        long h = l.add(1.0, "first");
        l.add(1.0, "second");
        l.addFirst(1.0, 0, "front");
        l.addAfter(h, "after first");
        l.add(Double.POSITIVE_INFINITY, "never");
        l.add(-0.0 + 1.0, -1, "urgent");
        assertEquals(List.of("urgent@1.0", "front@1.0", "first@1.0", "after first@1.0", "second@1.0",
                "low priority@1.0", "late@2.0", "never@Infinity"), pollAll(l));
    }

    @Test
    void add_withoutPriority_hasPriorityZero() {
        EventListApi<String> l = create(0);
        long h = l.add(1.0, "a");
        assertEquals(0, l.priority(h));
        l.add(1.0, 1, "after");
        l.add(1.0, -1, "before");
        assertEquals(List.of("before@1.0", "a@1.0", "after@1.0"), pollAll(l));
    }

    @Test
    void add_returnsDistinctNonZeroHandles() {
        EventListApi<String> l = create(0);
        Set<Long> handles = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            long h = l.add(i % 7, i % 3, "e" + i);
            assertNotEquals(0L, h);
            assertTrue(handles.add(h));
        }
        l.checkInvariants();
    }

    @Test
    void times_areComparedExactly() {
        EventListApi<String> l = create(0);
        double t = 1e6;
        l.add(Math.nextUp(t), "up");
        l.add(t, "t");
        l.add(Math.nextDown(t), "down");
        l.add(Double.MIN_VALUE, "subnormal");
        l.add(2 * Double.MIN_VALUE, "subnormal2");
        l.add(Double.MIN_NORMAL, "normal");
        l.add(Math.nextDown(Double.MIN_NORMAL), "largest subnormal");
        l.add(Double.MAX_VALUE, "max");
        l.add(Double.POSITIVE_INFINITY, "inf");
        l.add(0.0, "zero");
        assertEquals(List.of("zero", "subnormal", "subnormal2", "largest subnormal", "normal", "down", "t", "up", "max",
                "inf"), pollAll(l).stream().map(s -> s.substring(0, s.indexOf('@'))).toList());
        assertEquals(Double.POSITIVE_INFINITY, l.now());
    }

    @Test
    void times_oneUlpApartIsNotATie() {
        EventListApi<String> l = create(1.0);
        l.add(Math.nextUp(1.0), "later");
        l.add(1.0, "now");
        assertEquals("now", l.pollFirst());
        assertEquals(1.0, l.now());
        assertEquals(Math.nextUp(1.0), l.firstTime());
    }

    @Test
    void times_negativeZeroEqualsZero_inSchedulingOrder_andIsKeptAsZero() {
        EventListApi<String> l = create(0);
        long a = l.add(-0.0, "a");
        l.add(0.0, "b");
        l.add(-0.0, "c");
        l.addFirst(-0.0, 0, "front");
        long d = l.add(5.0, "d");
        l.reschedule(d, -0.0);
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(l.time(a)));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(l.time(d)));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(l.firstTime()));
        List<Double> times = new ArrayList<>();
        l.forEachInOrder((h, t, p, e) -> times.add(t));
        assertEquals(List.of(0.0, 0.0, 0.0, 0.0, 0.0), times, "Double.equals tells -0.0 apart");
        List<Double> delivered = new ArrayList<>();
        l.pollFirst((h, t, p, e) -> delivered.add(t));
        assertEquals(List.of(0.0), delivered);
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(l.now()));
        assertEquals(List.of("a@0.0", "b@0.0", "c@0.0", "d@0.0"), pollAll(l));
    }

    @Test
    void order_infinitySortsLast_andIsTakenInItsOrder() {
        EventListApi<String> l = create(0);
        l.add(Double.POSITIVE_INFINITY, 1, "inf1");
        l.add(Double.POSITIVE_INFINITY, 0, "inf0");
        l.add(Double.MAX_VALUE, "max");
        assertEquals("max", l.pollFirst());
        assertEquals("inf0", l.pollFirst());
        assertEquals(Double.POSITIVE_INFINITY, l.now());
        l.add(Double.POSITIVE_INFINITY, -1, "inf-1");
        refused(l, IllegalArgumentException.class, () -> l.add(Double.MAX_VALUE, "before now"));
        assertEquals(List.of("inf-1@Infinity", "inf1@Infinity"), pollAll(l));
    }

    @Test
    void order_extremePriorities() {
        EventListApi<String> l = create(0);
        l.add(1.0, Integer.MAX_VALUE, "max");
        l.add(1.0, 0, "zero");
        l.add(1.0, Integer.MIN_VALUE, "min");
        l.add(1.0, Integer.MAX_VALUE, "max2");
        l.add(1.0, Integer.MIN_VALUE, "min2");
        l.add(1.0, Integer.MIN_VALUE + 1, "min+1");
        assertEquals(List.of("min@1.0", "min2@1.0", "min+1@1.0", "zero@1.0", "max@1.0", "max2@1.0"), pollAll(l));
    }

    @Test
    void add_atNow_takesItsPlaceAmongTheCurrentTimesPriorities() {
        EventListApi<String> l = create(0);
        l.add(1.0, 2, "a2");
        l.add(1.0, 4, "a4");
        l.add(2.0, "later");
        assertEquals("a2", l.pollFirst());
        l.add(1.0, 3, "b3");
        l.add(1.0, 9, "b9");
        l.add(1.0, 1, "b1");
        l.add(1.0, 4, "b4");
        l.add(1.0, 3, "c3");
        l.checkInvariants();
        assertEquals(List.of("b1", "b3", "c3", "a4", "b4", "b9", "later"),
                pollAll(l).stream().map(s -> s.substring(0, s.indexOf('@'))).toList());
    }

    @Test
    void addFirst_goesToTheFrontOfItsTimeAndPriority_atNowToo() {
        EventListApi<String> l = create(0);
        l.add(1.0, 0, "a");
        l.add(1.0, 1, "b");
        l.addFirst(1.0, 1, "first1");
        l.addFirst(1.0, 0, "first0");
        l.addFirst(2.0, 0, "t2");
        l.add(2.0, 0, "t2b");
        assertEquals("first0", l.pollFirst());
        l.addFirst(1.0, 0, "now0");
        l.addFirst(1.0, 1, "now1");
        assertEquals(List.of("now0@1.0", "a@1.0", "now1@1.0", "first1@1.0", "b@1.0", "t2@2.0", "t2b@2.0"), pollAll(l));
    }

    @Test
    void addFirst_insideTheActionForItsGroup_isTakenNext() {
        EventListApi<String> l = create(0);
        l.add(1.0, "a");
        l.add(1.0, "b");
        List<String> taken = new ArrayList<>();
        l.pollFirst((h, t, p, e) -> {
            taken.add(e);
            l.addFirst(t, p, "next");
        });
        while (l.pollFirst((h, t, p, e) -> taken.add(e))) {
            l.checkInvariants();
        }
        assertEquals(List.of("a", "next", "b"), taken);
    }

    @Test
    void addBeforeAndAfter_takeTheTimeAndPriorityAndStandBeside() {
        EventListApi<String> l = create(0);
        l.add(1.0, 3, "a");
        long b = l.add(1.0, 3, "b");
        l.add(1.0, 3, "c");
        long before = l.addBefore(b, "beforeB");
        long after = l.addAfter(b, "afterB");
        assertEquals(1.0, l.time(before));
        assertEquals(3, l.priority(after));
        long later = l.add(5.0, -2, "later");
        l.addAfter(later, "afterLater");
        l.addBefore(later, "beforeLater");
        assertEquals(-2, l.priority(l.addAfter(later, "x")));
        assertEquals(List.of("a", "beforeB", "b", "afterB", "c", "beforeLater", "later", "x", "afterLater"),
                pollAll(l).stream().map(s -> s.substring(0, s.indexOf('@'))).toList());
    }

    @Test
    void addBeforeAndAfter_atNow_keepThePriorityOrder() {
        EventListApi<String> l = create(0);
        l.add(1.0, 0, "first");
        long a = l.add(1.0, 2, "a");
        long b = l.add(1.0, 4, "b");
        assertEquals("first", l.pollFirst());
        l.addAfter(a, "afterA");
        l.addAfter(b, "afterB");
        l.addBefore(a, "beforeA");
        l.add(1.0, 2, "a2");
        l.checkInvariants();
        assertEquals(List.of("beforeA", "a", "afterA", "a2", "b", "afterB"),
                pollAll(l).stream().map(s -> s.substring(0, s.indexOf('@'))).toList());
    }

    @Test
    void reschedule_keepsHandleAndPriority_atTheBackOfItsNewGroup() {
        EventListApi<String> l = create(0);
        long a = l.add(5.0, 1, "a");
        l.add(2.0, 1, "x");
        l.add(2.0, 1, "y");
        l.reschedule(a, 2.0);
        assertTrue(l.contains(a));
        assertEquals(2.0, l.time(a));
        assertEquals(1, l.priority(a));
        assertEquals("a", l.event(a));
        assertEquals(List.of("x@2.0", "y@2.0", "a@2.0"), pollAll(l));
    }

    @Test
    void reschedule_toItsOwnTime_goesToTheBack_laterAndAtNow() {
        EventListApi<String> l = create(0);
        long a = l.add(2.0, "a");
        l.add(2.0, "b");
        l.reschedule(a, 2.0);
        long c = l.add(0.0, "c");
        l.add(0.0, "d");
        l.reschedule(c, 0.0);
        assertEquals(List.of("d@0.0", "c@0.0", "b@2.0", "a@2.0"), pollAll(l));
    }

    @Test
    void reschedule_intoAndOutOfTheCurrentTime() {
        EventListApi<String> l = create(0);
        l.add(1.0, 0, "first");
        long a = l.add(1.0, 3, "a");
        l.add(1.0, 3, "b");
        long c = l.add(4.0, 1, "c");
        long d = l.add(1.0, 2, "d");
        assertEquals("first", l.pollFirst());
        l.reschedule(a, 1.0);
        l.reschedule(c, 1.0);
        l.reschedule(d, 3.0);
        l.checkInvariants();
        assertEquals(List.of("c@1.0", "b@1.0", "a@1.0", "d@3.0"), pollAll(l));
    }

    @Test
    void laterTime_scheduledOutOfPriorityOrder_isTakenStably() {
        EventListApi<String> l = create(0);
        Map<Integer, List<String>> byPriority = Map.of(3, List.of("p3a", "p3b"), -2, List.of("p-2a", "p-2b"),
                0, List.of("p0a", "p0b"));
        for (int round = 0; round < 2; round++) {
            for (int p : new int[] {3, -2, 0}) {
                l.add(7.0, p, byPriority.get(p).get(round));
            }
        }
        assertEquals(List.of("p-2a", "p-2b", "p0a", "p0b", "p3a", "p3b"),
                pollAll(l).stream().map(s -> s.substring(0, s.indexOf('@'))).toList());
    }

    // ---------------------------------------------------------------- one event

    @Test
    void remove_pendingEventIsNeverTaken_andOtherValuesAreNotContained() {
        EventListApi<String> l = create(0);
        long a = l.add(1.0, "a");
        long b = l.add(1.0, "b");
        long c = l.add(3.0, "c");
        assertTrue(l.remove(b));
        assertFalse(l.contains(b));
        assertFalse(l.remove(b), "a second remove");
        assertEquals(2, l.size());
        assertEquals("a", l.pollFirst());
        assertFalse(l.contains(a), "a taken event");
        assertFalse(l.remove(a));
        assertTrue(l.contains(c));
        assertTrue(l.remove(c));
        assertTrue(l.isEmpty());
        for (long madeUp : new long[] {0L, -1L, Long.MAX_VALUE}) {
            assertFalse(l.contains(madeUp));
            assertFalse(l.remove(madeUp));
        }
        l.checkInvariants();
    }

    @Test
    void lookups_andSetEvent_keepTimePriorityAndPlace() {
        EventListApi<String> l = create(0);
        long h = l.add(1.5, -7, "a");
        l.add(1.5, -7, "after");
        assertEquals(1.5, l.time(h));
        assertEquals(-7, l.priority(h));
        assertEquals("a", l.event(h));
        assertEquals("a", l.setEvent(h, "b"));
        assertEquals("b", l.event(h));
        assertEquals(1.5, l.time(h));
        assertEquals(-7, l.priority(h));
        assertEquals(List.of("b@1.5", "after@1.5"), pollAll(l));
    }

    @Test
    void firstQueries_agreeWithPollFirst() {
        EventListApi<String> l = create(0);
        assertNull(l.peekFirst());
        l.add(2.0, 5, "a");
        l.add(2.0, 5, "b");
        long c = l.add(2.0, 1, "c");
        l.add(3.0, "d");
        assertEquals("c", l.peekFirst());
        assertEquals(c, l.firstHandle());
        assertEquals(2.0, l.firstTime());
        l.addFirst(2.0, 1, "e");
        assertEquals("e", l.peekFirst());
        List<String> taken = new ArrayList<>();
        while (!l.isEmpty()) {
            String peeked = l.peekFirst();
            long handle = l.firstHandle();
            double time = l.firstTime();
            l.pollFirst((h, t, p, e) -> {
                assertEquals(handle, h);
                assertEquals(time, t);
                assertEquals(peeked, e);
                taken.add(e);
            });
        }
        assertEquals(List.of("e", "c", "a", "b", "d"), taken);
    }

    // ---------------------------------------------------------------- actions

    @Test
    void pollFirstAction_receivesHandleTimePriorityAndEvent_afterRemoval() {
        EventListApi<String> l = create(1.0);
        long h = l.add(2.5, 4, "a");
        l.add(7.0, "b");
        boolean[] called = {false};
        assertTrue(l.pollFirst((handle, time, priority, event) -> {
            called[0] = true;
            assertEquals(h, handle);
            assertEquals(2.5, time);
            assertEquals(4, priority);
            assertEquals("a", event);
            assertFalse(l.contains(handle));
            assertEquals(2.5, l.now());
            assertEquals(1, l.size());
            l.checkInvariants();
        }));
        assertTrue(called[0]);
    }

    @Test
    void pollFirstAction_mayUseTheList() {
        EventListApi<String> l = create(0);
        long later = l.add(5.0, "later");
        l.add(1.0, "go");
        long doomed = l.add(1.0, "doomed");
        long kept = l.add(6.0, "kept");
        List<String> taken = new ArrayList<>();
        l.pollFirst((h, t, p, e) -> {
            taken.add(e);
            l.add(t, 1, "atNowPriority1");
            l.add(t, -1, "atNowPriorityMinus1");
            assertTrue(l.remove(doomed));
            l.reschedule(later, t);
            l.add(2.0, "at2");
            l.addAfter(kept, "afterKept");
            assertEquals("kept", l.setEvent(kept, "kept!"));
            l.trimToSize();
            List<String> seen = new ArrayList<>();
            l.forEachInOrder((h2, t2, p2, e2) -> seen.add(e2));
            assertEquals(List.of("atNowPriorityMinus1", "later", "atNowPriority1", "at2", "kept!", "afterKept"), seen);
            l.checkInvariants();
        });
        while (l.pollFirst((h, t, p, e) -> taken.add(e))) {
            l.checkInvariants();
        }
        assertEquals(List.of("go", "atNowPriorityMinus1", "later", "atNowPriority1", "at2", "kept!", "afterKept"), taken);
    }

    @Test
    void pollFirstAction_clearOrResetInside_emptiesTheList() {
        EventListApi<String> l = create(0);
        l.add(1.0, "a");
        l.add(2.0, "b");
        l.pollFirst((h, t, p, e) -> l.clear());
        assertTrue(l.isEmpty());
        assertEquals(1.0, l.now());
        l.add(3.0, "c");
        l.pollFirst((h, t, p, e) -> {
            l.reset(0.5);
            l.add(0.75, "d");
        });
        assertEquals(0.5, l.now());
        assertEquals(List.of("d@0.75"), pollAll(l));
    }

    @Test
    void pollFirstAction_thatThrows_losesNothing() {
        EventListFixture f = new EventListFixture(create(1.0));
        EventListApi<String> l = f.l;
        RuntimeException boom = new RuntimeException("boom");
        long[] given = {0};
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> l.pollFirst((h, t, p, e) -> {
            given[0] = h;
            l.add(2.0, "added before the throw");
            throw boom;
        }));
        assertEquals(boom, thrown);
        l.checkInvariants();
        assertEquals(1.0, l.now());
        assertFalse(l.contains(given[0]), "the event given to the action stays removed");
        assertEquals(4, l.size());
        assertEquals(List.of("atNow@1.0", "added before the throw@2.0", "later-3@4.0", "later@4.0"), pollAll(l));
    }

    @Test
    void forEachInOrder_visitsInTakingOrder_nestedToo_changingNothing() {
        EventListFixture f = new EventListFixture(create(1.0));
        EventListApi<String> l = f.l;
        List<String> outer = new ArrayList<>();
        List<String> inner = new ArrayList<>();
        l.forEachInOrder((h, t, p, e) -> {
            outer.add(t + "/" + p + "=" + e);
            assertEquals(t, l.time(h));
            assertEquals(p, l.priority(h));
            assertFalse(l.remove(f.stale), "a remove that finds nothing is no modification");
            if (inner.isEmpty()) {
                l.forEachInOrder((h2, t2, p2, e2) -> inner.add(t2 + "/" + p2 + "=" + e2));
            }
        });
        assertEquals(List.of("1.0/1=atNow1", "1.0/2=atNow", "4.0/-3=later-3", "4.0/3=later"), outer);
        assertEquals(outer, inner);
        assertEquals(List.of("atNow1@1.0", "atNow@1.0", "later-3@4.0", "later@4.0"), pollAll(l));
    }

    // ---------------------------------------------------------------- whole-list operations

    @Test
    void clear_keepsNow_andStalesHandles() {
        EventListApi<String> l = create(3.0);
        long a = l.add(4.0, "a");
        l.add(3.0, "b");
        l.clear();
        assertTrue(l.isEmpty());
        assertEquals(3.0, l.now());
        assertFalse(l.contains(a));
        l.add(3.0, "c");
        assertEquals(List.of("c@3.0"), pollAll(l));
    }

    @Test
    void reset_movesTheClockEitherWay_andEmpties() {
        EventListApi<String> l = create(10.0);
        long a = l.add(11.0, "a");
        l.reset(1.0);
        assertEquals(1.0, l.now());
        assertTrue(l.isEmpty());
        assertFalse(l.contains(a));
        l.add(2.0, "b");
        l.reset(100.0);
        assertEquals(100.0, l.now());
        l.add(100.0, 1, "c");
        l.reset(-0.0);
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(l.now()));
        l.add(0.0, "e");
        assertEquals(List.of("e@0.0"), pollAll(l));
    }

    @Test
    void trimToSize_keepsHandlesAndOrder() {
        EventListApi<String> l = create(0);
        List<Long> handles = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            handles.add(l.add(i % 10, -(i % 4), "e" + i));
        }
        for (int i = 0; i < 290; i++) {
            l.remove(handles.get(i));
        }
        List<String> order = withHandles(l);
        l.trimToSize();
        l.checkInvariants();
        assertEquals(order, withHandles(l));
        for (int i = 0; i < 300; i++) {
            assertEquals(i >= 290, l.contains(handles.get(i)));
        }
    }
}
