package io.github.radixwheel.core;

import static io.github.radixwheel.core.QueueTestSupport.CONFIGS;
import static io.github.radixwheel.core.QueueTestSupport.MAX;
import static io.github.radixwheel.core.QueueTestSupport.NO_DELIVERY;
import static io.github.radixwheel.core.QueueTestSupport.assertRejected;
import static io.github.radixwheel.core.QueueTestSupport.queueAt;
import static io.github.radixwheel.core.QueueTestSupport.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import io.github.radixwheel.core.QueueTestSupport.State;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@code TimingWheelQueue}, clause by clause: every method, every exception, and for each
 * rejected call a check that nothing observable changed. {@code checkInvariants()} runs after
 * every mutation: the tests mutate through small helpers ({@code add(q, ...)}, {@code remove(q, ...)},
 * ...) that call it.
 */
class TimingWheelQueueTest {
    // ================================================================ helpers

    // Mutations through these helpers run checkInvariants() right after the call (unless it throws).

    private static <V> long add(TimingWheelQueue<V> q, long key, V value) {
        long h = q.add(key, value);
        q.checkInvariants();
        return h;
    }

    private static boolean remove(TimingWheelQueue<?> q, long handle) {
        boolean removed = q.remove(handle);
        q.checkInvariants();
        return removed;
    }

    private static void changeKey(TimingWheelQueue<?> q, long handle, long key) {
        q.changeKey(handle, key);
        q.checkInvariants();
    }

    private static <V> V pollMin(TimingWheelQueue<V> q) {
        V value = q.pollMin();
        q.checkInvariants();
        return value;
    }

    private static void clear(TimingWheelQueue<?> q) {
        q.clear();
        q.checkInvariants();
    }

    private static <V> void increaseMinAllowedKey(TimingWheelQueue<V> q, long key, ElementConsumer<? super V> handler) {
        q.increaseMinAllowedKey(key, handler);
        q.checkInvariants();
    }

    /** Records deliveries as "key=value". */
    private static final class Recorder<V> implements ElementConsumer<V> {
        final List<String> seen = new ArrayList<>();
        final List<Long> handles = new ArrayList<>();

        @Override
        public void accept(long handle, long key, V value) {
            seen.add(key + "=" + value);
            handles.add(handle);
        }
    }

    /** Empties the queue by pollMin, returning "key=value" in order and checking invariants each step. */
    private static <V> List<String> pollAll(TimingWheelQueue<V> q) {
        List<String> out = new ArrayList<>();
        while (!q.isEmpty()) {
            long key = q.minKey();
            long handle = q.minElement();
            V expectedValue = q.value(handle);
            V value = pollMin(q);
            assertSame(expectedValue, value);
            assertFalse(q.contains(handle));
            assertEquals(key, q.minAllowedKey());
            out.add(key + "=" + value);
            q.checkInvariants();
        }
        return out;
    }

    private static long[] handles(long... hs) {
        return hs;
    }

    // ================================================================ constructors and simple queries

