package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ConcurrentModificationException;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Regression tests for defects of the 0.1 queue fixed with the 0.2 API; each failed on the commit
 * before the fix. Self-contained, using only the 0.1 API, so that they still run there.
 */
class QueueRegressionTest {

    private static TreeMap<Long, String> contents(TimingWheelQueue<String> q) {
        TreeMap<Long, String> out = new TreeMap<>();
        q.forEach((h, k, v) -> out.put(h, k + "=" + v));
        return out;
    }

    /** An add made inside a forEach action took effect before the ConcurrentModificationException. */
    @Test
    void forEach_addFromTheAction_throwsCMEAndChangesNothing() {
        for (LevelBits bits : new LevelBits[] {LevelBits.of(2, 2), LevelBits.DEFAULT}) {
            TimingWheelQueue<String> q = new TimingWheelQueue<>(bits);
            q.add(1, "a");
            q.add(2, "b");
            q.add(9, "c");
            String text = q.toString();
            TreeMap<Long, String> before = contents(q);
            assertThrows(ConcurrentModificationException.class, () -> q.forEach((h, k, v) -> q.add(k, "added")));
            assertEquals(3, q.size());
            assertEquals(before, contents(q));
            assertEquals(text, q.toString());
            q.checkInvariants();
        }
    }

    /** An initial capacity that cannot be allocated threw OutOfMemoryError from the constructor. */
    @Test
    void constructor_capacityThatCannotBeAllocated_throwsIAENamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TimingWheelQueue<>(LevelBits.DEFAULT, Integer.MAX_VALUE));
        assertTrue(e.getMessage().contains("initialCapacity: " + Integer.MAX_VALUE), e.getMessage());
    }
}
