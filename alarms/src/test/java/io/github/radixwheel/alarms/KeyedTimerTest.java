package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Deterministic tests of every clause of {@link KeyedTimer}, on the manual clock: time starts at
 * 0 and moves only through {@code advanceTo}, so no test sleeps or reads the wall clock.
 *
 * <p>The firing rule under test: an arming made at clock {@code t} with delay {@code d} has the
 * deadline {@code t + max(d, 0)}, and {@code advanceTo(x)} fires it when the deadline lies before
 * the start of the tick containing {@code x}, i.e. when {@code floor(x / tick) * tick > deadline}.
 * With a 1 ms tick, a 5 ms delay set at 0 fires at {@code advanceTo(6_000_000)}, not at
 * {@code advanceTo(5_999_999)}.
 */
class KeyedTimerTest {
    private static final long MS = 1_000_000L;

    /** Every expiry delivered to the timers built by {@link #manual()}, as "key=value". */
    private final List<String> fired = new ArrayList<>();

    /**
     * Exceptions thrown by callbacks that are not expected to throw. The timer hands them to
     * {@code onError} instead of letting them escape, so an assertion that fails inside a callback
     * would go unnoticed without this.
     */
    private final List<Throwable> callbackErrors = new ArrayList<>();

    @AfterEach
    void noCallbackFailed() {
        assertEquals(List.of(), callbackErrors, "a callback threw");
    }

    private void recordError(Object key, Throwable e) {
        callbackErrors.add(e);
    }

    private KeyedTimer<String, String> manual() {
        return KeyedTimer.<String, String>builder()
                .manualClock()
                .tick(Duration.ofMillis(1))
                .onError(this::recordError)
                .build((k, v) -> fired.add(k + "=" + v));
    }

    /** Advances the clock and returns what fired during this advance, sorted. */
    private List<String> advance(KeyedTimer<?, ?> timer, long nanos) {
        fired.clear();
        timer.advanceTo(nanos);
        List<String> result = new ArrayList<>(fired);
        result.sort(null);
        fired.clear();
        return result;
    }

    // ---------------------------------------------------------------- the firing boundary

