package io.github.radixwheel.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/**
 * The wheel's contract, clause by clause, run against {@code TimingWheel} and against
 * {@link ReferenceWheel}: both must pass every vector, exceptions included.
 */
abstract class WheelContractTest {
    abstract WheelApi<String> create(TimingWheelConfig config, long start);

    @Test
    void intervals_areCutFromTheStart_withoutOverflow() {
        WheelApi<String> w = create(new TimingWheelConfig(10, LevelBits.of(2, 2)), -25);
        assertEquals(0, w.intervalNum(-25));
        assertEquals(0, w.intervalNum(-16));
        assertEquals(1, w.intervalNum(-15));
        assertEquals(-15, w.intervalNumStart(1));
        assertEquals(-15, w.intervalStart(-7));
        assertThrows(IllegalArgumentException.class, () -> w.intervalNum(-26));
        assertThrows(IllegalArgumentException.class, () -> w.intervalNumStart(-1));
        assertEquals(-25 + 20 * 10 - 1, w.maxAllowedAlarmTime());
        assertEquals(w.maxAllowedAlarmTime() + 1, w.alarmUpperBound());
        assertEquals(19, w.maxAllowedAlarmIntervalNum());
        WheelApi<String> negative = create(new TimingWheelConfig(1, LevelBits.DEFAULT), Long.MIN_VALUE);
        assertEquals(Long.MAX_VALUE, negative.intervalNum(Long.MAX_VALUE));
        assertEquals(Long.MIN_VALUE + Long.MAX_VALUE, negative.maxAllowedAlarmTime());
    }

    @Test
    void advanceClock_firesInIntervalThenInsertionOrder_neverEarly() {
        WheelApi<String> w = create(new TimingWheelConfig(10, LevelBits.DEFAULT), 0);
        w.add(25, "c");
        w.add(21, "d");
        w.addFirst(29, "b");
        long a = w.add(5, "a");
        w.addAfter(a, "a2");
        List<String> fired = new ArrayList<>();
        w.advanceClock(20, (alarm, at, v) -> fired.add(v + "@" + at + " now " + w.now()));
        assertEquals(List.of("a@5 now 0", "a2@5 now 0"), fired);
        assertEquals(20, w.now());
        assertEquals(21, w.minAlarmTime());
        assertEquals(29, w.maxAlarmTimeInMinInterval());
        assertEquals(30, w.nextAlarmFiresAt());
        fired.clear();
        w.advanceClock(30, (alarm, at, v) -> fired.add(v));
        assertEquals(List.of("b", "c", "d"), fired);
    }

    @Test
    void stepAndFireNext_moveTheClockToTheAlarm() {
        WheelApi<String> w = create(new TimingWheelConfig(1, LevelBits.DEFAULT), 0);
        w.add(7, "x");
        w.add(7, "y");
        w.add(9, "z");
        List<String> fired = new ArrayList<>();
        w.advanceClockStopAtNextAlarm(100, (alarm, at, v) -> fired.add(v + "@" + w.now()));
        assertEquals(List.of("x@7", "y@7"), fired);
        assertTrue(w.fireNextAlarm((alarm, at, v) -> fired.add(v + "@" + w.now())));
        assertEquals("z@9", fired.get(2));
        assertFalse(w.fireNextAlarm((alarm, at, v) -> { throw new AssertionError(); }));
    }

    @Test
    void rejectedCalls_throwTheirExceptionAndChangeNothing() {
        WheelApi<String> w = create(new TimingWheelConfig(10, LevelBits.of(2)), 0);
        w.advanceClock(15, (alarm, at, v) -> { });
        assertThrows(IllegalArgumentException.class, () -> w.add(9, "too early"));
        assertThrows(IllegalArgumentException.class, () -> w.add(50, "too late"));
        long a = w.add(10, "a");
        assertThrows(IllegalArgumentException.class, () -> w.reschedule(a, 50));
        assertTrue(w.remove(a));
        assertThrows(IllegalArgumentException.class, () -> w.alarmAt(a));
        assertThrows(IllegalArgumentException.class, () -> w.reschedule(a, 20));
        assertThrows(IllegalArgumentException.class, () -> w.reset(-1));
        assertThrows(NoSuchElementException.class, w::minAlarmTime);
        assertThrows(NoSuchElementException.class, w::nextAlarmFiresAt);
        assertThrows(NullPointerException.class, () -> w.advanceClock(20, null));
        w.add(12, "b");
        assertThrows(IllegalStateException.class, () -> w.advanceClock(30, (alarm, at, v) -> w.firePastAlarms((x, y, z) -> { })));
        assertEquals(15, w.now(), "the clock stays where the failed firing left it");
        w.add(12, "c");
        assertThrows(ConcurrentModificationException.class, () -> w.forEach((alarm, at, v) -> w.clear()));
        assertEquals(1, w.size());
        w.checkInvariants();
    }

    @Test
    void handlers_mayUseTheWheel_andAResetEndsFirePastAlarms() {
        WheelApi<String> w = create(new TimingWheelConfig(1, LevelBits.DEFAULT), 0);
        w.add(3, "a");
        List<String> fired = new ArrayList<>();
        w.advanceClock(10, (alarm, at, v) -> {
            fired.add(v + "@" + at);
            if (v.equals("a")) {
                w.add(5, "added");
                w.addFirst(w.now(), "front");
            }
        });
        assertEquals(List.of("a@3", "front@3", "added@5"), fired);
        w.add(10, "p");
        w.add(10, "q");
        fired.clear();
        w.firePastAlarms((alarm, at, v) -> {
            fired.add(v);
            w.reset(20);
            w.add(20, "after reset");
        });
        assertEquals(List.of("p"), fired);
        assertEquals(1, w.size());
    }
}
