package io.github.radixwheel.core;

import static io.github.radixwheel.core.QueueTestSupport.CONFIGS;
import static io.github.radixwheel.core.QueueTestSupport.MAX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link IndexedTimingWheelQueue}, clause by clause: every method and every exception (ids out of
 * range or already contained, keys out of range, empty queries, nested delivering calls,
 * modifications from {@code forEach}), each rejected call checked to change nothing;
 * {@code addOrDecreaseKey} in its three cases; {@code reset} lower and higher; {@code toString}.
 */
class IndexedTimingWheelQueueTest {
    private static final IdConsumer NO_DELIVERY = (id, key) -> fail("unexpected delivery of " + id + "@" + key);

    private static final class Boom extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    // ================================================================ helpers

    /** Everything observable: counts, range, text, the minimum, and every id with its key. */
    private record State(int size, boolean empty, long minAllowedKey, long maxAllowedKey, String text, String min,
            TreeMap<Integer, Long> contents) {}

    private static State state(IndexedTimingWheelQueue q) {
        TreeMap<Integer, Long> contents = new TreeMap<>();
        q.forEach((id, key) -> assertNull(contents.put(id, key), "visited twice: " + id));
        for (int id = 0; id < q.capacity(); id++) {
            assertEquals(contents.containsKey(id), q.contains(id));
            if (q.contains(id)) {
                assertEquals(contents.get(id), q.key(id));
            }
        }
        String min = q.isEmpty() ? "none" : q.minId() + "@" + q.minKey();
        return new State(q.size(), q.isEmpty(), q.minAllowedKey(), q.maxAllowedKey(), q.toString(), min, contents);
    }

    /** Runs {@code call}, expects {@code type}, and checks that nothing observable changed. */
    private static <T extends Throwable> T assertRejected(Class<T> type, IndexedTimingWheelQueue q, Executable call) {
        State before = state(q);
        T thrown = assertThrows(type, call);
        assertEquals(before, state(q), "a rejected call changed the queue");
        q.checkInvariants();
        return thrown;
    }

    /** Empties the queue by pollMin, returning "id@key" in order and checking invariants each step. */
    private static List<String> drain(IndexedTimingWheelQueue q) {
        List<String> out = new ArrayList<>();
        while (!q.isEmpty()) {
            int id = q.minId();
            long key = q.minKey();
            assertEquals(id, q.pollMin());
            assertFalse(q.contains(id));
            assertEquals(key, q.minAllowedKey());
            out.add(id + "@" + key);
            q.checkInvariants();
        }
        return out;
    }

    private static IndexedTimingWheelQueue queueAt(int capacity, LevelBits bits, long min) {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(capacity, bits);
        q.increaseMinAllowedKey(min, NO_DELIVERY);
        assertEquals(min, q.minAllowedKey());
        q.checkInvariants();
        return q;
    }

    // ================================================================ construction

