package io.github.radixwheel.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A node's stamp moves on by one each time the node is freed, and skips 0 when it wraps, so that
 * no handle has stamp 0 and a handle's stamp comes back only after 2^32 - 1 reuses. The pool
 * starts its stamps at a salt, so these tests place a stamp at -1 by hand.
 */
class StampWrapTest {

    @Test
    void freeingANodeWhoseStampIsMinusOne_givesItStampOne() {
        HandleWheel<String> wheel = new HandleWheel<>(LevelBits.of(2, 2), 4, false);
        wheel.add(1, 0, "keep"); // the queue must not empty, which would hand out node 0 afresh
        long h = wheel.add(2, 0, "x");
        int e = (int) h;
        wheel.stamps[e] = -1;
        long atMinusOne = wheel.handle(e);
        assertTrue(wheel.remove(atMinusOne));
        assertEquals(1, wheel.stamps[e]);
        wheel.checkInvariants();
        long next = wheel.add(3, 0, "y");
        assertEquals(e, (int) next, "the freed node is reused");
        assertEquals(1, (int) (next >>> 32));
        assertFalse(wheel.contains(atMinusOne));
    }

    @Test
    void trimmingANodeWhoseStampIsMinusOne_growsItBackWithStampOne() {
        HandleWheel<String> wheel = new HandleWheel<>(LevelBits.of(2, 2), 0, false);
        long[] handles = new long[40];
        for (int i = 0; i < handles.length; i++) {
            handles[i] = wheel.add(i % 16, 0, "v");
        }
        for (long h : handles) {
            wheel.remove(h);
        }
        // Stamps compare circularly from the pool's fresh stamp: put it just before -2 and -1.
        PrivateFields.setInt(wheel, "freshStamp", -3);
        Arrays.fill(wheel.stamps, -2);
        int last = handles.length - 1;
        wheel.stamps[last] = -1; // the newest of all
        wheel.trimToSize();
        wheel.checkInvariants();
        long h = 0;
        for (int i = 0; i < handles.length; i++) {
            h = wheel.add(i % 16, 0, "w");
        }
        assertEquals(last, (int) h, "the same nodes come back from growth");
        assertEquals(1, (int) (h >>> 32), "growth goes on after the newest stamp, skipping 0");
        wheel.checkInvariants();
    }
}
