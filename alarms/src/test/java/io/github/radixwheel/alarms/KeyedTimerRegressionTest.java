package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Problems found in review and by adversarial driving, each pinned by a test that failed before its fix. */
class KeyedTimerRegressionTest {
    private static final long MS = 1_000_000L;

    /** A key whose hash follows a field that the test changes while it is armed: a contract violation. */
    private static final class ChangingKey {
        int id;

        ChangingKey(int id) {
            this.id = id;
        }

        @Override
        public int hashCode() {
            return id;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ChangingKey && ((ChangingKey) o).id == id;
        }
    }

    /**
     * Found by an outside review: a key changed while armed expired, its map entry stayed (the
     * changed key no longer found it), and its freed id went to the next arming, so that the old key,
     * changed back, read and removed another key's arming. The damage now stays with the changed key,
     * as with a {@code HashMap}.
     */
    @Test
    void keyChangedWhileArmed_expires_andLeavesOtherKeysAlone() {
        List<String> fired = new ArrayList<>();
        KeyedTimer<ChangingKey, String> timer = KeyedTimer.<ChangingKey, String>builder().manualClock().stripes(1)
                .build((k, v) -> fired.add(v));
        ChangingKey one = new ChangingKey(1);
        timer.set(one, "one", Duration.ofMillis(1));
        one.id = 1000;
        timer.advanceTo(2 * MS);
        assertEquals(List.of("one"), fired);
        assertEquals(0, timer.size(), "the expired key's entry is gone");
        timer.checkInvariants();
        timer.set(new ChangingKey(2), "two", Duration.ofMillis(100));
        one.id = 1;
        assertFalse(timer.containsKey(new ChangingKey(1)));
        assertEquals(null, timer.get(new ChangingKey(1)));
        assertFalse(timer.remove(new ChangingKey(1)));
        assertEquals("two", timer.get(new ChangingKey(2)));
        timer.advanceTo(200 * MS);
        assertEquals(List.of("one", "two"), fired);
        assertEquals(0, timer.size());
        timer.checkInvariants();
    }

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
     * Found by an outside audit: a checked exception that the action throws anyway (as Lombok's
     * {@code @SneakyThrows} lets it) was dropped, and drain returned normally.
     */
    @Test
    void drain_actionThrowsACheckedExceptionUnchecked_itIsRethrown() {
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock()
                .build((k, v) -> { });
        timer.set("a", "A", Duration.ofMillis(1));
        timer.set("b", "B", Duration.ofMillis(2));
        java.io.IOException io = new java.io.IOException("closed");
        List<String> handed = new ArrayList<>();
        Throwable thrown = null;
        try {
            timer.drain((k, v) -> {
                handed.add(k);
                if (k.equals("a")) {
                    KeyedTimerRegressionTest.<RuntimeException>throwUnchecked(io);
                }
            });
        } catch (Throwable t) {
            thrown = t;
        }
        assertSame(io, thrown);
        assertEquals(List.of("a", "b"), handed);
        assertEquals(0, timer.size());
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void throwUnchecked(Throwable t) throws T {
        throw (T) t;
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
        return fired; // the order too: by deadline tick, then arming order, whatever the stripes
    }

    // ---------------------------------------------------------------- found by adversarial driving

    /** advanceTo fired stripe by stripe: these deadlines fired in exactly the order they were set. */
    @Test
    void advanceTo_keysInEightStripes_fireInDeadlineOrder() {
        List<Integer> fired = new ArrayList<>();
        KeyedTimer<Integer, Integer> timer = KeyedTimer.<Integer, Integer>builder().manualClock().stripes(8)
                .build((key, deadlineMs) -> fired.add(deadlineMs));
        int[] deadlinesMs = {4, 8, 3, 7, 2, 6, 1, 5};
        for (int k = 0; k < deadlinesMs.length; k++) {
            timer.set(k, deadlinesMs[k], Duration.ofMillis(deadlinesMs[k])); // key k lies in stripe k
        }
        timer.advanceTo(100 * MS);
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8), fired);
    }

    /** Within one tick, across stripes, keys fire in the order they were armed (a move re-arms). */
    @Test
    void advanceTo_sameTickInEightStripes_fireInArmingOrder() {
        List<Integer> fired = new ArrayList<>();
        KeyedTimer<Integer, Integer> timer = KeyedTimer.<Integer, Integer>builder().manualClock().stripes(8)
                .build((key, value) -> fired.add(key));
        for (int k = 7; k >= 0; k--) {
            timer.set(k, k, Duration.ofMillis(3));
        }
        assertTrue(timer.move(5, Duration.ofMillis(3)));
        timer.advanceTo(4 * MS);
        assertEquals(List.of(7, 6, 4, 3, 2, 1, 0, 5), fired);
    }

    /**
     * Stale expiry: the expiry was decided when the batch was collected, so a keep-alive that
     * re-armed the key before the callback ran still had its connection closed.
     */
    @Test
    void set_afterExpiryFoundBeforeItsCallbackRan_oldArmingIsNeverDelivered() {
        Queue<Runnable> tasks = new ArrayDeque<>();
        List<String> fired = new ArrayList<>();
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock().executor(tasks::add)
                .build((key, value) -> fired.add(key + "=" + value));
        timer.set("conn", "first", Duration.ofMillis(1));
        timer.set("other", "x", Duration.ofMillis(1));
        timer.advanceTo(2 * MS); // both found; their callbacks wait for the executor
        assertEquals("first", timer.set("conn", "second", Duration.ofMillis(10)));
        tasks.forEach(Runnable::run);
        tasks.clear();
        assertEquals(List.of("other=x"), fired);
        timer.advanceTo(13 * MS);
        tasks.forEach(Runnable::run);
        assertEquals(List.of("other=x", "conn=second"), fired);
    }

    /** The same on the advancing thread: a callback re-arms a key found due in the same batch. */
    @Test
    void onExpired_reArmsKeyFoundDueInTheSameBatch_itsOldArmingIsNotDelivered() {
        List<String> fired = new ArrayList<>();
        List<Object> replaced = new ArrayList<>();
        KeyedTimer<String, String>[] self = holder();
        self[0] = KeyedTimer.<String, String>builder().manualClock().build((key, value) -> {
            fired.add(key + "=" + value);
            if (key.equals("a")) {
                replaced.add(self[0].set("b", "renewed", Duration.ofMillis(50)));
            }
        });
        self[0].set("a", "A", Duration.ofMillis(1));
        self[0].set("b", "B", Duration.ofMillis(2));
        self[0].advanceTo(10 * MS);
        assertEquals(List.of("a=A"), fired);
        assertEquals(List.of("B"), replaced);
        assertTrue(self[0].containsKey("b"));
    }

    /** A key re-armed from its own callback fired once per advanceTo; TimingWheel fires it every period. */
    @Test
    void onExpired_reArmsOwnKeyEvery10Ms_oneAdvanceTo100Ms_firesAtEveryPeriod() {
        List<Integer> fired = new ArrayList<>();
        KeyedTimer<String, Integer>[] self = holder();
        self[0] = KeyedTimer.<String, Integer>builder().manualClock().build((key, n) -> {
            fired.add(n);
            self[0].set(key, n + 1, Duration.ofMillis(10));
        });
        self[0].set("periodic", 1, Duration.ofMillis(10));
        self[0].advanceTo(100 * MS); // deadlines 10, 20, ..., 90 ms lie before the tick of 100 ms
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9), fired);
        self[0].advanceTo(101 * MS);
        assertEquals(10, fired.size());
    }

    /** A nested advanceTo from a callback was allowed, and delivered the later key before the earlier one finished. */
    @Test
    void advanceTo_fromACallback_throwsIllegalStateException() {
        List<String> log = new ArrayList<>();
        List<Throwable> errors = new ArrayList<>();
        KeyedTimer<String, String>[] self = holder();
        self[0] = KeyedTimer.<String, String>builder().manualClock().onError((key, e) -> errors.add(e))
                .build((key, value) -> {
                    log.add(key + " start");
                    if (key.equals("a")) {
                        self[0].advanceTo(10 * MS);
                    }
                    log.add(key + " end");
                });
        self[0].set("a", "A", Duration.ofMillis(1));
        self[0].set("b", "B", Duration.ofMillis(5));
        self[0].advanceTo(2 * MS);
        assertEquals(List.of("a start"), log);
        assertEquals(1, errors.size());
        assertTrue(errors.get(0) instanceof IllegalStateException, errors.toString());
        assertTrue(self[0].containsKey("b"));
    }

    /** Durations from about 2^63 - 0.85e9 ns on were taken as Long.MAX_VALUE: this one never fired. */
    @Test
    void set_delayOneBelowTheLargestLong_firesWhenTheClockPassesIt() {
        List<String> fired = new ArrayList<>();
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock().tick(Duration.ofNanos(1))
                .build((key, value) -> fired.add(key));
        timer.set("almostMax", "", Duration.ofNanos(Long.MAX_VALUE - 1));
        timer.set("max", "", Duration.ofNanos(Long.MAX_VALUE)); // deadline Long.MAX_VALUE: no tick after it
        timer.set("beyond", "", Duration.ofNanos(Long.MAX_VALUE).plusNanos(1)); // never
        timer.advanceTo(Long.MAX_VALUE - 1);
        assertEquals(List.of(), fired);
        timer.advanceTo(Long.MAX_VALUE);
        assertEquals(List.of("almostMax"), fired);
        assertTrue(timer.containsKey("max") && timer.containsKey("beyond"));
    }

    /**
     * Deadlines were compared by value, so a System.nanoTime() that wraps from Long.MAX_VALUE to
     * Long.MIN_VALUE stopped all expiry. Here its readings wrap 30 ms after the timer is built; keys
     * due before and after the wrap must fire. Real time, with generous bounds.
     */
    @Test
    void ownThread_nanoTimeWrapsAround_keysDueBeforeAndAfterTheWrapFire() throws InterruptedException {
        long wrapIn = 30 * MS;
        long shift = Long.MAX_VALUE - System.nanoTime() - wrapIn;
        LongSupplier wrapping = () -> System.nanoTime() + shift;
        CountDownLatch fired = new CountDownLatch(3);
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().nanoTime(wrapping)
                .build((key, value) -> {
                    order.add(key);
                    fired.countDown();
                });
        try {
            timer.set("before", "", Duration.ofMillis(5));
            timer.set("after", "", Duration.ofMillis(60));
            timer.set("later", "", Duration.ofMillis(90));
            assertTrue(fired.await(10, TimeUnit.SECONDS), "fired only " + order);
            assertEquals(List.of("before", "after", "later"), order);
            assertFalse(wrapping.getAsLong() > 0, "the readings did not wrap");
        } finally {
            timer.close();
        }
    }

    /**
     * Two threads advance at once with an executor. The first found the earlier key; before it had
     * handed that batch to the executor, the second found the later key, handed it over and
     * returned: the executor ran the later key first, and the second thread's advanceTo returned
     * with an expiry due before its target not yet handed over (found with Lincheck).
     */
    @Test
    void concurrentAdvances_withExecutor_handOverInTheOrderFound() throws Exception {
        CountDownLatch firstHandingOver = new CountDownLatch(1);
        CountDownLatch releaseFirst = new CountDownLatch(1);
        List<Runnable> handed = Collections.synchronizedList(new ArrayList<>());
        List<String> fired = Collections.synchronizedList(new ArrayList<>());
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().manualClock()
                .executor(task -> {
                    if (firstHandingOver.getCount() > 0) { // the first hand-off stalls before it lands
                        firstHandingOver.countDown();
                        awaitUninterruptibly(releaseFirst);
                    }
                    handed.add(task);
                })
                .build((key, value) -> fired.add(key));
        timer.set("early", "", Duration.ofMillis(3)); // due before the tick of 4 ms
        timer.set("late", "", Duration.ofMillis(5)); // due before the tick of 6 ms
        Thread first = new Thread(() -> timer.advanceTo(4 * MS));
        Thread second = new Thread(() -> timer.advanceTo(6 * MS));
        first.setDaemon(true);
        second.setDaemon(true);
        try {
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                first.start();
                firstHandingOver.await();
                second.start();
                // The second advance either waits for the first hand-off (fixed) or returns at once.
                while (second.getState() != Thread.State.WAITING && second.getState() != Thread.State.TERMINATED) {
                    Thread.onSpinWait();
                }
                assertEquals(List.of(), handed, "the second advance handed over before the first");
                releaseFirst.countDown();
                first.join();
                second.join();
            });
        } finally {
            releaseFirst.countDown();
        }
        handed.forEach(Runnable::run);
        assertEquals(List.of("early", "late"), fired);
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        while (true) {
            try {
                latch.await();
                return;
            } catch (InterruptedException e) {
                // keep waiting: the test thread releases it
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <K, V> KeyedTimer<K, V>[] holder() {
        return (KeyedTimer<K, V>[]) new KeyedTimer<?, ?>[1];
    }
}
