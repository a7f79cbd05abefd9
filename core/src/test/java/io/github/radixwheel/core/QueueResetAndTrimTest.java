package io.github.radixwheel.core;

import static io.github.radixwheel.core.QueueTestSupport.CONFIGS;
import static io.github.radixwheel.core.QueueTestSupport.MAX;
import static io.github.radixwheel.core.QueueTestSupport.assertRejected;
import static io.github.radixwheel.core.QueueTestSupport.drain;
import static io.github.radixwheel.core.QueueTestSupport.inOrder;
import static io.github.radixwheel.core.QueueTestSupport.queueAt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The (0.2) {@code reset} and {@code trimToSize} of {@link TimingWheelQueue}: reset empties the queue
 * and moves its minimum anywhere, lower or higher, so that one queue serves many runs; trimming
 * keeps every live handle valid, and handles of trimmed storage stay stale however the queue grows
 * back. (That an emptied, trimmed queue is back to its initial footprint is measured in
 * {@link QueueApiAllocationTest}.)
 */
class QueueResetAndTrimTest {

    // ================================================================ reset

    @Test
    void reset_higherOrLower_emptiesTheQueueAndSetsTheMinimumAndItsRange() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 1000);
            List<Long> old = new ArrayList<>();
            for (long key : KeyEdges.edges(1000, q.maxAllowedKey(), bits)) {
                old.add(q.add(key, "old"));
            }
            q.minElement(); // cache the minimum, so that reset must drop it
            for (long min : new long[] {5000, 3, 0, MAX, MAX - 1, 1L << 40, 1000}) {
                q.reset(min);
                q.checkInvariants();
                assertEquals(0, q.size());
                assertTrue(q.isEmpty());
                assertEquals(min, q.minAllowedKey());
                assertEquals(QueueTestSupport.<String>queueAt(bits, min).maxAllowedKey(), q.maxAllowedKey(), bits + " at " + min);
                for (long h : old) {
                    assertFalse(q.contains(h));
                }
                assertThrows(java.util.NoSuchElementException.class, q::minKey);
                // The range is the new one: its ends are accepted, beyond them refused.
                old.clear();
                old.add(q.add(q.maxAllowedKey(), "top"));
                old.add(q.add(min, "bottom"));
                if (min > 0) {
                    long below = min - 1;
                    assertThrows(IllegalArgumentException.class, () -> q.add(below, "below"));
                }
                List<String> expected = min == q.maxAllowedKey() ? List.of(min + "=top", min + "=bottom")
                        : List.of(min + "=bottom", q.maxAllowedKey() + "=top");
                assertEquals(expected, inOrder(q), bits + " at " + min);
                q.checkInvariants();
            }
        }
    }

    @Test
    void reset_negative_throwsIAENamingTheValueAndChangesNothing() {
        TimingWheelQueue<String> q = queueAt(LevelBits.of(2, 2), 5);
        long a = q.add(6, "a");
        for (long bad : new long[] {-1, Long.MIN_VALUE}) {
            IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, new long[] {a}, () -> q.reset(bad));
            assertEquals("minAllowedKey: " + bad + " (expected: 0.." + MAX + ")", e.getMessage());
        }
    }

    @Test
    void reset_oneQueueForManyRuns_eachRunAsOnAFreshQueue() {
        SplittableRandom random = new SplittableRandom(21);
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<Integer> reused = new TimingWheelQueue<>(bits, 4);
            for (int run = 0; run < 20; run++) {
                long start = random.nextInt(3) == 0 ? random.nextLong(MAX) : random.nextInt(5000);
                reused.reset(start);
                TimingWheelQueue<Integer> fresh = queueAt(bits, start);
                long span = Math.min(reused.maxAllowedKey() - start, 10_000);
                int n = random.nextInt(200);
                for (int i = 0; i < n; i++) {
                    long key = start + random.nextLong(span + 1);
                    reused.add(key, i);
                    fresh.add(key, i);
                }
                assertEquals(fresh.toString(), reused.toString());
                int stop = random.nextInt(n + 1); // leave some elements behind for the next reset
                List<String> a = new ArrayList<>();
                List<String> b = new ArrayList<>();
                for (int i = 0; i < stop; i++) {
                    reused.pollMin((h, k, v) -> a.add(k + "=" + v));
                    fresh.pollMin((h, k, v) -> b.add(k + "=" + v));
                }
                assertEquals(b, a, bits + " run " + run);
                reused.checkInvariants();
            }
        }
    }

    @Test
    void reset_insideAHandler_endsTheDeliveriesOfThePendingElements() {
        // To 2: the same block of level 0 as the element delivered; to 5: the next block, so the
        // element added after the reset has another block start; to 100: beyond the target.
        for (long to : new long[] {2, 5, 100}) {
            TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
            long a = q.add(1, "a");
            long b = q.add(3, "b");
            List<String> seen = new ArrayList<>();
            q.increaseMinAllowedKey(10, (h, k, v) -> {
                seen.add(k + "=" + v);
                if (v.equals("a")) {
                    q.reset(to);
                    assertFalse(q.contains(b));
                    q.add(to, "after reset");
                }
                q.checkInvariants();
            });
            // An element added after the reset below the target is delivered by the same call.
            assertEquals(to < 10 ? List.of("1=a", to + "=after reset") : List.of("1=a"), seen);
            assertEquals(Math.max(10, to), q.minAllowedKey());
            assertFalse(q.contains(a));
            assertEquals(to < 10 ? 0 : 1, q.size());
            q.checkInvariants();
        }
    }

    @Test
    void reset_insideForEach_throwsCMEAndChangesNothing() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = q.add(1, "a");
        assertRejected(ConcurrentModificationException.class, q, new long[] {a}, () -> q.forEach((h, k, v) -> q.reset(0)));
    }

    // ================================================================ trimToSize

    @Test
    void trimToSize_liveHandlesStayValidAndTheOrderStays() {
        SplittableRandom random = new SplittableRandom(8);
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<Integer> q = new TimingWheelQueue<>(bits, 4);
            List<Long> handles = new ArrayList<>();
            long span = Math.min(q.maxAllowedKey(), 1 << 16);
            for (int i = 0; i < 2000; i++) {
                handles.add(q.add(random.nextLong(span + 1), i));
            }
            // Keep a few, among them the last pool entry handed out, so that trimming must stop there.
            List<Long> kept = new ArrayList<>();
            Map<Long, Long> keys = new HashMap<>();
            for (int i = 0; i < handles.size(); i++) {
                if (i % 97 == 0 || i == handles.size() - 1) {
                    kept.add(handles.get(i));
                    keys.put(handles.get(i), q.key(handles.get(i)));
                } else {
                    q.remove(handles.get(i));
                }
            }
            List<String> before = inOrder(q);
            q.trimToSize();
            q.checkInvariants();
            assertEquals(before, inOrder(q), bits.toString());
            for (long h : kept) {
                assertTrue(q.contains(h));
            }
            assertEquals(kept.size(), q.size());
            // Now drop the last one, trim again: the storage shrinks, the rest stay valid.
            q.remove(kept.remove(kept.size() - 1));
            q.trimToSize();
            q.checkInvariants();
            for (long h : kept) {
                assertTrue(q.contains(h));
                assertEquals(keys.get(h), q.key(h));
            }
            assertEquals(kept.size(), q.size());
        }
    }

    @Test
    void trimToSize_staleHandlesOfTrimmedStorage_stayStaleAfterRegrowth() {
        TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(4, 4), 0);
        Set<Long> stale = new HashSet<>();
        Set<Long> issued = new HashSet<>();
        for (int cycle = 0; cycle < 40; cycle++) {
            List<Long> live = new ArrayList<>();
            int n = 50 + cycle * 37 % 400;
            for (int i = 0; i < n; i++) {
                long h = q.add(i % 200, i);
                assertTrue(issued.add(h), "a handle was issued twice: " + h);
                assertFalse(stale.contains(h));
                live.add(h);
            }
            for (long h : stale) {
                assertFalse(q.contains(h), "stale handle " + h + " came back in cycle " + cycle);
            }
            // Remove all or most; trim; the removed handles are stale for good.
            for (int i = 0; i < live.size(); i++) {
                if (cycle % 3 != 0 || i % 10 != 0) {
                    q.remove(live.get(i));
                    stale.add(live.get(i));
                }
            }
            q.trimToSize();
            q.checkInvariants();
            if (cycle % 5 == 4) {
                for (long h : live) {
                    stale.add(h);
                }
                q.clear();
                q.trimToSize();
                q.checkInvariants();
            }
        }
    }

    @Test
    void trimToSize_emptiedQueue_worksAsANewOne() {
        for (int initial : new int[] {0, 1, 16, 100}) {
            TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(3, 3), initial);
            List<Long> old = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                old.add(q.add(i % 60, i));
            }
            q.clear();
            q.trimToSize();
            q.checkInvariants();
            q.trimToSize(); // twice is harmless
            for (int i = 0; i < 300; i++) {
                long h = q.add(i % 60, i);
                assertFalse(old.contains(h));
            }
            q.checkInvariants();
            assertEquals(300, q.size());
            for (long h : old) {
                assertFalse(q.contains(h));
            }
        }
    }

    @Test
    void trimToSize_insideAHandler_deliveriesContinueInOrder() {
        TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(2, 2, 2), 0);
        List<Long> handles = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            handles.add(q.add(i % 70, i));
        }
        List<String> expected = new ArrayList<>();
        for (int key = 0; key < 70; key++) {
            for (int i = key; i < 500; i += 70) {
                if (i % 7 == 0 || i == 0) {
                    expected.add(key + "=" + i);
                }
            }
        }
        List<String> seen = new ArrayList<>();
        q.increaseMinAllowedKey(100, (h, k, v) -> {
            seen.add(k + "=" + v);
            if (v == 0) {
                for (int i = 1; i < handles.size(); i++) {
                    if (i % 7 != 0) {
                        q.remove(handles.get(i));
                    }
                }
                q.trimToSize();
                q.checkInvariants();
            }
        });
        assertEquals(expected, seen);
        assertTrue(q.isEmpty());
        q.checkInvariants();
    }

    @Test
    void trimToSize_insideForEach_throwsCMEAndChangesNothing() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2), 0);
        long[] hs = new long[40];
        for (int i = 0; i < hs.length; i++) {
            hs[i] = q.add(i % 16, "v" + i);
        }
        for (int i = 1; i < hs.length; i++) {
            q.remove(hs[i]);
        }
        assertRejected(ConcurrentModificationException.class, q, hs, () -> q.forEach((h, k, v) -> q.trimToSize()));
    }

    @Test
    void clear_afterGrowth_stalesTheHandlesAndTheQueueStaysUsable() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2), 2);
        long a = q.add(1, "a");
        for (int i = 0; i < 100; i++) {
            q.add(i % 16, "v");
        }
        q.clear();
        q.checkInvariants();
        assertFalse(q.contains(a));
        long b = q.add(3, "b");
        assertEquals(3, q.key(b));
        assertEquals(List.of("3=b"), drain(q));
    }
}
