package io.github.radixwheel.core;

import static io.github.radixwheel.core.QueueTestSupport.CONFIGS;
import static io.github.radixwheel.core.QueueTestSupport.MAX;
import static io.github.radixwheel.core.QueueTestSupport.NO_DELIVERY;
import static io.github.radixwheel.core.QueueTestSupport.assertRejected;
import static io.github.radixwheel.core.QueueTestSupport.drain;
import static io.github.radixwheel.core.QueueTestSupport.inOrder;
import static io.github.radixwheel.core.QueueTestSupport.queueAt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The (0.2) {@code forEachInOrder} of {@link TimingWheelQueue}: every element once, in delivery order,
 * with its handle, key and value; however the elements are spread over levels and slots; and a
 * modification from the action is a {@link ConcurrentModificationException} that changes nothing.
 */
class QueueForEachInOrderTest {

    /** Handles in the order {@code forEachInOrder} gives them, checking what it hands over. */
    private static List<Long> handlesInOrder(TimingWheelQueue<?> q) {
        List<Long> out = new ArrayList<>();
        q.forEachInOrder((h, k, v) -> {
            assertTrue(q.contains(h));
            assertEquals(q.key(h), k);
            assertSame(q.value(h), v);
            out.add(h);
        });
        return out;
    }

    /** Handles in the order {@code pollMin} removes them; empties the queue. */
    private static List<Long> pollOrder(TimingWheelQueue<?> q) {
        List<Long> out = new ArrayList<>();
        while (!q.isEmpty()) {
            out.add(q.minElement());
            q.pollMin();
        }
        return out;
    }

    @Test
    void forEachInOrder_randomWorkloads_isTheDeliveryOrder() {
        SplittableRandom random = new SplittableRandom(77);
        for (LevelBits bits : CONFIGS) {
            for (long min : new long[] {0, 1000, MAX - 5000}) {
                TimingWheelQueue<Integer> q = queueAt(bits, min);
                List<Long> live = new ArrayList<>();
                long span = Math.min(q.maxAllowedKey() - min, 1L << 20);
                for (int i = 0; i < 800; i++) {
                    long key = min + (random.nextBoolean() ? random.nextLong(span + 1) : random.nextLong(Math.min(span, 100) + 1));
                    switch (random.nextInt(6)) {
                        case 0 -> live.add(q.addFirst(key, i));
                        case 1 -> {
                            if (!live.isEmpty()) {
                                q.changeKey(live.get(random.nextInt(live.size())), key);
                            }
                        }
                        case 2 -> {
                            if (!live.isEmpty()) {
                                long ref = live.get(random.nextInt(live.size()));
                                live.add(random.nextBoolean() ? q.addBefore(ref, i) : q.addAfter(ref, i));
                            }
                        }
                        case 3 -> {
                            if (!live.isEmpty()) {
                                q.remove(live.remove(random.nextInt(live.size())));
                            }
                        }
                        default -> live.add(q.add(key, i));
                    }
                }
                q.checkInvariants();
                List<Long> walked = handlesInOrder(q);
                assertEquals(q.size(), walked.size());
                assertEquals(walked, pollOrder(q), bits + " at " + min);
            }
        }
    }

    @Test
    void forEachInOrder_aHigherLevelSlotFilledOutOfKeyOrder_isSortedKeepingInsertionOrderPerKey() {
        // Default bits at minimum 0: the level-1 slot 2048..4095 holds all of these.
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        q.add(4000, "a");
        q.add(3000, "b");
        q.add(4000, "c");
        q.add(3000, "d");
        q.add(2048, "e");
        q.addFirst(4000, "f");
        q.add(7, "g");
        List<String> expected = List.of("7=g", "2048=e", "3000=b", "3000=d", "4000=f", "4000=a", "4000=c");
        assertEquals(expected, inOrder(q));
        assertEquals(expected, drain(q));
    }

    @Test
    void forEachInOrder_aLargeMixedSlot_matchesAStableSort() {
        SplittableRandom random = new SplittableRandom(11);
        TimingWheelQueue<Integer> q = new TimingWheelQueue<>();
        List<long[]> model = new ArrayList<>(); // {key, value}
        for (int i = 0; i < 3000; i++) {
            long key = 2048 + random.nextInt(64); // one level-1 slot, many keys repeated
            q.add(key, i);
            model.add(new long[] {key, i});
        }
        model.sort((x, y) -> Long.compare(x[0], y[0])); // stable: insertion order per key
        List<String> expected = new ArrayList<>();
        for (long[] e : model) {
            expected.add(e[0] + "=" + e[1]);
        }
        assertEquals(expected, inOrder(q));
        assertEquals(expected, drain(q));
    }

