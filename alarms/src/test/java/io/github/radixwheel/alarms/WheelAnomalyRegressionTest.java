package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/** What the reference design (Jane Street's Timing_wheel) gets wrong in its alarm layer, and we must not. */
class WheelAnomalyRegressionTest {
    private static final AlarmConsumer<String> NONE = (a, at, v) -> {
        throw new AssertionError("nothing should fire, but " + v + " did");
    };

    /**
     * The minimum interval's alarms at two levels: one added while the interval lay beyond level 0,
     * one after the window slid. The reference scans only the minimum element's slot.
     */
    @Test
    void maxAlarmTimeInMinInterval_alarmsAddedAcrossLevels_isExact() {
        TimingWheel<String> w = new TimingWheel<>(new TimingWheelConfig(10, LevelBits.of(1, 1)), 0);
        w.add(29, "late");
        w.advanceClock(10, NONE);
        w.add(25, "early");
        assertEquals(2, w.minAlarmIntervalNum());
        assertEquals(25, w.minAlarmTime());
        assertEquals(29, w.maxAlarmTimeInMinInterval());
        w.checkInvariants();
    }

    @Test
    void minAlarmTime_alarmsAddedAcrossLevels_isExact() {
        TimingWheel<String> w = new TimingWheel<>(new TimingWheelConfig(10, LevelBits.of(1, 1)), 0);
        w.add(21, "early");
        w.advanceClock(10, NONE);
        w.add(28, "late");
        assertEquals(21, w.minAlarmTime());
        assertEquals(28, w.maxAlarmTimeInMinInterval());
    }

    @Test
    void maxAlarmTimeInMinInterval_smallerIntervalInHigherLevel_looksAtTheTrueMinimumInterval() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        w.add(2048, "X");
        w.advanceClock(2000, NONE);
        w.add(3000, "Y");
        assertEquals(2048, w.minAlarmTime());
        assertEquals(2048, w.maxAlarmTimeInMinInterval());
        assertEquals(2049, w.nextAlarmFiresAt());
    }

    /** The reference keeps a stale cached minimum after clear. */
    @Test
    void nextAlarmFiresAt_afterClear_isNotStale() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(100), 0);
        w.add(150, "a");
        assertEquals(200, w.nextAlarmFiresAt());
        w.clear();
        assertThrows(NoSuchElementException.class, w::nextAlarmFiresAt);
        assertThrows(NoSuchElementException.class, w::minAlarmTime);
        w.add(950, "b");
        assertEquals(1000, w.nextAlarmFiresAt());
        assertEquals(950, w.minAlarmTime());
        w.checkInvariants();
    }

    /** The reference's step moves the clock but fires nothing. */
    @Test
    void advanceClockStopAtNextAlarm_firesTheEarliestAlarms() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        w.add(700, "b");
        w.add(500, "a1");
        w.add(500, "a2");
        List<String> fired = new ArrayList<>();
        w.advanceClockStopAtNextAlarm(Long.MAX_VALUE, (a, at, v) -> fired.add(v + "@" + at + "/" + w.now()));
        assertEquals(List.of("a1@500/500", "a2@500/500"), fired);
        assertEquals(500, w.now());
        w.advanceClockStopAtNextAlarm(Long.MAX_VALUE, (a, at, v) -> fired.add(v + "@" + at + "/" + w.now()));
        assertEquals(List.of("a1@500/500", "a2@500/500", "b@700/700"), fired);
        assertEquals(0, w.size());
    }

    /** Equal intervals split across levels fire in insertion order (the queue's FIFO anomaly, through the wheel). */
    @Test
    void advanceClock_equalIntervalsAcrossLevels_fireInInsertionOrder() {
        TimingWheel<String> w = new TimingWheel<>(new TimingWheelConfig(1, LevelBits.of(1, 1)), 0);
        w.add(2, "A");
        w.advanceClock(1, NONE);
        w.add(2, "B");
        List<String> fired = new ArrayList<>();
        w.advanceClock(3, (a, at, v) -> fired.add(v));
        assertEquals(List.of("A", "B"), fired);
    }

    /** A smaller time left in a higher level fires before larger times in level 0. */
    @Test
    void advanceClock_smallerTimeInHigherLevel_firesFirst() {
        TimingWheel<String> w = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        w.add(2048, "X");
        w.advanceClock(2000, NONE);
        w.add(3000, "Y");
        List<String> fired = new ArrayList<>();
        w.advanceClock(4000, (a, at, v) -> fired.add(v + "@" + w.now()));
        assertEquals(List.of("X@2048", "Y@3000"), fired);
    }
}
