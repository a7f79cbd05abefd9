package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A later deadline (from {@code move} or re-{@code set}) leaves the key's alarm where it was and
 * re-arms it when that alarm fires early. These tests pin that the shortcut is invisible: keys
 * fire once, at the first tick after their last deadline, with their last value, in deadline order.
 */
class KeyedTimerLaterDeadlineTest {
    private static final long MS = 1_000_000L;

    private final List<String> fired = new ArrayList<>();
    private final KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock()
            .tick(Duration.ofMillis(1)).stripes(1).build((k, v) -> fired.add(k + "=" + v));

    @Test
    void moveLaterManyTimes_firesOnceAtTheFirstTickAfterTheLastDeadline() {
        timer.set("k", "v", Duration.ofMillis(10));
        for (long t = 5 * MS; t <= 50 * MS; t += 5 * MS) {
            timer.advanceTo(t);
            assertTrue(timer.move("k", Duration.ofMillis(10)));
        }
        timer.advanceTo(61 * MS - 1); // the deadline, 60 ms, lies in the tick that is not over yet
        assertEquals(List.of(), fired);
        assertEquals(1, timer.size());
        timer.advanceTo(61 * MS);
        assertEquals(List.of("k=v"), fired);
        assertEquals(0, timer.size());
        timer.advanceTo(1_000 * MS);
        assertEquals(List.of("k=v"), fired);
    }

    @Test
    void setLater_firesWithTheNewValueAtTheNewDeadline() {
        timer.set("k", "old", Duration.ofMillis(10));
        timer.set("k", "new", Duration.ofMillis(30));
        timer.advanceTo(30 * MS);
        assertEquals(List.of(), fired);
        timer.advanceTo(31 * MS);
        assertEquals(List.of("k=new"), fired);
    }

    @Test
    void moveLaterThenEarlier_firesAtTheEarlierDeadline() {
        timer.set("k", "v", Duration.ofMillis(10));
        timer.move("k", Duration.ofMillis(100));
        timer.move("k", Duration.ofMillis(5));
        timer.advanceTo(5 * MS);
        assertEquals(List.of(), fired);
        timer.advanceTo(6 * MS);
        assertEquals(List.of("k=v"), fired);
    }

    @Test
    void oneJumpPastTheOldAndTheNewDeadline_firesOnceInDeadlineOrder() {
        timer.set("moved", "m", Duration.ofMillis(1));
        timer.set("a", "a", Duration.ofMillis(2));
        timer.set("b", "b", Duration.ofMillis(4));
        timer.move("moved", Duration.ofMillis(3)); // its alarm stays at 1 ms; a fires before it
        timer.advanceTo(100 * MS);
        assertEquals(List.of("a=a", "moved=m", "b=b"), fired);
        assertEquals(0, timer.size());
    }

    @Test
    void drainAfterMoveLater_handsKeysOverInTheirLatestDeadlineOrder() {
        timer.set("a", "A", Duration.ofMillis(10));
        timer.set("b", "B", Duration.ofMillis(20));
        timer.set("c", "C", Duration.ofMillis(25));
        timer.move("a", Duration.ofMillis(30)); // its alarm stays at 10 ms
        timer.move("c", Duration.ofMillis(5));
        List<String> drained = new ArrayList<>();
        timer.drain((k, v) -> drained.add(k + "=" + v));
        assertEquals(List.of("c=C", "b=B", "a=A"), drained);
        assertEquals(0, timer.size());
    }

    /** Re-arming after an advance reuses pool entries; no key may pick up another's deadline. */
    @Test
    void manyKeysReArmedInOneAdvance_keepTheirOwnDeadlines() {
        for (int i = 0; i < 100; i++) {
            timer.set("k" + i, "v", Duration.ofMillis(1));
            timer.move("k" + i, Duration.ofMillis(10 + i)); // alarms all at 1 ms, deadlines 10..109 ms
        }
        timer.advanceTo(5 * MS); // every alarm fires early and re-arms; pool entries are reused
        for (int i = 0; i < 100; i++) {
            fired.clear();
            timer.advanceTo((11 + i) * MS - 1);
            assertEquals(List.of(), fired, "before k" + i + "'s deadline tick ends");
            timer.advanceTo((11 + i) * MS);
            assertEquals(List.of("k" + i + "=v"), fired);
        }
    }

    @Test
    void removeAfterMoveLater_nothingFires() {
        timer.set("k", "v", Duration.ofMillis(10));
        timer.move("k", Duration.ofMillis(20));
        timer.advanceTo(15 * MS); // the old alarm fires early and re-arms
        assertTrue(timer.remove("k"));
        timer.advanceTo(100 * MS);
        assertEquals(List.of(), fired);
        assertEquals(0, timer.size());
    }

    /** Random heartbeats on 64 keys against a model of deadlines; every advance is checked. */
    @Test
    void randomHeartbeats_matchTheModelTickByTick() {
        SplittableRandom random = new SplittableRandom(20261122);
        TreeMap<String, Long> deadlines = new TreeMap<>();
        long now = 0;
        for (int step = 0; step < 20_000; step++) {
            String key = "k" + random.nextInt(64);
            long delay = random.nextLong(-2, 40) * MS + random.nextLong(MS);
            long deadline = delay <= 0 ? now : now + delay;
            switch (random.nextInt(4)) {
                case 0 -> {
                    timer.set(key, "v", Duration.ofNanos(delay));
                    deadlines.put(key, deadline);
                }
                case 1 -> {
                    assertEquals(deadlines.containsKey(key), timer.move(key, Duration.ofNanos(delay)));
                    deadlines.computeIfPresent(key, (k, d) -> deadline);
                }
                case 2 -> assertEquals(deadlines.remove(key) != null, timer.remove(key));
                default -> {
                    now += random.nextLong(3 * MS);
                    long tickStart = now / MS * MS;
                    List<String> due = new ArrayList<>();
                    deadlines.entrySet().stream().filter(e -> e.getValue() < tickStart)
                            .sorted(Map.Entry.comparingByValue())
                            .forEach(e -> due.add(e.getKey()));
                    fired.clear();
                    timer.advanceTo(now);
                    List<String> firedKeys = fired.stream().map(s -> s.substring(0, s.indexOf('='))).toList();
                    assertEquals(new TreeSet<>(due), new TreeSet<>(firedKeys), "at " + now);
                    assertEquals(due.size(), firedKeys.size(), "each key once, at " + now);
                    due.forEach(deadlines::remove);
                }
            }
            assertEquals(deadlines.size(), timer.size());
        }
    }
}
