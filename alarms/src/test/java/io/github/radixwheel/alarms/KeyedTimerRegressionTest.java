package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.radixwheel.core.LevelBits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 3, 6, 2048})
    void stripes_notAPowerOfTwoInRange_throws(int stripes) {
        assertThrows(IllegalArgumentException.class, () -> KeyedTimer.builder().stripes(stripes));
    }

    /** Spreading keys over stripes changes nothing anyone can observe. */
    @Test
    void stripes_oneOrMany_fireTheSameKeysAtTheSameTicks() {
        List<String> one = run(1);
        assertEquals(true, one.size() > 1_000, "the scenario must fire plenty: " + one.size());
        assertEquals(one, run(16));
    }

    private static List<String> run(int stripes) {
        List<String> fired = new ArrayList<>();
        long[] clock = {0};
        KeyedTimer<Integer, Integer> timer = KeyedTimer.<Integer, Integer>builder().manualClock().stripes(stripes)
                .tick(Duration.ofMillis(1)).build((k, v) -> fired.add(k + "=" + v + "@" + clock[0]));
        SplittableRandom random = new SplittableRandom(7);
        for (int step = 0; step < 5_000; step++) {
            int key = random.nextInt(300);
            Duration delay = Duration.ofMillis(random.nextInt(50) - 5);
            switch (random.nextInt(4)) {
                case 0, 1 -> timer.set(key, step, delay);
                case 2 -> timer.move(key, delay);
                default -> timer.remove(key);
            }
            if (step % 10 == 0) {
                clock[0] += 700_000;
                timer.advanceTo(clock[0]);
            }
        }
        clock[0] = Long.MAX_VALUE - 1;
        timer.advanceTo(clock[0]);
        // Within one advance the order across stripes is unspecified: compare per tick, sorted.
        List<String> canonical = new ArrayList<>(fired);
        canonical.sort((a, b) -> {
            int byTick = Long.compare(Long.parseLong(a.substring(a.indexOf('@') + 1)),
                    Long.parseLong(b.substring(b.indexOf('@') + 1)));
            return byTick != 0 ? byTick : a.compareTo(b);
        });
        return canonical;
    }
}
