package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.radixwheel.core.LevelBits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Problems found in review, each pinned by a test. */
class KeyedTimerRegressionTest {

    @Test
    void drain_actionThrowsError_remainingKeysStillHandedOver() {
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock()
                .build((k, v) -> { });
        timer.set("a", "A", Duration.ofMillis(1));
        timer.set("b", "B", Duration.ofMillis(2));
        AssertionError boom = new AssertionError("boom");
        List<String> handed = new ArrayList<>();
        AssertionError thrown = assertThrows(AssertionError.class, () -> timer.drain((k, v) -> {
            handed.add(k);
            if (k.equals("a")) {
                throw boom;
            }
        }));
        assertSame(boom, thrown);
        assertEquals(List.of("a", "b"), handed);
        assertEquals(0, timer.size());
    }

    /**
     * A deadline far beyond a small wheel's range used to be re-armed once per range while
     * advancing: hours for this jump. The bound guards against that, it is not a timing assertion.
     */
    @Test
    void advanceTo_deadlineFarBeyondSmallWheel_costsNothingPerRangeAndNeverFiresEarly() {
        List<String> fired = new ArrayList<>();
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock()
                .tick(Duration.ofMillis(1)).levelBits(LevelBits.of(4, 4))
                .build((k, v) -> fired.add(k + "@" + v));
        long deadline = Duration.ofDays(365L * 100).toNanos();
        timer.set("far", "x", Duration.ofNanos(deadline));
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            timer.advanceTo(deadline - 1_000_000_000L);
            assertEquals(List.of(), fired);
            timer.advanceTo(deadline);
            assertEquals(List.of(), fired);
            timer.advanceTo(Long.MAX_VALUE - 1);
        });
        assertEquals(List.of("far@x"), fired);
        assertEquals(0, timer.size());
    }

    @Test
    void advanceTo_deadlineBeyondSmallWheel_firesAtTheFirstTickAfterIt() {
        List<Long> fired = new ArrayList<>();
        long[] clock = {0};
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock()
                .tick(Duration.ofMillis(1)).levelBits(LevelBits.of(4, 4))
                .build((k, v) -> fired.add(clock[0]));
        timer.set("k", "v", Duration.ofMillis(1000)); // the wheel spans about 256 ms
        for (clock[0] = 0; clock[0] <= 1_002_000_000L; clock[0] += 250_000) {
            timer.advanceTo(clock[0]);
        }
        assertEquals(List.of(1_001_000_000L), fired);
    }
}
