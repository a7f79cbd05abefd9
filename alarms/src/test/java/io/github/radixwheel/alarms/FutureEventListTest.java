package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.EventListTestSupport.drain;
import static io.github.radixwheel.alarms.EventListTestSupport.inOrder;
import static io.github.radixwheel.alarms.EventListTestSupport.pollAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Each clause of {@link FutureEventList}'s contract that holds without an exception (those are in {@link FutureEventListRefusalTest}). */
class FutureEventListTest {

    @Test
    void constructor_startsAtZeroOrTheStart() {
        assertEquals(0.0, new FutureEventList<String>().now());
        assertEquals(2.5, new FutureEventList<String>(2.5).now());
        FutureEventList<String> list = new FutureEventList<>(Double.MAX_VALUE, 0);
        assertEquals(Double.MAX_VALUE, list.now());
        assertTrue(list.isEmpty());
        assertEquals(0, list.size());
        list.checkInvariants();
    }

    @Test
    void constructor_negativeZeroStart_isZero() {
        FutureEventList<String> list = new FutureEventList<>(-0.0);
        assertEquals(0.0, list.now());
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(list.now()), "kept as +0.0");
        list.add(-0.0, "a");
        list.checkInvariants();
    }

    @Test
    void add_returnsDistinctNonZeroHandles() {
        FutureEventList<Integer> list = new FutureEventList<>();
        Set<Long> handles = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            long h = list.add(i % 7, i % 3, i);
            assertNotEquals(0L, h);
            assertTrue(handles.add(h));
        }
        assertEquals(1000, list.size());
        list.checkInvariants();
    }

    @Test
    void pollFirst_takesByTimeThenPriorityThenSchedulingOrder() {
        FutureEventList<String> list = new FutureEventList<>();
        list.add(2.0, 0, "t2");
        list.add(1.0, 5, "t1p5a");
        list.add(1.0, -3, "t1p-3");
        list.add(1.0, 5, "t1p5b");
        list.add(1.0, "t1p0");
        list.add(0.5, 9, "t0.5");
        list.add(1.0, 5, "t1p5c");
        assertEquals(List.of("t0.5", "t1p-3", "t1p0", "t1p5a", "t1p5b", "t1p5c", "t2"), pollAll(list));
        assertEquals(2.0, list.now());
    }

    @Test
    void pollFirst_setsNowToEachEventsTime() {
        FutureEventList<String> list = new FutureEventList<>(1.0);
        list.add(3.0, "c");
        list.add(1.0, "a");
        list.add(2.0, "b");
        assertEquals("a", list.pollFirst());
        assertEquals(1.0, list.now());
        assertEquals("b", list.pollFirst());
        assertEquals(2.0, list.now());
        assertEquals("c", list.pollFirst());
        assertEquals(3.0, list.now());
        assertNull(list.pollFirst());
        assertEquals(3.0, list.now(), "an empty poll moves nothing");
    }

    @Test
    void add_withoutPriority_hasPriorityZero() {
        FutureEventList<String> list = new FutureEventList<>();
        long h = list.add(1.0, "a");
        assertEquals(0, list.priority(h));
        list.add(1.0, 1, "after");
        list.add(1.0, -1, "before");
        assertEquals(List.of("before", "a", "after"), pollAll(list));
    }

    @Test
    void order_timesAreComparedExactly() {
        FutureEventList<String> list = new FutureEventList<>();
        double t = 1e6;
        list.add(Math.nextUp(t), "up");
        list.add(t, "t");
        list.add(Math.nextDown(t), "down");
        list.add(Double.MIN_VALUE, "subnormal");
        list.add(2 * Double.MIN_VALUE, "subnormal2");
        list.add(Double.MIN_NORMAL, "normal");
        list.add(Double.MAX_VALUE, "max");
        list.add(Double.POSITIVE_INFINITY, "inf");
        list.add(0.0, "zero");
        assertEquals(List.of("zero", "subnormal", "subnormal2", "normal", "down", "t", "up", "max", "inf"), pollAll(list));
        assertEquals(Double.POSITIVE_INFINITY, list.now());
    }

    @Test
    void order_negativeZeroEqualsZero_inSchedulingOrder() {
        FutureEventList<String> list = new FutureEventList<>();
        long a = list.add(-0.0, "a");
        list.add(0.0, "b");
        list.add(-0.0, "c");
        assertEquals(0.0, list.time(a));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(list.time(a)), "-0.0 is kept as 0.0");
        assertEquals(List.of("a", "b", "c"), pollAll(list));
    }

    @Test
    void order_infinitySortsLast_andIsTakenInItsOrder() {
        FutureEventList<String> list = new FutureEventList<>();
        list.add(Double.POSITIVE_INFINITY, 1, "inf1");
        list.add(Double.POSITIVE_INFINITY, 0, "inf0");
        list.add(Double.MAX_VALUE, "max");
        assertEquals("max", list.pollFirst());
        assertEquals("inf0", list.pollFirst());
        assertEquals(Double.POSITIVE_INFINITY, list.now());
        list.add(Double.POSITIVE_INFINITY, -1, "inf-1");
        assertEquals(List.of("inf-1", "inf1"), pollAll(list));
    }

    @Test
    void order_extremePriorities() {
        FutureEventList<String> list = new FutureEventList<>();
        list.add(1.0, Integer.MAX_VALUE, "max");
        list.add(1.0, 0, "zero");
        list.add(1.0, Integer.MIN_VALUE, "min");
        list.add(1.0, Integer.MAX_VALUE, "max2");
        list.add(1.0, Integer.MIN_VALUE, "min2");
        assertEquals(List.of("min", "min2", "zero", "max", "max2"), inOrder(list).stream()
                .map(s -> s.substring(s.indexOf('=') + 1)).toList());
        assertEquals(List.of("min", "min2", "zero", "max", "max2"), pollAll(list));
    }

    @Test
    void add_atNow_takesItsPlaceAmongTheCurrentTimesPriorities() {
        FutureEventList<String> list = new FutureEventList<>();
        list.add(1.0, 2, "a2");
        list.add(1.0, 4, "a4");
        list.add(2.0, "later");
        assertEquals("a2", list.pollFirst());
        list.add(1.0, 3, "b3");  // between the runs
        list.add(1.0, 9, "b9");  // after them
        list.add(1.0, 1, "b1");  // before them
        list.add(1.0, 4, "b4");  // at the back of a run
        list.add(1.0, 3, "c3");
        list.checkInvariants();
        assertEquals(List.of("b1", "b3", "c3", "a4", "b4", "b9", "later"), pollAll(list));
    }

    @Test
    void addFirst_goesToTheFrontOfItsTimeAndPriority() {
        FutureEventList<String> list = new FutureEventList<>();
        list.add(1.0, 0, "a");
        list.add(1.0, 1, "b");
        list.addFirst(1.0, 1, "first1");
        list.addFirst(1.0, 0, "first0");
        list.addFirst(2.0, 0, "t2");
        assertEquals(List.of("first0", "a", "first1", "b", "t2"), pollAll(list));
    }

    @Test
    void addFirst_atNow_goesToTheFrontOfItsRun() {
        FutureEventList<String> list = new FutureEventList<>();
        list.add(1.0, 0, "x");
        list.add(1.0, 5, "a5");
        list.add(1.0, 5, "b5");
        list.add(1.0, 7, "a7");
        assertEquals("x", list.pollFirst());
        list.addFirst(1.0, 5, "f5");
        list.addFirst(1.0, 7, "f7");
        list.addFirst(1.0, 6, "f6"); // a new run
        list.addFirst(1.0, -1, "f-1");
        list.checkInvariants();
        assertEquals(List.of("f-1", "f5", "a5", "b5", "f6", "f7", "a7"), pollAll(list));
    }

    @Test
    void addFirst_insideTheActionForItsGroup_isTakenNext() {
        FutureEventList<String> list = new FutureEventList<>();
        list.add(1.0, "a");
        list.add(1.0, "b");
        List<String> taken = new ArrayList<>();
        list.pollFirst((handle, time, priority, event) -> {
            taken.add(event);
            list.addFirst(time, priority, "next");
        });
        while (list.pollFirst((handle, time, priority, event) -> taken.add(event))) {
        }
        assertEquals(List.of("a", "next", "b"), taken);
    }

    @Test
    void addBeforeAndAfter_takeTheTimeAndPriorityAndStandBeside() {
        FutureEventList<String> list = new FutureEventList<>();
        list.add(1.0, 3, "a");
        long b = list.add(1.0, 3, "b");
        list.add(1.0, 3, "c");
        long before = list.addBefore(b, "beforeB");
        long after = list.addAfter(b, "afterB");
        assertEquals(1.0, list.time(before));
        assertEquals(3, list.priority(after));
        long later = list.add(5.0, -2, "later");
        list.addAfter(later, "afterLater");
        list.addBefore(later, "beforeLater");
        assertEquals(-2, list.priority(list.addAfter(later, "x")));
        assertEquals(List.of("a", "beforeB", "b", "afterB", "c", "beforeLater", "later", "x", "afterLater"), pollAll(list));
    }

    @Test
    void addBeforeAndAfter_atNow_keepTheRuns() {
        FutureEventList<String> list = new FutureEventList<>();
        list.add(1.0, 0, "first");
        long a = list.add(1.0, 2, "a");
        long b = list.add(1.0, 4, "b");
        assertEquals("first", list.pollFirst());
        list.addAfter(a, "afterA");   // the new end of a's run
        list.addAfter(b, "afterB");
        list.addBefore(a, "beforeA"); // the new front of the current time
        list.add(1.0, 2, "a2");       // at the back of a's run, after afterA
        list.checkInvariants();
        assertEquals(List.of("beforeA", "a", "afterA", "a2", "b", "afterB"), pollAll(list));
    }

    @Test
    void reschedule_keepsHandleAndPriority_atTheBackOfItsNewGroup() {
        FutureEventList<String> list = new FutureEventList<>();
        long a = list.add(5.0, 1, "a");
        list.add(2.0, 1, "x");
        list.add(2.0, 1, "y");
        list.reschedule(a, 2.0);
        assertTrue(list.contains(a));
        assertEquals(2.0, list.time(a));
        assertEquals(1, list.priority(a));
        assertEquals("a", list.event(a));
        assertEquals(List.of("x", "y", "a"), pollAll(list));
    }

    @Test
    void reschedule_toItsOwnTime_goesToTheBack() {
        FutureEventList<String> list = new FutureEventList<>();
        long a = list.add(2.0, "a");
        list.add(2.0, "b");
        list.reschedule(a, 2.0);
        assertEquals(List.of("b", "a"), pollAll(list));
    }

    @Test
    void reschedule_intoAndOutOfTheCurrentTime() {
        FutureEventList<String> list = new FutureEventList<>();
        list.add(1.0, 0, "first");
        long a = list.add(1.0, 3, "a");
        list.add(1.0, 3, "b");
        long c = list.add(4.0, 1, "c");
        long d = list.add(1.0, 2, "d");
        assertEquals("first", list.pollFirst());
        list.reschedule(a, 1.0); // to the back of its run
        list.reschedule(c, 1.0); // into the current time, priority 1: first
        list.reschedule(d, 3.0); // out of it
        list.checkInvariants();
        assertEquals(List.of("c", "b", "a", "d"), pollAll(list));
    }

    @Test
    void remove_pendingEventIsNeverTaken() {
        FutureEventList<String> list = new FutureEventList<>();
        long a = list.add(1.0, "a");
        long b = list.add(1.0, "b");
        long c = list.add(3.0, "c");
        assertTrue(list.remove(b));
        assertFalse(list.contains(b));
        assertFalse(list.remove(b), "a second remove");
        assertEquals(2, list.size());
        assertEquals("a", list.pollFirst());
        assertFalse(list.remove(a), "a taken event");
        assertTrue(list.remove(c));
        assertTrue(list.isEmpty());
        assertFalse(list.remove(0L));
        assertFalse(list.remove(-1L));
        list.checkInvariants();
    }

    @Test
    void remove_atNow_endsOrShortensRuns() {
        FutureEventList<String> list = new FutureEventList<>();
        list.add(1.0, 0, "first");
        long a = list.add(1.0, 1, "a");
        long b = list.add(1.0, 1, "b");
        long c = list.add(1.0, 2, "c");
        list.add(1.0, 3, "d");
        assertEquals("first", list.pollFirst());
        assertTrue(list.remove(b)); // the tail of run 1
        list.checkInvariants();
        assertTrue(list.remove(c)); // a whole run
        list.checkInvariants();
        assertTrue(list.remove(a));
        list.checkInvariants();
        list.add(1.0, 1, "e");
        assertEquals(List.of("e", "d"), pollAll(list));
    }

    @Test
    void lookups_andSetEvent() {
        FutureEventList<String> list = new FutureEventList<>();
        long h = list.add(1.5, -7, "a");
        assertEquals(1.5, list.time(h));
        assertEquals(-7, list.priority(h));
        assertEquals("a", list.event(h));
        assertEquals("a", list.setEvent(h, "b"));
        assertEquals("b", list.event(h));
        assertEquals(1.5, list.time(h), "setEvent keeps the time");
        assertEquals("b", list.pollFirst());
    }

    @Test
    void first_queriesAgreeWithPollFirst() {
        FutureEventList<String> list = new FutureEventList<>();
        assertNull(list.peekFirst());
        list.add(2.0, 5, "a");
        list.add(2.0, 5, "b");
        long c = list.add(2.0, 1, "c"); // a later time scheduled out of priority order
        list.add(3.0, "d");
        assertEquals("c", list.peekFirst());
        assertEquals(c, list.firstHandle());
        assertEquals(2.0, list.firstTime());
        list.checkInvariants();
        list.addFirst(2.0, 1, "e");
        assertEquals("e", list.peekFirst(), "the cache follows a change");
        list.checkInvariants();
        List<String> taken = new ArrayList<>();
        while (!list.isEmpty()) {
            String peeked = list.peekFirst();
            long handle = list.firstHandle();
            double time = list.firstTime();
            list.checkInvariants();
            list.pollFirst((h, t, p, e) -> {
                assertEquals(handle, h);
                assertEquals(time, t);
                assertSame(peeked, e);
                taken.add(e);
            });
        }
        assertEquals(List.of("e", "c", "a", "b", "d"), taken);
    }

    @Test
    void pollFirstAction_receivesHandleTimePriorityAndEvent_afterRemoval() {
        FutureEventList<String> list = new FutureEventList<>(1.0);
        long h = list.add(2.5, 4, "a");
        boolean[] called = {false};
        assertTrue(list.pollFirst((handle, time, priority, event) -> {
            called[0] = true;
            assertEquals(h, handle);
            assertEquals(2.5, time);
            assertEquals(4, priority);
            assertEquals("a", event);
            assertFalse(list.contains(handle), "the event is removed before the action runs");
            assertEquals(2.5, list.now(), "now is the event's time inside the action");
            assertEquals(0, list.size());
        }));
        assertTrue(called[0]);
        assertFalse(list.pollFirst((handle, time, priority, event) -> {
            throw new AssertionError("called on an empty list");
        }));
    }

    @Test
    void pollFirstAction_handlersUseTheList() {
        FutureEventList<String> list = new FutureEventList<>();
        long later = list.add(5.0, "later");
        list.add(1.0, "go");
        long doomed = list.add(1.0, "doomed");
        List<String> taken = new ArrayList<>();
        list.pollFirst((handle, time, priority, event) -> {
            taken.add(event);
            list.add(time, 1, "atNowPriority1");      // after the other events of now with priority 0
            list.add(time, -1, "atNowPriorityMinus1"); // before them
            assertTrue(list.remove(doomed));
            list.reschedule(later, time);              // now, priority 0, at the back
            list.add(2.0, "at2");
            list.checkInvariants();
        });
        while (list.pollFirst((handle, time, priority, event) -> taken.add(event))) {
        }
        assertEquals(List.of("go", "atNowPriorityMinus1", "later", "atNowPriority1", "at2"), taken);
    }

    @Test
    void pollFirstAction_clearOrResetInside_emptiesTheList() {
        FutureEventList<String> list = new FutureEventList<>();
        list.add(1.0, "a");
        list.add(2.0, "b");
        list.pollFirst((handle, time, priority, event) -> list.clear());
        assertTrue(list.isEmpty());
        assertEquals(1.0, list.now());
        list.add(3.0, "c");
        list.pollFirst((handle, time, priority, event) -> {
            list.reset(0.5);
            list.add(0.75, "d");
        });
        assertEquals(0.5, list.now());
        assertEquals(List.of("d"), pollAll(list));
    }

    @Test
    void forEachInOrder_visitsInTakingOrder_withoutChangingAnything() {
        FutureEventList<Integer> list = new FutureEventList<>();
        SplittableRandom random = new SplittableRandom(34);
        for (int i = 0; i < 500; i++) {
            list.add(random.nextInt(20), random.nextInt(5) - 2, i);
        }
        List<String> order = inOrder(list);
        assertEquals(500, order.size());
        assertEquals(order, inOrder(list));
        assertEquals(order, drain(list));
    }

    @Test
    void largeTimeGroup_outOfPriorityOrder_isSortedStably() {
        FutureEventList<int[]> list = new FutureEventList<>();
        SplittableRandom random = new SplittableRandom(7);
        List<int[]> expected = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            int[] e = {random.nextInt(7) - 3, i};
            expected.add(e);
            list.add(1.0, e[0], e);
        }
        expected.sort(Comparator.<int[]>comparingInt(e -> e[0]).thenComparingInt(e -> e[1]));
        assertEquals(expected, pollAll(list));
    }

    @Test
    void descendingPriorities_atAFutureTimeAndAtNow() {
        FutureEventList<Integer> list = new FutureEventList<>();
        for (int p = 100; p > 0; p--) {
            list.add(1.0, p, p);
        }
        assertEquals(1, list.pollFirst());
        for (int p = 0; p > -100; p--) {
            list.add(1.0, p, p); // each a new lowest run at now
        }
        list.checkInvariants();
        List<Integer> taken = pollAll(list);
        for (int i = 1; i < taken.size(); i++) {
            assertTrue(taken.get(i - 1) < taken.get(i), "out of order at " + i + ": " + taken);
        }
        assertEquals(199, taken.size());
    }

    @Test
    void clear_keepsNow_andStalesHandles() {
        FutureEventList<String> list = new FutureEventList<>(3.0);
        long a = list.add(4.0, "a");
        list.add(3.0, "b");
        list.clear();
        assertTrue(list.isEmpty());
        assertEquals(3.0, list.now());
        assertFalse(list.contains(a));
        list.add(3.0, "c");
        assertEquals(List.of("c"), pollAll(list));
    }

    @Test
    void reset_movesTheClockEitherWay_andEmpties() {
        FutureEventList<String> list = new FutureEventList<>(10.0);
        long a = list.add(11.0, "a");
        list.reset(1.0);
        assertEquals(1.0, list.now());
        assertTrue(list.isEmpty());
        assertFalse(list.contains(a));
        list.add(2.0, "b");
        list.reset(100.0);
        assertEquals(100.0, list.now());
        list.add(100.0, 1, "c");
        list.add(100.0, 0, "d");
        list.reset(-0.0);
        assertEquals(0.0, list.now());
        list.add(0.0, "e");
        assertEquals(List.of("e"), pollAll(list));
    }

    @Test
    void trimToSize_keepsHandlesAndOrder() {
        FutureEventList<Integer> list = new FutureEventList<>();
        List<Long> handles = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            handles.add(list.add(i % 10, -(i % 4), i));
        }
        for (int i = 0; i < 990; i++) {
            list.remove(handles.get(i));
        }
        List<String> order = inOrder(list);
        list.trimToSize();
        list.checkInvariants();
        assertEquals(order, inOrder(list));
        for (int i = 990; i < 1000; i++) {
            assertTrue(list.contains(handles.get(i)));
        }
        for (int i = 0; i < 990; i++) {
            assertFalse(list.contains(handles.get(i)));
        }
    }

    @Test
    void longTimesPassedAsTheirBits_keepTheirExactOrder_whereACastMergesThem() {
        long big = 1L << 53;
        long[] times = {big + 1, big, 0x7FF0000000000000L, 0, 1, 0x7FEFFFFFFFFFFFFFL};
        FutureEventList<Long> bits = new FutureEventList<>();
        FutureEventList<Long> cast = new FutureEventList<>();
        for (long t : times) {
            bits.add(Double.longBitsToDouble(t), t);
            cast.add((double) t, t);
        }
        List<Long> taken = new ArrayList<>();
        for (Long t = bits.pollFirst(); t != null; t = bits.pollFirst()) {
            assertEquals((long) t, Double.doubleToRawLongBits(bits.now()), "now() maps back");
            taken.add(t);
            bits.checkInvariants();
        }
        assertEquals(List.of(0L, 1L, big, big + 1, 0x7FEFFFFFFFFFFFFFL, 0x7FF0000000000000L), taken);
        assertEquals(Double.POSITIVE_INFINITY, bits.now(), "0x7FF0000000000000 is +infinity");
        assertEquals(List.of(0L, 1L, big + 1, big, 0x7FF0000000000000L, 0x7FEFFFFFFFFFFFFFL), pollAll(cast),
                "a cast merges 2^53 + 1 with 2^53, and the two largest, each pair taken in scheduling order");
    }

    @Test
    void toString_showsClockSizeAndFirstEvents() {
        FutureEventList<String> list = new FutureEventList<>(1.0);
        assertEquals("FutureEventList[now=1.0, size=0]", list.toString());
        list.add(2.0, 1, "b");
        list.add(2.0, 0, "a");
        assertEquals("FutureEventList[now=1.0, size=2, first: 2.0/0=a, 2.0/1=b]", list.toString());
        for (int i = 0; i < 10; i++) {
            list.add(3.0 + i, "x" + i);
        }
        assertTrue(list.toString().endsWith(", 3.0/0=x0, 4.0/0=x1, 5.0/0=x2, 6.0/0=x3, 7.0/0=x4, 8.0/0=x5, ...]"),
                list.toString());
    }
}
