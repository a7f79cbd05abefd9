package io.github.radixwheel.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/**
 * The queue's contract, clause by clause, run against {@code TimingWheelQueue} and against
 * {@link ReferenceQueue}: both must pass every vector, exceptions included.
 */
abstract class QueueContractTest {
    abstract QueueApi<String> create(LevelBits levelBits);

    private QueueApi<String> queue(LevelBits bits, long min) {
        QueueApi<String> q = create(bits);
        q.reset(min);
        return q;
    }

    private static List<String> drain(QueueApi<String> q, long to) {
        List<String> out = new ArrayList<>();
        q.increaseMinAllowedKey(to, (h, k, v) -> out.add(k + "=" + v));
        return out;
    }

    @Test
    void maxAllowedKey_followsTheLevelFormula() {
        long[][] vectors = {{1, 0, 1}, {11, 0, 5}, {11, 1, 5}, {11, 2, 7}, {11, 3, 7}, {11, 4, 9}, {11, 10, 15},
            {11, 17, 21}, {11, 1000, 1005}, {111, 0, 11}, {31, 0, 23}, {31, 7, 23}, {31, 8, 31}, {31, 100, 119},
            {31, 1000, 1023}, {22, 3, 19}, {22, 4, 23}, {22, 17, 35}, {123, 0, 71}, {123, 5, 71}, {123, 6, 79},
            {123, 100, 167}};
        for (long[] v : vectors) {
            int[] bits = String.valueOf(v[0]).chars().map(c -> c - '0').toArray();
            assertEquals(v[2], queue(LevelBits.of(bits), v[1]).maxAllowedKey(), LevelBits.of(bits) + " from " + v[1]);
        }
        assertEquals(Long.MAX_VALUE, queue(LevelBits.DEFAULT, 12345).maxAllowedKey());
    }

    @Test
    void order_byKeyThenInsertion_addFirstAndBesideInTheirPlace() {
        QueueApi<String> q = queue(LevelBits.of(1, 1), 0);
        q.add(3, "a");
        long b = q.add(1, "b");
        q.add(3, "c");
        q.addFirst(3, "d");
        q.addBefore(b, "e");
        q.addAfter(b, "f");
        assertEquals(6, q.size());
        assertEquals(1, q.minKey());
        assertEquals("e", q.value(q.minElement()));
        assertEquals(List.of("1=e", "1=b", "1=f", "3=d", "3=a", "3=c"), drain(q, 4));
        assertEquals(4, q.minAllowedKey());
    }

    @Test
    void changeKey_goesToTheBackOfItsKey_evenWhenUnchanged() {
        QueueApi<String> q = queue(LevelBits.DEFAULT, 0);
        long a = q.add(5, "a");
        q.add(5, "b");
        q.changeKey(a, 5);
        assertEquals(List.of("5=b", "5=a"), drain(q, 6));
    }

    @Test
    void rejectedCalls_throwTheirExceptionAndChangeNothing() {
        QueueApi<String> q = queue(LevelBits.of(1, 1), 2);
        long a = q.add(2, "a");
        assertThrows(IllegalArgumentException.class, () -> q.add(1, "x"));
        assertThrows(IllegalArgumentException.class, () -> q.addFirst(8, "x"));
        assertThrows(IllegalArgumentException.class, () -> q.changeKey(a, 8));
        assertThrows(IllegalArgumentException.class, () -> q.reset(-1));
        assertTrue(q.remove(a));
        assertFalse(q.remove(a));
        assertFalse(q.contains(a));
        assertFalse(q.contains(0));
        assertThrows(IllegalArgumentException.class, () -> q.key(a));
        assertThrows(IllegalArgumentException.class, () -> q.value(a));
        assertThrows(IllegalArgumentException.class, () -> q.setValue(a, "x"));
        assertThrows(IllegalArgumentException.class, () -> q.addBefore(a, "x"));
        assertThrows(IllegalArgumentException.class, () -> q.changeKey(a, 3));
        assertThrows(NoSuchElementException.class, q::minKey);
        assertThrows(NoSuchElementException.class, q::minElement);
        assertThrows(NoSuchElementException.class, q::pollMin);
        assertFalse(q.pollMin((h, k, v) -> { throw new AssertionError(); }));
        assertThrows(NullPointerException.class, () -> q.increaseMinAllowedKey(5, null));
        assertThrows(NullPointerException.class, () -> q.pollMin(null));
        assertEquals(0, q.size());
        assertEquals(2, q.minAllowedKey());
        q.checkInvariants();
    }

