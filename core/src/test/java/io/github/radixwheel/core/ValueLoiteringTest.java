package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import org.junit.jupiter.api.Test;

/**
 * The cost contract: "no reference kept to a removed value". Each test adds a value that only
 * the queue references, makes the element leave, and checks that the value can be collected.
 * Values are created in helper methods so that no local variable of the test keeps them alive.
 */
class ValueLoiteringTest {
    private static final int GC_ATTEMPTS = 50;
    /** Written by the GC loop so the allocation between attempts is not optimised away. */
    static volatile Object sink;

    /** A value referenced only by the queue (and weakly by the returned reference). */
    private static WeakReference<Object> addFresh(TimingWheelQueue<Object> q, long key, long[] handleOut) {
        Object value = new byte[256];
        handleOut[0] = q.add(key, value);
        return new WeakReference<>(value);
    }

    /** True once {@code ref} is cleared, trying System.gc() up to {@link #GC_ATTEMPTS} times. */
    private static boolean collected(WeakReference<?> ref) {
        return collected(ref, GC_ATTEMPTS);
    }

    private static boolean collected(WeakReference<?> ref, int attempts) {
        for (int i = 0; i < attempts && ref.get() != null; i++) {
            System.gc();
            sink = new byte[1024];
        }
        sink = null;
        return ref.get() == null;
    }

    /** A queue holding a few other values, so that the pool has neighbours around the one under test. */
    private static TimingWheelQueue<Object> queueWithNeighbours(LevelBits bits) {
        TimingWheelQueue<Object> q = new TimingWheelQueue<>(bits);
        for (int i = 0; i < 5; i++) {
            q.add(Math.min(q.maxAllowedKey(), 2 * i), "neighbour" + i);
        }
        return q;
    }

    @Test
    void gcLoop_collectsAnUnreferencedValueButNotOneInTheQueue() {
        // Controls: the loop does collect garbage, and a value the queue holds survives it.
        assertTrue(collected(new WeakReference<>(new byte[256])), "the GC loop collects nothing");
        TimingWheelQueue<Object> q = queueWithNeighbours(LevelBits.of(2, 2));
        long[] h = new long[1];
        WeakReference<Object> ref = addFresh(q, 3, h);
        assertFalse(collected(ref, 5), "a value in the queue was collected");
        assertTrue(q.contains(h[0]));
        assertSame(ref.get(), q.value(h[0]));
    }

    @Test
    void remove_dropsTheValue() {
        for (LevelBits bits : new LevelBits[] {LevelBits.of(2, 2), LevelBits.DEFAULT}) {
            TimingWheelQueue<Object> q = queueWithNeighbours(bits);
            long[] h = new long[1];
            WeakReference<Object> ref = addFresh(q, 3, h);
            assertTrue(q.remove(h[0]));
            assertTrue(collected(ref), bits + ": the queue kept a removed value");
            assertEquals(5, q.size());
            q.checkInvariants();
        }
    }

    @Test
    void increaseMinAllowedKey_dropsDeliveredValues() {
        TimingWheelQueue<Object> q = queueWithNeighbours(LevelBits.of(1, 2, 3));
        long[] h = new long[1];
        WeakReference<Object> low = addFresh(q, 1, h);
        WeakReference<Object> high = addFresh(q, 40, h);
        int[] delivered = {0};
        q.increaseMinAllowedKey(50, (handle, key, value) -> delivered[0]++);
        assertEquals(7, delivered[0]);
        assertTrue(collected(low), "the queue kept a delivered value");
        assertTrue(collected(high), "the queue kept a delivered value from a higher level");
        assertTrue(q.isEmpty());
        q.checkInvariants();
    }

    @Test
    void increaseMinAllowedKey_throwingHandler_dropsTheValueItWasGiven() {
        TimingWheelQueue<Object> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        long[] h = new long[1];
        WeakReference<Object> ref = addFresh(q, 2, h);
        q.add(3, "stays");
        assertThrows(IllegalStateException.class, () -> q.increaseMinAllowedKey(10, (handle, key, value) -> {
            throw new IllegalStateException("handler failed");
        }));
        assertTrue(collected(ref), "the queue kept the value handed to a throwing handler");
        assertEquals(1, q.size());
        q.checkInvariants();
    }

    @Test
    void pollMin_dropsTheValue() {
        TimingWheelQueue<Object> q = new TimingWheelQueue<>();
        long[] h = new long[1];
        WeakReference<Object> ref = addFresh(q, 3000, h); // in level 1 with DEFAULT bits
        q.add(5000, "later");
        assertNotNull(q.pollMin());
        assertFalse(q.contains(h[0]));
        assertTrue(collected(ref), "the queue kept a polled value");
        assertEquals(1, q.size());
        q.checkInvariants();
    }

    @Test
    void changeKeyThenRemove_dropsTheValue() {
        TimingWheelQueue<Object> q = queueWithNeighbours(LevelBits.of(3, 3));
        long[] h = new long[1];
        WeakReference<Object> ref = addFresh(q, 1, h);
        q.changeKey(h[0], 60);
        q.changeKey(h[0], 4);
        q.changeKey(h[0], 4);
        assertTrue(q.remove(h[0]));
        assertTrue(collected(ref), "the queue kept a re-keyed, removed value");
        assertEquals(5, q.size());
        q.checkInvariants();
    }

    @Test
    void clear_dropsEveryValue() {
        TimingWheelQueue<Object> q = queueWithNeighbours(LevelBits.DEFAULT);
        long[] h = new long[1];
        WeakReference<Object> a = addFresh(q, 0, h);
        WeakReference<Object> b = addFresh(q, 1L << 40, h);
        WeakReference<Object> c = addFresh(q, Long.MAX_VALUE, h);
        q.clear();
        assertTrue(collected(a), "the queue kept a cleared value");
        assertTrue(collected(b), "the queue kept a cleared value from a high level");
        assertTrue(collected(c), "the queue kept a cleared value at Long.MAX_VALUE");
        assertTrue(q.isEmpty());
        q.checkInvariants();
    }

    /** A value that only the queue references, given by {@code setValue}. */
    private static WeakReference<Object> setFresh(TimingWheelQueue<Object> q, long handle) {
        Object value = new byte[256];
        q.setValue(handle, value);
        return new WeakReference<>(value);
    }

    @Test
    void valuesAfterNullValues_areStillDropped() {
        // A queue that has only seen null values skips clearing entries; its first real value,
        // from add or from setValue, and any after a clear, must still be dropped.
        TimingWheelQueue<Object> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        for (int i = 0; i < 5; i++) {
            assertTrue(q.remove(q.add(i, null)));
        }
        long[] h = new long[1];
        WeakReference<Object> added = addFresh(q, 3, h);
        assertTrue(q.remove(h[0]));
        assertTrue(collected(added), "the queue kept its first non-null value");
        q.clear();
        long nullValued = q.add(2, null);
        WeakReference<Object> set = setFresh(q, nullValued);
        assertSame(set.get(), q.pollMin());
        assertTrue(collected(set), "the queue kept a value given by setValue after a clear");
        assertTrue(q.isEmpty());
        q.checkInvariants();
    }
}