    @Test
    void constructor_capacityOnly_usesDefaultBitsAndStartsEmpty() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(10);
        assertEquals(10, q.capacity());
        assertEquals(LevelBits.DEFAULT, q.levelBits());
        assertEquals(0, q.size());
        assertTrue(q.isEmpty());
        assertEquals(0, q.minAllowedKey());
        assertEquals(MAX, q.maxAllowedKey());
        q.checkInvariants();
    }

    @Test
    void constructor_levelBits_giveTheSameRangeAsTimingWheelQueue() {
        for (LevelBits bits : CONFIGS) {
            IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(3, bits);
            assertEquals(bits, q.levelBits());
            assertEquals(new TimingWheelQueue<>(bits).maxAllowedKey(), q.maxAllowedKey());
            for (long min : new long[] {17, 1000, MAX - 3}) {
                assertEquals(QueueTestSupport.queueAt(bits, min).maxAllowedKey(), queueAt(3, bits, min).maxAllowedKey());
            }
        }
        assertEquals(23, new IndexedTimingWheelQueue(1, LevelBits.of(3, 1)).maxAllowedKey());
    }

    @Test
    void constructor_badCapacity_throwsIAENamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new IndexedTimingWheelQueue(-1));
        assertEquals("capacity: -1 (expected: 0.." + (1 << 30) + ")", e.getMessage());
        for (int bad : new int[] {Integer.MIN_VALUE, (1 << 30) + 1, Integer.MAX_VALUE}) {
            e = assertThrows(IllegalArgumentException.class, () -> new IndexedTimingWheelQueue(bad, LevelBits.of(2)));
            assertTrue(e.getMessage().startsWith("capacity: " + bad + " "), e.getMessage());
        }
    }

    @Test
    void constructor_nullLevelBits_throwsNPE_andWideLevels_throwIAE() {
        assertThrows(NullPointerException.class, () -> new IndexedTimingWheelQueue(4, null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new IndexedTimingWheelQueue(4, LevelBits.of(3, 25)));
        assertTrue(e.getMessage().contains("level 1"), e.getMessage());
        assertTrue(e.getMessage().contains("25"), e.getMessage());
    }

    @Test
    void constructor_zeroCapacity_holdsNothing() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(0);
        assertEquals(0, q.capacity());
        assertFalse(q.contains(0));
        assertFalse(q.remove(0));
        IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, () -> q.add(0, 1));
        assertTrue(e.getMessage().startsWith("id: 0 "), e.getMessage());
        // no empty range "0..-1": the message says why no id is valid
        assertTrue(e.getMessage().contains("capacity is 0"), e.getMessage());
        assertFalse(e.getMessage().contains("..-1"), e.getMessage());
        assertRejected(IllegalArgumentException.class, q, () -> q.addOrDecreaseKey(0, 1));
        assertRejected(NoSuchElementException.class, q, q::pollMin);
        q.checkInvariants();
    }

    // ================================================================ add

    @Test
    void add_idsLeaveInKeyThenInsertionOrder_atEveryLevelLayout() {
        SplittableRandom random = new SplittableRandom(3);
        for (LevelBits bits : CONFIGS) {
            int n = 400;
            IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(n, bits);
            TimingWheelQueue<Integer> twin = new TimingWheelQueue<>(bits);
            long span = Math.min(q.maxAllowedKey(), 1L << 30);
            for (int id = n - 1; id >= 0; id--) { // ids not in key order
                long key = random.nextBoolean() ? random.nextLong(span + 1) : random.nextLong(Math.min(span, 20) + 1);
                q.add(id, key);
                twin.add(key, id);
                assertTrue(q.contains(id));
                assertEquals(key, q.key(id));
            }
            q.checkInvariants();
            assertEquals(n, q.size());
            List<String> expected = new ArrayList<>();
            while (!twin.isEmpty()) {
                long key = twin.minKey();
                expected.add(twin.pollMin() + "@" + key);
            }
            assertEquals(expected, drain(q), bits.toString());
        }
    }

    @Test
    void add_idOutOfRange_throwsIAENamingTheIdAndChangesNothing() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(10);
        q.add(3, 7);
        for (int bad : new int[] {-1, 10, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, () -> q.add(bad, 1));
            assertEquals("id: " + bad + " (expected: 0..9)", e.getMessage());
        }
    }

    @Test
    void add_alreadyContained_throwsIAEAndKeepsItsKeyAndPlace() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(10, LevelBits.of(2, 2));
        q.add(3, 5);
        q.add(4, 5);
        IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, () -> q.add(3, 5));
        assertEquals("id: 3 is already contained (key 5)", e.getMessage());
        assertRejected(IllegalArgumentException.class, q, () -> q.add(3, 1));
        assertEquals(List.of("3@5", "4@5"), drain(q));
    }

    @Test
    void add_keyOutOfRange_throwsIAENamingTheKeyAndChangesNothing() {
        for (LevelBits bits : CONFIGS) {
            IndexedTimingWheelQueue q = queueAt(5, bits, 100);
            q.add(0, 100);
            IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, () -> q.add(1, 99));
            assertEquals("key: 99 (expected: 100.." + q.maxAllowedKey() + ")", e.getMessage());
            assertRejected(IllegalArgumentException.class, q, () -> q.add(1, -1));
            assertRejected(IllegalArgumentException.class, q, () -> q.add(1, Long.MIN_VALUE));
            if (q.maxAllowedKey() < MAX) {
                assertRejected(IllegalArgumentException.class, q, () -> q.add(1, q.maxAllowedKey() + 1));
            }
            assertFalse(q.contains(1));
        }
    }

    @Test
    void add_everyIdOnce_fillsTheCapacity() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(1000, LevelBits.of(4, 4));
        for (int id = 0; id < 1000; id++) {
            q.add(id, id % 256);
        }
        assertEquals(1000, q.size());
        q.checkInvariants();
        assertEquals(0, q.minId());
        assertEquals(0, q.pollMin());
        assertEquals(256, q.minId()); // the next id of key 0
    }

    // ================================================================ addOrDecreaseKey

    @Test
    void addOrDecreaseKey_absent_addsAtTheBackOfItsKey() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(10, LevelBits.of(2, 2));
        q.add(1, 6);
        assertTrue(q.addOrDecreaseKey(2, 6));
        assertTrue(q.contains(2));
        assertEquals(6, q.key(2));
        q.checkInvariants();
        assertEquals(List.of("1@6", "2@6"), drain(q));
    }

    @Test
    void addOrDecreaseKey_presentWithALargerKey_movesToTheBackOfTheNewKey() {
        for (LevelBits bits : CONFIGS) {
            IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(10, bits);
            long low = 0;
            long high = q.maxAllowedKey();
            q.add(1, low);
            q.add(2, high);
            q.add(3, low);
            q.minId(); // cache the minimum
            assertTrue(q.addOrDecreaseKey(2, low));
            assertEquals(low, q.key(2));
            q.checkInvariants();
            assertEquals(List.of("1@" + low, "3@" + low, "2@" + low), drain(q), bits.toString());
        }
    }

    @Test
    void addOrDecreaseKey_presentWithAnEqualOrSmallerKey_doesNothing() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(10, LevelBits.of(2, 2));
        q.add(1, 5);
        q.add(2, 5);
        q.add(3, 9);
        State before = state(q);
        assertFalse(q.addOrDecreaseKey(1, 5)); // equal: stays in front of 2
        assertFalse(q.addOrDecreaseKey(1, 6));
        assertFalse(q.addOrDecreaseKey(3, q.maxAllowedKey()));
        assertEquals(before, state(q));
        q.checkInvariants();
        assertEquals(List.of("1@5", "2@5", "3@9"), drain(q));
    }

    @Test
    void addOrDecreaseKey_idOrKeyOutOfRange_throwsIAEAndChangesNothing() {
        IndexedTimingWheelQueue q = queueAt(10, LevelBits.of(2, 2), 4);
        q.add(1, 8);
        for (int bad : new int[] {-1, 10}) {
            IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, () -> q.addOrDecreaseKey(bad, 5));
            assertEquals("id: " + bad + " (expected: 0..9)", e.getMessage());
        }
        // Key checks come first, even where the call would otherwise do nothing.
        IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, () -> q.addOrDecreaseKey(1, 3));
        assertEquals("key: 3 (expected: 4.." + q.maxAllowedKey() + ")", e.getMessage());
        assertRejected(IllegalArgumentException.class, q, () -> q.addOrDecreaseKey(2, 3));
        assertRejected(IllegalArgumentException.class, q, () -> q.addOrDecreaseKey(1, q.maxAllowedKey() + 1));
        assertRejected(IllegalArgumentException.class, q, () -> q.addOrDecreaseKey(2, -5));
    }

    // ================================================================ contains, key, remove, changeKey

    @Test
    void contains_anyInt_falseOutsideTheCapacityOrWhenAbsent() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(4);
        q.add(2, 0);
        for (int id : new int[] {-1, 0, 1, 3, 4, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            assertFalse(q.contains(id), Integer.toString(id));
        }
        assertTrue(q.contains(2));
    }

    @Test
    void key_notContained_throwsIAEAndChangesNothing() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(4);
        q.add(2, 11);
        assertEquals(11, q.key(2));
        for (int bad : new int[] {1, -1, 4, Integer.MIN_VALUE}) {
            IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, () -> q.key(bad));
            assertTrue(e.getMessage().startsWith("id: " + bad + " "), e.getMessage());
            assertTrue(e.getMessage().contains("0..3"), e.getMessage());
        }
    }

    @Test
    void remove_trueOnce_falseForAbsentAndOutOfRange_othersKeepTheirOrder() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(6, LevelBits.of(2, 2));
        q.add(0, 3);
        q.add(1, 3);
        q.add(2, 3);
        q.add(3, 12);
        q.minId(); // cache the minimum, then remove it
        assertTrue(q.remove(0));
        assertFalse(q.remove(0));
        q.checkInvariants();
        State before = state(q);
        for (int id : new int[] {4, -1, 6, Integer.MAX_VALUE}) {
            assertFalse(q.remove(id));
        }
        assertEquals(before, state(q));
        assertTrue(q.remove(3));
        q.checkInvariants();
        assertEquals(List.of("1@3", "2@3"), drain(q));
    }

    @Test
    void changeKey_movesToTheBackOfTheNewKey_evenWhenUnchanged() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(6, LevelBits.of(2, 2));
        q.add(0, 3);
        q.add(1, 3);
        q.add(2, 14);
        q.changeKey(0, 3);
        q.changeKey(2, 1); // decrease: now the least
        q.checkInvariants();
        assertEquals(2, q.minId());
        q.changeKey(2, 19); // increase
        q.checkInvariants();
        assertEquals(List.of("1@3", "0@3", "2@19"), drain(q));
    }

    @Test
    void changeKey_notContainedOrKeyOutOfRange_throwsIAEAndChangesNothing() {
        IndexedTimingWheelQueue q = queueAt(6, LevelBits.of(2, 2), 4);
        q.add(0, 5);
        q.add(1, 5);
        for (int bad : new int[] {2, -1, 6}) {
            IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, () -> q.changeKey(bad, 5));
            assertTrue(e.getMessage().startsWith("id: " + bad + " "), e.getMessage());
        }
        IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, () -> q.changeKey(0, 3));
        assertEquals("key: 3 (expected: 4.." + q.maxAllowedKey() + ")", e.getMessage());
        assertRejected(IllegalArgumentException.class, q, () -> q.changeKey(0, q.maxAllowedKey() + 1));
        assertEquals(List.of("0@5", "1@5"), drain(q));
    }

    // ================================================================ the minimum

    @Test
    void minIdMinKeyPollMin_emptyQueue_throwNSEEAndChangeNothing() {
        IndexedTimingWheelQueue q = queueAt(4, LevelBits.of(2, 2), 3);
        assertRejected(NoSuchElementException.class, q, q::minId);
        assertRejected(NoSuchElementException.class, q, q::minKey);
        assertRejected(NoSuchElementException.class, q, q::pollMin);
        q.add(1, 7);
        q.remove(1);
        assertRejected(NoSuchElementException.class, q, q::pollMin);
        // The failed pollMin released its guard: a later increase works.
        q.increaseMinAllowedKey(5, NO_DELIVERY);
        assertEquals(5, q.minAllowedKey());
    }

    @Test
    void pollMin_returnsTheMinIdAndRaisesTheMinimumToItsKey() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(8);
        q.add(5, 3000); // in a higher level of the default bits
        q.add(6, 2500);
        q.add(7, 2500);
        assertEquals(6, q.minId());
        assertEquals(2500, q.minKey());
        assertEquals(6, q.pollMin());
        assertEquals(2500, q.minAllowedKey());
        assertFalse(q.contains(6));
        q.checkInvariants();
        assertEquals(7, q.pollMin());
        assertEquals(5, q.pollMin());
        assertEquals(3000, q.minAllowedKey());
        assertTrue(q.isEmpty());
    }

    // ================================================================ increaseMinAllowedKey

    @Test
    void increaseMinAllowedKey_notAboveTheMinimum_isANoOp() {
        IndexedTimingWheelQueue q = queueAt(4, LevelBits.of(2, 2), 6);
        q.add(0, 6);
        State before = state(q);
        q.increaseMinAllowedKey(6, NO_DELIVERY);
        q.increaseMinAllowedKey(0, NO_DELIVERY);
        q.increaseMinAllowedKey(Long.MIN_VALUE, NO_DELIVERY);
        assertEquals(before, state(q));
    }

    @Test
    void increaseMinAllowedKey_deliversInKeyThenInsertionOrder_andSetsTheMinimum() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(10, LevelBits.of(1, 2, 3));
        q.add(9, 40);
        q.add(0, 2);
        q.add(4, 2);
        q.add(3, 1);
        q.add(7, 70);
        List<String> seen = new ArrayList<>();
        q.increaseMinAllowedKey(41, (id, key) -> {
            seen.add(id + "@" + key);
            assertFalse(q.contains(id), "a delivered id is no longer contained");
            assertEquals(key, q.minAllowedKey());
            q.checkInvariants();
        });
        assertEquals(List.of("3@1", "0@2", "4@2", "9@40"), seen);
        assertEquals(41, q.minAllowedKey());
        assertEquals(List.of("7@70"), drain(q));
    }

    @Test
    void increaseMinAllowedKey_nullHandler_throwsNPEAndChangesNothing() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(4);
        q.add(1, 1);
        assertRejected(NullPointerException.class, q, () -> q.increaseMinAllowedKey(5, null));
        assertRejected(NullPointerException.class, q, () -> q.increaseMinAllowedKey(0, null));
    }

    @Test
    void increaseMinAllowedKey_nestedIncreaseOrPollMin_throwISEAndTheOuterCallCompletes() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(4, LevelBits.of(2, 2));
        q.add(0, 1);
        q.add(1, 2);
        q.add(2, 9);
        List<Integer> seen = new ArrayList<>();
        q.increaseMinAllowedKey(5, (id, key) -> {
            seen.add(id);
            State before = state(q);
            assertThrows(IllegalStateException.class, () -> q.increaseMinAllowedKey(7, NO_DELIVERY));
            assertThrows(IllegalStateException.class, () -> q.increaseMinAllowedKey(0, NO_DELIVERY));
            assertThrows(IllegalStateException.class, q::pollMin);
            assertEquals(before, state(q));
        });
        assertEquals(List.of(0, 1), seen);
        assertEquals(5, q.minAllowedKey());
        assertEquals(List.of("2@9"), drain(q));
    }

    @Test
    void increaseMinAllowedKey_handlerUsesTheQueue_changesTakeEffectInOrder() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(10, LevelBits.of(2, 2));
        q.add(0, 1);
        q.add(1, 1);
        q.add(2, 3);
        q.add(3, 4);
        q.add(4, 8);
        List<String> seen = new ArrayList<>();
        q.increaseMinAllowedKey(10, (id, key) -> {
            seen.add(id + "@" + key);
            if (seen.size() == 1) {
                q.add(5, 1); // at the current key: after its pending ids
                q.add(0, 2); // the delivered id comes back
                assertThrows(IllegalArgumentException.class, () -> q.add(6, 0)); // below the minimum
                assertTrue(q.remove(2)); // pending: not delivered
                q.changeKey(3, 9); // re-keyed: delivered at its new place
                assertTrue(q.addOrDecreaseKey(4, 2)); // decreased: delivered earlier
                assertTrue(q.addOrDecreaseKey(7, 12)); // beyond the target: stays
            }
            q.checkInvariants();
        });
        assertEquals(List.of("0@1", "1@1", "5@1", "0@2", "4@2", "3@9"), seen);
        assertEquals(List.of("7@12"), drain(q));
    }

    @Test
    void increaseMinAllowedKey_handlerClearsOrResets_endsTheDeliveries() {
        for (int variant = 0; variant < 3; variant++) {
            IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(4, LevelBits.of(2, 2));
            q.add(0, 1);
            q.add(1, 2);
            q.add(2, 12);
            List<Integer> seen = new ArrayList<>();
            int v = variant;
            q.increaseMinAllowedKey(10, (id, key) -> {
                seen.add(id);
                switch (v) {
                    case 0 -> q.clear();
                    case 1 -> q.reset(0);
                    default -> q.reset(100);
                }
                q.checkInvariants();
            });
            assertEquals(List.of(0), seen);
            assertTrue(q.isEmpty());
            assertEquals(v == 2 ? 100 : 10, q.minAllowedKey());
            q.checkInvariants();
        }
    }

    @Test
    void increaseMinAllowedKey_throwingHandler_propagatesAndLosesNothing() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(6, LevelBits.of(2, 2));
        q.add(0, 2);
        q.add(1, 2);
        q.add(2, 7);
        Boom boom = new Boom();
        Boom thrown = assertThrows(Boom.class, () -> q.increaseMinAllowedKey(10, (id, key) -> {
            throw boom;
        }));
        assertSame(boom, thrown);
        assertFalse(q.contains(0));
        assertTrue(q.contains(1) && q.contains(2));
        assertEquals(2, q.minAllowedKey());
        q.checkInvariants();
        List<String> seen = new ArrayList<>();
        q.increaseMinAllowedKey(10, (id, key) -> seen.add(id + "@" + key));
        assertEquals(List.of("1@2", "2@7"), seen);
        assertEquals(10, q.minAllowedKey());
        q.checkInvariants();
    }

    // ================================================================ clear and reset

    @Test
    void clear_removesEveryIdAndKeepsTheMinimum() {
        IndexedTimingWheelQueue q = queueAt(5, LevelBits.of(2, 2), 3);
        q.add(0, 3);
        q.add(4, 15);
        q.minId();
        q.clear();
        q.checkInvariants();
        assertTrue(q.isEmpty());
        assertEquals(3, q.minAllowedKey());
        assertFalse(q.contains(0) || q.contains(4));
        q.add(4, 3); // ids are free again
        assertEquals(List.of("4@3"), drain(q));
    }

    @Test
    void reset_lowerOrHigher_emptiesAndMovesTheMinimumAndItsRange() {
        for (LevelBits bits : CONFIGS) {
            IndexedTimingWheelQueue q = queueAt(4, bits, 1000);
            q.add(0, 1000);
            q.add(1, q.maxAllowedKey());
            for (long min : new long[] {5, 0, 1L << 50, MAX, 999}) {
                q.reset(min);
                q.checkInvariants();
                assertTrue(q.isEmpty());
                assertFalse(q.contains(0) || q.contains(1));
                assertEquals(min, q.minAllowedKey());
                assertEquals(queueAt(1, bits, min).maxAllowedKey(), q.maxAllowedKey(), bits + " at " + min);
                q.add(2, min);
                q.add(3, q.maxAllowedKey());
                if (min > 0) {
                    long below = min - 1;
                    assertRejected(IllegalArgumentException.class, q, () -> q.add(0, below));
                }
                q.checkInvariants();
            }
        }
    }

    @Test
    void reset_negative_throwsIAEAndChangesNothing() {
        IndexedTimingWheelQueue q = queueAt(4, LevelBits.of(2, 2), 2);
        q.add(0, 3);
        IllegalArgumentException e = assertRejected(IllegalArgumentException.class, q, () -> q.reset(-1));
        assertEquals("minAllowedKey: -1 (expected: 0.." + MAX + ")", e.getMessage());
        assertRejected(IllegalArgumentException.class, q, () -> q.reset(Long.MIN_VALUE));
    }

    // ================================================================ forEach

    @Test
    void forEach_visitsEachIdOnceWithItsKey() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(300, LevelBits.of(3, 3));
        TreeMap<Integer, Long> expected = new TreeMap<>();
        SplittableRandom random = new SplittableRandom(4);
        for (int id = 0; id < 300; id += 2) {
            long key = random.nextLong(q.maxAllowedKey() + 1);
            q.add(id, key);
            expected.put(id, key);
        }
        TreeMap<Integer, Long> seen = new TreeMap<>();
        q.forEach((id, key) -> assertNull(seen.put(id, key)));
        assertEquals(expected, seen);
        new IndexedTimingWheelQueue(3).forEach(NO_DELIVERY);
    }

    @Test
    void forEach_nullAction_throwsNPEAndChangesNothing() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(3);
        q.add(1, 1);
        assertRejected(NullPointerException.class, q, () -> q.forEach(null));
    }

    @Test
    void forEach_actionThatModifies_throwsCMEAndChangesNothing() {
        List<Consumer<IndexedTimingWheelQueue>> modifications = List.of(
                q -> q.add(3, 5),
                q -> q.addOrDecreaseKey(3, 5),
                q -> q.addOrDecreaseKey(2, 1),
                q -> q.remove(0),
                q -> q.changeKey(0, 6),
                q -> q.pollMin(),
                q -> q.increaseMinAllowedKey(1, NO_DELIVERY), // nothing lies below 1, yet the minimum would move
                q -> q.increaseMinAllowedKey(20, (id, key) -> { }),
                q -> q.clear(),
                q -> q.reset(0),
                q -> q.reset(40));
        for (Consumer<IndexedTimingWheelQueue> modification : modifications) {
            IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(5, LevelBits.of(2, 2));
            q.add(0, 2);
            q.add(1, 2);
            q.add(2, 9);
            assertRejected(ConcurrentModificationException.class, q, () -> q.forEach((id, key) -> modification.accept(q)));
            modification.accept(q); // the guard was released
            q.checkInvariants();
        }
    }

    @Test
    void forEach_actionThatOnlyReads_isAllowed_andInsideAHandlerTheHandlerMayModifyAfterwards() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(5, LevelBits.of(2, 2));
        q.add(0, 2);
        q.add(1, 9);
        int[] count = {0};
        q.forEach((id, key) -> {
            assertTrue(q.contains(id));
            assertEquals(key, q.key(id));
            q.minId();
            q.minKey();
            q.toString();
            assertFalse(q.remove(4)); // absent: no modification
            q.increaseMinAllowedKey(0, NO_DELIVERY); // not above the minimum: no modification
            q.forEach((id2, key2) -> count[0]++);
        });
        assertEquals(4, count[0]);
        List<Integer> seen = new ArrayList<>();
        q.increaseMinAllowedKey(10, (id, key) -> {
            seen.add(id);
            q.forEach((id2, key2) -> { });
            q.toString();
            if (id == 0) {
                q.add(3, 5); // the handler's own guard is back
            }
        });
        assertEquals(List.of(0, 3, 1), seen);
        q.checkInvariants();
    }

    // ================================================================ toString

    @Test
    void toString_showsSizeCapacityRangeAndTheFirstIdsInDeliveryOrder() {
        IndexedTimingWheelQueue q = queueAt(10, LevelBits.of(3, 1), 100);
        assertEquals("IndexedTimingWheelQueue[size=0, capacity=10, allowed keys 100..119]", q.toString());
        q.add(7, 110);
        q.add(2, 101);
        q.add(9, 101);
        q.add(0, 100);
        assertEquals("IndexedTimingWheelQueue[size=4, capacity=10, allowed keys 100..119, first: 0@100, 2@101, 9@101, 7@110]",
                q.toString());
    }

    @Test
    void toString_manyIds_showsTheFirstEightAndAnEllipsis() {
        IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(100_000);
        for (int id = 99_999; id >= 0; id--) {
            q.add(id, 1 + id % 5000);
        }
        String text = q.toString();
        assertTrue(text.length() < 400, text);
        assertTrue(text.startsWith("IndexedTimingWheelQueue[size=100000, capacity=100000, allowed keys 0.."), text);
        assertTrue(text.endsWith(", first: 95000@1, 90000@1, 85000@1, 80000@1, 75000@1, 70000@1, 65000@1, 60000@1, ...]"),
                text);
        q.checkInvariants();
    }

    // ================================================================ checkInvariants

    @Test
    void checkInvariants_passesThroughARandomWorkloadThatMatchesATwin() {
        SplittableRandom random = new SplittableRandom(99);
        for (LevelBits bits : CONFIGS) {
            int n = 64;
            IndexedTimingWheelQueue q = new IndexedTimingWheelQueue(n, bits);
            for (int step = 0; step < 600; step++) {
                long min = q.minAllowedKey();
                long span = Math.min(q.maxAllowedKey() - min, 1 << 14);
                int id = random.nextInt(n);
                long key = min + random.nextLong(span + 1);
                switch (random.nextInt(7)) {
                    case 0, 1 -> q.addOrDecreaseKey(id, key);
                    case 2 -> q.remove(id);
                    case 3 -> {
                        if (q.contains(id)) {
                            q.changeKey(id, key);
                        }
                    }
                    case 4 -> q.increaseMinAllowedKey(min + random.nextLong(span / 4 + 2), (i, k) -> { });
                    case 5 -> {
                        if (!q.isEmpty()) {
                            q.pollMin();
                        }
                    }
                    default -> {
                        if (random.nextInt(20) == 0) {
                            q.reset(random.nextLong(1 << 20));
                        }
                    }
                }
                q.checkInvariants();
            }
        }
    }
}
