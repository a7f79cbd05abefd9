package io.github.radixwheel.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import org.junit.jupiter.api.Test;

/**
 * Capacity exhausted is an {@link IllegalStateException}, for every way of adding, and a
 * rejected call changes nothing. The real limit is about 2^31 elements, so the pool here is capped at 20.
 */
class CapacityExhaustedTest {
    private static final int MAX = 20;

    @Test
    void add_beyondTheLastElementThePoolCanHold_throwsISEAndChangesNothing() {
        HandleWheel<String> engine = new HandleWheel<>(LevelBits.of(2, 2), 0, true, MAX);
        long[] handles = new long[MAX];
        for (int i = 0; i < MAX; i++) { // grows 0 -> 16 -> 20
            handles[i] = engine.add(i % 16, i, "v" + i);
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> engine.add(3, 0, "x"));
        assertEquals("capacity exhausted: 20 elements (expected: at most 20)", e.getMessage());
        assertEquals(MAX, engine.size());
        assertEquals(0, engine.minKey());
        engine.checkInvariants();
        for (int i = 0; i < MAX; i++) {
            assertTrue(engine.contains(handles[i]));
            assertEquals("v" + i, engine.value(handles[i]));
        }
        // A freed entry is reused, so the pool takes new elements again.
        engine.remove(handles[5]);
        long h = engine.add(15, 99, "again");
        assertEquals("again", engine.value(h));
        assertEquals(MAX, engine.size());
        assertThrows(IllegalStateException.class, () -> engine.add(1, 0, "x"));
        engine.checkInvariants();
    }

    @Test
    void addFirstAndAddBeside_beyondTheLastElementThePoolCanHold_throwISEAndChangeNothing() {
        HandleWheel<String> engine = new HandleWheel<>(LevelBits.of(2, 2), 0, true, MAX);
        long[] handles = new long[MAX];
        for (int i = 0; i < MAX; i++) {
            handles[i] = engine.addFirst(i % 16, i, "v" + i);
        }
        long ref = handles[3];
        for (Runnable call : new Runnable[] {
            () -> engine.addFirst(3, 0, "x"),
            () -> engine.addBeside(ref, "x", false),
            () -> engine.addBeside(ref, "x", true),
        }) {
            IllegalStateException e = assertThrows(IllegalStateException.class, call::run);
            assertEquals("capacity exhausted: 20 elements (expected: at most 20)", e.getMessage());
            assertEquals(MAX, engine.size());
            assertEquals(0, engine.minKey());
            engine.checkInvariants();
        }
        for (int i = 0; i < MAX; i++) {
            assertTrue(engine.contains(handles[i]));
            assertEquals("v" + i, engine.value(handles[i]));
        }
        assertEquals(handles[16], engine.minElement()); // key 0: handles[16] went in front of handles[0]
    }
}
