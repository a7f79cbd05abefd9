package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A removal hands back the element's value. A queue that has only ever held null values skips
 * reading them, so each way a value can first arrive (add, addFirst, addBefore, setValue) is
 * checked to be delivered, as is null after {@code clear} and {@code reset} drop earlier values.
 */
class DeliveredValueTest {

    @Test
    void pollMin_onlyNullValues_deliversNull() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        q.add(3, null);
        q.add(5, null);
        assertNull(q.pollMin());
        List<String> got = new ArrayList<>();
        assertTrue(q.pollMin((handle, key, value) -> got.add(value)));
        assertEquals(Collections.singletonList((String) null), got);
    }

    @Test
    void pollMin_valueSetOnANullValuedElement_deliversIt() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        long h = q.add(3, null);
        assertNull(q.setValue(h, "set"));
        assertEquals("set", q.pollMin());
    }

    @Test
    void pollMin_firstValueArrivesBy_addFirstAndAddBefore_deliversIt() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        q.add(4, null);
        q.addFirst(4, "first");
        assertEquals("first", q.pollMin());
        TimingWheelQueue<String> r = new TimingWheelQueue<>();
        long g = r.add(4, null);
        r.addBefore(g, "before");
        assertEquals("before", r.pollMin());
        assertNull(r.pollMin());
        assertNull(q.pollMin());
        assertTrue(q.isEmpty() && r.isEmpty());
    }

    @Test
    void pollMin_nullValuesAfterClearOrResetDroppedValues_deliversNull() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        q.add(1, "old");
        q.add(2, "old");
        q.clear();
        q.add(3, null);
        assertNull(q.pollMin());
        q.add(4, "old");
        q.reset(0);
        q.add(5, null);
        assertNull(q.pollMin());
    }

    @Test
    void pollMin_mixedNullAndValues_deliversEachInOrder() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>();
        q.add(1, null);
        q.add(2, "two");
        q.add(3, null);
        assertNull(q.pollMin());
        assertEquals("two", q.pollMin());
        assertNull(q.pollMin());
    }
}
