package io.github.radixwheel.core;

import static io.github.radixwheel.core.QueueTestSupport.CONFIGS;
import static io.github.radixwheel.core.QueueTestSupport.NO_DELIVERY;
import static io.github.radixwheel.core.QueueTestSupport.assertRejected;
import static io.github.radixwheel.core.QueueTestSupport.drain;
import static io.github.radixwheel.core.QueueTestSupport.inOrder;
import static io.github.radixwheel.core.QueueTestSupport.queueAt;
import static io.github.radixwheel.core.QueueTestSupport.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.QueueTestSupport.State;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The (0.2) {@code pollMin(ElementConsumer)} of {@link TimingWheelQueue}: false on an empty queue;
 * otherwise the minimum element leaves, the minimum allowed key rises to its key, and the action gets
 * its handle (no longer contained), key and value. Inside the action the handler rules apply.
 */
class QueuePollMinActionTest {
    private static final class Boom extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    @Test
    void pollMin_emptyQueue_returnsFalseWithoutCallingTheAction() {
        TimingWheelQueue<String> q = queueAt(LevelBits.of(2, 2), 7);
        State before = state(q);
        assertFalse(q.pollMin(NO_DELIVERY));
        assertEquals(before, state(q));
        q.add(9, "a");
        q.remove(q.minElement());
        assertFalse(q.pollMin(NO_DELIVERY));
        assertEquals(7, q.minAllowedKey());
        q.checkInvariants();
    }

    @Test
    void pollMin_removesTheMinElementRaisesTheMinimumAndHandsOverHandleKeyAndValue() {
        TimingWheelQueue<String> q = queueAt(LevelBits.of(3, 1), 2);
        String valueA = "a";
        long a = q.add(5, valueA);
        long b = q.add(5, "b");
        q.add(12, "c");
        int[] calls = {0};
        assertTrue(q.pollMin((h, k, v) -> {
            calls[0]++;
            assertEquals(a, h);
            assertEquals(5, k);
            assertSame(valueA, v);
            assertFalse(q.contains(h), "a delivered element is no longer contained");
            assertEquals(5, q.minAllowedKey());
            assertEquals(2, q.size());
            assertEquals(b, q.minElement());
        }));
        assertEquals(1, calls[0]);
        assertEquals(5, q.minAllowedKey());
        assertFalse(q.contains(a));
        q.checkInvariants();
        assertThrows(IllegalArgumentException.class, () -> q.value(a));
    }