    @Test
    void increaseMinAllowedKey_notAboveTheMinimum_isANoOp() {
        QueueApi<String> q = queue(LevelBits.DEFAULT, 40);
        q.add(40, "a");
        q.increaseMinAllowedKey(40, (h, k, v) -> { throw new AssertionError(); });
        q.increaseMinAllowedKey(-5, (h, k, v) -> { throw new AssertionError(); });
        assertEquals(40, q.minAllowedKey());
        assertEquals(1, q.size());
    }

    @Test
    void handlers_mayUseTheQueue_andNestedDeliveriesAreRefused() {
        QueueApi<String> q = queue(LevelBits.of(2, 2), 0);
        long pending = q.add(3, "pending");
        q.add(1, "first");
        List<String> seen = new ArrayList<>();
        q.increaseMinAllowedKey(5, (h, k, v) -> {
            seen.add(k + "=" + v + "@" + q.minAllowedKey());
            if (v.equals("first")) {
                assertFalse(q.contains(h));
                q.add(1, "same key, later");
                q.addFirst(2, "front of 2");
                assertTrue(q.remove(pending));
                q.add(9, "beyond");
                assertThrows(IllegalStateException.class, () -> q.increaseMinAllowedKey(9, (h2, k2, v2) -> { }));
                assertThrows(IllegalStateException.class, q::pollMin);
                assertThrows(IllegalStateException.class, () -> q.pollMin((h2, k2, v2) -> { }));
            }
        });
        assertEquals(List.of("1=first@1", "1=same key, later@1", "2=front of 2@2"), seen);
        assertEquals(5, q.minAllowedKey());
        assertEquals(1, q.size());
    }

    @Test
    void throwingHandler_losesNothing_andTheNextCallContinues() {
        QueueApi<String> q = queue(LevelBits.DEFAULT, 0);
        q.add(1, "a");
        q.add(2, "b");
        RuntimeException boom = new RuntimeException("boom");
        RuntimeException thrown = assertThrows(RuntimeException.class,
                () -> q.increaseMinAllowedKey(5, (h, k, v) -> { throw boom; }));
        assertEquals(boom, thrown);
        assertEquals(1, q.minAllowedKey());
        assertEquals(1, q.size());
        assertEquals(List.of("2=b"), drain(q, 5));
    }

    @Test
    void clearAndReset_inAHandler_endTheDeliveriesOfPendingElements() {
        QueueApi<String> q = queue(LevelBits.DEFAULT, 0);
        q.add(1, "a");
        q.add(2, "b");
        List<String> seen = new ArrayList<>();
        q.increaseMinAllowedKey(5, (h, k, v) -> {
            seen.add(v);
            q.clear();
        });
        assertEquals(List.of("a"), seen);
        assertEquals(5, q.minAllowedKey());
        q.add(7, "c");
        q.increaseMinAllowedKey(9, (h, k, v) -> q.reset(100));
        assertEquals(100, q.minAllowedKey());
        assertTrue(q.isEmpty());
    }

    @Test
    void pollMin_raisesTheMinimum_andItsActionSeesTheElementRemoved() {
        QueueApi<String> q = queue(LevelBits.DEFAULT, 0);
        q.add(7, "a");
        q.add(9, "b");
        assertEquals("a", q.pollMin());
        assertEquals(7, q.minAllowedKey());
        assertTrue(q.pollMin((h, k, v) -> {
            assertEquals(9, k);
            assertEquals("b", v);
            assertFalse(q.contains(h));
            assertEquals(9, q.minAllowedKey());
        }));
    }

    @Test
    void forEachInOrder_refusesModification_withConcurrentModificationException() {
        QueueApi<String> q = queue(LevelBits.DEFAULT, 0);
        long a = q.add(1, "a");
        assertThrows(ConcurrentModificationException.class, () -> q.forEachInOrder((h, k, v) -> q.add(2, "x")));
        assertThrows(ConcurrentModificationException.class, () -> q.forEach((h, k, v) -> q.remove(a)));
        assertThrows(ConcurrentModificationException.class, () -> q.forEachInOrder((h, k, v) -> q.clear()));
        assertThrows(ConcurrentModificationException.class, () -> q.forEachInOrder((h, k, v) -> q.pollMin()));
        q.forEachInOrder((h, k, v) -> assertFalse(q.remove(0)));
        assertEquals(1, q.size());
        assertNull(q.setValue(q.add(1, null), "now set"));
    }

    @Test
    void keysAtTheTop_areAccepted_andLeaveThroughPollMin() {
        QueueApi<String> q = queue(LevelBits.of(3, 1), Long.MAX_VALUE - 3);
        assertEquals(Long.MAX_VALUE, q.maxAllowedKey());
        q.add(Long.MAX_VALUE, "top");
        q.increaseMinAllowedKey(Long.MAX_VALUE, (h, k, v) -> { throw new AssertionError(); });
        assertEquals("top", q.pollMin());
        assertEquals(Long.MAX_VALUE, q.minAllowedKey());
    }
}