    @Test
    void constructor_noArgs_usesDefaultAndStartsEmpty() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        assertEquals(LevelBits.DEFAULT, q.levelBits());
        assertEquals(0, q.size());
        assertTrue(q.isEmpty());
        assertEquals(0, q.minAllowedKey());
        assertEquals(MAX, q.maxAllowedKey());
        q.checkInvariants();
    }

    @Test
    void constructor_levelBits_keepsThemAndStartsEmpty() {
        LevelBits bits = LevelBits.of(3, 1);
        TimingWheelQueue<String> q = new TimingWheelQueue<>(bits);
        assertEquals(bits, q.levelBits());
        assertTrue(q.isEmpty());
        assertEquals(0, q.minAllowedKey());
        assertEquals(23, q.maxAllowedKey());
        TimingWheelQueue<String> withCapacity = new TimingWheelQueue<>(bits, 100);
        assertEquals(bits, withCapacity.levelBits());
        assertEquals(0, withCapacity.size());
        assertEquals(23, withCapacity.maxAllowedKey());
        q.checkInvariants();
        withCapacity.checkInvariants();
    }

    @Test
    void constructor_zeroCapacity_growsOnDemand() {
        TimingWheelQueue<Integer> q = new TimingWheelQueue<>(LevelBits.of(4, 4), 0);
        q.checkInvariants();
        List<Long> hs = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            hs.add(add(q, i % 50, i));
            q.checkInvariants();
        }
        assertEquals(100, q.size());
        for (int i = 0; i < 100; i++) {
            assertEquals(i, q.value(hs.get(i)));
            assertEquals(i % 50, q.key(hs.get(i)));
        }
    }

    @Test
    void constructor_negativeCapacity_throwsIAE() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TimingWheelQueue<>(LevelBits.DEFAULT, -1));
        assertEquals("initialCapacity: -1 (expected: 0.." + (1 << 30) + ")", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new TimingWheelQueue<>(LevelBits.of(2), Integer.MIN_VALUE));
        assertTrue(e.getMessage().startsWith("initialCapacity: " + Integer.MIN_VALUE + " "), e.getMessage());
    }

    @Test
    void constructor_nullLevelBits_throwsNPE() {
        assertThrows(NullPointerException.class, () -> new TimingWheelQueue<>(null));
        assertThrows(NullPointerException.class, () -> new TimingWheelQueue<>(null, 10));
    }

    @Test
    void sizeAndIsEmpty_followAddsAndRemovals() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = add(q, 3, "a");
        assertEquals(1, q.size());
        assertFalse(q.isEmpty());
        long b = add(q, 15, "b");
        assertEquals(2, q.size());
        assertTrue(remove(q, a));
        assertEquals(1, q.size());
        assertTrue(remove(q, b));
        assertEquals(0, q.size());
        assertTrue(q.isEmpty());
        q.checkInvariants();
    }

    // ================================================================ NULL_HANDLE

    @Test
    void nullHandle_isZeroAndNeverContained() {
        assertEquals(0L, TimingWheelQueue.NULL_HANDLE);
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long nul = TimingWheelQueue.NULL_HANDLE;
        assertFalse(q.contains(nul));
        assertFalse(remove(q, nul));
        List<Long> hs = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            long h = add(q, i % 20, "v" + i);
            assertNotEquals(nul, h);
            hs.add(h);
            assertFalse(q.contains(nul));
        }
        for (int i = 0; i < 200; i += 2) {
            remove(q, hs.get(i));
        }
        for (int i = 0; i < 100; i++) {
            assertNotEquals(nul, add(q, i % 20, "w" + i));
        }
        q.checkInvariants();
        long[] some = {hs.get(1), hs.get(3)};
        assertFalse(q.contains(nul));
        State before = state(q, some);
        assertFalse(remove(q, nul));
        assertEquals(before, state(q, some));
        assertRejected(IllegalArgumentException.class, q, some, () -> q.key(nul));
        assertRejected(IllegalArgumentException.class, q, some, () -> q.value(nul));
        assertRejected(IllegalArgumentException.class, q, some, () -> changeKey(q, nul, 5));
        clear(q);
        assertFalse(q.contains(nul));
    }

    // ================================================================ add

    @Test
    void add_keyBelowMinAllowedKey_throwsAndChangesNothing() {
        TimingWheelQueue<String> fresh = new TimingWheelQueue<>();
        long f = add(fresh, 0, "zero");
        for (long key : new long[] {-1, Long.MIN_VALUE}) {
            IllegalArgumentException e = assertRejected(IllegalArgumentException.class, fresh, handles(f),
                    () -> add(fresh, key, "bad"));
            assertTrue(e.getMessage().contains(Long.toString(key)), e.getMessage());
        }
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 100);
            long a = add(q, 100, "a");
            long b = add(q, q.maxAllowedKey(), "b");
            for (long key : new long[] {99, 0, -1, Long.MIN_VALUE}) {
                IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, handles(a, b),
                        () -> add(q, key, "bad"));
                String message = e.getMessage();
                assertTrue(message.contains(Long.toString(key)), message);
                assertTrue(message.contains("100"), "names the allowed range: " + message);
                assertTrue(message.contains(Long.toString(q.maxAllowedKey())), "names the allowed range: " + message);
            }
            assertEquals(List.of("100=a", q.key(b) + "=b"), pollAll(q));
        }
    }

    @Test
    void add_keyAboveMaxAllowedKey_throwsAndChangesNothing() {
        TimingWheelQueue<String> q = queueAt(LevelBits.of(3, 1), 100);
        assertEquals(119, q.maxAllowedKey());
        long a = add(q, 119, "max");
        long b = add(q, 100, "min");
        q.checkInvariants();
        for (long key : new long[] {120, 121, 1000, MAX}) {
            IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, handles(a, b),
                    () -> add(q, key, "bad"));
            assertTrue(e.getMessage().contains(Long.toString(key)), e.getMessage());
            assertTrue(e.getMessage().contains("119"), "names the allowed range: " + e.getMessage());
        }
        assertEquals(List.of("100=min", "119=max"), pollAll(q));
        // The same at every configuration, one past its maximum.
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> r = queueAt(bits, 37);
            long max = r.maxAllowedKey();
            long h = add(r, max, "at max");
            if (max < MAX) {
                assertRejected(IllegalArgumentException.class, r, handles(h), () -> add(r, max + 1, "bad"));
            }
            assertEquals(max, r.key(h));
            r.checkInvariants();
        }
    }

    @Test
    void add_nullValue_isAllowed() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = add(q, 1, null);
        long b = add(q, 9, null);
        q.checkInvariants();
        assertTrue(q.contains(a));
        assertNull(q.value(a));
        assertEquals(1, q.key(a));
        assertNull(pollMin(q));
        Recorder<String> recorder = new Recorder<>();
        increaseMinAllowedKey(q, 10, recorder);
        assertEquals(List.of("9=null"), recorder.seen);
        assertEquals(List.of(b), recorder.handles);
        q.checkInvariants();
    }

    @Test
    void add_returnsDistinctNonNullHandles() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<Integer> q = new TimingWheelQueue<>(bits);
            Random random = new Random(42);
            Set<Long> seen = new HashSet<>();
            List<Long> live = new ArrayList<>();
            long max = Math.min(q.maxAllowedKey(), 1L << 20);
            for (int i = 0; i < 800; i++) {
                long h = add(q, random.nextLong(max + 1), i);
                assertNotEquals(TimingWheelQueue.NULL_HANDLE, h);
                assertTrue(seen.add(h), "handle " + h + " handed out twice");
                live.add(h);
                if (random.nextInt(3) == 0) {
                    assertTrue(remove(q, live.remove(random.nextInt(live.size()))));
                }
            }
            q.checkInvariants();
            assertEquals(live.size(), q.size());
        }
    }

    @Test
    void add_nearLongMaxValue_acceptsUpToMax() {
        for (LevelBits bits : CONFIGS) {
            long lo = queueAt(bits, MAX - 3).maxAllowedKey() == MAX ? MAX - 3 : MAX - 1;
            TimingWheelQueue<String> q = queueAt(bits, lo);
            assertEquals(MAX, q.maxAllowedKey(), bits.toString());
            long top = add(q, MAX, "top");
            long low = add(q, lo, "low");
            long mid = add(q, MAX - 1, "mid");
            q.checkInvariants();
            assertEquals(lo, q.minKey());
            assertEquals(low, q.minElement());
            assertEquals(MAX, q.key(top));
            assertEquals(MAX - 1, q.key(mid));
            assertRejected(IllegalArgumentException.class, q, handles(top, low, mid), () -> add(q, lo - 1, "below"));
            assertEquals(List.of(lo + "=low", (MAX - 1) + "=mid", MAX + "=top"), pollAll(q));
            assertEquals(MAX, q.minAllowedKey());
            long again = add(q, MAX, "again");
            assertEquals(MAX, q.minKey());
            assertEquals("again", pollMin(q));
            assertFalse(q.contains(again));
            q.checkInvariants();
        }
    }

    // ================================================================ contains, remove, key, value

    /**
     * A handle of each kind that {@code q} does not contain: removed, polled, delivered, of another
     * queue, made up. Call it on an empty queue, before adding the live elements, so that those reuse
     * the pool entries of the stale handles. Raises the minimum by one.
     */
    private static List<Long> staleHandles(TimingWheelQueue<String> q) {
        assertTrue(q.isEmpty());
        List<Long> stale = new ArrayList<>();
        long removed = add(q, q.minAllowedKey(), "removed");
        assertTrue(remove(q, removed));
        stale.add(removed);
        long polled = add(q, q.minAllowedKey(), "polled");
        assertEquals("polled", pollMin(q));
        stale.add(polled);
        long fired = add(q, q.minAllowedKey(), "fired");
        int[] calls = {0};
        increaseMinAllowedKey(q, q.minAllowedKey() + 1, (h, k, v) -> {
            assertEquals("fired", v);
            calls[0]++;
        });
        assertEquals(1, calls[0]);
        stale.add(fired);
        TimingWheelQueue<String> other = new TimingWheelQueue<>(q.levelBits());
        increaseMinAllowedKey(other, q.minAllowedKey(), NO_DELIVERY);
        long foreign = add(other, q.minAllowedKey() + 1, "foreign");
        assertTrue(other.contains(foreign));
        stale.add(foreign);
        stale.add(12345L);
        stale.add(-1L);
        stale.add(Long.MIN_VALUE);
        stale.add(MAX);
        stale.add(TimingWheelQueue.NULL_HANDLE);
        assertTrue(q.isEmpty());
        q.checkInvariants();
        return stale;
    }

    @Test
    void contains_liveHandle_trueUntilRemoved() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = add(q, 4, "a");
        long b = add(q, 4, "b");
        assertTrue(q.contains(a));
        assertTrue(q.contains(b));
        assertTrue(remove(q, a));
        assertFalse(q.contains(a));
        assertTrue(q.contains(b));
        q.checkInvariants();
    }

    @Test
    void contains_staleMadeUpAndForeignHandles_false() {
        TimingWheelQueue<String> q = queueAt(LevelBits.of(2, 2), 10);
        List<Long> stale = staleHandles(q);
        long keep = add(q, 12, "keep");
        add(q, 13, "other");
        add(q, 14, "another");
        for (long h : stale) {
            assertFalse(q.contains(h), "handle " + h);
        }
        assertTrue(q.contains(keep));
        // Made-up neighbours of a live handle in both words.
        for (long delta : new long[] {1L << 32, -(1L << 32), 1L << 63, 0xFFFF_FFFF_0000_0000L}) {
            assertFalse(q.contains(keep + delta), "handle " + (keep + delta));
            assertFalse(q.contains(keep ^ delta), "handle " + (keep ^ delta));
        }
        assertFalse(q.contains(keep & 0xFFFF_FFFFL), "live index with a zero high word");
    }

    @Test
    void contains_clearedHandles_false() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(1, 2, 3));
        long a = add(q, 0, "a");
        long b = add(q, 70, "b");
        clear(q);
        assertFalse(q.contains(a));
        assertFalse(q.contains(b));
        q.checkInvariants();
    }

    @Test
    void contains_handlesOfAnotherQueueWithTheSameHistory_false() {
        TimingWheelQueue<String> q1 = new TimingWheelQueue<>(LevelBits.of(2, 2));
        TimingWheelQueue<String> q2 = new TimingWheelQueue<>(LevelBits.of(2, 2));
        List<Long> h1 = new ArrayList<>();
        List<Long> h2 = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            h1.add(add(q1, i % 16, "x"));
            h2.add(add(q2, i % 16, "x"));
        }
        for (int i = 0; i < 50; i++) {
            assertFalse(q2.contains(h1.get(i)), "q1's handle #" + i + " in q2");
            assertFalse(q1.contains(h2.get(i)), "q2's handle #" + i + " in q1");
            assertFalse(remove(q2, h1.get(i)));
        }
        assertEquals(50, q2.size());
        q2.checkInvariants();
    }

    @Test
    void remove_liveHandle_returnsTrueOnceAndOthersKeepTheirOrder() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(1, 1, 1));
        long a = add(q, 2, "a");
        long b = add(q, 2, "b");
        long c = add(q, 2, "c");
        long d = add(q, 9, "d");
        assertTrue(remove(q, b));
        q.checkInvariants();
        assertEquals(3, q.size());
        assertFalse(remove(q, b));
        assertEquals(3, q.size());
        assertTrue(remove(q, d));
        q.checkInvariants();
        assertTrue(q.contains(a));
        assertTrue(q.contains(c));
        assertEquals(List.of("2=a", "2=c"), pollAll(q));
    }

    @Test
    void remove_notContained_returnsFalseAndChangesNothing() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 5);
            List<Long> stale = staleHandles(q);
            long a = add(q, q.minAllowedKey(), "a");
            long b = add(q, q.maxAllowedKey(), "b");
            add(q, q.minAllowedKey(), "c");
            for (long h : stale) {
                State before = state(q, a, b);
                assertFalse(remove(q, h), bits + " handle " + h);
                assertEquals(before, state(q, a, b));
                q.checkInvariants();
            }
        }
    }

    @Test
    void remove_minElement_nextLeastBecomesMin() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        long a = add(q, 7, "a");
        long b = add(q, 3000, "b");
        long c = add(q, 7, "c");
        assertEquals(a, q.minElement());
        assertTrue(remove(q, a));
        q.checkInvariants();
        assertEquals(c, q.minElement());
        assertEquals(7, q.minKey());
        assertTrue(remove(q, c));
        q.checkInvariants();
        assertEquals(b, q.minElement());
        assertEquals(3000, q.minKey());
        assertEquals(0, q.minAllowedKey(), "remove does not raise the minimum");
    }

    @Test
    void keyAndValue_liveHandles_returnWhatWasStored() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<Object> q = queueAt(bits, 1000);
            Map<Long, Object> values = new HashMap<>();
            Map<Long, Long> keys = new HashMap<>();
            Random random = new Random(7);
            long span = Math.min(q.maxAllowedKey() - 1000, 1L << 30);
            for (int i = 0; i < 300; i++) {
                long key = Math.min(q.maxAllowedKey(), 1000 + (random.nextBoolean() ? random.nextLong(span + 1) : random.nextInt(4)));
                Object value = new Object();
                long h = add(q, key, value);
                values.put(h, value);
                keys.put(h, key);
            }
            q.checkInvariants();
            for (long h : values.keySet()) {
                assertSame(values.get(h), q.value(h));
                assertEquals(keys.get(h), q.key(h));
            }
        }
    }

    @Test
    void keyAndValue_notContained_throwIAEAndChangeNothing() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 3);
            List<Long> stale = staleHandles(q);
            long a = add(q, q.minAllowedKey(), "a");
            long b = add(q, q.maxAllowedKey(), "b");
            add(q, q.minAllowedKey(), "c");
            long cleared;
            {
                TimingWheelQueue<String> c = new TimingWheelQueue<>(bits);
                cleared = add(c, 0, "cleared");
                clear(c);
                assertRejected(IllegalArgumentException.class, c, handles(cleared), () -> c.key(cleared));
                assertRejected(IllegalArgumentException.class, c, handles(cleared), () -> c.value(cleared));
            }
            stale.add(cleared);
            for (long h : stale) {
                IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, handles(a, b),
                        () -> q.key(h));
                assertTrue(e.getMessage().contains(Long.toString(h)), e.getMessage());
                e = assertRejected(IllegalArgumentException.class, q, handles(a, b), () -> q.value(h));
                assertTrue(e.getMessage().contains(Long.toString(h)), e.getMessage());
            }
        }
    }

    // ================================================================ changeKey

    @Test
    void changeKey_notContained_throwsIAEAndChangesNothing() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 8);
            List<Long> stale = staleHandles(q);
            long a = add(q, 9, "a");
            long b = add(q, 9, "b");
            add(q, 9, "c");
            for (long h : stale) {
                IllegalArgumentException e =
                        assertRejected(IllegalArgumentException.class, q, handles(a, b), () -> changeKey(q, h, 9));
                assertRejected(IllegalArgumentException.class, q, handles(a, b), () -> changeKey(q, h, -1));
                assertTrue(e.getMessage().startsWith("handle: " + h + " (expected: a live handle"), e.getMessage());
            }
            // a is still first among key 8.
            assertEquals(a, q.minElement());
        }
    }

    @Test
    void changeKey_keyOutOfRange_throwsIAEAndKeepsTheElementsPlace() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 50);
            long a = add(q, 50, "a");
            long b = add(q, 50, "b");
            long c = add(q, 51, "c");
            long max = q.maxAllowedKey();
            List<Long> bad = new ArrayList<>(List.of(49L, 0L, -1L, Long.MIN_VALUE));
            if (max < MAX) {
                bad.add(max + 1);
                bad.add(MAX);
            }
            for (long key : bad) {
                IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, handles(a, b, c),
                        () -> changeKey(q, a, key));
                assertTrue(e.getMessage().contains(Long.toString(key)), e.getMessage());
            }
            // A rejected re-key must not have moved a to the back.
            assertEquals(List.of("50=a", "50=b", "51=c"), pollAll(q), bits.toString());
        }
    }

    @Test
    void changeKey_sameKey_movesToTheBackOfItsKey() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 20);
            long a = add(q, 20, "a");
            long b = add(q, 20, "b");
            long c = add(q, 20, "c");
            changeKey(q, a, 20);
            q.checkInvariants();
            assertEquals(b, q.minElement());
            assertEquals(20, q.key(a));
            changeKey(q, b, 20);
            q.checkInvariants();
            assertEquals(c, q.minElement());
            assertEquals(List.of("20=c", "20=a", "20=b"), pollAll(q), bits.toString());
        }
    }

    @Test
    void changeKey_sameKeyInAHigherLevel_movesToTheBack() {
        // DEFAULT: 3000 lies in level 1 while the minimum is 0.
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        long a = add(q, 3000, "a");
        add(q, 3000, "b");
        add(q, 2999, "c");
        changeKey(q, a, 3000);
        q.checkInvariants();
        assertEquals(List.of("2999=c", "3000=b", "3000=a"), pollAll(q));
    }

    @Test
    void changeKey_newKey_goesToTheBackOfThatKeyAndKeepsHandleAndValue() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 0);
            long a = add(q, 0, "a");
            long b = add(q, 1, "b");
            long c = add(q, 1, "c");
            changeKey(q, a, 1);
            q.checkInvariants();
            assertTrue(q.contains(a), "the handle survives a re-key");
            assertEquals(1, q.key(a));
            assertEquals("a", q.value(a));
            assertEquals(3, q.size());
            assertEquals(b, q.minElement());
            assertEquals(List.of("1=b", "1=c", "1=a"), pollAll(q), bits.toString());
            assertFalse(q.contains(a) || q.contains(b) || q.contains(c));
        }
    }

    @Test
    void changeKey_acrossLevels_deliveredInModelOrder() {
        for (LevelBits bits : CONFIGS) {
            for (long start : new long[] {0, 1000, MAX - 200}) {
                TimingWheelQueue<Long> q = queueAt(bits, start);
                QueueModel model = new QueueModel();
                Random random = new Random(bits.hashCode() * 31L + start);
                long span = Math.min(q.maxAllowedKey() - start, 5000);
                List<Long> live = new ArrayList<>();
                for (int i = 0; i < 120; i++) {
                    long key = start + random.nextLong(span + 1);
                    long h = add(q, key, (long) i);
                    model.add(h, key);
                    live.add(h);
                }
                for (int i = 0; i < 240; i++) {
                    long h = live.get(random.nextInt(live.size()));
                    long key = random.nextInt(4) == 0 ? q.key(h) : start + random.nextLong(span + 1);
                    changeKey(q, h, key);
                    model.changeKey(h, key);
                    assertEquals(model.minHandle(), q.minElement());
                    assertEquals(model.minKey(), q.minKey());
                }
                q.checkInvariants();
                for (long expected : model.handlesInOrder()) {
                    assertEquals(expected, q.minElement(), bits + " from " + start);
                    pollMin(q);
                }
                assertTrue(q.isEmpty());
                q.checkInvariants();
            }
        }
    }

    @Test
    void changeKey_ofTheCachedMinimum_minimumMovesOn() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = add(q, 1, "a");
        long b = add(q, 5, "b");
        assertEquals(a, q.minElement());
        changeKey(q, a, 9);
        q.checkInvariants();
        assertEquals(b, q.minElement());
        assertEquals(5, q.minKey());
        changeKey(q, a, 2);
        q.checkInvariants();
        assertEquals(a, q.minElement());
        assertEquals(2, q.minKey());
        changeKey(q, b, 2);
        q.checkInvariants();
        assertEquals(a, q.minElement(), "a re-key to an equal key goes behind");
    }

    // ================================================================ minKey, minElement, pollMin

    @Test
    void minKeyMinElementPollMin_empty_throwNSEEAndChangeNothing() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 77);
            long gone = add(q, q.maxAllowedKey(), "gone");
            assertTrue(remove(q, gone));
            assertRejected(NoSuchElementException.class, q, handles(gone), q::minKey);
            assertRejected(NoSuchElementException.class, q, handles(gone), q::minElement);
            assertRejected(NoSuchElementException.class, q, handles(gone), q::pollMin);
            assertEquals(77, q.minAllowedKey());
        }
        TimingWheelQueue<String> fresh = new TimingWheelQueue<>();
        assertRejected(NoSuchElementException.class, fresh, handles(), fresh::minKey);
        assertRejected(NoSuchElementException.class, fresh, handles(), fresh::minElement);
        assertRejected(NoSuchElementException.class, fresh, handles(), fresh::pollMin);
    }

    @Test
    void minElement_amongEqualKeys_isTheEarliestInserted() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 0);
            long high = add(q, Math.min(q.maxAllowedKey(), 3), "high");
            long a = add(q, 0, "a");
            long b = add(q, 0, "b");
            assertEquals(0, q.minKey());
            assertEquals(a, q.minElement());
            assertTrue(remove(q, a));
            assertEquals(b, q.minElement());
            assertTrue(q.contains(high));
            q.checkInvariants();
        }
    }

    @Test
    void pollMin_returnsTheValueAndRaisesMinAllowedKeyToItsKey() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(3, 1));
        long a = add(q, 17, "a");
        long b = add(q, 4, "b");
        assertEquals("b", pollMin(q));
        assertEquals(4, q.minAllowedKey());
        assertEquals(23, q.maxAllowedKey()); // [3, 1] at 4..7 -> 23
        assertFalse(q.contains(b));
        q.checkInvariants();
        assertEquals("a", pollMin(q));
        assertEquals(17, q.minAllowedKey());
        assertFalse(q.contains(a));
        assertTrue(q.isEmpty());
        q.checkInvariants();
        assertRejected(IllegalArgumentException.class, q, handles(), () -> add(q, 16, "too low now"));
    }

    @Test
    void pollMin_equalKeys_inInsertionOrder() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 1);
            long key = Math.min(q.maxAllowedKey(), 6);
            for (int i = 0; i < 10; i++) {
                add(q, key, "e" + i);
            }
            add(q, 1, "first");
            List<String> expected = new ArrayList<>(List.of("1=first"));
            for (int i = 0; i < 10; i++) {
                expected.add(key + "=e" + i);
            }
            assertEquals(expected, pollAll(q), bits.toString());
        }
    }

    @Test
    void pollMin_elementInAHigherLevel_defaultBits() {
        // With DEFAULT bits and minimum 0, level 0 holds 0..2047: 3000 and 5000 sit in level 1.
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        long h5000 = add(q, 5000, "5000");
        long first = add(q, 3000, "3000a");
        long second = add(q, 3000, "3000b");
        q.checkInvariants();
        assertEquals(3000, q.minKey());
        assertEquals(first, q.minElement());
        assertEquals("3000a", pollMin(q));
        assertEquals(3000, q.minAllowedKey());
        q.checkInvariants();
        assertEquals(second, q.minElement());
        assertEquals("3000b", pollMin(q));
        assertEquals(3000, q.minAllowedKey());
        q.checkInvariants();
        assertEquals(h5000, q.minElement());
        assertEquals("5000", pollMin(q));
        assertEquals(5000, q.minAllowedKey());
        assertTrue(q.isEmpty());
        q.checkInvariants();
    }

    @Test
    void pollMin_manyLevels_matchesModel() {
        for (LevelBits bits : CONFIGS) {
            for (long start : new long[] {0, 12345, MAX - 5000}) {
                TimingWheelQueue<Long> q = queueAt(bits, start);
                QueueModel model = new QueueModel();
                Random random = new Random(start ^ bits.hashCode());
                for (int round = 0; round < 200 && q.minAllowedKey() < MAX; round++) {
                    long min = q.minAllowedKey();
                    long span = Math.min(q.maxAllowedKey() - min, 1L << (1 + random.nextInt(40)));
                    for (int i = random.nextInt(4); i > 0; i--) {
                        long key = min + (random.nextBoolean() ? random.nextLong(span + 1) : random.nextInt(3));
                        key = Math.min(key, q.maxAllowedKey());
                        model.add(add(q, key, key), key);
                    }
                    if (!model.isEmpty()) {
                        long expected = model.minHandle();
                        long key = model.minKey();
                        assertEquals(expected, q.minElement());
                        assertEquals(key, q.minKey());
                        assertEquals(key, pollMin(q).longValue());
                        model.remove(expected);
                        assertEquals(key, q.minAllowedKey());
                    }
                    q.checkInvariants();
                    assertEquals(model.size(), q.size());
                }
            }
        }
    }

    // ================================================================ increaseMinAllowedKey

    @Test
    void increaseMinAllowedKey_keyNotAboveMinimum_isANoOp() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 40);
            long a = add(q, 40, "a");
            long b = add(q, 41, "b");
            for (long key : new long[] {40, 39, 0, -5, Long.MIN_VALUE}) {
                State before = state(q, a, b);
                increaseMinAllowedKey(q, key, NO_DELIVERY);
                assertEquals(before, state(q, a, b));
                q.checkInvariants();
            }
        }
    }

    @Test
    void increaseMinAllowedKey_nullHandler_throwsNPEAndChangesNothing() {
        TimingWheelQueue<String> q = queueAt(LevelBits.of(2, 2), 10);
        long a = add(q, 10, "a");
        long b = add(q, 12, "b");
        assertRejected(NullPointerException.class, q, handles(a, b), () -> increaseMinAllowedKey(q, 20, null));
        assertRejected(NullPointerException.class, q, handles(a, b), () -> increaseMinAllowedKey(q, 11, null));
        assertRejected(NullPointerException.class, q, handles(a, b), () -> increaseMinAllowedKey(q, 10, null));
        assertRejected(NullPointerException.class, q, handles(a, b), () -> increaseMinAllowedKey(q, 5, null));
    }

    @Test
    void increaseMinAllowedKey_deliversKeysBelowInKeyThenInsertionOrder() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 0);
            long max = q.maxAllowedKey();
            long k2 = Math.min(max, 2);
            long k5 = Math.min(max, 5);
            long kHigh = Math.min(max, 3000);
            List<String> inserted = new ArrayList<>();
            long[] keys = {kHigh, k5, k2, 0, k5, kHigh, k2};
            String[] values = {"h1", "f1", "t1", "z1", "f2", "h2", "t2"};
            for (int i = 0; i < keys.length; i++) {
                add(q, keys[i], values[i]);
                inserted.add(keys[i] + "=" + values[i]);
            }
            Recorder<String> r = new Recorder<>();
            long target = Math.min(max, 3001);
            increaseMinAllowedKey(q, target, r);
            q.checkInvariants();
            List<String> expected = mergeStable(inserted);
            if (max > 3000) {
                assertEquals(List.of("0=z1", "2=t1", "2=t2", "5=f1", "5=f2", "3000=h1", "3000=h2"), expected);
            }
            // Keys at or above the target stay (with few bits several keys collapse onto max).
            List<String> remaining = new ArrayList<>();
            List<String> delivered = new ArrayList<>();
            for (String s : mergeStable(expected)) {
                (Long.parseLong(s.substring(0, s.indexOf('='))) < target ? delivered : remaining).add(s);
            }
            assertEquals(delivered, r.seen, bits.toString());
            assertEquals(target, q.minAllowedKey());
            assertEquals(remaining, pollAll(q), bits.toString());
        }
    }

    /** Sorts "key=value" strings by key, keeping the given order among equal keys. */
    private static List<String> mergeStable(List<String> items) {
        List<String> out = new ArrayList<>(items);
        out.sort((x, y) -> Long.compare(Long.parseLong(x.substring(0, x.indexOf('='))),
                Long.parseLong(y.substring(0, y.indexOf('=')))));
        return out;
    }

    @Test
    void increaseMinAllowedKey_setsMinAllowedKeyToKeyAndKeepsTheRest() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = add(q, 7, "a");
        long b = add(q, 9, "b");
        increaseMinAllowedKey(q, 3, NO_DELIVERY);
        assertEquals(3, q.minAllowedKey());
        q.checkInvariants();
        Recorder<String> r = new Recorder<>();
        increaseMinAllowedKey(q, 9, r);
        assertEquals(List.of("7=a"), r.seen);
        assertEquals(List.of(a), r.handles);
        assertEquals(9, q.minAllowedKey());
        assertTrue(q.contains(b), "an element at the new minimum stays");
        assertEquals(9, q.minKey());
        q.checkInvariants();
    }

    @Test
    void increaseMinAllowedKey_beyondMaxAllowedKey_deliversEverything() {
        for (LevelBits bits : CONFIGS) {
            if (bits.numBits() == 63) {
                continue;
            }
            TimingWheelQueue<String> q = queueAt(bits, 10);
            long max = q.maxAllowedKey();
            long a = add(q, 10, "a");
            long b = add(q, max, "b");
            Recorder<String> r = new Recorder<>();
            long target = max + 1000;
            increaseMinAllowedKey(q, target, r);
            assertEquals(List.of("10=a", max + "=b"), r.seen, bits.toString());
            assertTrue(q.isEmpty());
            assertEquals(target, q.minAllowedKey());
            assertTrue(q.maxAllowedKey() >= target + (1L << bits.numBits()) - 1);
            assertFalse(q.contains(a) || q.contains(b));
            q.checkInvariants();
            long c = add(q, target, "c");
            assertEquals(c, q.minElement());
            q.checkInvariants();
        }
    }

    @Test
    void increaseMinAllowedKey_toLongMaxValue_keepsElementsAtMax() {
        for (LevelBits bits : CONFIGS) {
            long lo = queueAt(bits, MAX - 10).maxAllowedKey() == MAX ? MAX - 10 : MAX - 1;
            TimingWheelQueue<String> q = queueAt(bits, lo);
            add(q, lo, "a");
            long top = add(q, MAX, "top");
            add(q, MAX - 1, "b");
            Recorder<String> r = new Recorder<>();
            increaseMinAllowedKey(q, MAX, r);
            assertEquals(List.of(lo + "=a", (MAX - 1) + "=b"), r.seen, bits.toString());
            assertEquals(MAX, q.minAllowedKey());
            assertEquals(MAX, q.maxAllowedKey());
            assertEquals(top, q.minElement());
            q.checkInvariants();
            assertEquals(List.of(MAX + "=top"), pollAll(q));
        }
    }

    @Test
    void increaseMinAllowedKey_largeJumpsWithDefaultBits_deliverInOrder() {
        TimingWheelQueue<Long> q = new TimingWheelQueue<>();
        long[] keys = {0, 1, 2047, 2048, 1L << 21, (1L << 31) + 5, (1L << 41) - 1, 1L << 51, (1L << 61) + 7, MAX - 1, MAX};
        for (int i = keys.length - 1; i >= 0; i--) {
            add(q, keys[i], keys[i]);
        }
        q.checkInvariants();
        List<Long> delivered = new ArrayList<>();
        long[] targets = {5, 1L << 30, 1L << 50, 1L << 62, MAX};
        for (long target : targets) {
            increaseMinAllowedKey(q, target, (h, k, v) -> {
                assertEquals(k, v.longValue());
                delivered.add(k);
            });
            assertEquals(target, q.minAllowedKey());
            q.checkInvariants();
        }
        List<Long> expected = new ArrayList<>();
        for (long k : keys) {
            if (k < MAX) {
                expected.add(k);
            }
        }
        assertEquals(expected, delivered);
        assertEquals(1, q.size());
    }

    @Test
    void increaseMinAllowedKey_handlerSeesMinAllowedKeyAtTheDeliveredKeyAndTheHandleGone() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 0);
            long max = q.maxAllowedKey();
            Set<Long> added = new HashSet<>();
            for (long key : new long[] {0, 1, 1, 3, 8, 100, 5000}) {
                added.add(add(q, Math.min(key, max), "v"));
            }
            int[] calls = {0};
            int sizeBefore = q.size();
            increaseMinAllowedKey(q, Math.min(max, 5001), (h, k, v) -> {
                assertEquals(k, q.minAllowedKey(), "minAllowedKey inside the handler");
                assertFalse(q.contains(h), "the delivered element is already removed");
                assertTrue(added.contains(h));
                calls[0]++;
                assertEquals(sizeBefore - calls[0], q.size());
                q.checkInvariants();
            });
            assertTrue(calls[0] > 0);
            q.checkInvariants();
        }
    }

    @Test
    void increaseMinAllowedKey_nestedIncrease_throwsISEAndOuterCallCompletes() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        add(q, 1, "a");
        add(q, 2, "b");
        long c = add(q, 9, "c");
        Recorder<String> r = new Recorder<>();
        int[] rejected = {0};
        increaseMinAllowedKey(q, 5, (h, k, v) -> {
            r.accept(h, k, v);
            for (long nested : new long[] {3, 15, k, 0}) {
                assertRejected(IllegalStateException.class, q, handles(c), () -> increaseMinAllowedKey(q, nested, NO_DELIVERY));
                rejected[0]++;
            }
        });
        assertEquals(8, rejected[0]);
        assertEquals(List.of("1=a", "2=b"), r.seen);
        assertEquals(5, q.minAllowedKey());
        assertTrue(q.contains(c));
        q.checkInvariants();
    }

    @Test
    void increaseMinAllowedKey_nestedPollMin_throwsISEAndOuterCallCompletes() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        add(q, 1, "a");
        add(q, 2, "b");
        add(q, 3, "c");
        long d = add(q, 9, "d");
        Recorder<String> r = new Recorder<>();
        increaseMinAllowedKey(q, 5, (h, k, v) -> {
            r.accept(h, k, v);
            assertRejected(IllegalStateException.class, q, handles(d), q::pollMin);
        });
        assertEquals(List.of("1=a", "2=b", "3=c"), r.seen);
        assertEquals(5, q.minAllowedKey());
        assertEquals(1, q.size());
        assertTrue(q.contains(d));
        q.checkInvariants();
        // Outside a handler pollMin works again.
        assertEquals("d", pollMin(q));
    }

    @Test
    void increaseMinAllowedKey_addAtTheCurrentKeyFromHandler_deliveredAfterThePendingOfThatKey() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 4);
            long key = 5;
            long next = Math.min(q.maxAllowedKey(), 6);
            assertTrue(next >= key);
            add(q, key, "a");
            add(q, key, "b");
            add(q, next, "c");
            Recorder<String> r = new Recorder<>();
            boolean[] once = {false};
            increaseMinAllowedKey(q, next + 1, (h, k, v) -> {
                r.accept(h, k, v);
                if (!once[0]) {
                    once[0] = true;
                    long added = add(q, k, "late");
                    assertTrue(q.contains(added));
                    q.checkInvariants();
                }
            });
            // "late" goes behind the elements of key 5 still pending, including c if it shares the key.
            List<String> expected = next == key ? List.of("5=a", "5=b", "5=c", "5=late")
                    : List.of("5=a", "5=b", "5=late", next + "=c");
            assertEquals(expected, r.seen, bits.toString());
            assertTrue(q.isEmpty());
            q.checkInvariants();
        }
    }

    @Test
    void increaseMinAllowedKey_addBelowTargetFromHandler_deliveredInOrder() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 0);
            long max = q.maxAllowedKey();
            if (max < 8) {
                continue;
            }
            add(q, 1, "a");
            add(q, 6, "b");
            long target = Math.min(max, 50);
            Recorder<String> r = new Recorder<>();
            increaseMinAllowedKey(q, target, (h, k, v) -> {
                r.accept(h, k, v);
                if (v.equals("a")) {
                    add(q, 6, "b2");     // behind the pending b
                    add(q, 3, "x");      // between the current key and b
                    add(q, target, "stays"); // at the target: not delivered
                    add(q, 1, "again"); // at the current key
                    q.checkInvariants();
                }
            });
            assertEquals(List.of("1=a", "1=again", "3=x", "6=b", "6=b2"), r.seen, bits.toString());
            assertEquals(target, q.minAllowedKey());
            assertEquals(List.of(target + "=stays"), pollAll(q));
        }
    }

    @Test
    void increaseMinAllowedKey_addBelowTheCurrentKeyFromHandler_throwsIAE() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(1, 2, 3));
        add(q, 3, "a");
        long b = add(q, 4, "b");
        int[] rejected = {0};
        increaseMinAllowedKey(q, 10, (h, k, v) -> {
            if (k == 3) {
                assertRejected(IllegalArgumentException.class, q, handles(b), () -> add(q, 2, "too low"));
                rejected[0]++;
            }
        });
        assertEquals(1, rejected[0]);
        assertTrue(q.isEmpty());
        q.checkInvariants();
    }

    @Test
    void increaseMinAllowedKey_removePendingFromHandler_notDelivered() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 0);
            long max = q.maxAllowedKey();
            long later = Math.min(max, 2000);
            add(q, 0, "a");
            long b = add(q, 0, "b");
            long c = add(q, later, "c");
            add(q, later, "d");
            Recorder<String> r = new Recorder<>();
            increaseMinAllowedKey(q, later + 1, (h, k, v) -> {
                r.accept(h, k, v);
                if (v.equals("a")) {
                    assertTrue(remove(q, b));
                    assertTrue(remove(q, c));
                    assertFalse(remove(q, h), "the delivered element is no longer contained");
                    q.checkInvariants();
                }
            });
            assertEquals(List.of("0=a", later + "=d"), r.seen, bits.toString());
            assertTrue(q.isEmpty());
            q.checkInvariants();
        }
    }

    @Test
    void increaseMinAllowedKey_changeKeyPendingFromHandler_deliveredAtItsNewPlace() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 0);
            long max = q.maxAllowedKey();
            if (max < 11) {
                continue;
            }
            add(q, 1, "a");
            long b = add(q, 2, "b");
            long c = add(q, 4, "c");
            long d = add(q, 4, "d");
            long e = add(q, 5, "e");
            Recorder<String> r = new Recorder<>();
            increaseMinAllowedKey(q, 10, (h, k, v) -> {
                r.accept(h, k, v);
                if (v.equals("a")) {
                    changeKey(q, b, 4);  // now behind c and d
                    changeKey(q, c, 4);  // same key: behind d and b
                    changeKey(q, e, 10); // at the target: stays
                    changeKey(q, d, 1);  // the current key: next
                    q.checkInvariants();
                }
            });
            assertEquals(List.of("1=a", "1=d", "4=b", "4=c"), r.seen, bits.toString());
            assertTrue(q.contains(e));
            assertEquals(10, q.key(e));
            assertEquals(10, q.minAllowedKey());
            assertEquals(1, q.size());
            q.checkInvariants();
        }
    }

    @Test
    void increaseMinAllowedKey_clearFromHandler_endsTheDeliveries() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 0);
            long max = q.maxAllowedKey();
            add(q, 0, "a");
            long b = add(q, 0, "b");
            long c = add(q, Math.min(max, 1), "c");
            long d = add(q, max, "d");
            Recorder<String> r = new Recorder<>();
            long target = max == MAX ? 1L << 40 : max + 1;
            increaseMinAllowedKey(q, target, (h, k, v) -> {
                r.accept(h, k, v);
                clear(q);
                assertTrue(q.isEmpty());
                q.checkInvariants();
            });
            assertEquals(List.of("0=a"), r.seen, bits.toString());
            assertTrue(q.isEmpty());
            assertEquals(target, q.minAllowedKey());
            assertFalse(q.contains(b) || q.contains(c) || (q.contains(d)));
            q.checkInvariants();
            long fresh = add(q, target, "fresh");
            assertEquals(fresh, q.minElement());
        }
    }

    @Test
    void increaseMinAllowedKey_throwingHandler_propagatesAndLosesNothing() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 0);
            long max = q.maxAllowedKey();
            if (max < 4) {
                continue; // needs keys 1 < 3 < target
            }
            long k3 = 3;
            long k9 = Math.min(max, 9);
            long a = add(q, 1, "a");
            long b = add(q, k3, "b");
            long c = add(q, k3, "boom");
            long d = add(q, k3, "d");
            long e = add(q, k9, "e");
            RuntimeException boom = new RuntimeException("boom");
            Recorder<String> r = new Recorder<>();
            long target = Math.min(max, 10);
            RuntimeException thrown = assertThrows(RuntimeException.class, () -> increaseMinAllowedKey(q, target, (h, k, v) -> {
                r.accept(h, k, v);
                if (v.equals("boom")) {
                    throw boom;
                }
            }));
            assertSame(boom, thrown, "the handler's exception propagates unchanged");
            assertEquals(List.of("1=a", k3 + "=b", k3 + "=boom"), r.seen, bits.toString());
            assertFalse(q.contains(a) || q.contains(b));
            assertFalse(q.contains(c), "the element given to the throwing handler stays removed");
            assertTrue(q.contains(d) && q.contains(e), "every other element stays");
            assertEquals(2, q.size());
            assertEquals(k3, q.minAllowedKey(), "the minimum stays at the element's key");
            q.checkInvariants();
            // The next call continues in order; the queue is not stuck in delivery.
            Recorder<String> rest = new Recorder<>();
            increaseMinAllowedKey(q, target, rest);
            List<String> expected = new ArrayList<>();
            expected.add(k3 + "=d");
            if (k9 < target) {
                expected.add(k9 + "=e");
            }
            assertEquals(expected, rest.seen, bits.toString());
            assertEquals(target, q.minAllowedKey());
            q.checkInvariants();
            if (!q.isEmpty()) {
                assertEquals("e", pollMin(q));
            }
        }
    }

    @Test
    void increaseMinAllowedKey_throwingHandler_errorsPropagateToo() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        add(q, 1, "a");
        long b = add(q, 2, "b");
        AssertionError error = new AssertionError("from the handler");
        AssertionError thrown = assertThrows(AssertionError.class, () -> increaseMinAllowedKey(q, 5, (h, k, v) -> {
            throw error;
        }));
        assertSame(error, thrown);
        assertEquals(1, q.minAllowedKey());
        assertTrue(q.contains(b));
        q.checkInvariants();
        assertEquals("b", pollMin(q));
    }

    @Test
    void increaseMinAllowedKey_matchesModelWithHandlersThatUseTheQueue() {
        // Handlers add, remove, re-key (within and across levels), clear and throw; the model says
        // what must be delivered, in which order, and what must remain.
        int[] throwsAndClears = {0, 0};
        for (LevelBits bits : CONFIGS) {
            for (long start : new long[] {0, 777, MAX - 3000}) {
                TimingWheelQueue<Long> q = queueAt(bits, start);
                QueueModel model = new QueueModel();
                Random random = new Random(31 * start + bits.hashCode());
                String where = bits + " from " + start;
                for (int round = 0; round < 60 && q.minAllowedKey() < MAX; round++) {
                    long min = q.minAllowedKey();
                    long span = Math.min(q.maxAllowedKey() - min, random.nextBoolean() ? 64 : 1 << 14);
                    for (int i = random.nextInt(6); i > 0; i--) {
                        long key = min + random.nextLong(span + 1);
                        model.add(add(q, key, key), key);
                    }
                    long target = min + 1 + random.nextLong(Math.min(span + 8, MAX - min));
                    int throwAt = random.nextInt(4) == 0 ? random.nextInt(4) : -1;
                    int[] delivered = {0};
                    long[] lastKey = {-1};
                    RuntimeException boom = new IllegalStateException("handler failure");
                    try {
                        increaseMinAllowedKey(q, target, (h, k, v) -> {
                            Long expected = model.pollBelow(target);
                            assertEquals(expected, h, where);
                            assertEquals(k, q.minAllowedKey(), where);
                            lastKey[0] = k;
                            if (delivered[0]++ == throwAt) {
                                throwsAndClears[0]++;
                                throw boom;
                            }
                            long room = Math.min(q.maxAllowedKey() - k, random.nextBoolean() ? 16 : 1 << 14);
                            int action = random.nextInt(10);
                            if (action < 3) {
                                long key = k + random.nextLong(room + 1);
                                model.add(add(q, key, key), key);
                            } else if (action < 5 && !model.isEmpty()) {
                                List<Long> live = model.handlesInOrder();
                                long victim = live.get(random.nextInt(live.size()));
                                assertTrue(remove(q, victim));
                                model.remove(victim);
                            } else if (action < 7 && !model.isEmpty()) {
                                List<Long> live = model.handlesInOrder();
                                long moved = live.get(random.nextInt(live.size()));
                                long key = k + random.nextLong(room + 1);
                                changeKey(q, moved, key);
                                model.changeKey(moved, key);
                            } else if (action == 7 && random.nextInt(8) == 0) {
                                clear(q);
                                model.clear();
                                throwsAndClears[1]++;
                            }
                        });
                        assertNull(model.pollBelow(target), where + ": an element below the target was left behind");
                        assertEquals(target, q.minAllowedKey(), where);
                    } catch (IllegalStateException e) {
                        assertSame(boom, e);
                        assertEquals(lastKey[0], q.minAllowedKey(), where + ": the minimum stays at the failed element's key");
                        q.checkInvariants();
                    }
                    assertEquals(model.size(), q.size(), where);
                    q.checkInvariants();
                    if (!model.isEmpty()) {
                        assertEquals(model.minHandle(), q.minElement(), where);
                        assertEquals(model.minKey(), q.minKey(), where);
                    }
                }
                // Drain what is left, in model order.
                for (long expected : model.handlesInOrder()) {
                    assertEquals(expected, q.minElement(), where);
                    pollMin(q);
                }
                assertTrue(q.isEmpty());
            }
        }
        assertTrue(throwsAndClears[0] > 10 && throwsAndClears[1] > 3, "throws, clears: " + Arrays.toString(throwsAndClears));
    }

    @Test
    void increaseMinAllowedKey_handlerMayAdvanceAnotherQueue() {
        // Only nesting on the same queue is forbidden.
        TimingWheelQueue<String> outer = new TimingWheelQueue<>(LevelBits.of(2, 2));
        TimingWheelQueue<String> inner = new TimingWheelQueue<>(LevelBits.of(2, 2));
        add(outer, 1, "o1");
        add(outer, 2, "o2");
        add(inner, 1, "i1");
        add(inner, 3, "i3");
        add(inner, 4, "i4");
        List<String> seen = new ArrayList<>();
        increaseMinAllowedKey(outer, 5, (h, k, v) -> {
            seen.add(v);
            if (k == 1) {
                increaseMinAllowedKey(inner, 2, (h2, k2, v2) -> seen.add(v2));
            } else {
                seen.add(pollMin(inner));
            }
        });
        assertEquals(List.of("o1", "i1", "o2", "i3"), seen);
        assertEquals(5, outer.minAllowedKey());
        assertEquals(3, inner.minAllowedKey());
        assertEquals(1, inner.size());
    }

    // ================================================================ clear

    @Test
    void clear_removesEverythingAndKeepsMinAllowedKey() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 300);
            long max = q.maxAllowedKey();
            List<Long> old = new ArrayList<>();
            for (long key : new long[] {300, 300, 301, 2400, max}) {
                old.add(add(q, Math.min(key, max), "old"));
            }
            clear(q);
            q.checkInvariants();
            assertEquals(0, q.size());
            assertTrue(q.isEmpty());
            assertEquals(300, q.minAllowedKey());
            assertEquals(max, q.maxAllowedKey());
            for (long h : old) {
                assertFalse(q.contains(h));
            }
            assertThrows(NoSuchElementException.class, q::minKey);
            // Usable afterwards, and old handles stay dead while new ones are handed out.
            List<Long> fresh = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                fresh.add(add(q, 300 + i % 2, "new" + i));
            }
            q.checkInvariants();
            for (long h : old) {
                assertFalse(q.contains(h), bits + ": a cleared handle came back");
                assertFalse(remove(q, h));
            }
            for (long h : fresh) {
                assertTrue(q.contains(h));
            }
            assertEquals(List.of("300=new0", "300=new2", "300=new4", "300=new6", "300=new8", "301=new1", "301=new3",
                    "301=new5", "301=new7", "301=new9"), pollAll(q));
        }
    }

    @Test
    void clear_resetsTheCachedMinimum() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        long five = add(q, 5, "five");
        assertEquals(5, q.minKey());
        assertEquals(five, q.minElement());
        clear(q);
        long nine = add(q, 9, "nine");
        assertEquals(9, q.minKey());
        assertEquals(nine, q.minElement());
        q.checkInvariants();
        add(q, 20, "twenty");
        clear(q);
        add(q, 30, "thirty");
        long twentyFive = add(q, 25, "twenty-five");
        assertEquals(25, q.minKey());
        assertEquals(twentyFive, q.minElement());
        assertEquals("twenty-five", pollMin(q));
        q.checkInvariants();
    }

    @Test
    void clear_emptyQueue_isHarmless() {
        TimingWheelQueue<String> q = queueAt(LevelBits.of(3, 1), 9);
        State before = state(q);
        clear(q);
        assertEquals(before, state(q));
        q.checkInvariants();
        long h = add(q, 9, "x");
        assertEquals(h, q.minElement());
    }

    // ================================================================ forEach

    @Test
    void forEach_visitsEachElementOnceWithItsHandleKeyAndValue() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<String> q = queueAt(bits, 0);
            long max = q.maxAllowedKey();
            Map<Long, String> expected = new HashMap<>();
            Random random = new Random(3);
            List<Long> all = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                long key = random.nextLong(Math.min(max, 100_000) + 1);
                long h = add(q, key, "v" + i);
                all.add(h);
                expected.put(h, key + "=v" + i);
            }
            for (int i = 0; i < 500; i += 3) {
                remove(q, all.get(i));
                expected.remove(all.get(i));
            }
            Map<Long, String> seen = new HashMap<>();
            q.forEach((h, k, v) -> {
                assertTrue(q.contains(h));
                assertEquals(k, q.key(h));
                assertSame(q.value(h), v);
                assertNull(seen.put(h, k + "=" + v), "visited twice: " + h);
            });
            assertEquals(expected, seen, bits.toString());
            q.checkInvariants();
        }
    }

    @Test
    void forEach_emptyQueue_neverCallsTheAction() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        q.forEach(NO_DELIVERY);
        add(q, 1, "a");
        clear(q);
        q.forEach(NO_DELIVERY);
        q.checkInvariants();
    }

    @Test
    void forEach_nullAction_throwsNPEAndChangesNothing() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        long a = add(q, 1, "a");
        assertRejected(NullPointerException.class, q, handles(a), () -> q.forEach(null));
    }

    @Test
    void forEach_actionThatModifies_throwsCME() {
        List<ElementConsumerFactory> modifications = List.of(
                q -> (h, k, v) -> add(q, k, "more"),
                q -> (h, k, v) -> remove(q, h),
                q -> (h, k, v) -> changeKey(q, h, k),
                q -> (h, k, v) -> changeKey(q, h, k + 1),
                q -> (h, k, v) -> clear(q),
                q -> (h, k, v) -> pollMin(q),
                q -> (h, k, v) -> increaseMinAllowedKey(q, k + 1, (h2, k2, v2) -> {}),
                // raises the minimum from 0 to 1, below every key: nothing is delivered, yet the queue changed
                q -> (h, k, v) -> increaseMinAllowedKey(q, 1, (h2, k2, v2) -> fail("nothing lies below 1")));
        for (ElementConsumerFactory modification : modifications) {
            TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
            add(q, 1, "a");
            add(q, 2, "b");
            add(q, 3, "c");
            assertThrows(ConcurrentModificationException.class, () -> q.forEach(modification.make(q)));
            q.checkInvariants();
        }
    }

    private interface ElementConsumerFactory {
        ElementConsumer<String> make(TimingWheelQueue<String> q);
    }

    @Test
    void forEach_actionThatOnlyReads_isAllowed() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long a = add(q, 1, "a");
        add(q, 2, "b");
        int[] count = {0};
        q.forEach((h, k, v) -> {
            q.contains(h);
            q.key(h);
            q.value(h);
            q.minKey();
            q.minElement();
            q.size();
            q.toString();
            assertFalse(remove(q, 12345L));
            increaseMinAllowedKey(q, 0, NO_DELIVERY);
            count[0]++;
        });
        assertEquals(2, count[0]);
        assertTrue(q.contains(a));
        q.checkInvariants();
    }

    // ================================================================ toString

    @Test
    void toString_showsSizeRangeAndFirstElementsInDeliveryOrder() {
        TimingWheelQueue<String> q = queueAt(LevelBits.of(3, 1), 100);
        add(q, 110, "delta");
        add(q, 101, "bravo");
        add(q, 101, "charlie");
        add(q, 100, "alpha");
        String text = q.toString();
        assertShowsNumber(text, 4);
        assertShowsNumber(text, 100);
        assertShowsNumber(text, 119);
        int a = text.indexOf("alpha");
        int b = text.indexOf("bravo");
        int c = text.indexOf("charlie");
        int d = text.indexOf("delta");
        assertTrue(0 <= a && a < b && b < c && c < d, text);
        assertShowsPair(text, 100, "alpha");
        assertShowsPair(text, 101, "bravo");
        assertShowsPair(text, 101, "charlie");
        assertShowsPair(text, 110, "delta");
        q.checkInvariants();
    }

    /** {@code text} shows {@code n} as a number of its own (not as part of a longer number). */
    private static void assertShowsNumber(String text, long n) {
        assertTrue(Pattern.compile("(?<![0-9])" + n + "(?![0-9])").matcher(text).find(), n + " in " + text);
    }

    /** {@code text} shows {@code value} with its key just before it. */
    private static void assertShowsPair(String text, long key, String value) {
        int at = text.indexOf(value);
        assertTrue(at >= 0, value + " in " + text);
        String before = text.substring(Math.max(0, at - Long.toString(key).length() - 3), at);
        assertTrue(before.contains(Long.toString(key)), "key " + key + " next to " + value + " in " + text);
    }

    @Test
    void toString_elementsAcrossLevels_inDeliveryOrder() {
        // DEFAULT bits at minimum 0: 3000, 3500 and 4000 share a level-1 slot (2048..4095), inserted out of key order.
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        add(q, 5000, "e5000");
        add(q, 4000, "e4000");
        add(q, 3500, "e3500");
        add(q, 3000, "e3000a");
        add(q, 7, "e7");
        add(q, 3000, "e3000b");
        add(q, 1L << 40, "e2pow40");
        String text = q.toString();
        int[] at = {text.indexOf("e7"), text.indexOf("e3000a"), text.indexOf("e3000b"), text.indexOf("e3500"),
            text.indexOf("e4000"), text.indexOf("e5000"), text.indexOf("e2pow40")};
        for (int i = 0; i < at.length; i++) {
            assertTrue(at[i] >= 0 && (i == 0 || at[i - 1] < at[i]), text);
        }
    }

    @Test
    void toString_emptyQueue_showsSizeAndRange() {
        TimingWheelQueue<String> q = queueAt(LevelBits.of(2, 2), 3);
        String text = q.toString();
        assertShowsNumber(text, 0);
        assertShowsNumber(text, 3);
        assertShowsNumber(text, 19);
    }

    @Test
    void toString_bigQueue_staysShort() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        // Bulk setup without a check per add (that would be quadratic); checked once below.
        for (int i = 0; i < 100_000; i++) {
            q.add(1 + i % 5000, "v" + i);
        }
        q.add(0, "least");
        q.checkInvariants();
        String text = q.toString();
        assertTrue(text.length() < 600, "length " + text.length() + ": " + text);
        assertShowsNumber(text, 100_001);
        assertShowsPair(text, 0, "least");
        assertShowsPair(text, 1, "v0");
        assertFalse(text.contains("v99999"), text);
        TimingWheelQueue<String> sameKey = new TimingWheelQueue<>(LevelBits.of(2, 2));
        for (int i = 0; i < 50_000; i++) {
            sameKey.add(7, "v" + i);
        }
        String sameText = sameKey.toString();
        assertTrue(sameText.length() < 600, sameText);
        assertShowsPair(sameText, 7, "v0");
        assertFalse(sameText.contains("v49999"), sameText);
        assertShowsNumber(sameText, 50_000);
        sameKey.checkInvariants();
    }

    // ================================================================ checkInvariants

    @Test
    void checkInvariants_passesThroughARandomWorkload() {
        for (LevelBits bits : CONFIGS) {
            TimingWheelQueue<Integer> q = new TimingWheelQueue<>(bits, 1);
            Random random = new Random(99);
            List<Long> live = new ArrayList<>();
            for (int step = 0; step < 400; step++) {
                long min = q.minAllowedKey();
                long span = Math.min(q.maxAllowedKey() - min, 1 << 14);
                switch (random.nextInt(6)) {
                    case 0, 1 -> live.add(add(q, min + random.nextLong(span + 1), step));
                    case 2 -> {
                        if (!live.isEmpty()) {
                            assertTrue(remove(q, live.remove(random.nextInt(live.size()))));
                        }
                    }
                    case 3 -> {
                        if (!live.isEmpty()) {
                            changeKey(q, live.get(random.nextInt(live.size())), min + random.nextLong(span + 1));
                        }
                    }
                    case 4 -> increaseMinAllowedKey(q, min + random.nextLong(span / 4 + 2), (h, k, v) -> live.remove(h));
                    default -> {
                        if (!q.isEmpty()) {
                            live.remove((Long) q.minElement());
                            pollMin(q);
                        }
                    }
                }
                q.checkInvariants();
                assertEquals(live.size(), q.size());
            }
            assertEquals(new HashSet<>(live).size(), live.size());
            assertTrue(Arrays.stream(live.stream().mapToLong(Long::longValue).toArray()).allMatch(q::contains));
        }
    }
}
