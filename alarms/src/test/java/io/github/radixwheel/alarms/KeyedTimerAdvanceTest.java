package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * How an advance fires: one clock for all keys, tick order then arming order across stripes,
 * callbacks on the advancing thread that see the clock of the tick being fired and whose armings
 * join the advance in their place, and deadlines that never come.
 */
class KeyedTimerAdvanceTest {
    private static final long MS = 1_000_000L;

    private final List<String> fired = new ArrayList<>();

    @SuppressWarnings("unchecked")
    private static <K, V> KeyedTimer<K, V>[] holder() {
        return (KeyedTimer<K, V>[]) new KeyedTimer<?, ?>[1];
    }

    @Test
    void oneClock_aStripeWithNothingArmedStillSharesTheClock() {
        KeyedTimer<Integer, String> timer = KeyedTimer.<Integer, String>builder().manualClock().stripes(8)
                .build((key, value) -> fired.add(value));
        timer.set(1, "early", Duration.ofMillis(1));
        timer.advanceTo(5 * MS);
        timer.set(6, "late", Duration.ofMillis(1)); // another stripe, never touched before: deadline 6 ms
        timer.advanceTo(6 * MS);
        assertEquals(List.of("early"), fired);
        timer.advanceTo(7 * MS);
        assertEquals(List.of("early", "late"), fired);
        timer.checkInvariants();
    }

    @Test
    void callbackArmings_dueBeforeTheTarget_fireInTheSameCallInTheirPlace() {
        KeyedTimer<String, String>[] self = holder();
        self[0] = KeyedTimer.<String, String>builder().manualClock().stripes(8).build((key, value) -> {
            fired.add(key);
            if (key.equals("a")) { // the callback's clock is 1 ms
                self[0].set("d", "", Duration.ofMillis(2)); // 3 ms: after b and c, armed before it
                self[0].set("e", "", Duration.ofMillis(1)); // 2 ms: before b and c
                self[0].set("f", "", Duration.ofMillis(9)); // 10 ms: not in this advance
                self[0].move("c", Duration.ofMillis(2)); // 3 ms, re-armed last: after d
            }
        });
        self[0].set("a", "", Duration.ofMillis(1));
        self[0].set("b", "", Duration.ofMillis(3));
        self[0].set("c", "", Duration.ofMillis(3));
        self[0].advanceTo(5 * MS);
        assertEquals(List.of("a", "e", "b", "d", "c"), fired);
        assertEquals(1, self[0].size());
        self[0].advanceTo(10 * MS);
        assertEquals(5, fired.size());
        self[0].advanceTo(11 * MS);
        assertEquals("f", fired.get(5));
    }

    @Test
    void callbackClock_isTheClockBeforeTheAdvance_whenThatIsLaterThanTheFiringTick() {
        KeyedTimer<String, String>[] self = holder();
        self[0] = KeyedTimer.<String, String>builder().manualClock().build((key, value) -> {
            fired.add(key);
            if (key.equals("a")) {
                self[0].set("b", "", Duration.ofMillis(1)); // from 2.5 ms, not from a's tick at 2 ms
            }
        });
        self[0].advanceTo(2_000_000);
        self[0].set("a", "", Duration.ZERO); // deadline 2 ms
        self[0].advanceTo(2_500_000); // nothing: the tick [2 ms, 3 ms) is not over
        self[0].advanceTo(10 * MS);
        assertEquals(List.of("a", "b"), fired); // b's deadline 3.5 ms lies before 10 ms
        self[0].advanceTo(11 * MS);
        assertEquals(List.of("a", "b"), fired);
    }

    @Test
    void callbacksOnAnExecutor_seeTheClockTheAdvanceReached() {
        Queue<Runnable> batches = new ArrayDeque<>();
        KeyedTimer<String, String>[] self = holder();
        self[0] = KeyedTimer.<String, String>builder().manualClock().executor(batches::add).build((key, value) -> {
            fired.add(key);
            if (key.equals("a")) {
                self[0].set("b", "", Duration.ofMillis(1)); // from 10 ms: deadline 11 ms
            }
        });
        self[0].set("a", "", Duration.ofMillis(1));
        self[0].advanceTo(10 * MS);
        batches.poll().run();
        self[0].advanceTo(11 * MS);
        assertTrue(batches.isEmpty());
        self[0].advanceTo(12 * MS);
        batches.poll().run();
        assertEquals(List.of("a", "b"), fired);
    }

    @Test
    void synchronousExecutor_nestedAdvanceTo_isRefusedToo() {
        List<Throwable> errors = new ArrayList<>();
        KeyedTimer<String, String>[] self = holder();
        self[0] = KeyedTimer.<String, String>builder().manualClock().executor(Runnable::run)
                .onError((key, e) -> errors.add(e))
                .build((key, value) -> self[0].advanceTo(100 * MS));
        self[0].set("a", "", Duration.ofMillis(1));
        self[0].advanceTo(2 * MS);
        assertEquals(1, errors.size());
        assertTrue(errors.get(0) instanceof IllegalStateException, errors.toString());
    }

