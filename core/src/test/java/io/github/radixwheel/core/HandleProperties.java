package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * Round-trip properties of handles over random sizes and operation mixes (STYLE: "testing handle
 * encoding only with examples" is what let Agrona's {@code forEach} return wrong ids for years).
 *
 * <p>The rule checked everywhere: {@code contains(x)} is true exactly for the handles that
 * {@code add} returned and that have not been removed, delivered or cleared since — for any
 * {@code long x}, made-up ones included. {@code key}/{@code value}/{@code forEach} report what was
 * stored. Handles of another queue are not contained; the contract allows a collision chance of 2^-32
 * per handle, so these fixed-seed properties are deterministic for all practical purposes.
 */
class HandleProperties {
    private static final long MAX = Long.MAX_VALUE;

    /** A queue and what it should hold: live handles with their key and value, and every dead handle. */
    private static final class Harness {
        final TimingWheelQueue<Object> q;
        final Random random;
        final Map<Long, Long> keys = new HashMap<>();
        final Map<Long, Object> values = new HashMap<>();
        /** Live handles, for picking one at random; {@link #slot} maps each to its index here. */
        final List<Long> live = new ArrayList<>();
        final Map<Long, Integer> slot = new HashMap<>();
        final List<Long> dead = new ArrayList<>();
        final Set<Long> everIssued = new HashSet<>();
        int nextValue;

        Harness(LevelBits bits, long start, Random random) {
            this.q = new TimingWheelQueue<>(bits, random.nextInt(3) == 0 ? 0 : 16);
            this.random = random;
            q.increaseMinAllowedKey(start, (h, k, v) -> {
                throw new AssertionError("empty queue delivered");
            });
        }

        long randomKey() {
            long min = q.minAllowedKey();
            long room = q.maxAllowedKey() - min;
            long offset = switch (random.nextInt(4)) {
                case 0 -> random.nextInt(4);
                case 1 -> random.nextLong(Math.min(room, 64) + 1);
                case 2 -> random.nextLong(Math.min(room, 1L << 16) + 1);
                default -> random.nextLong(room == MAX ? MAX : room + 1);
            };
            return min + Math.min(offset, room);
        }

        long add() {
            long key = randomKey();
            Object value = random.nextInt(10) == 0 ? null : "v" + nextValue++;
            long h = q.add(key, value);
            assertTrue(everIssued.add(h), "handle " + h + " issued twice");
            assertTrue(q.contains(h));
            keys.put(h, key);
            values.put(h, value);
            slot.put(h, live.size());
            live.add(h);
            return h;
        }

        long randomLive() {
            return live.get(random.nextInt(live.size()));
        }

        /** Bookkeeping for a handle that left the queue; checks it is gone. */
        void died(long h) {
            int i = slot.remove(h);
            long last = live.remove(live.size() - 1);
            if (last != h) {
                live.set(i, last);
                slot.put(last, i);
            }
            keys.remove(h);
            values.remove(h);
            dead.add(h);
            assertFalse(q.contains(h), "handle " + h + " still contained after it left");
        }

        void remove() {
            long h = randomLive();
            assertTrue(q.remove(h));
            died(h);
            assertFalse(q.remove(h));
        }

        void changeKey() {
            long h = randomLive();
            long key = random.nextBoolean() ? keys.get(h) : randomKey();
            q.changeKey(h, key);
            keys.put(h, key);
            assertTrue(q.contains(h), "changeKey keeps the handle");
            assertEquals(key, q.key(h));
        }

        void pollMin() {
            long h = q.minElement();
            assertTrue(keys.containsKey(h), "minElement " + h + " is not a live handle");
            Object expected = values.get(h);
            long key = keys.get(h);
            assertSame(expected, q.pollMin());
            assertEquals(key, q.minAllowedKey());
            died(h);
        }

        void increaseMin() {
            long min = q.minAllowedKey();
            long target = min + 1 + random.nextLong(Math.min(MAX - min, 1L << random.nextInt(20)));
            q.increaseMinAllowedKey(target, (h, k, v) -> {
                assertTrue(keys.containsKey(h), "delivered handle " + h + " is not a live handle");
                assertEquals(keys.get(h), k);
                assertSame(values.get(h), v);
                assertTrue(k < target);
                died(h);
            });
            assertEquals(target, q.minAllowedKey());
        }

        void clear() {
            q.clear();
            for (long h : new ArrayList<>(live)) {
                died(h);
            }
            assertTrue(q.isEmpty());
        }

        /** One random operation, weighted so that the queue tends toward {@code size} elements. */
        void step(int size) {
            int r = random.nextInt(100);
            if (live.isEmpty() || (r < 45 && live.size() < size)) {
                add();
            } else if (r < 65) {
                remove();
            } else if (r < 75) {
                changeKey();
            } else if (r < 85) {
                pollMin();
            } else if (r < 95) {
                if (q.minAllowedKey() < MAX) {
                    increaseMin();
                } else {
                    remove();
                }
            } else if (r < 99) {
                // A removal of a dead or made-up handle changes nothing.
                long h = dead.isEmpty() ? random.nextLong() : dead.get(random.nextInt(dead.size()));
                if (!keys.containsKey(h)) {
                    int before = q.size();
                    assertFalse(q.remove(h));
                    assertEquals(before, q.size());
                }
            } else if (random.nextInt(5) == 0) {
                clear();
            } else {
                add();
            }
        }

        /** Every live handle with its key and value, every dead one absent, forEach in agreement. */
        void checkAll() {
            q.checkInvariants();
            assertEquals(live.size(), q.size());
            for (long h : live) {
                assertTrue(q.contains(h), "live handle " + h);
                assertEquals(keys.get(h), q.key(h));
                assertSame(values.get(h), q.value(h));
            }
            for (long h : dead) {
                assertFalse(q.contains(h), "dead handle " + h);
            }
            Map<Long, Long> seen = new HashMap<>();
            q.forEach((h, k, v) -> {
                assertNull(seen.put(h, k), "forEach visited " + h + " twice");
                assertTrue(keys.containsKey(h), "forEach reported " + h + ", which is not a live handle");
                assertSame(values.get(h), v);
            });
            assertEquals(keys, seen);
            checkMadeUp();
        }

        /** Made-up handles: random longs, edge values and live indices under other high words. */
        void checkMadeUp() {
            List<Long> madeUp = new ArrayList<>(List.of(0L, -1L, 1L, MAX, Long.MIN_VALUE, 12345L, 1L << 32,
                    0xFFFF_FFFFL, 0xFFFF_FFFF_0000_0000L));
            for (int i = 0; i < 32; i++) {
                madeUp.add(random.nextLong());
                madeUp.add(random.nextLong() & 0xFFFF_FFFFL);
                madeUp.add((long) random.nextInt(64));
            }
            for (int i = 0; i < Math.min(64, live.size()); i++) {
                long h = randomLive();
                long low = h & 0xFFFF_FFFFL;
                long high = h >>> 32;
                madeUp.add(low);
                madeUp.add(((high + 1) << 32) | low);
                madeUp.add(((high - 1) << 32) | low);
                madeUp.add(((long) random.nextInt() << 32) | low);
                madeUp.add(h ^ (1L << (32 + random.nextInt(32))));
                madeUp.add(h ^ (1L << random.nextInt(32)));
            }
            for (long h : madeUp) {
                assertEquals(keys.containsKey(h), q.contains(h), "made-up handle " + h);
            }
        }
    }

    // ================================================================ properties

    @Property(seed = "4242", tries = 100)
    void handles_roundTripThroughRandomOperations(@ForAll("levelBits") LevelBits bits,
            @ForAll @IntRange(min = 1, max = 5000) int size, @ForAll("starts") long start, @ForAll long seed) {
        Harness h = new Harness(bits, start, new Random(seed));
        int steps = 3 * size + 50;
        int checkEvery = Math.max(1, steps / 6);
        for (int i = 1; i <= steps; i++) {
            h.step(size);
            if (i % checkEvery == 0) {
                h.checkAll();
            }
        }
        h.checkAll();
        // Drain: every remaining handle dies exactly once.
        while (!h.live.isEmpty()) {
            h.pollMin();
        }
        h.checkAll();
    }

    @Property(seed = "9001", tries = 30)
    void staleHandles_neverContainedAfterManyReusesOfTheirEntry(@ForAll("levelBits") LevelBits bits,
            @ForAll @IntRange(min = 1, max = 4) int live, @ForAll @IntRange(min = 1, max = 5000) int cycles,
            @ForAll long seed) {
        Harness h = new Harness(bits, 0, new Random(seed));
        for (int i = 0; i < live; i++) {
            h.add();
        }
        for (int c = 0; c < cycles; c++) {
            switch (h.random.nextInt(3)) {
                case 0 -> h.remove();
                case 1 -> h.pollMin();
                default -> {
                    int before = h.live.size();
                    if (h.q.minAllowedKey() < MAX) {
                        h.increaseMin();
                    }
                    if (h.live.size() == before) {
                        h.remove(); // nothing lay below the new minimum
                    }
                }
            }
            while (h.live.size() < live) {
                h.add();
            }
            // The newest handles must not revive the older ones that used the same entries.
            for (int i = 0; i < 4 && !h.dead.isEmpty(); i++) {
                long old = h.dead.get(h.random.nextInt(h.dead.size()));
                assertFalse(h.q.contains(old), "stale handle " + old);
            }
        }
        assertEquals(h.everIssued.size(), h.dead.size() + h.live.size());
        assertTrue(h.dead.size() >= cycles, "every cycle retires at least one handle");
        h.checkAll();
    }

    @Property(seed = "1234567", tries = 40)
    void clear_noOldHandleIsContainedAfterwards(@ForAll("levelBits") LevelBits bits,
            @ForAll @IntRange(min = 1, max = 5000) int size, @ForAll("starts") long start, @ForAll long seed) {
        Harness h = new Harness(bits, start, new Random(seed));
        for (int i = 0; i < 2 * size; i++) {
            h.step(size);
        }
        List<Long> before = new ArrayList<>(h.live);
        before.addAll(h.dead);
        long min = h.q.minAllowedKey();
        h.clear();
        assertEquals(min, h.q.minAllowedKey(), "clear keeps the minimum");
        h.q.checkInvariants();
        for (long old : before) {
            assertFalse(h.q.contains(old), "handle " + old + " survived clear");
        }
        // Refill past the old size, so that every old entry is handed out again.
        for (int i = 0; i < size + 8; i++) {
            h.add();
        }
        for (long old : before) {
            assertFalse(h.q.contains(old), "handle " + old + " came back after clear");
        }
        h.checkAll();
    }

    @Property(seed = "777", tries = 40)
    void foreignHandles_ofAQueueWithTheSameHistory_areNotContained(@ForAll("levelBits") LevelBits bits,
            @ForAll @IntRange(min = 1, max = 5000) int size, @ForAll long seed) {
        // Two queues driven by the same random sequence: same keys, same operations, same order.
        Harness a = new Harness(bits, 0, new Random(seed));
        Harness b = new Harness(bits, 0, new Random(seed));
        for (int i = 0; i < 2 * size; i++) {
            a.step(size);
            b.step(size);
            assertEquals(a.live.size(), b.live.size(), "the histories diverged");
        }
        a.checkAll();
        b.checkAll();
        checkForeign(a, b);
        checkForeign(b, a);
    }

    private static void checkForeign(Harness owner, Harness other) {
        for (long h : owner.everIssued) {
            assertFalse(other.q.contains(h), "a handle of one queue is contained in another");
            assertFalse(other.q.remove(h));
        }
        assertEquals(other.live.size(), other.q.size());
    }

    @Property(seed = "31337", tries = 50)
    void forEach_reportsExactlyTheLiveHandles(@ForAll("levelBits") LevelBits bits,
            @ForAll @IntRange(min = 1, max = 5000) int size, @ForAll long seed) {
        Harness h = new Harness(bits, 0, new Random(seed));
        for (int i = 0; i < size; i++) {
            h.add();
        }
        for (int i = 0; i < size / 2; i++) {
            h.step(size);
        }
        // checkAll compares forEach's handles, keys and values with the bookkeeping.
        h.checkAll();
    }

    // ================================================================ generators

    @Provide
    Arbitrary<LevelBits> levelBits() {
        return Arbitraries.of(LevelBits.of(1), LevelBits.of(1, 1), LevelBits.of(2, 2), LevelBits.of(3, 1),
                LevelBits.of(1, 2, 3), LevelBits.of(4, 4, 4), LevelBits.of(6, 6), LevelBits.of(8, 1, 8),
                LevelBits.of(2).extendToMaxNumBits(), LevelBits.of(5, 5, 5).extendToMaxNumBits(), LevelBits.DEFAULT);
    }

    @Provide
    Arbitrary<Long> starts() {
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.just(0L)),
                Tuple.of(2, Arbitraries.longs().between(0, MAX)),
                Tuple.of(2, Arbitraries.longs().between(MAX - 100_000, MAX - 1)));
    }
}
