package io.github.radixwheel.core.internal;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.IndexedTimingWheelQueue;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The model-based tests trust {@code checkInvariants()} as their oracle for internal state, so each
 * test here breaks one internal structure of a healthy queue by hand and expects an
 * {@link IllegalStateException} that names the violation.
 */
class CheckInvariantsDetectsCorruptionTest {
    /** Keys of a healthy queue with levels [2, 2]: 1 and 2 at level 0, 9 and 13 at level 1. */
    private static final long[] KEYS = {1, 2, 2, 9, 13};
    /** Node 2 holds the second element of key 2, after node 1 in its slot. */
    private static final int SECOND_OF_KEY_2 = 2;

    /** A fresh queue holding {@link #KEYS}, its minimum cached, with one node freed. */
    private static HandleWheel<String> healthy() {
        HandleWheel<String> wheel = new HandleWheel<>(LevelBits.of(2, 2), 8, false);
        for (long key : KEYS) {
            wheel.add(key, 0, "v" + key);
        }
        wheel.remove(wheel.add(3, 0, "gone"));
        wheel.minKey();
        wheel.checkInvariants();
        return wheel;
    }

    private static void assertDetected(String fragment, Consumer<HandleWheel<String>> corrupt) {
        HandleWheel<String> wheel = healthy();
        corrupt.accept(wheel);
        IllegalStateException e = assertThrows(IllegalStateException.class, wheel::checkInvariants);
        assertTrue(e.getMessage().contains(fragment), () -> "message '" + e.getMessage() + "' lacks '" + fragment + "'");
    }

    private static RadixEngine engine(HandleWheel<String> wheel) {
        return wheel; // a handle wheel is the engine, plus its pool
    }

    private static HandlePool pool(HandleWheel<String> wheel) {
        return wheel; // a handle wheel is its pool, and the engine beneath
    }

    private static Nodes nodes(HandleWheel<String> wheel) {
        return slots(wheel); // the slot lists live in the node arrays they extend
    }

    private static Slots slots(HandleWheel<String> wheel) {
        return (Slots) PrivateFields.get(engine(wheel), "slots");
    }

    @Test
    void sizeThatDisagreesWithTheLinkedNodes() {
        assertDetected("but size is", wheel -> PrivateFields.setInt(engine(wheel), "size", 6));
    }

    @Test
    void stampZero() {
        assertDetected("stamp 0", wheel -> pool(wheel).stamps[0] = 0);
    }

    @Test
    void freeNodeStillHoldingItsValue() {
        assertDetected("is not cleared", wheel -> {
            HandlePool pool = pool(wheel);
            pool.values[pool.freeHead] = "loitering";
        });
    }

    @Test
    void brokenBackLink() {
        assertDetected("broken back link", wheel -> nodes(wheel).setPrev(SECOND_OF_KEY_2, Nodes.NIL));
    }

    @Test
    void listThatLoopsBackOnItself() {
        assertDetected("level 0 slot 2", wheel -> nodes(wheel).setNext(SECOND_OF_KEY_2, 1));
    }

    @Test
    void occupancyBitOfAnOccupiedSlotCleared() {
        assertDetected("occupancy bit disagree", wheel -> slots(wheel).occupancy[0].clear(1));
    }

    /** A level of fewer than 64 slots has one bitmap word and no summary: its spare bits are still checked. */
    @Test
    void occupancyBitPastTheLastSlotOfASmallLevel() {
        assertDetected("bits set past slot 3", wheel -> slots(wheel).occupancy[0].set(10));
    }

    @Test
    void keyThatBelongsInAnotherSlot() {
        assertDetected("which belongs at level 0 slot 3", wheel -> nodes(wheel).setKey(0, 3));
    }

    @Test
    void levelSummaryThatDisagreesWithItsSlots() {
        assertDetected("level 1: holds", wheel -> slots(wheel).occupiedLevels &= ~2L);
    }

    @Test
    void staleCachedMinimum() {
        assertDetected("cached minimum is node", wheel -> PrivateFields.setInt(engine(wheel), "minNode", 3));
    }

    @Test
    void levelEndsThatDisagreeWithTheMinimum() {
        assertDetected("ends at", wheel -> ((LevelGeometry) PrivateFields.get(engine(wheel), "geo")).end[0]++);
    }

    @Test
    void freeListThatHoldsALinkedNode() {
        assertDetected("is not cleared", wheel -> pool(wheel).freeHead = 0);
    }

    /** The edges of the checks' ranges: a node numbered exactly the bound is outside it. */
    @Test
    void freeListThatReachesTheHighWaterMark() {
        assertDetected("free list: node 6 outside [0, 6)", wheel -> pool(wheel).freeHead = pool(wheel).highWater);
    }

    @Test
    void linkedNodeAtTheHighWaterMark() {
        assertDetected("4 have keys below node 4 (the nodes in use), but size is 5", wheel -> {
            pool(wheel).freeHead = Nodes.NIL;
            pool(wheel).highWater = 4;
        });
    }

    /** The first number past the element nodes is the sentinel of slot 0, which is always linked. */
    @Test
    void listThatRunsIntoASentinel() {
        assertDetected("level 0 slot 2: links to a free node 8",
                wheel -> nodes(wheel).setNext(SECOND_OF_KEY_2, nodes(wheel).capacity()));
    }

    /** A wheel whose level 0 has 128 slots: two bitmap words and one summary word over them. */
    private static HandleWheel<String> withSummary() {
        HandleWheel<String> wheel = new HandleWheel<>(LevelBits.of(7, 7), 8, false);
        wheel.add(1, 0, "a");
        wheel.checkInvariants();
        return wheel;
    }

    private static void assertSummaryCorruptionDetected(String fragment, long summaryBit) {
        HandleWheel<String> wheel = withSummary();
        ((long[]) PrivateFields.get(slots(wheel).occupancy[0], "summary"))[0] |= summaryBit;
        IllegalStateException e = assertThrows(IllegalStateException.class, wheel::checkInvariants);
        assertTrue(e.getMessage().contains(fragment), () -> "message '" + e.getMessage() + "' lacks '" + fragment + "'");
    }

    @Test
    void summaryBitOfAnEmptyWord() {
        assertSummaryCorruptionDetected("summary bit of word 1 is true", 1L << 1);
    }

    @Test
    void summaryBitPastTheLastWord() {
        assertSummaryCorruptionDetected("summary word 0 marks words past the end", 1L << 2);
    }

    @Test
    void publicQueuesCheckTheirEngine() {
        TimingWheelQueue<String> queue = new TimingWheelQueue<>(LevelBits.of(2, 2));
        queue.add(1, "a");
        PrivateFields.setInt(PrivateFields.get(queue, "wheel"), "size", 2);
        assertThrows(IllegalStateException.class, queue::checkInvariants);

        IndexedTimingWheelQueue indexed = new IndexedTimingWheelQueue(4, LevelBits.of(2, 2));
        indexed.add(0, 1);
        PrivateFields.setInt(PrivateFields.get(indexed, "engine"), "size", 2);
        assertThrows(IllegalStateException.class, indexed::checkInvariants);
    }
}
