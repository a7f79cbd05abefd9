package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

/**
 * Claim at dispatch, on the manual clock: an arming found expired stays armed until the thread that
 * runs its callback claims it, and {@code set}, {@code move} and {@code remove} made before the claim
 * win; {@code set} and {@code get} return values. The executor only queues batches here, so the test
 * decides when claims happen.
 */
class KeyedTimerClaimTest {
    private static final long MS = 1_000_000L;

    private final Queue<Runnable> batches = new ArrayDeque<>();
    private final List<String> fired = new ArrayList<>();
    private final KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock().stripes(4)
            .executor(batches::add).build((key, value) -> fired.add(key + "=" + value));

    private void runBatches() {
        while (!batches.isEmpty()) {
            batches.poll().run();
        }
    }

    @Test
    void foundExpiry_staysArmedUntilClaimed() {
        timer.set("a", "A", Duration.ofMillis(1));
        timer.advanceTo(2 * MS);
        assertEquals(1, batches.size());
        assertTrue(timer.containsKey("a"));
        assertEquals("A", timer.get("a"));
        assertEquals(1, timer.size());
        runBatches();
        assertEquals(List.of("a=A"), fired);
        assertFalse(timer.containsKey("a"));
        assertNull(timer.get("a"));
        assertEquals(0, timer.size());
    }

    @Test
    void removeBeforeClaim_returnsTrue_callbackSkipped() {
        timer.set("a", "A", Duration.ofMillis(1));
        timer.set("b", "B", Duration.ofMillis(1));
        timer.advanceTo(2 * MS);
        assertTrue(timer.remove("a"));
        runBatches();
        assertEquals(List.of("b=B"), fired);
        assertFalse(timer.remove("b")); // too late: claimed
    }

    @Test
    void moveBeforeClaim_returnsTrue_oldDeadlineSkipped_newOneFires() {
        timer.set("a", "A", Duration.ofMillis(1));
        timer.advanceTo(2 * MS);
        assertTrue(timer.move("a", Duration.ofMillis(5))); // deadline 7 ms
        runBatches();
        assertEquals(List.of(), fired);
        assertTrue(timer.containsKey("a"));
        timer.advanceTo(7 * MS);
        runBatches();
        assertEquals(List.of(), fired);
        timer.advanceTo(8 * MS);
        runBatches();
        assertEquals(List.of("a=A"), fired);
        assertFalse(timer.move("a", Duration.ofMillis(5))); // too late: claimed
    }

    @Test
    void moveBeforeClaim_toADeadlineAlreadyDue_firesInTheNextAdvance_once() {
        timer.set("a", "A", Duration.ofMillis(1));
        timer.advanceTo(2 * MS);
        assertTrue(timer.move("a", Duration.ZERO)); // deadline 2 ms, due at 3 ms
        timer.advanceTo(3 * MS);
        assertEquals(2, batches.size());
        runBatches(); // the first batch's claim fails, the second's succeeds
        assertEquals(List.of("a=A"), fired);
    }

    @Test
    void setBeforeClaim_returnsTheReplacedValue_onlyTheNewArmingFires() {
        timer.set("a", "A", Duration.ofMillis(1));
        timer.advanceTo(2 * MS);
        assertEquals("A", timer.set("a", "A2", Duration.ofMillis(1))); // deadline 3 ms
        runBatches();
        assertEquals(List.of(), fired);
        timer.advanceTo(4 * MS);
        runBatches();
        assertEquals(List.of("a=A2"), fired);
    }

    @Test
    void setAfterClaim_returnsNull_andArmsAnew() {
        timer.set("a", "A", Duration.ofMillis(1));
        timer.advanceTo(2 * MS);
        runBatches();
        assertNull(timer.set("a", "A2", Duration.ofMillis(1)));
        assertEquals("A2", timer.get("a"));
    }

    @Test
    void set_returnsTheValueItReplaced_orNull() {
        assertNull(timer.set("a", "A", Duration.ofMillis(10)));
        assertEquals("A", timer.set("a", "B", Duration.ofMillis(10)));
        assertEquals("B", timer.set("a", null, Duration.ofMillis(10)));
        assertNull(timer.set("a", "C", Duration.ofMillis(10))); // a pending null value: null as well
        assertTrue(timer.remove("a"));
        assertNull(timer.set("a", "D", Duration.ofMillis(10)));
    }

    @Test
    void get_pendingValue_orNull_andRejectsNullKey() {
        assertNull(timer.get("a"));
        timer.set("a", "A", Duration.ofMillis(10));
        assertEquals("A", timer.get("a"));
        assertTrue(timer.move("a", Duration.ofMillis(20)));
        assertEquals("A", timer.get("a"));
        timer.remove("a");
        assertNull(timer.get("a"));
        assertThrows(NullPointerException.class, () -> timer.get(null));
    }

    @Test
    void drainBeforeClaim_handsTheArmingOver_callbackSkipped() {
        timer.set("a", "A", Duration.ofMillis(1));
        timer.advanceTo(2 * MS);
        Map<String, String> drained = new HashMap<>();
        timer.drain(drained::put);
        assertEquals(Map.of("a", "A"), drained);
        runBatches();
        assertEquals(List.of(), fired);
    }

    @Test
    void closeBeforeClaim_callbackSkipped() {
        timer.set("a", "A", Duration.ofMillis(1));
        timer.advanceTo(2 * MS);
        timer.close();
        runBatches();
        assertEquals(List.of(), fired);
    }

    @Test
    void executorRejectsBatch_onlyArmingsStillCurrentAreReported() {
        Map<String, Throwable> errors = new HashMap<>();
        RejectedExecutionException full = new RejectedExecutionException("full");
        List<KeyedTimer<String, String>> self = new ArrayList<>();
        KeyedTimer<String, String> rejecting = KeyedTimer.<String, String>builder().manualClock()
                .executor(task -> {
                    assertTrue(self.get(0).remove("b")); // still armed while the batch is handed over
                    throw full;
                })
                .onError(errors::put)
                .build((key, value) -> fired.add(key));
        self.add(rejecting);
        rejecting.set("a", "A", Duration.ZERO);
        rejecting.set("b", "B", Duration.ZERO);
        rejecting.advanceTo(MS);
        assertEquals(Map.of("a", full), errors);
        assertEquals(List.of(), fired);
        assertEquals(0, rejecting.size());
        rejecting.set("b", "B", Duration.ZERO); // the rejected hand-off ended its turn: the next advance goes on
        rejecting.set("c", "C", Duration.ZERO);
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> rejecting.advanceTo(2 * MS));
        assertEquals(Map.of("a", full, "c", full), errors);
    }

    @Test
    void callbackOnAdvancingThread_claimsJustBeforeItRuns_laterKeysOfTheBatchStayArmed() {
        List<String> seen = new ArrayList<>();
        List<KeyedTimer<String, String>> self = new ArrayList<>();
        KeyedTimer<String, String> inline = KeyedTimer.<String, String>builder().manualClock().stripes(4)
                .build((key, value) -> seen.add(key + ": a " + self.get(0).containsKey("a") + ", b "
                        + self.get(0).containsKey("b") + ", size " + self.get(0).size()));
        self.add(inline);
        inline.set("a", "A", Duration.ofMillis(1));
        inline.set("b", "B", Duration.ofMillis(1));
        inline.advanceTo(2 * MS);
        assertEquals(List.of("a: a false, b true, size 1", "b: a false, b false, size 0"), seen);
    }
}
