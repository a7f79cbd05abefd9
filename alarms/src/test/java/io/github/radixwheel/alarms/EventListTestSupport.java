package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.function.Executable;

/** What the {@link FutureEventList} tests share: the order as text, draining, and "a refused call changes nothing". */
final class EventListTestSupport {
    private EventListTestSupport() {}

    /** The pending events as "time/priority=event" in the order forEachInOrder gives them. */
    static List<String> inOrder(FutureEventList<?> list) {
        List<String> out = new ArrayList<>();
        list.forEachInOrder((handle, time, priority, event) -> out.add(time + "/" + priority + "=" + event));
        return out;
    }

    /** Takes every event with pollFirst(); returns them as "time/priority=event". */
    static List<String> drain(FutureEventList<?> list) {
        List<String> out = new ArrayList<>();
        while (!list.isEmpty()) {
            list.checkInvariants();
            list.pollFirst(
                    (handle, time, priority, event) -> out.add(time + "/" + priority + "=" + event));
        }
        list.checkInvariants();
        return out;
    }

    /** The events taken with pollFirst() until empty. */
    static <E> List<E> pollAll(FutureEventList<E> list) {
        List<E> out = new ArrayList<>();
        for (E e = list.pollFirst(); e != null; e = list.pollFirst()) {
            out.add(e);
            list.checkInvariants();
        }
        return out;
    }

    /**
     * Runs a call that must throw {@code type}, and checks that it changed nothing: size, clock,
     * order (with handles) and the text.
     */
    static <T extends Throwable> T refused(FutureEventList<?> list, Class<T> type, Executable call) {
        int size = list.size();
        double now = list.now();
        List<String> order = withHandles(list);
        String text = list.toString();
        T thrown = assertThrows(type, call);
        assertEquals(size, list.size(), "a refused call changed the size");
        assertEquals(now, list.now(), "a refused call moved the clock");
        assertEquals(order, withHandles(list), "a refused call changed the order");
        assertEquals(text, list.toString(), "a refused call changed the text");
        list.checkInvariants();
        return thrown;
    }

    private static List<String> withHandles(FutureEventList<?> list) {
        List<String> out = new ArrayList<>();
        list.forEachInOrder((handle, time, priority, event) -> out.add(handle + ":" + time + "/" + priority + "=" + event));
        return out;
    }
}
