package io.github.radixwheel.core;

import static io.github.radixwheel.core.QueueTestSupport.CONFIGS;
import static io.github.radixwheel.core.QueueTestSupport.MAX;
import static io.github.radixwheel.core.QueueTestSupport.assertRejected;
import static io.github.radixwheel.core.QueueTestSupport.drain;
import static io.github.radixwheel.core.QueueTestSupport.inOrder;
import static io.github.radixwheel.core.QueueTestSupport.queueAt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The (0.2) event-list insertions of {@link TimingWheelQueue}: {@code addFirst}, {@code addBefore},
 * {@code addAfter} and {@code setValue}, each clause and exception, at the front and back of a key,
 * in higher levels, and from inside handlers, where an insertion at the key being delivered is
 * delivered in its place (an {@code addFirst} next).
 */
class QueueInsertionTest {

    /** Distinct keys spread over the levels of {@code q}, on level and slot edges, in increasing order. */
    private static List<Long> spreadKeys(TimingWheelQueue<?> q) {
        List<Long> keys = new ArrayList<>(KeyEdges.edges(q.minAllowedKey(), q.maxAllowedKey(), q.levelBits()));
        keys.sort(null);
        return keys;
    }

    // ================================================================ addFirst

    @Test
    void addFirst_goesToTheFrontOfItsKeyAtEveryLevel() {
        for (LevelBits bits : CONFIGS) {
            for (long min : new long[] {0, 37, MAX - 70}) {
                TimingWheelQueue<String> q = queueAt(bits, min);
                List<String> expected = new ArrayList<>();
                for (long key : spreadKeys(q)) {
                    q.add(key, "back" + key);
                    q.add(key, "back2" + key);
                    long h = q.addFirst(key, "front" + key);
                    q.checkInvariants();
                    assertEquals(key, q.key(h));
                    assertEquals("front" + key, q.value(h));
                    expected.add(key + "=front" + key);
                    expected.add(key + "=back" + key);
                    expected.add(key + "=back2" + key);
                }
                assertEquals(expected, inOrder(q), bits + " at " + min);
                assertEquals(expected, drain(q), bits + " at " + min);
            }
        }
    }