    @Test
    void forEachInOrder_theTopLevelRingWrapsAround_laterKeysInEarlierSlotsComeLast() {
        // Levels [2, 2] at minimum 17: level 0 holds 17..19, the top level 20..35 as a ring of four
        // slots of four keys; 32..35 sit in slot 0, below 20..23 in slot 1.
        TimingWheelQueue<String> q = queueAt(LevelBits.of(2, 2), 17);
        assertEquals(35, q.maxAllowedKey());
        q.add(33, "a");
        q.add(21, "b");
        q.add(29, "c");
        q.add(25, "d");
        q.add(35, "e");
        q.add(18, "f");
        List<String> expected = List.of("18=f", "21=b", "25=d", "29=c", "33=a", "35=e");
        assertEquals(expected, inOrder(q));
        assertEquals(expected, drain(q));
    }

    @Test
    void forEachInOrder_emptyQueue_neverCallsTheAction() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        q.forEachInOrder(NO_DELIVERY);
        q.add(5, "a");
        q.pollMin();
        q.forEachInOrder(NO_DELIVERY);
    }

    @Test
    void forEachInOrder_nullAction_throwsNPEAndChangesNothing() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        long a = q.add(1, "a");
        assertRejected(NullPointerException.class, q, new long[] {a}, () -> q.forEachInOrder(null));
    }

    @Test
    void forEachInOrder_actionThatModifies_throwsCMEAndChangesNothing() {
        List<Consumer<TimingWheelQueue<String>>> modifications = List.of(
                q -> q.add(q.minAllowedKey() + 1, "x"),
                q -> q.addFirst(q.minAllowedKey() + 1, "x"),
                q -> q.addBefore(q.minElement(), "x"),
                q -> q.addAfter(q.minElement(), "x"),
                q -> q.setValue(q.minElement(), "x"),
                q -> q.remove(q.minElement()),
                q -> q.changeKey(q.minElement(), q.minKey()),
                q -> q.clear(),
                q -> q.reset(0),
                q -> q.reset(50),
                q -> q.trimToSize(),
                q -> q.pollMin(),
                q -> q.pollMin((h, k, v) -> { }),
                // raises the minimum from 0 to 1, below every key: nothing would be delivered
                q -> q.increaseMinAllowedKey(1, (h, k, v) -> { }),
                q -> q.increaseMinAllowedKey(100, (h, k, v) -> { }));
        for (Consumer<TimingWheelQueue<String>> modification : modifications) {
            TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
            long a = q.add(2, "a");
            long b = q.add(2, "b");
            long c = q.add(9, "c");
            long[] hs = {a, b, c};
            assertRejected(ConcurrentModificationException.class, q, hs,
                    () -> q.forEachInOrder((h, k, v) -> modification.accept(q)));
            // The guard is released: the same modification now works.
            modification.accept(q);
            q.checkInvariants();
        }
    }

    @Test
    void forEachInOrder_actionThatOnlyReads_isAllowed_nestedWalksToo() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = q.add(1, "a");
        q.add(7, "b");
        List<String> nested = new ArrayList<>();
        List<String> nestedInOrder = new ArrayList<>();
        q.forEachInOrder((h, k, v) -> {
            q.contains(h);
            q.minKey();
            q.toString();
            assertFalse(q.remove(12345L));
            q.increaseMinAllowedKey(0, NO_DELIVERY); // not above the minimum: a no-op, allowed
            q.forEach((h2, k2, v2) -> nested.add(v2));
            q.forEachInOrder((h2, k2, v2) -> nestedInOrder.add(v2));
        });
        assertEquals(4, nested.size());
        assertEquals(List.of("a", "b", "a", "b"), nestedInOrder);
        assertTrue(q.contains(a));
        // The iteration ended: modifications work again.
        q.add(3, "c");
        q.checkInvariants();
    }

    @Test
    void forEachInOrder_insideAHandler_showsThePendingElements_andTheHandlerMayModifyAfterwards() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        q.add(1, "a");
        q.add(2, "b");
        q.add(12, "c");
        List<List<String>> views = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        q.increaseMinAllowedKey(10, (h, k, v) -> {
            seen.add(v);
            views.add(inOrder(q));
            if (v.equals("a")) {
                q.add(3, "d"); // allowed again once the walk is over
            }
        });
        assertEquals(List.of("a", "b", "d"), seen);
        assertEquals(List.of(List.of("2=b", "12=c"), List.of("3=d", "12=c"), List.of("12=c")), views);
        q.checkInvariants();
    }
}