    @Test
    void pollMin_repeated_deliversWhatIncreaseMinAllowedKeyWould_atEveryLevelLayout() {
        SplittableRandom random = new SplittableRandom(5);
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<Integer> polled = new TimingWheelQueue<>(bits);
            TimingWheelQueue<Integer> advanced = new TimingWheelQueue<>(bits);
            long span = Math.min(polled.maxAllowedKey(), 1L << 40);
            for (int i = 0; i < 300; i++) {
                long key = random.nextInt(3) == 0 ? random.nextLong(span + 1) : random.nextLong(Math.min(span, 64) + 1);
                polled.add(key, i);
                advanced.add(key, i);
            }
            List<String> expected = new ArrayList<>();
            advanced.increaseMinAllowedKey(Long.MAX_VALUE, (h, k, v) -> expected.add(k + "=" + v));
            List<String> seen = new ArrayList<>();
            while (polled.pollMin((h, k, v) -> seen.add(k + "=" + v))) {
                assertEquals(Long.parseLong(seen.get(seen.size() - 1).split("=")[0]), polled.minAllowedKey());
                polled.checkInvariants();
            }
            assertEquals(expected, seen, bits.toString());
        }
    }

    @Test
    void pollMin_nullAction_throwsNPEAndChangesNothing() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        long a = q.add(3, "a");
        assertRejected(NullPointerException.class, q, new long[] {a}, () -> q.pollMin(null));
        q.clear();
        assertRejected(NullPointerException.class, q, new long[] {a}, () -> q.pollMin(null));
    }

    @Test
    void pollMin_nestedPollOrIncrease_throwISEChangesNothingAndTheOuterCallCompletes() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = q.add(1, "a");
        long b = q.add(6, "b");
        List<String> nested = new ArrayList<>();
        assertTrue(q.pollMin((h, k, v) -> {
            State before = state(q, a, b);
            assertThrows(IllegalStateException.class, () -> q.pollMin((h2, k2, v2) -> nested.add(v2)));
            assertThrows(IllegalStateException.class, q::pollMin);
            assertThrows(IllegalStateException.class, () -> q.increaseMinAllowedKey(10, (h2, k2, v2) -> nested.add(v2)));
            // Even a raise that would deliver nothing is a nested delivering call.
            assertThrows(IllegalStateException.class, () -> q.increaseMinAllowedKey(0, (h2, k2, v2) -> { }));
            assertEquals(before, state(q, a, b));
        }));
        assertEquals(List.of(), nested);
        assertEquals(List.of("6=b"), drain(q));
    }

    @Test
    void pollMin_insideIncreaseMinAllowedKeysHandler_throwsISE() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        q.add(1, "a");
        q.add(2, "b");
        List<String> seen = new ArrayList<>();
        q.increaseMinAllowedKey(5, (h, k, v) -> {
            seen.add(v);
            assertThrows(IllegalStateException.class, () -> q.pollMin(NO_DELIVERY));
        });
        assertEquals(List.of("a", "b"), seen);
        q.checkInvariants();
    }

    @Test
    void pollMin_actionUsesTheQueue_otherMethodsWorkAsInHandlers() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        q.add(3, "a");
        long b = q.add(3, "b");
        long c = q.add(8, "c");
        long d = q.add(9, "d");
        assertTrue(q.pollMin((h, k, v) -> {
            assertEquals(b, q.minElement());
            assertEquals(3, q.minKey());
            q.add(3, "back of 3");
            q.addFirst(3, "front of 3");
            assertThrows(IllegalArgumentException.class, () -> q.add(2, "below the minimum"));
            assertTrue(q.remove(c));
            q.changeKey(d, 4);
            assertEquals(List.of("3=front of 3", "3=b", "3=back of 3", "4=d"), inOrder(q));
            q.checkInvariants();
        }));
        assertEquals(List.of("3=front of 3", "3=b", "3=back of 3", "4=d"), drain(q));
    }

    @Test
    void pollMin_actionClearsOrResets_theQueueIsEmptyAfterwards() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        q.add(3, "a");
        q.add(4, "b");
        assertTrue(q.pollMin((h, k, v) -> q.clear()));
        assertTrue(q.isEmpty());
        assertEquals(3, q.minAllowedKey());
        q.add(5, "c");
        assertTrue(q.pollMin((h, k, v) -> q.reset(1)));
        assertTrue(q.isEmpty());
        assertEquals(1, q.minAllowedKey());
        q.checkInvariants();
    }

    @Test
    void pollMin_throwingAction_propagatesTheElementStaysRemovedAndNothingElseIsLost() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(1, 2, 3));
        long a = q.add(2, "a");
        long b = q.add(2, "b");
        long c = q.add(40, "c");
        Boom boom = new Boom();
        Boom thrown = assertThrows(Boom.class, () -> q.pollMin((h, k, v) -> {
            throw boom;
        }));
        assertSame(boom, thrown);
        assertFalse(q.contains(a));
        assertTrue(q.contains(b) && q.contains(c));
        assertEquals(2, q.minAllowedKey());
        assertEquals(2, q.size());
        q.checkInvariants();
        // The guard is released: the next call works, nested calls are refused again inside it.
        List<String> seen = new ArrayList<>();
        assertTrue(q.pollMin((h, k, v) -> {
            seen.add(v);
            assertThrows(IllegalStateException.class, () -> q.pollMin(NO_DELIVERY));
        }));
        assertEquals(List.of("b"), seen);
        assertEquals(List.of("40=c"), drain(q));
        assertThrows(StackOverflowError.class, () -> {
            q.add(41, "d");
            q.pollMin((h, k, v) -> {
                throw new StackOverflowError("errors propagate too");
            });
        });
        assertTrue(q.isEmpty());
        assertEquals(41, q.minAllowedKey());
        q.checkInvariants();
    }

    @Test
    void pollMin_insideForEach_throwsCMEAndChangesNothing() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = q.add(1, "a");
        long b = q.add(9, "b");
        long[] hs = {a, b};
        assertRejected(ConcurrentModificationException.class, q, hs, () -> q.forEach((h, k, v) -> q.pollMin(NO_DELIVERY)));
        assertRejected(ConcurrentModificationException.class, q, hs,
                () -> q.forEachInOrder((h, k, v) -> q.pollMin(NO_DELIVERY)));
    }

    @Test
    void pollMin_elementAtMaxAllowedKey_raisesTheMinimumThere() {
        for (LevelBits bits : CONFIGS) {
            for (long min : new long[] {0, Long.MAX_VALUE - 5}) {
                TimingWheelQueue<String> q = queueAt(bits, min);
                long top = q.maxAllowedKey();
                q.add(top, "top");
                q.add(min, "low");
                assertTrue(q.pollMin((h, k, v) -> assertEquals("low", v)));
                assertEquals(min, q.minAllowedKey());
                assertTrue(q.pollMin((h, k, v) -> assertEquals(top + "=top", k + "=" + v)));
                assertEquals(top, q.minAllowedKey(), bits.toString());
                assertFalse(q.pollMin(NO_DELIVERY));
                q.checkInvariants();
            }
        }
    }
}
