package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/** The exceptions of {@code TimingWheel} say which call failed and why. */
class WheelErrorMessagesTest {

    @Test
    void queriesOfAnEmptyWheel_nameTheQuery() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(4), 0);
        assertEquals("minAlarmIntervalNum of an empty wheel",
                assertThrows(NoSuchElementException.class, w::minAlarmIntervalNum).getMessage());
        assertEquals("minAlarmTime of an empty wheel",
                assertThrows(NoSuchElementException.class, w::minAlarmTime).getMessage());
        assertEquals("maxAlarmTimeInMinInterval of an empty wheel",
                assertThrows(NoSuchElementException.class, w::maxAlarmTimeInMinInterval).getMessage());
    }

    @Test
    void intervalNumbersOutOfRange_sayWhichSide() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(4), 0);
        String negative = assertThrows(IllegalArgumentException.class, () -> w.intervalNumStart(-1)).getMessage();
        assertTrue(negative.contains("-1") && negative.contains("negative"), negative);
        long past = Long.MAX_VALUE / 4 + 1;
        String tooLate = assertThrows(IllegalArgumentException.class, () -> w.intervalNumStart(past)).getMessage();
        assertTrue(tooLate.contains(Long.toString(past)) && tooLate.contains("past the last interval"), tooLate);
    }
}
