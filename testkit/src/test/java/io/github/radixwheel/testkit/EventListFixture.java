package io.github.radixwheel.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.function.Executable;

/**
 * What the event-list contract tests share: a list at 1.0 with events at now in two priorities
 * (the first of that time already taken), events at a later time scheduled out of priority order,
 * and a stale handle; the order as text; draining; and "a refused call changes nothing".
 */
final class EventListFixture {
    final EventListApi<String> l;
    /** At now, priority 2, after {@code atNow1} at priority 1. */
    final long atNow;
    /** At 4.0, priority 3, after {@code later-3} at priority -3. */
    final long later;
    /** Removed. */
    final long stale;

    /** @param l an empty list at 1.0 */
    EventListFixture(EventListApi<String> l) {
        this.l = l;
        l.add(1.0, 0, "first");
        atNow = l.add(1.0, 2, "atNow");
        l.add(1.0, 1, "atNow1");
        later = l.add(4.0, 3, "later");
        l.add(4.0, -3, "later-3");
        stale = l.add(9.0, "stale");
        assertTrue(l.remove(stale));
        assertEquals("first", l.pollFirst()); // the events at 1.0 are now the current time's
    }

    /** The pending events as "handle:time/priority=event", in order, with -0.0 and 0.0 told apart. */
    static List<String> withHandles(EventListApi<String> l) {
        List<String> out = new ArrayList<>();
        l.forEachInOrder((h, t, p, e) -> out.add(h + ":" + t + "/" + p + "=" + e));
        return out;
    }

    /** Takes every event with pollFirst(), as "event@now", checking the invariants after each. */
    static List<String> pollAll(EventListApi<String> l) {
        List<String> out = new ArrayList<>();
        for (String e = l.pollFirst(); e != null; e = l.pollFirst()) {
            out.add(e + "@" + l.now());
            l.checkInvariants();
        }
        return out;
    }

    /** Runs a call that must throw {@code type}, and checks that it changed nothing: size, clock, order with handles. */
    static <T extends Throwable> T refused(EventListApi<String> l, Class<T> type, Executable call) {
        int size = l.size();
        double now = l.now();
        List<String> order = withHandles(l);
        T thrown = assertThrows(type, call);
        assertEquals(size, l.size(), "a refused call changed the size");
        assertEquals(Double.doubleToRawLongBits(now), Double.doubleToRawLongBits(l.now()), "a refused call moved the clock");
        assertEquals(order, withHandles(l), "a refused call changed the order");
        l.checkInvariants();
        return thrown;
    }
}