    @Test
    void anotherTimersAdvanceTo_fromACallback_isAllowed() {
        KeyedTimer<String, String> other = KeyedTimer.<String, String>builder().manualClock()
                .build((key, value) -> fired.add("other " + key));
        other.set("x", "", Duration.ofMillis(1));
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock().build((key, value) -> {
            fired.add(key);
            other.advanceTo(5 * MS);
        });
        timer.set("a", "", Duration.ofMillis(1));
        timer.advanceTo(2 * MS);
        assertEquals(List.of("a", "other x"), fired);
    }

    @Test
    void unrepresentableDeadline_neverFires_leavesOnlyThroughRemove() {
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock()
                .levelBits(LevelBits.of(4, 4)).build((key, value) -> fired.add(key));
        timer.set("max", "", Duration.ofSeconds(Long.MAX_VALUE, 999_999_999));
        timer.advanceTo(Long.MAX_VALUE / 2);
        timer.set("overflow", "", Duration.ofNanos(Long.MAX_VALUE / 2 + 10)); // clock + delay overflows
        for (long t = Long.MAX_VALUE / 2; t > 0 && t < Long.MAX_VALUE; t += Long.MAX_VALUE / 8) {
            timer.advanceTo(t);
        }
        timer.advanceTo(Long.MAX_VALUE);
        assertEquals(List.of(), fired);
        assertEquals(2, timer.size());
        assertTrue(timer.remove("max"));
        assertTrue(timer.remove("overflow"));
        timer.checkInvariants();
    }

    @Test
    void delayNanos_convertsExactly_saturatesPastTheLargestLong() {
        assertEquals(0, KeyedTimer.delayNanos(Duration.ofNanos(-1)));
        assertEquals(0, KeyedTimer.delayNanos(Duration.ofSeconds(Long.MIN_VALUE)));
        assertEquals(0, KeyedTimer.delayNanos(Duration.ZERO));
        assertEquals(1, KeyedTimer.delayNanos(Duration.ofNanos(1)));
        assertEquals(Long.MAX_VALUE - 1, KeyedTimer.delayNanos(Duration.ofNanos(Long.MAX_VALUE - 1)));
        assertEquals(Long.MAX_VALUE, KeyedTimer.delayNanos(Duration.ofNanos(Long.MAX_VALUE)));
        assertEquals(Long.MAX_VALUE, KeyedTimer.delayNanos(Duration.ofNanos(Long.MAX_VALUE).plusNanos(1)));
        assertEquals(Long.MAX_VALUE, KeyedTimer.delayNanos(Duration.ofSeconds(Long.MAX_VALUE, 999_999_999)));
        assertEquals(Long.MAX_VALUE, KeyedTimer.deadline(1, Long.MAX_VALUE)); // overflow: never
        assertEquals(7, KeyedTimer.deadline(7, 0));
        assertEquals(Long.MAX_VALUE - 1, KeyedTimer.deadline(Long.MAX_VALUE - 3, 2));
    }

    /** The driving thread fires in tick order across stripes too, however late it wakes. */
    @Test
    void drivingThread_keysInEightStripes_fireInDeadlineOrder() throws InterruptedException {
        List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch all = new CountDownLatch(8);
        KeyedTimer<Integer, Integer> timer = KeyedTimer.<Integer, Integer>builder().stripes(8).build((key, ms) -> {
            order.add(ms);
            all.countDown();
        });
        try {
            int[] deadlinesMs = {40, 80, 30, 70, 20, 60, 10, 50};
            for (int k = 0; k < deadlinesMs.length; k++) {
                timer.set(k, deadlinesMs[k], Duration.ofMillis(deadlinesMs[k]));
            }
            assertTrue(all.await(10, TimeUnit.SECONDS));
            assertEquals(List.of(10, 20, 30, 40, 50, 60, 70, 80), order);
        } finally {
            timer.close();
        }
    }

    /** A nanoTime that is negative from the start changes nothing: the clock is the time since build. */
    @Test
    void drivingThread_negativeNanoTime_keysFire() throws InterruptedException {
        long shift = Long.MIN_VALUE / 2 - System.nanoTime();
        CountDownLatch firedLatch = new CountDownLatch(1);
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().nanoTime(() -> System.nanoTime() + shift)
                .build((key, value) -> firedLatch.countDown());
        try {
            timer.set("a", "", Duration.ofMillis(5));
            assertTrue(firedLatch.await(10, TimeUnit.SECONDS));
        } finally {
            timer.close();
        }
    }
}
