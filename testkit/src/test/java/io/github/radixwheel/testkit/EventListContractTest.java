package io.github.radixwheel.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/**
 * The future event list's contract, clause by clause. It runs against {@link ReferenceEventList};
 * the real {@code FutureEventList} gets a subclass of its own where both are on one branch.
 */
abstract class EventListContractTest {
    abstract ReferenceEventList<String> create(double start);

    @Test
    void order_byTimeThenPriorityThenScheduling() {
        ReferenceEventList<String> l = create(0);
        l.add(2.0, "late");
        l.add(1.0, 5, "low priority");
        long h = l.add(1.0, "first");
        l.add(1.0, "second");
        l.addFirst(1.0, 0, "front");
        l.addAfter(h, "after first");
        l.add(Double.POSITIVE_INFINITY, "never");
        l.add(-0.0 + 1.0, -1, "urgent");
        List<String> out = new ArrayList<>();
        for (String e = l.pollFirst(); e != null; e = l.pollFirst()) {
            out.add(e + "@" + l.now());
        }
        assertEquals(List.of("urgent@1.0", "front@1.0", "first@1.0", "after first@1.0", "second@1.0",
                "low priority@1.0", "late@2.0", "never@Infinity"), out);
    }

    @Test
    void times_areComparedExactly_oneUlpApartIsNotATie() {
        ReferenceEventList<String> l = create(1.0);
        l.add(Math.nextUp(1.0), "later");
        l.add(1.0, "now");
        assertEquals("now", l.pollFirst());
        assertEquals(1.0, l.now());
        assertEquals(Math.nextUp(1.0), l.firstTime());
    }

    @Test
    void rejectedCalls_throwTheirExceptionAndChangeNothing() {
        assertThrows(IllegalArgumentException.class, () -> create(-1));
        assertThrows(IllegalArgumentException.class, () -> create(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> create(Double.POSITIVE_INFINITY));
        ReferenceEventList<String> l = create(5);
        assertThrows(IllegalArgumentException.class, () -> l.add(4.9, "past"));
        assertThrows(IllegalArgumentException.class, () -> l.add(Double.NaN, "nan"));
        assertThrows(NullPointerException.class, () -> l.add(6, null));
        long h = l.add(6, "x");
        assertThrows(IllegalArgumentException.class, () -> l.reschedule(h, 1));
        assertTrue(l.remove(h));
        assertFalse(l.remove(h));
        assertThrows(IllegalArgumentException.class, () -> l.time(h));
        assertThrows(IllegalArgumentException.class, () -> l.addBefore(h, "y"));
        assertThrows(NoSuchElementException.class, l::firstHandle);
        assertThrows(NoSuchElementException.class, l::firstTime);
        assertNull(l.peekFirst());
        assertNull(l.pollFirst());
        assertFalse(l.pollFirst((x, t, p, e) -> { throw new AssertionError(); }));
        assertThrows(IllegalArgumentException.class, () -> l.reset(-0.5));
        assertEquals(5.0, l.now());
        assertTrue(l.isEmpty());
        l.checkInvariants();
    }

    @Test
    void actions_mayUseTheList_butNotPollNested_andAThrowLosesNothing() {
        ReferenceEventList<String> l = create(0);
        l.add(1, "a");
        l.add(3, "c");
        List<String> seen = new ArrayList<>();
        assertTrue(l.pollFirst((h, t, p, e) -> {
            seen.add(e + "@" + t + "/" + l.now());
            assertFalse(l.contains(h));
            l.add(l.now(), "same time");
            assertThrows(IllegalStateException.class, l::pollFirst);
            assertThrows(IllegalStateException.class, () -> l.pollFirst((h2, t2, p2, e2) -> { }));
        }));
        assertEquals("same time", l.pollFirst());
        RuntimeException boom = new RuntimeException();
        assertEquals(boom, assertThrows(RuntimeException.class, () -> l.pollFirst((h, t, p, e) -> { throw boom; })));
        assertEquals(3.0, l.now());
        assertEquals(0, l.size());
        assertEquals(List.of("a@1.0/1.0"), seen);
    }

    @Test
    void forEachInOrder_refusesModification() {
        ReferenceEventList<String> l = create(0);
        long h = l.add(1, "a");
        assertThrows(ConcurrentModificationException.class, () -> l.forEachInOrder((x, t, p, e) -> l.add(2, "b")));
        assertThrows(ConcurrentModificationException.class, () -> l.forEachInOrder((x, t, p, e) -> l.remove(h)));
        assertThrows(ConcurrentModificationException.class, () -> l.forEachInOrder((x, t, p, e) -> l.pollFirst()));
        assertEquals(1, l.size());
        assertEquals("a", l.setEvent(h, "A"));
        l.reschedule(h, 4);
        assertEquals(4.0, l.time(h));
        assertEquals(0, l.priority(h));
        assertEquals("A", l.event(h));
    }
}
