package io.github.radixwheel.core.internal;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.lang.reflect.Field;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The model-based tests trust {@link WheelEngine#checkInvariants()} as their oracle for internal
 * state, so each test here breaks one internal structure of a healthy engine by hand and expects
 * an {@link IllegalStateException} that names the violation.
 */
class CheckInvariantsDetectsCorruptionTest {
    /** Keys of a healthy engine with levels [2, 2]: 1 and 2 at level 0, 9 and 13 at level 1. */
    private static final long[] KEYS = {1, 2, 2, 9, 13};

    /** A fresh engine holding {@link #KEYS}, its minimum cached, with one entry freed. */
    private static WheelEngine<String> healthy() {
        WheelEngine<String> engine = new WheelEngine<>(LevelBits.of(2, 2), 8, false);
        for (long key : KEYS) {
            engine.add(key, 0, "v" + key);
        }
        engine.remove(engine.add(3, 0, "gone"));
        engine.minKey();
        engine.checkInvariants();
        return engine;
    }

    private static void assertDetected(String fragment, Consumer<WheelEngine<String>> corrupt) {
        WheelEngine<String> engine = healthy();
        corrupt.accept(engine);
        IllegalStateException e = assertThrows(IllegalStateException.class, engine::checkInvariants);
        assertTrue(e.getMessage().contains(fragment), () -> "message '" + e.getMessage() + "' lacks '" + fragment + "'");
    }

    /** A private field of the engine, made accessible. */
    private static Field engineField(String name) {
        try {
            Field f = WheelEngine.class.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static Object field(WheelEngine<String> engine, String name) {
        try {
            return engineField(name).get(engine);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static ElementPool pool(WheelEngine<String> engine) {
        return (ElementPool) field(engine, "pool");
    }

    private static SlotLists slots(WheelEngine<String> engine) {
        return (SlotLists) field(engine, "slots");
    }

    /** Entry 2 holds the second element of key 2, after entry 1 in its slot. */
    private static final int SECOND_OF_KEY_2 = 2;

    @Test
    void sizeThatDisagreesWithTheLiveEntries() {
        assertDetected("pool: size", engine -> pool(engine).size++);
    }

    @Test
    void stampZero() {
        assertDetected("stamp 0", engine -> pool(engine).stamps[0] = 0);
    }

    @Test
    void freeEntryStillHoldingItsValue() {
        assertDetected("is not cleared", engine -> {
            ElementPool pool = pool(engine);
            pool.values[pool.freeHead] = "loitering";
        });
    }

    @Test
    void brokenBackLink() {
        assertDetected("broken back link", engine -> pool(engine).setPrev(SECOND_OF_KEY_2, ElementPool.NIL));
    }

    @Test
    void listThatLoopsBackOnItself() {
        assertDetected("level 0 slot 2", engine -> pool(engine).setNext(SECOND_OF_KEY_2, 1));
    }

    @Test
    void occupancyBitOfAnOccupiedSlotCleared() {
        assertDetected("occupancy bit disagree", engine -> slots(engine).occupancy[0].clear(1));
    }

    @Test
    void keyThatBelongsInAnotherSlot() {
        assertDetected("which belongs at level 0 slot 3", engine -> pool(engine).keys[0] = 3);
    }

    @Test
    void levelSummaryThatDisagreesWithItsSlots() {
        assertDetected("level 1: holds", engine -> slots(engine).occupiedLevels &= ~2L);
    }

    @Test
    void staleCachedMinimum() {
        assertDetected("cached minimum is entry", engine -> {
            try {
                engineField("minIndex").setInt(engine, 3);
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void levelEndsThatDisagreeWithTheMinimum() {
        assertDetected("ends at", engine -> ((LevelGeometry) field(engine, "geo")).end[0]++);
    }
}
