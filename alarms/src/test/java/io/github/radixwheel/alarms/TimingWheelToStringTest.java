package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.radixwheel.core.LevelBits;
import org.junit.jupiter.api.Test;

/**
 * {@code TimingWheel.toString}: the clock, the start, the precision, the size, and the first eight
 * alarms in firing order as {@code time=value}, with {@code ...} when more are pending.
 */
class TimingWheelToStringTest {

    @Test
    void empty_showsClockAndSize() {
        TimingWheel<String> w = new TimingWheel<>(new TimingWheelConfig(10, LevelBits.DEFAULT), -5);
        assertEquals("TimingWheel[now=-5, start=-5, precision=10, size=0]", w.toString());
    }

    @Test
    void fewAlarms_showsTheirTimesInFiringOrder() {
        TimingWheel<String> w = new TimingWheel<>(new TimingWheelConfig(10, LevelBits.DEFAULT), 0);
        w.add(47, "c");
        w.add(3, "a");
        w.add(41, "d"); // same interval as 47, added later: fires after it
        w.addFirst(45, "b");
        assertEquals("TimingWheel[now=0, start=0, precision=10, size=4, first: 3=a, 45=b, 47=c, 41=d]", w.toString());
    }

    @Test
    void moreThanEight_showsTheFirstEightThenEllipsis() {
        TimingWheel<Integer> w = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        for (int i = 9; i >= 1; i--) {
            w.add(i * 100L, i);
        }
        assertEquals("TimingWheel[now=0, start=0, precision=1, size=9, first: 100=1, 200=2, 300=3, 400=4, 500=5,"
                + " 600=6, 700=7, 800=8, ...]", w.toString());
        w.remove(w.add(1000, 10));
        w.fireNextAlarm((alarm, at, value) -> { });
        assertEquals("TimingWheel[now=100, start=0, precision=1, size=8, first: 200=2, 300=3, 400=4, 500=5,"
                + " 600=6, 700=7, 800=8, 900=9]", w.toString());
    }
}