    @Test
    void addFirst_repeated_theLastOneLeavesFirst() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        q.add(9, "a");
        q.addFirst(9, "b");
        q.addFirst(9, "c");
        q.add(9, "d");
        q.checkInvariants();
        assertEquals(List.of("9=c", "9=b", "9=a", "9=d"), drain(q));
    }

    @Test
    void addFirst_atTheMinimumKey_becomesTheMinElement() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        long a = q.add(3000, "a"); // level 1 of the default bits
        q.add(5, "b");
        assertEquals(5, q.minKey()); // the minimum is cached now
        long c = q.addFirst(5, "c");
        assertEquals(c, q.minElement());
        long d = q.addFirst(4, "d");
        assertEquals(d, q.minElement());
        q.checkInvariants();
        assertEquals("d", q.pollMin());
        assertEquals("c", q.pollMin());
        assertEquals("b", q.pollMin());
        long e = q.addFirst(3000, "e"); // before a, in its higher-level slot
        assertEquals(e, q.minElement());
        q.checkInvariants();
        assertEquals(List.of("3000=e", "3000=a"), drain(q));
        assertFalse(q.contains(a));
    }

    @Test
    void addFirst_keyOutOfRange_throwsIAENamingTheKeyAndChangesNothing() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 100);
            long a = q.add(100, "a");
            long[] hs = {a};
            IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, hs, () -> q.addFirst(99, "x"));
            assertEquals("key: 99 (expected: 100.." + q.maxAllowedKey() + ")", e.getMessage());
            assertRejected(IllegalArgumentException.class, q, hs, () -> q.addFirst(-1, "x"));
            assertRejected(IllegalArgumentException.class, q, hs, () -> q.addFirst(Long.MIN_VALUE, "x"));
            if (q.maxAllowedKey() < MAX) {
                long above = q.maxAllowedKey() + 1;
                e = assertRejected(IllegalArgumentException.class, q, hs, () -> q.addFirst(above, "x"));
                assertTrue(e.getMessage().startsWith("key: " + above + " "), e.getMessage());
            }
        }
    }

    @Test
    void addFirst_nullValueAndNewHandles() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(3, 1));
        long a = q.addFirst(4, null);
        long b = q.addFirst(4, null);
        assertNotEquals(a, b);
        assertNotEquals(TimingWheelQueue.NULL_HANDLE, a);
        assertNull(q.value(a));
        assertTrue(q.contains(a) && q.contains(b));
        q.remove(a);
        long c = q.addFirst(4, "c"); // reuses a's slot in the pool, with a new handle
        assertFalse(q.contains(a));
        assertNotEquals(a, c);
        q.checkInvariants();
    }

    @Test
    void addFirst_insideAHandler_atTheKeyBeingDelivered_isDeliveredNext() {
        for (LevelBits bits : CONFIGS) {
            for (long key : new long[] {3, 1000, 3000}) {
                TimingWheelQueue<String> q = new TimingWheelQueue<>(bits);
                if (key > q.maxAllowedKey()) {
                    continue;
                }
                q.add(key, "a");
                q.add(key, "b");
                q.add(key, "c");
                List<String> seen = new ArrayList<>();
                q.increaseMinAllowedKey(key + 1, (h, k, v) -> {
                    seen.add(k + "=" + v);
                    if (v.equals("a")) {
                        q.addFirst(k, "next");
                        q.add(k, "last");
                    } else if (v.equals("next")) {
                        q.addFirst(k, "next2");
                    }
                    q.checkInvariants();
                });
                assertEquals(List.of(key + "=a", key + "=next", key + "=next2", key + "=b", key + "=c", key + "=last"),
                        seen, bits + " key " + key);
                assertTrue(q.isEmpty());
            }
        }
    }

    @Test
    void addFirst_insideAHandler_atALaterKeyBelowTheTarget_leavesBeforeThatKeysPendingElements() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2, 2));
        q.add(1, "a");
        q.add(9, "b");
        q.add(40, "c");
        List<String> seen = new ArrayList<>();
        q.increaseMinAllowedKey(50, (h, k, v) -> {
            seen.add(k + "=" + v);
            if (v.equals("a")) {
                q.addFirst(9, "before b");
                q.addFirst(40, "before c");
                q.addFirst(50, "at the target"); // not delivered by this call
            }
            q.checkInvariants();
        });
        assertEquals(List.of("1=a", "9=before b", "9=b", "40=before c", "40=c"), seen);
        assertEquals(List.of("50=at the target"), drain(q));
    }

    @Test
    void addFirst_insideAPollMinAction_atThatKey_isTheNextMinimum() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        q.add(7, "a");
        q.add(7, "b");
        assertTrue(q.pollMin((h, k, v) -> q.addFirst(k, "now")));
        assertEquals(List.of("7=now", "7=b"), drain(q));
    }

    @Test
    void addFirst_insideForEach_throwsCMEAndChangesNothing() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = q.add(1, "a");
        long b = q.add(9, "b");
        assertRejected(ConcurrentModificationException.class, q, new long[] {a, b},
                () -> q.forEach((h, k, v) -> q.addFirst(k, "x")));
        assertRejected(ConcurrentModificationException.class, q, new long[] {a, b},
                () -> q.forEachInOrder((h, k, v) -> q.addFirst(k, "x")));
    }

    // ================================================================ addBefore and addAfter

    @Test
    void addBeforeAndAddAfter_placeTheNewElementNextToTheGivenOneWithItsKey() {
        for (LevelBits bits : CONFIGS) {
            for (long min : new long[] {0, 37, MAX - 70}) {
                TimingWheelQueue<String> q = queueAt(bits, min);
                List<String> expected = new ArrayList<>();
                for (long key : spreadKeys(q)) {
                    long a = q.add(key, "a");
                    long b = q.add(key, "b");
                    long c = q.add(key, "c");
                    long x = q.addBefore(b, "x");
                    long y = q.addAfter(b, "y");
                    long z = q.addBefore(a, "z"); // the new front
                    long w = q.addAfter(c, "w"); // the new back
                    q.checkInvariants();
                    for (long h : new long[] {x, y, z, w}) {
                        assertTrue(q.contains(h));
                        assertEquals(key, q.key(h));
                    }
                    assertEquals("x", q.value(x));
                    for (String v : List.of("z", "a", "x", "b", "y", "c", "w")) {
                        expected.add(key + "=" + v);
                    }
                }
                assertEquals(expected, inOrder(q), bits + " at " + min);
                assertEquals(expected, drain(q), bits + " at " + min);
            }
        }
    }

    @Test
    void addBefore_theMinElement_becomesTheMinElement() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        long a = q.add(6, "a");
        q.add(3000, "far");
        assertEquals(a, q.minElement()); // cached
        long b = q.addBefore(a, "b");
        assertEquals(b, q.minElement());
        long c = q.addAfter(b, "c");
        assertEquals(b, q.minElement());
        q.checkInvariants();
        assertEquals(List.of("6=b", "6=c", "6=a", "3000=far"), drain(q));
    }

    @Test
    void addBefore_theLeastOfAHigherLevelSlot_becomesItsLeastAndTheMinimum() {
        // Default bits at minimum 0: 2500 and 3000 share the level-1 slot 2048..4095; 2500 is its least.
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        q.add(3000, "a");
        long b = q.add(2500, "b");
        assertEquals(b, q.minElement());
        long x = q.addBefore(b, "x");
        q.checkInvariants(); // includes the slot's cached least element
        assertEquals(x, q.minElement());
        long y = q.addAfter(x, "y");
        q.checkInvariants();
        assertEquals(x, q.minElement());
        assertEquals(2500, q.key(y));
        assertEquals(List.of("2500=x", "2500=y", "2500=b", "3000=a"), drain(q));
    }

    @Test
    void addBeforeAndAddAfter_notContained_throwIAEAndChangeNothing() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = q.add(1, "a");
        long removed = q.add(2, "removed");
        q.remove(removed);
        long delivered = q.add(0, "delivered");
        q.pollMin();
        TimingWheelQueue<String> other = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long foreign = other.add(5, "foreign");
        long[] hs = {a};
        for (long bad : new long[] {removed, delivered, foreign, TimingWheelQueue.NULL_HANDLE, -1L, 12345L}) {
            IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, hs, () -> q.addBefore(bad, "x"));
            assertTrue(e.getMessage().startsWith("handle: " + bad + " "), e.getMessage());
            assertRejected(IllegalArgumentException.class, q, hs, () -> q.addAfter(bad, "x"));
        }
        q.clear();
        assertRejected(IllegalArgumentException.class, q, hs, () -> q.addBefore(a, "x"));
        assertRejected(IllegalArgumentException.class, q, hs, () -> q.addAfter(a, "x"));
        assertEquals(1, other.size());
    }

    @Test
    void addBeforeAndAddAfter_insideAHandler_atTheKeyBeingDelivered_areDeliveredInPlace() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = new TimingWheelQueue<>(bits);
            long key = Math.min(q.maxAllowedKey(), 6);
            q.add(key, "a");
            long b = q.add(key, "b");
            long c = q.add(key, "c");
            List<String> seen = new ArrayList<>();
            q.increaseMinAllowedKey(key + 1, (h, k, v) -> {
                seen.add(v);
                if (v.equals("a")) {
                    q.addBefore(b, "before b"); // now the first pending: delivered next
                    q.addAfter(b, "after b");
                    q.addAfter(c, "after c");
                } else if (v.equals("after b")) {
                    q.addBefore(c, "before c");
                }
                q.checkInvariants();
            });
            assertEquals(List.of("a", "before b", "b", "after b", "before c", "c", "after c"), seen, bits.toString());
        }
    }

    @Test
    void addBeforeAndAddAfter_insideForEach_throwCMEAndChangeNothing() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = q.add(1, "a");
        long b = q.add(9, "b");
        long[] hs = {a, b};
        assertRejected(ConcurrentModificationException.class, q, hs, () -> q.forEach((h, k, v) -> q.addBefore(h, "x")));
        assertRejected(ConcurrentModificationException.class, q, hs, () -> q.forEach((h, k, v) -> q.addAfter(h, "x")));
        assertRejected(ConcurrentModificationException.class, q, hs,
                () -> q.forEachInOrder((h, k, v) -> q.addAfter(h, "x")));
    }

    @Test
    void insertions_randomMix_matchAListModel() {
        SplittableRandom random = new SplittableRandom(13);
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<Integer> q = new TimingWheelQueue<>(bits, 0);
            List<Long> order = new ArrayList<>(); // the model: handles in delivery order
            long span = Math.min(q.maxAllowedKey(), 5000);
            for (int i = 0; i < 600; i++) {
                long h;
                if (order.isEmpty() || random.nextInt(4) == 0) {
                    long key = random.nextLong(span + 1);
                    boolean first = random.nextBoolean();
                    h = first ? q.addFirst(key, i) : q.add(key, i);
                    int at = 0;
                    while (at < order.size() && (q.key(order.get(at)) < key || (!first && q.key(order.get(at)) == key))) {
                        at++;
                    }
                    order.add(at, h);
                } else {
                    int ref = random.nextInt(order.size());
                    boolean after = random.nextBoolean();
                    h = after ? q.addAfter(order.get(ref), i) : q.addBefore(order.get(ref), i);
                    order.add(after ? ref + 1 : ref, h);
                }
                assertEquals(i, q.value(h));
                if (i % 50 == 0) {
                    q.checkInvariants();
                }
            }
            q.checkInvariants();
            List<Long> seen = new ArrayList<>();
            q.forEachInOrder((h, k, v) -> seen.add(h));
            assertEquals(order, seen, bits.toString());
            for (long expected : order) {
                assertEquals(expected, q.minElement(), bits.toString());
                q.pollMin();
            }
            q.checkInvariants();
        }
    }

    // ================================================================ setValue

    @Test
    void setValue_replacesTheValueAndReturnsTheOldOne_keyHandleAndPlaceStay() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = q.add(9, "a");
        long b = q.add(9, "b");
        long c = q.add(3, "c");
        assertEquals("a", q.setValue(a, "A"));
        assertEquals("A", q.value(a));
        assertEquals(9, q.key(a));
        assertEquals("A", q.setValue(a, null));
        assertNull(q.value(a));
        assertNull(q.setValue(a, "A2"));
        assertEquals("c", q.setValue(c, "C"));
        q.checkInvariants();
        assertEquals(List.of("3=C", "9=A2", "9=b"), inOrder(q));
        assertEquals(c, q.minElement());
        assertTrue(q.contains(a) && q.contains(b));
        assertEquals(List.of("3=C", "9=A2", "9=b"), drain(q));
    }

    @Test
    void setValue_notContained_throwsIAEAndChangesNothing() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = q.add(1, "a");
        long removed = q.add(2, "removed");
        q.remove(removed);
        long[] hs = {a};
        for (long bad : new long[] {removed, TimingWheelQueue.NULL_HANDLE, -1L, a ^ (1L << 40)}) {
            IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, hs, () -> q.setValue(bad, "x"));
            assertTrue(e.getMessage().startsWith("handle: " + bad + " "), e.getMessage());
        }
    }

    @Test
    void setValue_insideAHandler_onAPendingElement_isDeliveredWithTheNewValue() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        q.add(1, "a");
        long b = q.add(6, "b");
        List<String> seen = new ArrayList<>();
        q.increaseMinAllowedKey(10, (h, k, v) -> {
            seen.add(k + "=" + v);
            if (v.equals("a")) {
                assertEquals("b", q.setValue(b, "B"));
                assertThrows(IllegalArgumentException.class, () -> q.setValue(h, "delivered already"));
            }
        });
        assertEquals(List.of("1=a", "6=B"), seen);
        q.checkInvariants();
    }

    @Test
    void setValue_insideForEach_throwsCMEAndChangesNothing() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = q.add(1, "a");
        long b = q.add(9, "b");
        ConcurrentModificationException e = assertRejected(ConcurrentModificationException.class, q,
                new long[] {a, b}, () -> q.forEach((h, k, v) -> q.setValue(h, "changed")));
        assertTrue(e.getMessage().contains("forEach"), e.getMessage());
        assertEquals("a", q.value(a));
    }
}
