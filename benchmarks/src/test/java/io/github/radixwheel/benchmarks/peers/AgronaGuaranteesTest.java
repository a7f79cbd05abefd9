package io.github.radixwheel.benchmarks.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.agrona.DeadlineTimerWheel;
import org.junit.jupiter.api.Test;

/**
 * The README's performance section says what Agrona's {@code DeadlineTimerWheel}, the fastest
 * peer in most rows, does not guarantee. These tests pin both claims against the Agrona version
 * the benchmarks use, next to radixwheel's behaviour in the same situation.
 */
class AgronaGuaranteesTest {

    @Test
    void agronaReusesTimerIds_soAStaleIdCancelsANewerTimer() {
        DeadlineTimerWheel agrona = new DeadlineTimerWheel(TimeUnit.NANOSECONDS, 0, 1, 16);
        long first = agrona.scheduleTimer(5);
        assertTrue(agrona.cancelTimer(first));
        long second = agrona.scheduleTimer(5);
        assertEquals(first, second, "the id is reused");
        assertTrue(agrona.cancelTimer(first), "the stale id cancels the newer timer");
        assertEquals(0, agrona.timerCount());

        TimingWheel<String> radixwheel = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        long a = radixwheel.add(5, "a");
        assertTrue(radixwheel.remove(a));
        long b = radixwheel.add(5, "b");
        assertFalse(radixwheel.remove(a), "a stale handle is rejected");
        assertTrue(radixwheel.contains(b));
        assertThrows(IllegalArgumentException.class, () -> radixwheel.alarmValue(a));
    }

    @Test
    void agronaFiresEqualDeadlinesOutOfInsertionOrder_afterACancel() {
        DeadlineTimerWheel agrona = new DeadlineTimerWheel(TimeUnit.NANOSECONDS, 0, 1, 16);
        long cancelled = agrona.scheduleTimer(3);
        long older = agrona.scheduleTimer(3);
        agrona.cancelTimer(cancelled);
        long newer = agrona.scheduleTimer(3); // takes the cancelled timer's place in the spoke
        List<Long> fired = new ArrayList<>();
        while (agrona.currentTickTime() <= 4) {
            agrona.poll(4, (unit, now, id) -> fired.add(id), Integer.MAX_VALUE);
        }
        assertEquals(List.of(newer, older), fired);

        TimingWheel<String> radixwheel = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        long c = radixwheel.add(3, "cancelled");
        radixwheel.add(3, "older");
        radixwheel.remove(c);
        radixwheel.add(3, "newer");
        List<String> order = new ArrayList<>();
        radixwheel.advanceClock(4, (alarm, at, value) -> order.add(value));
        assertEquals(List.of("older", "newer"), order);
    }
}
