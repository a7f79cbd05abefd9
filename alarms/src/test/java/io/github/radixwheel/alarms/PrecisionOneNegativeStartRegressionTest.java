package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Regression: with precision 1 and a negative start, interval {@code Long.MAX_VALUE} is the single
 * time {@code start + Long.MAX_VALUE}, and later times have no interval number. The wheel accepted
 * alarms at or after that time, clamped them into the last interval, and never fired them. Now
 * {@code maxAllowedAlarmTime()} is {@code start + Long.MAX_VALUE}, later times are refused as too
 * far in the future, and an alarm at exactly that time fires through the calls that fire the
 * current interval. The first test failed on the commit before the fix; the firing tests (of which
 * the first two use only the 0.1 API and passed there too) pin that the last time still fires.
 */
class PrecisionOneNegativeStartRegressionTest {
    private static final long[] STARTS = {-1, -10, -1_000_000_007L, Long.MIN_VALUE};

    @Test
    void maxAllowedAlarmTime_isStartPlusMaxValue_laterTimesAreRefused() {
        for (long start : STARTS) {
            TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1), start);
            long last = start + Long.MAX_VALUE;
            assertEquals(last, w.maxAllowedAlarmTime(), "start " + start);
            assertEquals(last + 1, w.alarmUpperBound());
            assertEquals(Long.MAX_VALUE, w.maxAllowedAlarmIntervalNum());
            for (long at : new long[] {last + 1, Long.MAX_VALUE}) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.add(at, "late"));
                assertTrue(e.getMessage().contains("too far in the future"), e.getMessage());
                assertTrue(e.getMessage().contains(Long.toString(at)), e.getMessage());
                assertTrue(e.getMessage().contains(Long.toString(last)), e.getMessage());
            }
            assertEquals(0, w.size());
            w.checkInvariants();
        }
    }

    @Test
    void alarmAtTheLastTime_firesThroughFirePastAlarms() {
        for (long start : STARTS) {
            TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1), start);
            long last = start + Long.MAX_VALUE;
            w.add(last, "last");
            w.add(last - 1, "before");
            List<String> fired = new ArrayList<>();
            w.advanceClock(last, (alarm, at, value) -> fired.add(value + "@" + at));
            assertEquals(List.of("before@" + (last - 1)), fired);
            assertEquals(last, w.now());
            w.firePastAlarms((alarm, at, value) -> fired.add(value + "@" + at));
            assertEquals(List.of("before@" + (last - 1), "last@" + last), fired);
            assertTrue(w.isEmpty());
            w.checkInvariants();
        }
    }

    @Test
    void alarmAtTheLastTime_firesThroughAdvanceClockStopAtNextAlarm() {
        for (long start : STARTS) {
            TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1), start);
            long last = start + Long.MAX_VALUE;
            long alarm = w.add(last, "last");
            List<String> fired = new ArrayList<>();
            w.advanceClockStopAtNextAlarm(Long.MAX_VALUE, (a, at, value) -> fired.add(value + "@" + at));
            assertEquals(List.of("last@" + last), fired);
            assertEquals(last, w.now());
            assertFalse(w.contains(alarm));
            w.checkInvariants();
        }
    }

    @Test
    void alarmAtTheLastTime_firesThroughFireNextAlarm() {
        for (long start : STARTS) {
            TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1), start);
            long last = start + Long.MAX_VALUE;
            w.add(last, "last");
            w.add(start, "first");
            List<String> fired = new ArrayList<>();
            while (w.fireNextAlarm((a, at, value) -> fired.add(value + "@" + at + " now " + w.now()))) {
                w.checkInvariants();
            }
            assertEquals(List.of("first@" + start + " now " + start, "last@" + last + " now " + last), fired);
            assertEquals(last, w.now());
        }
    }
}
