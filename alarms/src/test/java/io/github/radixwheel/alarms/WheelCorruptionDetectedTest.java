package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.internal.HandleWheel;
import org.junit.jupiter.api.Test;

/**
 * {@code TimingWheel.checkInvariants}, the oracle of the wheel's model tests, finds a broken queue
 * beneath and an alarm whose stored time lies outside its interval. Each test breaks one thing
 * through the queue's internal methods, which no public call would misuse so.
 */
class WheelCorruptionDetectedTest {

    @Test
    void brokenQueueBeneath() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(10), 0);
        long alarm = w.add(25, "a");
        w.checkInvariants();
        queueOf(w).unlink((int) alarm); // unlinked but never returned to the pool
        assertThrows(IllegalStateException.class, w::checkInvariants);
    }

    @Test
    void storedAlarmTimeOutsideItsInterval() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(10), 0); // precision 10 stores times
        long alarm = w.add(25, "a");
        w.checkInvariants();
        queueOf(w).changeKeyInRange(alarm, 2, 35); // interval 2 holds 20..29
        IllegalStateException e = assertThrows(IllegalStateException.class, w::checkInvariants);
        assertTrue(e.getMessage().contains("at 35 sits in interval 2"), e.getMessage());
    }

    @SuppressWarnings("unchecked")
    private static HandleWheel<String> queueOf(TimingWheel<String> w) {
        try {
            var field = TimingWheel.class.getDeclaredField("wheel");
            field.setAccessible(true);
            return (HandleWheel<String>) field.get(w);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
