package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A fired alarm hands its value to the handler. A wheel that has only ever held null values skips
 * reading them, so a value that first arrives by {@code setAlarmValue} is checked to be delivered
 * by both firing paths, and null after {@code reset} drops earlier values.
 */
class DeliveredAlarmValueTest {

    @Test
    void fireNextAlarm_valueSetOnANullValuedAlarm_deliversIt() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        long a = w.add(5, null);
        w.add(6, null);
        w.setAlarmValue(a, "set");
        List<String> got = new ArrayList<>();
        assertTrue(w.fireNextAlarm((alarm, at, value) -> got.add(value)));
        assertTrue(w.fireNextAlarm((alarm, at, value) -> got.add(value)));
        assertEquals(Arrays.asList("set", null), got);
    }

    @Test
    void advanceClock_valueSetOnANullValuedAlarm_deliversIt() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        w.add(5, null);
        long b = w.add(6, null);
        w.setAlarmValue(b, "set");
        List<String> got = new ArrayList<>();
        w.advanceClock(7, (alarm, at, value) -> got.add(value));
        assertEquals(Arrays.asList(null, "set"), got);
    }

    @Test
    void advanceClock_nullValuesAfterResetDroppedValues_deliversNull() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        w.add(5, "old");
        w.reset(0);
        w.add(5, null);
        List<String> got = new ArrayList<>();
        w.advanceClock(6, (alarm, at, value) -> got.add(value));
        assertEquals(Arrays.asList((String) null), got);
    }
}
