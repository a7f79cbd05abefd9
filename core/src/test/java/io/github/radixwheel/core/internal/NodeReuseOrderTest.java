package io.github.radixwheel.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import org.junit.jupiter.api.Test;

/**
 * Which node a new element gets (a handle's low 32 bits): the last one freed while the queue holds
 * elements, and the first node again once it has emptied, so that refilling an emptied queue walks
 * its arrays forwards instead of along the order of the last removals.
 */
class NodeReuseOrderTest {

    private static int node(long handle) {
        return (int) handle;
    }

    @Test
    void afterTheQueueEmpties_nodesAreHandedOutFromTheFirstAgain_andOldHandlesStayStale() {
        HandleWheel<String> wheel = new HandleWheel<>(LevelBits.of(2, 2), 4, false);
        long[] before = new long[4];
        for (int i = 0; i < 4; i++) {
            before[i] = wheel.add(i, 0, "v" + i);
        }
        for (int i : new int[] {1, 3, 0, 2}) { // a free list would hand them back as 2, 0, 3, 1
            assertTrue(wheel.remove(before[i]));
        }
        long[] after = new long[4];
        for (int i = 0; i < 4; i++) {
            after[i] = wheel.add(i, 0, "w" + i);
            assertEquals(i, node(after[i]), "node of element " + i + " after the queue emptied");
        }
        for (int i = 0; i < 4; i++) {
            assertFalse(wheel.contains(before[i]), "a handle from before the queue emptied");
            assertTrue(before[i] != after[i], "a handle was issued twice");
            assertEquals("w" + i, wheel.value(after[i]));
        }
        wheel.checkInvariants();
    }

    @Test
    void whileTheQueueHoldsElements_theLastFreedNodeIsReusedFirst() {
        HandleWheel<String> wheel = new HandleWheel<>(LevelBits.of(2, 2), 4, false);
        long[] h = new long[4];
        for (int i = 0; i < 4; i++) {
            h[i] = wheel.add(i, 0, "v" + i);
        }
        assertTrue(wheel.remove(h[2]));
        assertTrue(wheel.remove(h[1]));
        assertEquals(1, node(wheel.add(3, 0, "x")));
        assertEquals(2, node(wheel.add(3, 0, "y")));
        assertFalse(wheel.contains(h[1]));
        assertFalse(wheel.contains(h[2]));
        wheel.checkInvariants();
    }

    @Test
    void emptiedByDelivery_aHandlerAddingRefillsFromTheFirstNode() {
        HandleWheel<String> wheel = new HandleWheel<>(LevelBits.of(2, 2), 4, false);
        for (int i = 0; i < 3; i++) {
            wheel.add(2 - i, 0, "v" + i); // nodes 0, 1, 2 at keys 2, 1, 0
        }
        int[] added = new int[3];
        int[] count = {0};
        wheel.increaseMinAllowedKey(3, (node, key, handler) -> {
            wheel.release(node);
            if (wheel.size() == 0) { // the last delivery: every node is free
                added[count[0]++] = node(wheel.add(5, 0, "after"));
                added[count[0]++] = node(wheel.add(5, 0, "after"));
            }
        }, null);
        assertEquals(2, count[0]);
        assertEquals(0, added[0]);
        assertEquals(1, added[1]);
        assertEquals(2, wheel.size());
        wheel.checkInvariants();
    }
}
