package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.function.Executable;

/**
 * Shared pieces of the {@link TimingWheelQueue} unit tests: the level layouts every test runs with,
 * a snapshot of everything observable (for "a rejected call changes nothing"), and queues placed at
 * a given minimum.
 */
final class QueueTestSupport {
    private QueueTestSupport() {}

    static final long MAX = Long.MAX_VALUE;

    /** A handler that must not be called. */
    static final ElementConsumer<Object> NO_DELIVERY = (h, k, v) -> fail("unexpected delivery of " + k + "=" + v);

    /** Small and default configurations, used where a test should hold for any level layout. */
    static final LevelBits[] CONFIGS = {
        LevelBits.of(1), LevelBits.of(1, 1), LevelBits.of(2, 2), LevelBits.of(3, 1), LevelBits.of(1, 2, 3),
        LevelBits.of(1, 1, 1, 1, 1), LevelBits.of(4, 4, 4), LevelBits.of(2).extendToMaxNumBits(), LevelBits.DEFAULT,
    };

    /**
     * Everything observable about a queue and some handles: its counts and range, its toString, the
     * given handles, its minimum, and every element by handle (through {@code forEach}).
     */
    record State(int size, boolean empty, long minAllowedKey, long maxAllowedKey, String text,
            List<String> handles, String min, TreeMap<Long, String> contents) {}

    static State state(TimingWheelQueue<?> q, long... handles) {
        List<String> perHandle = new ArrayList<>();
        for (long h : handles) {
            perHandle.add(q.contains(h) ? h + ":" + q.key(h) + "=" + q.value(h) : h + ":absent");
        }
        String min = q.isEmpty() ? "none" : q.minKey() + "/" + q.minElement();
        TreeMap<Long, String> contents = new TreeMap<>();
        q.forEach((h, k, v) -> contents.put(h, k + "=" + v));
        return new State(q.size(), q.isEmpty(), q.minAllowedKey(), q.maxAllowedKey(), q.toString(), perHandle, min,
                contents);
    }

    /** Runs {@code call}, expects {@code type}, and checks that nothing observable changed. */
    static <T extends Throwable> T assertRejected(Class<T> type, TimingWheelQueue<?> q, long[] handles,
            Executable call) {
        State before = state(q, handles);
        T thrown = assertThrows(type, call);
        assertEquals(before, state(q, handles), "a rejected call changed the queue");
        q.checkInvariants();
        return thrown;
    }

    /** A queue with {@code bits} whose minimum allowed key is {@code min}. */
    static <V> TimingWheelQueue<V> queueAt(LevelBits bits, long min) {
        TimingWheelQueue<V> q = new TimingWheelQueue<>(bits);
        q.increaseMinAllowedKey(min, NO_DELIVERY);
        q.checkInvariants();
        assertEquals(min, q.minAllowedKey());
        return q;
    }

    /** The elements as "key=value" in the order {@code forEachInOrder} gives them. */
    static List<String> inOrder(TimingWheelQueue<?> q) {
        List<String> out = new ArrayList<>();
        q.forEachInOrder((h, k, v) -> out.add(k + "=" + v));
        return out;
    }

    /** Empties the queue with {@code pollMin()}, returning "key=value" in order and checking invariants each step. */
    static List<String> drain(TimingWheelQueue<?> q) {
        List<String> out = new ArrayList<>();
        while (!q.isEmpty()) {
            long key = q.minKey();
            out.add(key + "=" + q.pollMin());
            assertEquals(key, q.minAllowedKey());
            q.checkInvariants();
        }
        return out;
    }
}