    @Test
    void advanceTo_deadlineItselfAndRestOfItsTick_doNotFire_startOfNextTickFires() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "A", Duration.ofMillis(5));
        assertEquals(List.of(), advance(timer, 4_999_999));
        assertEquals(List.of(), advance(timer, 5_000_000)); // the deadline itself
        assertEquals(List.of(), advance(timer, 5_999_999)); // the rest of the deadline's tick
        assertTrue(timer.containsKey("a"));
        assertEquals(List.of("a=A"), advance(timer, 6_000_000));
        assertFalse(timer.containsKey("a"));
        assertEquals(0, timer.size());
        assertEquals(List.of(), advance(timer, 1_000 * MS)); // at most once
    }

    @Test
    void advanceTo_oneBigJumpPastDeadline_firesOnce() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "A", Duration.ofMillis(5));
        assertEquals(List.of("a=A"), advance(timer, 3_600_000 * MS));
        assertEquals(List.of(), advance(timer, 7_200_000 * MS));
    }

    @Test
    void set_offTickClock_deadlineIsClockPlusDelay_firesAtTickAfterDeadlinesTick() {
        KeyedTimer<String, String> timer = manual();
        timer.advanceTo(2_500_000);
        timer.set("a", "A", Duration.ofMillis(5)); // deadline 7.5 ms, in the tick [7 ms, 8 ms)
        assertEquals(List.of(), advance(timer, 7_500_000));
        assertEquals(List.of(), advance(timer, 7_999_999));
        assertEquals(List.of("a=A"), advance(timer, 8_000_000));
    }

    @Test
    void set_subTickDelay_firesAtNextTickBoundaryAfterDeadline() {
        KeyedTimer<String, String> timer = manual();
        timer.advanceTo(999_999);
        timer.set("a", "A", Duration.ofNanos(1)); // deadline 1 ms exactly: tick [1 ms, 2 ms)
        assertEquals(List.of(), advance(timer, 1_999_999));
        assertEquals(List.of("a=A"), advance(timer, 2_000_000));
    }

    @Test
    void advanceTo_notAfterClock_isNoOp_clockNeverGoesBack() {
        KeyedTimer<String, String> timer = manual();
        timer.advanceTo(10 * MS);
        timer.advanceTo(5 * MS);
        timer.advanceTo(-1);
        timer.advanceTo(Long.MIN_VALUE);
        timer.set("a", "A", Duration.ofMillis(1)); // deadline 11 ms, not 6 ms
        assertEquals(List.of(), advance(timer, 11 * MS + 999_999));
        assertEquals(List.of("a=A"), advance(timer, 12 * MS));
    }

    @Test
    void tick_nonPowerOfTwo_firesAtBoundaryOfThatTick() {
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder()
                .manualClock()
                .tick(Duration.ofMillis(7))
                .build((k, v) -> fired.add(k + "=" + v));
        timer.set("a", "A", Duration.ofMillis(10)); // deadline 10 ms, in the tick [7 ms, 14 ms)
        assertEquals(List.of(), advance(timer, 13_999_999));
        assertEquals(List.of("a=A"), advance(timer, 14 * MS));
    }

    @Test
    void tick_oneNanosecond_firesOneNanosecondAfterDeadline() {
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder()
                .manualClock()
                .tick(Duration.ofNanos(1))
                .build((k, v) -> fired.add(k + "=" + v));
        timer.set("a", "A", Duration.ofNanos(5));
        assertEquals(List.of(), advance(timer, 5));
        assertEquals(List.of("a=A"), advance(timer, 6));
    }

    // ---------------------------------------------------------------- move

    @Test
    void move_earlier_firesAtNewDeadlineOnceWithOriginalValue() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "A", Duration.ofMillis(10));
        assertTrue(timer.move("a", Duration.ofMillis(2)));
        assertEquals(List.of(), advance(timer, 2_999_999));
        assertEquals(List.of("a=A"), advance(timer, 3 * MS));
        assertEquals(List.of(), advance(timer, 20 * MS)); // not again at the old deadline
    }

    @Test
    void move_later_doesNotFireAtOldDeadline() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "A", Duration.ofMillis(2));
        timer.advanceTo(1 * MS);
        assertTrue(timer.move("a", Duration.ofMillis(5))); // deadline 6 ms
        assertEquals(List.of(), advance(timer, 3 * MS)); // the old deadline's tick has passed
        assertEquals(List.of(), advance(timer, 6_999_999));
        assertEquals(List.of("a=A"), advance(timer, 7 * MS));
    }

    @Test
    void move_repeatedHeartbeats_keepKeyAlive() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "A", Duration.ofMillis(10));
        for (long t = 5 * MS; t <= 500 * MS; t += 5 * MS) {
            assertEquals(List.of(), advance(timer, t));
            assertTrue(timer.move("a", Duration.ofMillis(10)));
        }
        // Last heartbeat at 500 ms: deadline 510 ms, fires at 511 ms.
        assertEquals(List.of(), advance(timer, 510_999_999));
        assertEquals(List.of("a=A"), advance(timer, 511 * MS));
    }

    @Test
    void move_unarmedKeys_returnFalseAndArmNothing() {
        KeyedTimer<String, String> timer = manual();
        assertFalse(timer.move("never", Duration.ofMillis(1)));

        timer.set("expired", "E", Duration.ZERO);
        assertEquals(List.of("expired=E"), advance(timer, 1 * MS));
        assertFalse(timer.move("expired", Duration.ofMillis(1)));

        timer.set("removed", "R", Duration.ofMillis(1));
        assertTrue(timer.remove("removed"));
        assertFalse(timer.move("removed", Duration.ofMillis(1)));

        assertEquals(0, timer.size());
        assertFalse(timer.containsKey("never"));
        assertEquals(List.of(), advance(timer, 1_000 * MS));
    }

    // ---------------------------------------------------------------- re-set

    @Test
    void set_armedKey_laterDeadline_replacesDeadlineAndValue_deliversNewValueOnce() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "old", Duration.ofMillis(2));
        timer.set("a", "new", Duration.ofMillis(10));
        assertEquals(1, timer.size());
        assertEquals(List.of(), advance(timer, 10_999_999)); // the old deadline did not fire
        assertEquals(List.of("a=new"), advance(timer, 11 * MS));
        assertEquals(List.of(), advance(timer, 100 * MS));
    }

    @Test
    void set_armedKey_earlierDeadline_replacesDeadlineAndValue_deliversNewValueOnce() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "old", Duration.ofMillis(10));
        timer.set("a", "new", Duration.ofMillis(2));
        assertEquals(List.of(), advance(timer, 2_999_999));
        assertEquals(List.of("a=new"), advance(timer, 3 * MS));
        assertEquals(List.of(), advance(timer, 100 * MS));
    }

    @Test
    void set_afterExpiry_armsAgain_eachArmingExpiresOnce() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "first", Duration.ofMillis(1));
        assertEquals(List.of("a=first"), advance(timer, 2 * MS));
        timer.set("a", "second", Duration.ofMillis(1)); // deadline 3 ms
        assertEquals(List.of(), advance(timer, 3_999_999));
        assertEquals(List.of("a=second"), advance(timer, 4 * MS));
        assertEquals(List.of(), advance(timer, 100 * MS));
    }

    @Test
    void set_nullValue_isAllowedAndDelivered() {
        List<String> values = new ArrayList<>();
        KeyedTimer<String, String> timer =
                KeyedTimer.<String, String>builder().manualClock().build((k, v) -> values.add(v));
        timer.set("a", null, Duration.ofMillis(1));
        assertTrue(timer.containsKey("a"));
        timer.advanceTo(2 * MS);
        assertEquals(1, values.size());
        assertNull(values.get(0));
    }

    @Test
    void keys_comparedWithEquals() {
        KeyedTimer<String, String> timer = manual();
        String key = new String("key".toCharArray());
        timer.set(key, "A", Duration.ofMillis(1));
        assertTrue(timer.containsKey("key"));
        timer.set("key", "B", Duration.ofMillis(1));
        assertEquals(1, timer.size());
        assertTrue(timer.move(new String("key".toCharArray()), Duration.ofMillis(3)));
        assertEquals(List.of("key=B"), advance(timer, 4 * MS));
    }

    // ---------------------------------------------------------------- remove, containsKey, size

    @Test
    void remove_armedKey_returnsTrueAndNeverFires_secondRemoveReturnsFalse() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "A", Duration.ofMillis(1));
        assertTrue(timer.remove("a"));
        assertFalse(timer.remove("a"));
        assertFalse(timer.containsKey("a"));
        assertEquals(List.of(), advance(timer, 1_000 * MS));
    }

    @Test
    void remove_unarmedOrExpiredKey_returnsFalse() {
        KeyedTimer<String, String> timer = manual();
        assertFalse(timer.remove("never"));
        timer.set("a", "A", Duration.ofMillis(1));
        assertEquals(List.of("a=A"), advance(timer, 2 * MS));
        assertFalse(timer.remove("a"));
    }

    @Test
    void containsKeyAndSize_trackSetRemoveAndExpiry() {
        KeyedTimer<String, String> timer = manual();
        assertEquals(0, timer.size());
        timer.set("a", "A", Duration.ofMillis(1));
        timer.set("b", "B", Duration.ofMillis(5));
        timer.set("c", "C", Duration.ofMillis(10));
        timer.set("c", "C2", Duration.ofMillis(10)); // re-set: still one arming
        assertEquals(3, timer.size());
        assertTrue(timer.containsKey("a") && timer.containsKey("b") && timer.containsKey("c"));
        assertFalse(timer.containsKey("d"));

        assertTrue(timer.remove("b"));
        assertEquals(2, timer.size());
        assertFalse(timer.containsKey("b"));

        assertEquals(List.of("a=A"), advance(timer, 2 * MS));
        assertEquals(1, timer.size());
        assertFalse(timer.containsKey("a"));
        assertTrue(timer.containsKey("c"));

        assertEquals(List.of("c=C2"), advance(timer, 11 * MS));
        assertEquals(0, timer.size());
    }

    // ---------------------------------------------------------------- drain

    @Test
    void drain_runsEveryPendingKeyOnCallingThreadInDeadlineOrder_andDisarmsThem() {
        List<Runnable> submitted = new ArrayList<>();
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder()
                .manualClock()
                .executor(submitted::add) // drain must not use the executor
                .build((k, v) -> fired.add(k + "=" + v));
        timer.set("a", "A", Duration.ofMillis(30));
        timer.set("b", "B", Duration.ofMillis(10));
        timer.set("c", "C", Duration.ofMillis(20));
        timer.set("d", "D", Duration.ofMillis(40));
        assertTrue(timer.remove("d"));
        timer.set("e", "E", Duration.ofMillis(1));
        timer.advanceTo(2 * MS); // e's expiry is found and handed to the executor, not yet claimed
        assertEquals(1, submitted.size());

        List<String> drained = new ArrayList<>();
        Thread caller = Thread.currentThread();
        timer.drain((k, v) -> {
            assertSame(caller, Thread.currentThread());
            drained.add(k + "=" + v);
        });
        // e was still armed: drain takes it, and its claim fails later.
        assertEquals(List.of("e=E", "b=B", "c=C", "a=A"), drained);
        assertEquals(0, timer.size());
        assertFalse(timer.containsKey("a") || timer.containsKey("b") || timer.containsKey("c"));
        assertFalse(timer.move("a", Duration.ofMillis(1)));
        assertFalse(timer.remove("b"));
        assertEquals(1, submitted.size());

        timer.advanceTo(1_000 * MS);
        assertEquals(1, submitted.size()); // nothing drained fires later
        submitted.get(0).run();
        assertEquals(List.of(), fired);
    }

    @Test
    void drain_emptyTimer_runsNothing() {
        KeyedTimer<String, String> timer = manual();
        timer.drain((k, v) -> fired.add("drained " + k));
        assertEquals(List.of(), fired);
    }

    @Test
    void drain_actionThrows_remainingKeysStillHandedOver_firstExceptionRethrownWithLaterSuppressed() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "A", Duration.ofMillis(1));
        timer.set("b", "B", Duration.ofMillis(2));
        timer.set("c", "C", Duration.ofMillis(3));
        timer.set("d", "D", Duration.ofMillis(4));
        RuntimeException boomB = new IllegalStateException("boom b");
        RuntimeException boomD = new UnsupportedOperationException("boom d");
        List<String> drained = new ArrayList<>();
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> timer.drain((k, v) -> {
            drained.add(k);
            if (k.equals("b")) {
                throw boomB;
            }
            if (k.equals("d")) {
                throw boomD;
            }
        }));
        assertSame(boomB, thrown);
        assertEquals(List.of(boomD), Arrays.asList(thrown.getSuppressed()));
        assertEquals(List.of("a", "b", "c", "d"), drained);
        assertEquals(0, timer.size());
        assertEquals(List.of(), advance(timer, 1_000 * MS));
    }

    @Test
    void drain_actionMayUseTimer_reArmedKeysStayArmed() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "A", Duration.ofMillis(5));
        timer.set("b", "B", Duration.ofMillis(6));
        timer.drain((k, v) -> {
            if (k.equals("a")) {
                timer.set("a", "again", Duration.ofMillis(1));
            }
            fired.add("drained " + k + " size " + timer.size());
        });
        assertEquals(List.of("drained a size 1", "drained b size 1"), fired);
        assertTrue(timer.containsKey("a"));
        assertEquals(List.of("a=again"), advance(timer, 2 * MS));
    }

    // ---------------------------------------------------------------- non-positive and huge delays

    @Test
    void set_nonPositiveDelays_expireAtNextTick_notImmediately() {
        KeyedTimer<String, String> timer = manual();
        timer.set("zero", "Z", Duration.ZERO);
        timer.set("negative", "N", Duration.ofMillis(-5));
        timer.set("veryNegative", "V", Duration.ofSeconds(Long.MIN_VALUE)); // nanos underflow a long
        assertEquals(List.of(), fired); // set never fires anything itself
        assertEquals(3, timer.size());
        assertEquals(List.of(), advance(timer, 999_999));
        assertEquals(List.of("negative=N", "veryNegative=V", "zero=Z"), advance(timer, 1 * MS));
    }

    @Test
    void setAndMove_nonPositiveDelays_offTickClock_expireAtNextTickBoundary() {
        KeyedTimer<String, String> timer = manual();
        timer.advanceTo(2_500_000);
        timer.set("zero", "Z", Duration.ZERO);
        timer.set("moved", "M", Duration.ofMillis(100));
        assertTrue(timer.move("moved", Duration.ofMillis(-1)));
        assertEquals(List.of(), advance(timer, 2_999_999));
        assertEquals(List.of("moved=M", "zero=Z"), advance(timer, 3 * MS));
    }

    @Test
    void set_hugeDelays_neverFireEarly() {
        KeyedTimer<String, String> timer = manual();
        Duration century = Duration.ofDays(365 * 100); // 3.15e18 ns: fits in a long
        long centuryNanos = century.toNanos();
        timer.set("century", "C", century);
        timer.set("millennium", "M", Duration.ofDays(365 * 1000)); // its nanos overflow a long
        timer.set("max", "X", Duration.ofSeconds(Long.MAX_VALUE, 999_999_999));
        timer.set("moved", "V", Duration.ofMillis(1));
        assertTrue(timer.move("moved", Duration.ofDays(365 * 1000)));

        assertEquals(List.of(), advance(timer, 1_000 * MS));
        assertEquals(List.of(), advance(timer, centuryNanos));
        assertEquals(List.of(), advance(timer, centuryNanos + 999_999));
        assertEquals(List.of("century=C"), advance(timer, centuryNanos + MS));
        // The rest saturate at Long.MAX_VALUE: no representable clock lies after their deadline.
        assertEquals(List.of(), advance(timer, Long.MAX_VALUE - MS));
        assertEquals(List.of(), advance(timer, Long.MAX_VALUE));
        assertEquals(3, timer.size());
        assertTrue(timer.containsKey("millennium") && timer.containsKey("max") && timer.containsKey("moved"));
    }

    @Test
    void set_hugeDelayAfterClockAdvanced_saturatesInsteadOfOverflowing() {
        KeyedTimer<String, String> timer = manual();
        timer.advanceTo(Long.MAX_VALUE / 2);
        timer.set("a", "A", Duration.ofDays(365 * 200)); // clock + delay > Long.MAX_VALUE
        assertEquals(List.of(), advance(timer, Long.MAX_VALUE));
        assertTrue(timer.containsKey("a"));
    }

    // ---------------------------------------------------------------- null arguments

    @Test
    void nullArguments_throwNullPointerException_andChangeNothing() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "A", Duration.ofMillis(5));
        assertThrows(NullPointerException.class, () -> timer.set(null, "X", Duration.ofMillis(1)));
        assertThrows(NullPointerException.class, () -> timer.set("a", "X", null));
        assertThrows(NullPointerException.class, () -> timer.set("b", "X", null));
        assertThrows(NullPointerException.class, () -> timer.move(null, Duration.ofMillis(1)));
        assertThrows(NullPointerException.class, () -> timer.move("a", null));
        assertThrows(NullPointerException.class, () -> timer.remove(null));
        assertThrows(NullPointerException.class, () -> timer.containsKey(null));
        assertThrows(NullPointerException.class, () -> timer.drain(null));

        assertEquals(1, timer.size());
        assertFalse(timer.containsKey("b"));
        assertEquals(List.of(), advance(timer, 5_999_999));
        assertEquals(List.of("a=A"), advance(timer, 6 * MS)); // deadline and value unchanged
    }

    @Test
    void build_nullOnExpired_throwsNullPointerException() {
        assertThrows(NullPointerException.class, () -> KeyedTimer.<String, String>builder().manualClock().build(null));
        assertThrows(NullPointerException.class, () -> KeyedTimer.<String, String>builder().build(null));
    }

    // ---------------------------------------------------------------- builder validation

    @Test
    void builder_badArguments_throwTheSpecifiedExceptions() {
        KeyedTimer.Builder<String, String> b = KeyedTimer.builder();
        assertThrows(NullPointerException.class, () -> b.tick(null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.tick(Duration.ZERO));
        assertEquals("tick: PT0S (expected: 1..9223372036854775807 ns)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> b.tick(Duration.ofNanos(Long.MAX_VALUE).plusNanos(1)));
        assertThrows(IllegalArgumentException.class, () -> b.tick(Duration.ofNanos(-1)));
        assertThrows(IllegalArgumentException.class, () -> b.tick(Duration.ofMillis(-1)));
        assertThrows(IllegalArgumentException.class, () -> b.tick(Duration.ofSeconds(Long.MIN_VALUE)));
        assertThrows(NullPointerException.class, () -> b.executor(null));
        assertThrows(NullPointerException.class, () -> b.levelBits(null));
        assertThrows(NullPointerException.class, () -> b.onError(null));
    }

    @Test
    void builder_defaultTick_isOneMillisecond() {
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock()
                .build((k, v) -> fired.add(k + "=" + v));
        timer.set("a", "A", Duration.ofNanos(1)); // tick [0, 1 ms): fires when the clock reaches 1 ms
        assertEquals(List.of(), advance(timer, MS - 1));
        assertEquals(List.of("a=A"), advance(timer, MS));
    }

    @Test
    void builder_rejectedSettings_leaveEarlierSettingsInPlace() {
        KeyedTimer.Builder<String, String> b = KeyedTimer.<String, String>builder().manualClock().tick(Duration.ofMillis(10));
        assertThrows(IllegalArgumentException.class, () -> b.tick(Duration.ZERO));
        KeyedTimer<String, String> timer = b.build((k, v) -> fired.add(k + "=" + v));
        timer.set("a", "A", Duration.ofMillis(1)); // tick [0, 10 ms): fires at 10 ms
        assertEquals(List.of(), advance(timer, 9_999_999));
        assertEquals(List.of("a=A"), advance(timer, 10 * MS));
    }

    @Test
    void build_levelWithMoreThan24Bits_throwsIllegalArgumentException() {
        KeyedTimer.Builder<String, String> b = KeyedTimer.<String, String>builder().manualClock().levelBits(LevelBits.of(25));
        assertThrows(IllegalArgumentException.class, () -> b.build((k, v) -> {}));
    }

    @Test
    void builder_smallestTickAndEveryOption_build() {
        List<Runnable> tasks = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder()
                .manualClock()
                .tick(Duration.ofNanos(1))
                .levelBits(LevelBits.of(8, 8))
                .executor(tasks::add)
                .onError((k, e) -> errors.add(k))
                .build((k, v) -> {
                    throw new IllegalStateException(k);
                });
        timer.set("a", "A", Duration.ofNanos(3));
        timer.advanceTo(4);
        assertEquals(1, tasks.size());
        tasks.get(0).run();
        assertEquals(List.of("a"), errors);
    }

    // ---------------------------------------------------------------- close

    @Test
    void close_disarmsEverythingWithoutCallbacks_laterSetMoveAdvanceToThrow() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "A", Duration.ofMillis(1));
        timer.set("b", "B", Duration.ZERO);
        timer.close();
        assertEquals(0, timer.size());
        assertFalse(timer.containsKey("a"));
        assertThrows(IllegalStateException.class, () -> timer.set("c", "C", Duration.ofMillis(1)));
        assertThrows(IllegalStateException.class, () -> timer.set("a", "A", Duration.ofMillis(1)));
        assertThrows(IllegalStateException.class, () -> timer.move("a", Duration.ofMillis(1)));
        assertThrows(IllegalStateException.class, () -> timer.move("zzz", Duration.ofMillis(1)));
        assertThrows(IllegalStateException.class, () -> timer.advanceTo(1_000 * MS));
        assertFalse(timer.remove("a"));
        timer.drain((k, v) -> fired.add("drained " + k));
        assertEquals(List.of(), fired);
        assertEquals(0, timer.size());
    }

    @Test
    void close_isIdempotent() {
        KeyedTimer<String, String> timer = manual();
        timer.set("a", "A", Duration.ofMillis(1));
        timer.close();
        timer.close();
        assertThrows(IllegalStateException.class, () -> timer.set("a", "A", Duration.ofMillis(1)));
        assertEquals(List.of(), fired);
    }

    @Test
    void close_ownThreadTimer_isIdempotent_andRejectsSet() {
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().build((k, v) -> fired.add(k));
        timer.set("a", "A", Duration.ofHours(1));
        timer.close();
        timer.close();
        assertEquals(0, timer.size());
        assertThrows(IllegalStateException.class, () -> timer.set("a", "A", Duration.ofMillis(1)));
        assertThrows(IllegalStateException.class, () -> timer.move("a", Duration.ofMillis(1)));
    }

    @Test
    void close_thenNullArguments_throwNullPointerException_argumentsCheckedFirst() {
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock().build((k, v) -> fired.add(k));
        timer.close();
        assertThrows(NullPointerException.class, () -> timer.set(null, "A", Duration.ofMillis(1)));
        assertThrows(NullPointerException.class, () -> timer.set("a", "A", null));
        assertThrows(NullPointerException.class, () -> timer.move(null, Duration.ofMillis(1)));
        assertThrows(NullPointerException.class, () -> timer.move("a", null));
        assertThrows(IllegalStateException.class, () -> timer.set("a", "A", Duration.ofMillis(1)));
    }

    @Test
    void advanceTo_timerWithOwnThread_throwsIllegalStateException() {
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().build((k, v) -> fired.add(k));
        try {
            timer.set("a", "A", Duration.ofHours(1));
            assertThrows(IllegalStateException.class, () -> timer.advanceTo(Long.MAX_VALUE));
            assertTrue(timer.containsKey("a")); // the rejected call changed nothing
            assertEquals(List.of(), fired);
        } finally {
            timer.close();
        }
    }

    // ---------------------------------------------------------------- callbacks that use the timer

    @Test
    void onExpired_reArmsItsOwnKey_periodicTimer() {
        List<String> log = new ArrayList<>();
        KeyedTimer<String, Integer>[] self = holder();
        self[0] = KeyedTimer.<String, Integer>builder().manualClock().onError(this::recordError).build((k, v) -> {
            log.add(k + "=" + v);
            assertFalse(self[0].containsKey(k)); // already disarmed when the callback runs
            assertFalse(self[0].move(k, Duration.ofMillis(1)));
            assertNull(self[0].set(k, v + 1, Duration.ofMillis(5)));
        });
        KeyedTimer<String, Integer> periodic = self[0];
        periodic.set("tick", 1, Duration.ofMillis(5));
        // Fires in the tick [5 ms, 6 ms); the callback sees the clock at 5 ms and re-arms for 10 ms.
        periodic.advanceTo(6 * MS);
        assertEquals(List.of("tick=1"), log);
        assertTrue(periodic.containsKey("tick"));
        periodic.advanceTo(10_999_999);
        assertEquals(List.of("tick=1"), log);
        periodic.advanceTo(11 * MS);
        assertEquals(List.of("tick=1", "tick=2"), log);
        // One long advance fires every period within it (at 15, 20, ..., 95 ms), as TimingWheel does.
        periodic.advanceTo(100 * MS);
        assertEquals(19, log.size());
        assertEquals("tick=19", log.get(18));
        assertEquals(1, periodic.size());
        periodic.advanceTo(101 * MS); // the arming made at 95 ms, for 100 ms
        assertEquals("tick=20", log.get(19));
    }

    @Test
    void onExpired_setsAndRemovesOtherKeys() {
        List<String> log = new ArrayList<>();
        List<Boolean> removeResults = new ArrayList<>();
        KeyedTimer<String, String>[] self = holder();
        self[0] = KeyedTimer.<String, String>builder().manualClock().onError(this::recordError).build((k, v) -> {
            log.add(k);
            KeyedTimer<String, String> t = self[0];
            if (v.equals("A")) {
                removeResults.add(t.remove("later")); // armed, not yet due: disarmed for good
                removeResults.add(t.remove("sameAdvance")); // due in this advance, not yet claimed
                t.set("fresh", "F", Duration.ZERO); // at the callback's clock, 1 ms: due in this advance
                t.set("a", "A2", Duration.ofMillis(3)); // 4 ms
            }
        });
        KeyedTimer<String, String> timer = self[0];
        timer.set("a", "A", Duration.ofMillis(1));
        timer.set("sameAdvance", "S", Duration.ofMillis(1));
        timer.set("later", "L", Duration.ofMillis(50));
        timer.advanceTo(2 * MS);
        // "sameAdvance" was found due but not yet claimed: remove wins, and it is never delivered.
        assertEquals(List.of(true, true), removeResults);
        assertEquals(List.of("a", "fresh"), log);
        assertEquals(1, timer.size());
        assertTrue(timer.containsKey("a"));

        log.clear();
        timer.advanceTo(4_999_999);
        assertEquals(List.of(), log);
        timer.advanceTo(5 * MS);
        assertEquals(List.of("a"), log);
        timer.advanceTo(1_000 * MS); // "later" never fires
        assertEquals(List.of("a"), log);
        assertEquals(0, timer.size());
    }

    @Test
    void onExpired_removesKeyDueInALaterAdvance_itNeverFires() {
        KeyedTimer<String, String>[] self = holder();
        self[0] = KeyedTimer.<String, String>builder().manualClock().onError(this::recordError).build((k, v) -> {
            fired.add(k);
            if (k.equals("first")) {
                assertTrue(self[0].remove("second"));
            }
        });
        KeyedTimer<String, String> timer = self[0];
        timer.set("first", "1", Duration.ofMillis(1));
        timer.set("second", "2", Duration.ofMillis(2));
        timer.advanceTo(2 * MS);
        timer.advanceTo(10 * MS);
        assertEquals(List.of("first"), fired);
    }

    @Test
    void onExpired_nestedAdvanceTo_throwsIllegalStateException_andChangesNothing() {
        KeyedTimer<String, String>[] self = holder();
        self[0] = KeyedTimer.<String, String>builder().manualClock().onError(this::recordError).build((k, v) -> {
            fired.add(k + " start");
            if (k.equals("a")) {
                assertThrows(IllegalStateException.class, () -> self[0].advanceTo(10 * MS));
                assertThrows(IllegalStateException.class, () -> self[0].advanceTo(0)); // even a no-op
            }
            fired.add(k + " end");
        });
        KeyedTimer<String, String> timer = self[0];
        timer.set("a", "A", Duration.ofMillis(1));
        timer.set("b", "B", Duration.ofMillis(5));
        timer.advanceTo(2 * MS);
        assertEquals(List.of("a start", "a end"), fired);
        assertTrue(timer.containsKey("b"));
        timer.advanceTo(6 * MS); // the clock was not moved by the refused call: b fires now, not before
        assertEquals(List.of("a start", "a end", "b start", "b end"), fired);
        assertEquals(0, timer.size());
    }

    // ---------------------------------------------------------------- errors

    @Test
    void onExpired_throws_reportedToOnErrorWithKey_otherExpirationsInSameAdvanceStillRun() {
        RuntimeException boom = new IllegalStateException("boom");
        Error fatal = new AssertionError("fatal");
        Map<String, Throwable> errors = new HashMap<>();
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder()
                .manualClock()
                .onError(errors::put)
                .build((k, v) -> {
                    fired.add(k);
                    if (k.equals("b")) {
                        throw boom;
                    }
                    if (k.equals("d")) {
                        throw fatal;
                    }
                });
        for (String k : List.of("a", "b", "c", "d", "e")) {
            timer.set(k, k, Duration.ofMillis(1));
        }
        timer.advanceTo(2 * MS);
        assertEquals(List.of("a", "b", "c", "d", "e"), sorted(fired));
        assertEquals(2, errors.size());
        assertSame(boom, errors.get("b"));
        assertSame(fatal, errors.get("d"));
        assertEquals(0, timer.size());

        // The timer keeps running.
        fired.clear();
        timer.set("f", "f", Duration.ofMillis(1));
        timer.set("g", "g", Duration.ofMillis(1));
        timer.advanceTo(4 * MS);
        assertEquals(List.of("f", "g"), sorted(fired));
        assertEquals(2, errors.size());
    }

    @Test
    void onExpired_throws_defaultOnErrorPrintsKeyToSystemErr_andOnErrorThatThrowsIsContained() {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            KeyedTimer<String, String> byDefault = KeyedTimer.<String, String>builder()
                    .manualClock()
                    .build((k, v) -> {
                        throw new IllegalStateException("default-handler-boom");
                    });
            byDefault.set("key-7", "v", Duration.ZERO);
            byDefault.advanceTo(MS);

            KeyedTimer<String, String> throwingOnError = KeyedTimer.<String, String>builder()
                    .manualClock()
                    .onError((k, e) -> {
                        throw new IllegalArgumentException("onError-boom");
                    })
                    .build((k, v) -> {
                        fired.add(k);
                        if (k.equals("bad")) {
                            throw new IllegalStateException("expired-boom");
                        }
                    });
            throwingOnError.set("bad", "v", Duration.ZERO);
            throwingOnError.set("good", "v", Duration.ZERO);
            throwingOnError.advanceTo(MS); // neither exception escapes
            assertEquals(List.of("bad", "good"), sorted(fired));
        } finally {
            System.setErr(original);
        }
        String err = captured.toString(StandardCharsets.UTF_8);
        assertTrue(err.contains("key-7"), err);
        assertTrue(err.contains("default-handler-boom"), err);
        assertTrue(err.contains("onError-boom"), err);
    }

    // ---------------------------------------------------------------- executor

    @Test
    void executor_receivesTheCallbacks_notTheAdvancingThread() {
        Queue<Runnable> tasks = new ArrayDeque<>();
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder()
                .manualClock()
                .executor(tasks::add)
                .build((k, v) -> fired.add(k + "=" + v));
        timer.set("a", "A", Duration.ofMillis(1));
        timer.set("b", "B", Duration.ofMillis(1));
        timer.advanceTo(2 * MS);
        assertEquals(List.of(), fired); // nothing ran on this thread
        assertEquals(2, timer.size()); // both stay armed until their callbacks are claimed
        assertFalse(tasks.isEmpty());
        while (!tasks.isEmpty()) {
            tasks.poll().run();
        }
        assertEquals(List.of("a=A", "b=B"), fired);
        assertEquals(0, timer.size());
    }

    @Test
    void executor_runsCallbacksOnItsOwnThread() throws InterruptedException {
        List<Thread> callbackThreads = new ArrayList<>();
        List<Thread> started = new ArrayList<>();
        Executor newThread = task -> {
            Thread t = new Thread(task, "keyed-timer-test-executor");
            started.add(t);
            t.start();
        };
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder()
                .manualClock()
                .executor(newThread)
                .build((k, v) -> {
                    synchronized (callbackThreads) {
                        callbackThreads.add(Thread.currentThread());
                    }
                });
        timer.set("a", "A", Duration.ofMillis(1));
        timer.advanceTo(2 * MS);
        assertEquals(1, started.size());
        started.get(0).join(10_000);
        assertFalse(started.get(0).isAlive());
        synchronized (callbackThreads) {
            assertEquals(List.of(started.get(0)), callbackThreads);
        }
    }

    @Test
    void executor_rejectsTask_eachKeyReportedToOnError() {
        RejectedExecutionException rejected = new RejectedExecutionException("full");
        Map<String, Throwable> errors = new HashMap<>();
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder()
                .manualClock()
                .executor(task -> {
                    throw rejected;
                })
                .onError(errors::put)
                .build((k, v) -> fired.add(k));
        timer.set("a", "A", Duration.ZERO);
        timer.set("b", "B", Duration.ZERO);
        timer.advanceTo(MS); // does not throw
        assertEquals(Map.of("a", rejected, "b", rejected), errors);
        assertEquals(List.of(), fired);
        assertEquals(0, timer.size());
    }

    // ---------------------------------------------------------------- small wheel ranges

    @Test
    void levelBits_smallRange_deadlinesBeyondRangeStillFireAtTheirTick() {
        // LevelBits.of(4, 4) covers 256 ticks: with a 1 ms tick, deadlines beyond about 256 ms lie
        // outside the wheel when armed, and must still fire exactly one tick after their deadline.
        KeyedTimer<Long, Long> timer = KeyedTimer.<Long, Long>builder()
                .manualClock()
                .tick(Duration.ofMillis(1))
                .levelBits(LevelBits.of(4, 4))
                .build((k, v) -> fired.add(k + "=" + v));
        long[] delaysMs = {1, 15, 16, 17, 254, 255, 256, 257, 258, 300, 511, 512, 513, 1_000, 4_097, 123_456};
        for (long d : delaysMs) {
            timer.set(d, d, Duration.ofMillis(d));
        }
        timer.set(-1L, -1L, Duration.ofDays(365 * 1000)); // never
        List<String> order = new ArrayList<>();
        for (long t = 1; t <= 123_460; t++) {
            fired.clear();
            timer.advanceTo(t * MS);
            for (String f : fired) {
                order.add(f + "@" + t);
            }
        }
        List<String> expected = new ArrayList<>();
        for (long d : delaysMs) {
            expected.add(d + "=" + d + "@" + (d + 1));
        }
        assertEquals(expected, order);
        assertEquals(1, timer.size());
        assertTrue(timer.containsKey(-1L));
    }

    @Test
    void levelBits_smallRange_bigJumps_fireAtFirstAdvancePastDeadlineNeverEarly() {
        KeyedTimer<Long, Long> timer = KeyedTimer.<Long, Long>builder()
                .manualClock()
                .levelBits(LevelBits.of(4, 4))
                .build((k, v) -> fired.add(Long.toString(k)));
        timer.advanceTo(300_000); // off-tick start
        timer.set(1_000L, 0L, Duration.ofMillis(1_000)); // deadline 1000.3 ms: fires at 1001 ms
        timer.set(700L, 0L, Duration.ofMillis(700)); // deadline 700.3 ms: fires at 701 ms
        timer.set(300L, 0L, Duration.ofMillis(299)); // deadline 299.3 ms: fires at 300 ms
        timer.advanceTo(299_999_999);
        assertEquals(List.of(), fired);
        timer.advanceTo(700_999_999); // one jump of about 400 ms, beyond the 256 ms range
        assertEquals(List.of("300"), fired);
        timer.advanceTo(701 * MS);
        assertEquals(List.of("300", "700"), fired);
        timer.advanceTo(1_000_999_999);
        assertEquals(List.of("300", "700"), fired);
        assertTrue(timer.move(1_000L, Duration.ofMillis(2_000))); // deadline 3000.999999 ms
        timer.advanceTo(3_000_999_999L);
        assertEquals(List.of("300", "700"), fired);
        timer.advanceTo(3_001 * MS);
        assertEquals(List.of("300", "700", "1000"), fired);
    }

    // ---------------------------------------------------------------- random operations vs a model

    static Stream<Arguments> configurations() {
        return Stream.of(
                Arguments.of(1_000_000L, LevelBits.DEFAULT, 1L),
                Arguments.of(1_000_000L, LevelBits.of(4, 4), 2L),
                Arguments.of(7L, LevelBits.of(2, 2, 2), 3L),
                Arguments.of(3L, LevelBits.of(1), 4L),
                Arguments.of(1_000L, LevelBits.of(3, 1, 2), 5L));
    }

    /**
     * Random set/move/remove/advanceTo sequences against a model that applies the firing rule
     * directly: after each call, the return value, the keys fired (each with its last value, at
     * most once per arming), {@code size} and {@code containsKey} must agree with the model.
     */
    @ParameterizedTest
    @MethodSource("configurations")
    void randomOperations_matchModel(long tick, LevelBits bits, long seed) {
        Map<Integer, Long> firedNow = new HashMap<>();
        KeyedTimer<Integer, Long> timer = KeyedTimer.<Integer, Long>builder()
                .manualClock()
                .tick(Duration.ofNanos(tick))
                .levelBits(bits)
                .onError(this::recordError)
                .build((k, v) -> assertNull(firedNow.put(k, v), "fired twice in one advance: " + k));
        Map<Integer, long[]> model = new HashMap<>(); // key -> {deadline, value}
        SplittableRandom rnd = new SplittableRandom(seed);
        long now = 0;
        long nextValue = 0;
        int firings = 0;
        for (int step = 0; step < 20_000; step++) {
            int key = rnd.nextInt(48);
            int op = rnd.nextInt(100);
            if (op < 35) {
                Duration delay = randomDelay(rnd, tick);
                long value = nextValue++;
                timer.set(key, value, delay);
                model.put(key, new long[] {deadline(now, delay), value});
            } else if (op < 55) {
                Duration delay = randomDelay(rnd, tick);
                long[] armed = model.get(key);
                assertEquals(armed != null, timer.move(key, delay), "move " + key + " at step " + step);
                if (armed != null) {
                    armed[0] = deadline(now, delay);
                }
            } else if (op < 65) {
                assertEquals(model.remove(key) != null, timer.remove(key), "remove " + key + " at step " + step);
            } else {
                long to = rnd.nextInt(10) == 0 ? now - rnd.nextInt(1 + (int) Math.min(now, 1_000)) : now + randomAdvance(rnd, tick);
                firedNow.clear();
                timer.advanceTo(to);
                Map<Integer, Long> expected = new HashMap<>();
                if (to > now) {
                    long tickStart = to - to % tick;
                    model.entrySet().removeIf(e -> {
                        if (e.getValue()[0] < tickStart) {
                            expected.put(e.getKey(), e.getValue()[1]);
                            return true;
                        }
                        return false;
                    });
                    now = to;
                }
                assertEquals(List.of(), callbackErrors, "advanceTo " + to + " at step " + step);
                assertEquals(expected, firedNow, "advanceTo " + to + " at step " + step);
                firings += expected.size();
            }
            assertEquals(model.size(), timer.size(), "size at step " + step);
            assertEquals(model.containsKey(key), timer.containsKey(key), "containsKey at step " + step);
        }
        assertTrue(firings > 1_000, "too few firings to be a meaningful test: " + firings);
    }

    private static Duration randomDelay(SplittableRandom rnd, long tick) {
        int kind = rnd.nextInt(100);
        if (kind < 3) {
            return Duration.ZERO;
        }
        if (kind < 6) {
            return Duration.ofNanos(-1 - rnd.nextLong(10 * tick));
        }
        if (kind < 8) {
            return Duration.ofDays(365 * 1000);
        }
        return Duration.ofNanos(rnd.nextLong(300) * tick + rnd.nextLong(tick));
    }

    private static long randomAdvance(SplittableRandom rnd, long tick) {
        int kind = rnd.nextInt(10);
        if (kind < 6) {
            return rnd.nextLong(2 * tick + 1);
        }
        if (kind < 9) {
            return rnd.nextLong(20 * tick);
        }
        return rnd.nextLong(400 * tick);
    }

    /** The model's deadline: clock plus a non-negative delay, saturating at Long.MAX_VALUE. */
    static long deadline(long now, Duration delay) {
        if (delay.isNegative() || delay.isZero()) {
            return now;
        }
        long nanos;
        try {
            nanos = delay.toNanos();
        } catch (ArithmeticException overflow) {
            return Long.MAX_VALUE;
        }
        return now > Long.MAX_VALUE - nanos ? Long.MAX_VALUE : now + nanos;
    }

    // ---------------------------------------------------------------- helpers

    @SuppressWarnings("unchecked")
    private static <K, V> KeyedTimer<K, V>[] holder() {
        return (KeyedTimer<K, V>[]) new KeyedTimer<?, ?>[1];
    }

    private static List<String> sorted(List<String> list) {
        List<String> copy = new ArrayList<>(list);
        copy.sort(null);
        return copy;
    }
}
