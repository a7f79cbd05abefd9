package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The first event, once found, stays known across changes that do not pass it, and a change that
 * passes it makes the new event first: each case below peeks, changes the list, and checks the
 * first against the order ({@code checkInvariants()} also recomputes the cached first and compares).
 * The earliest time lies after {@code now()}, where finding the first walks its slot.
 */
class FutureEventListKnownFirstTest {
    private FutureEventList<String> list;
    private long first;

    /** Ties at 1.0 with priorities 5, 3, 3, 7: the first is the earlier of the two of priority 3. */
    private void tiesAtOne() {
        list = new FutureEventList<>();
        list.add(1.0, 5, "a");
        first = list.add(1.0, 3, "b");
        list.add(1.0, 3, "c");
        list.add(1.0, 7, "d");
        list.add(2.0, -100, "e");
        assertEquals(first, list.firstHandle());
    }

    private void firstIs(long expected) {
        list.checkInvariants();
        assertEquals(expected, list.firstHandle());
        assertEquals(list.event(expected), list.peekFirst());
        assertEquals(list.time(expected), list.firstTime());
        list.checkInvariants();
    }

    @Test
    void laterOrNotBefore_keepTheFirst() {
        tiesAtOne();
        list.add(1.5, Integer.MIN_VALUE, "later time");
        firstIs(first);
        list.add(1.0, 3, "same time and priority, at the back");
        firstIs(first);
        list.add(1.0, 4, "same time, higher priority");
        firstIs(first);
        list.addFirst(1.0, 4, "front of a later group");
        firstIs(first);
        list.addAfter(first, "right after the first");
        firstIs(first);
    }

    @Test
    void anEarlierTime_isFirst() {
        tiesAtOne();
        firstIs(list.add(0.5, Integer.MAX_VALUE, "earlier"));
    }

    @Test
    void aLowerPriorityAtTheFirstsTime_isFirst() {
        tiesAtOne();
        firstIs(list.add(1.0, 2, "lower priority"));
    }

    @Test
    void theFrontOfTheFirstsGroup_isFirst() {
        tiesAtOne();
        firstIs(list.addFirst(1.0, 3, "front"));
    }

    @Test
    void beforeTheFirst_isFirst() {
        tiesAtOne();
        firstIs(list.addBefore(first, "before"));
    }

    @Test
    void removingOthers_keepsTheFirst_removingIt_findsTheNext() {
        tiesAtOne();
        long other = list.add(1.0, 3, "x");
        list.firstHandle();
        list.remove(other);
        firstIs(first);
        long next = list.add(1.0, 3, "y");
        list.remove(first);
        firstIs(list.firstHandle());
        assertEquals("c", list.peekFirst(), "the other event of priority 3 scheduled before y");
        list.remove(list.firstHandle());
        firstIs(next);
    }

    @Test
    void reschedulingOthers_passesTheFirstOnlyIfBefore() {
        tiesAtOne();
        long d = findEvent("d");
        list.reschedule(d, 1.0); // back of (1.0, 7)
        firstIs(first);
        long e = findEvent("e");
        list.reschedule(e, 1.0); // priority -100 at 1.0: before every event of 1.0
        firstIs(e);
        list.reschedule(e, 3.0); // the first moves later: the next must be found again
        firstIs(first);
        list.reschedule(first, 0.25);
        firstIs(first);
    }

    @Test
    void atNow_theCurrentTimesOrderIsKept() {
        list = new FutureEventList<>();
        list.add(0.0, 5, "a");
        long b = list.add(0.0, 3, "b");
        list.add(1.0, 0, "later");
        firstIs(b);
        firstIs(list.add(0.0, 1, "lower"));
        firstIs(list.addFirst(0.0, 1, "front"));
    }

    /** Random changes between peeks at random moments, every step checked against the recomputation. */
    @Test
    void randomChangesBetweenPeeks_keepTheCachedFirstRight() {
        for (long seed = 0; seed < 20; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            list = new FutureEventList<>();
            List<Long> handles = new ArrayList<>();
            for (int step = 0; step < 2_000; step++) {
                double time = list.now() + random.nextInt(4) * 0.5;
                int priority = random.nextInt(4) - 2;
                int op = random.nextInt(12);
                if (op < 3 || handles.isEmpty()) {
                    handles.add(list.add(time, priority, "e" + step));
                } else if (op == 3) {
                    handles.add(list.addFirst(time, priority, "f" + step));
                } else if (op == 4) {
                    long ref = handles.get(random.nextInt(handles.size()));
                    handles.add(random.nextBoolean() ? list.addBefore(ref, "b" + step) : list.addAfter(ref, "a" + step));
                } else if (op == 5) {
                    list.remove(handles.remove(random.nextInt(handles.size())));
                } else if (op == 6) {
                    list.reschedule(handles.get(random.nextInt(handles.size())), time);
                } else if (op == 7) {
                    handles.remove(Long.valueOf(list.firstHandle()));
                    list.pollFirst();
                } else {
                    list.firstHandle(); // peek: the first becomes known
                }
                list.checkInvariants();
            }
        }
    }

    private long findEvent(String event) {
        long[] found = {0};
        list.forEachInOrder((h, t, p, e) -> {
            if (e.equals(event)) {
                found[0] = h;
            }
        });
        return found[0];
    }
}
