package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The real-time tests: {@link KeyedTimer} with its own driving thread. These are the only tests of
 * the timer that read the wall clock or wait, and their bounds are generous (seconds where the
 * expected figure is milliseconds), so that a loaded CI machine does not make them flaky. Each
 * test takes well under a second when the machine is idle.
 */
class KeyedTimerRealTimeTest {
    private static final long MS = 1_000_000L;
    private static final long GENEROUS_NANOS = TimeUnit.SECONDS.toNanos(5);

    /**
     * 2000 keys with delays of 10 to 100 ms: all fire, exactly once, never before
     * {@code set-time + delay}; the p50/p99/max lateness is printed (and only loosely bounded).
     * Afterwards the driving thread is an idle, parked daemon, and {@code close()} ends it.
     */
    @Test
    void twoThousandKeys_allFireOnceNeverEarly_thenThreadParks_andCloseEndsIt() throws InterruptedException {
        int n = 2_000;
        long[] delayNanos = new long[n];
        long[] setAt = new long[n];
        AtomicLongArray firedAt = new AtomicLongArray(n);
        AtomicIntegerArray fireCount = new AtomicIntegerArray(n);
        AtomicIntegerArray wrongValue = new AtomicIntegerArray(n);
        AtomicReference<Thread> callbackThread = new AtomicReference<>();
        CountDownLatch allFired = new CountDownLatch(n);
        KeyedTimer<Integer, Long> timer = KeyedTimer.<Integer, Long>builder().build((key, value) -> {
            long now = System.nanoTime();
            if (fireCount.getAndIncrement(key) == 0) {
                firedAt.set(key, now);
            }
            if (value != delayNanos[key]) {
                wrongValue.incrementAndGet(key);
            }
            callbackThread.compareAndSet(null, Thread.currentThread());
            allFired.countDown();
        });
        try {
            SplittableRandom rnd = new SplittableRandom(2024);
            for (int i = 0; i < n; i++) {
                delayNanos[i] = 10 * MS + rnd.nextLong(90 * MS + 1);
            }
            for (int i = 0; i < n; i++) {
                setAt[i] = System.nanoTime();
                timer.set(i, delayNanos[i], Duration.ofNanos(delayNanos[i]));
            }
            assertTrue(allFired.await(10, TimeUnit.SECONDS), "not all fired: " + allFired.getCount() + " left");
            assertEquals(0, timer.size());

            long[] lateness = new long[n];
            for (int i = 0; i < n; i++) {
                assertEquals(1, fireCount.get(i), "key " + i + " fired " + fireCount.get(i) + " times");
                assertEquals(0, wrongValue.get(i), "key " + i + " delivered a wrong value");
                long due = setAt[i] + delayNanos[i];
                assertTrue(firedAt.get(i) - due >= 0, "key " + i + " fired " + (due - firedAt.get(i)) + " ns early");
                lateness[i] = firedAt.get(i) - due;
            }
            Arrays.sort(lateness);
            long p50 = lateness[n / 2];
            long p99 = lateness[(int) (n * 0.99)];
            long max = lateness[n - 1];
            assertTrue(max < TimeUnit.SECONDS.toNanos(1), String.format(
                    "lateness over %d keys (1 ms tick): p50 %.3f ms, p99 %.3f ms, max %.3f ms", n, p50 / 1e6, p99 / 1e6, max / 1e6));

            // The driving thread: a daemon with a recognisable name, which parks once idle.
            Thread driver = callbackThread.get();
            assertNotNull(driver);
            assertTrue(driver.isDaemon(), "not a daemon");
            assertTrue(driver.getName().startsWith("radixwheel-keyed-timer-"), driver.getName());
            Thread.State parked = awaitParked(driver);
            assertTrue(parked == Thread.State.WAITING || parked == Thread.State.TIMED_WAITING,
                    "the idle driving thread did not park: " + parked);
            Thread.sleep(50); // a stray duplicate would show up now
            for (int i = 0; i < n; i++) {
                assertEquals(1, fireCount.get(i), "key " + i + " fired again later");
            }

            timer.close();
            driver.join(TimeUnit.NANOSECONDS.toMillis(GENEROUS_NANOS));
            assertFalse(driver.isAlive(), "close() did not end the driving thread");
        } finally {
            timer.close();
        }
    }

    /**
     * A thread parked until a deadline an hour away must wake for an earlier arming, and close()
     * must end it while it waits; the far key never fires.
     */
    @Test
    void parkedUntilFarDeadline_earlierArmingWakesIt_closeEndsItWithoutFiring() throws InterruptedException {
        AtomicReference<Thread> driverRef = new AtomicReference<>();
        CountDownLatch warmedUp = new CountDownLatch(1);
        CountDownLatch nearFired = new CountDownLatch(1);
        AtomicLongArray nearFiredAt = new AtomicLongArray(1);
        AtomicIntegerArray farFired = new AtomicIntegerArray(1);
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().build((key, value) -> {
            switch (key) {
                case "warmup":
                    driverRef.set(Thread.currentThread());
                    warmedUp.countDown();
                    break;
                case "near":
                    nearFiredAt.set(0, System.nanoTime());
                    nearFired.countDown();
                    break;
                default:
                    farFired.incrementAndGet(0);
            }
        });
        try {
            timer.set("far", "F", Duration.ofHours(1));
            timer.set("warmup", "W", Duration.ZERO);
            assertTrue(warmedUp.await(10, TimeUnit.SECONDS));
            Thread driver = driverRef.get();
            assertEquals(Thread.State.TIMED_WAITING, awaitParked(driver), "not parked until the far deadline");

            long setAt = System.nanoTime();
            timer.set("near", "N", Duration.ofMillis(20));
            assertTrue(nearFired.await(10, TimeUnit.SECONDS), "the earlier arming did not wake the thread");
            assertTrue(nearFiredAt.get(0) - setAt >= 20 * MS, "fired early");
            assertTrue(timer.containsKey("far"));
            assertEquals(1, timer.size());

            assertEquals(Thread.State.TIMED_WAITING, awaitParked(driver));
            timer.close();
            driver.join(TimeUnit.NANOSECONDS.toMillis(GENEROUS_NANOS));
            assertFalse(driver.isAlive(), "close() did not end the parked thread");
            assertEquals(0, timer.size());
            assertEquals(0, farFired.get(0));
        } finally {
            timer.close();
        }
    }

    /**
     * Callbacks on the driving thread may call every method of their own timer without deadlock,
     * close() included: closing from a callback ends the thread.
     */
    @Test
    void onExpired_onDrivingThread_callsEveryMethod_thenCloses() throws InterruptedException {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        List<Throwable> errors = Collections.synchronizedList(new ArrayList<>());
        AtomicReference<Thread> driverRef = new AtomicReference<>();
        CountDownLatch closed = new CountDownLatch(1);
        @SuppressWarnings("unchecked")
        KeyedTimer<String, String>[] self = (KeyedTimer<String, String>[]) new KeyedTimer<?, ?>[1];
        self[0] = KeyedTimer.<String, String>builder()
                .onError((k, e) -> errors.add(e))
                .build((key, value) -> {
                    KeyedTimer<String, String> t = self[0];
                    if (key.equals("first")) {
                        driverRef.set(Thread.currentThread());
                        t.set("second", "S", Duration.ofMillis(50));
                        log.add("move " + t.move("second", Duration.ofMillis(1)));
                        log.add("contains " + t.containsKey("second"));
                        log.add("size " + t.size());
                        log.add("remove " + t.remove("other"));
                        t.drain((k, v) -> log.add("drained " + k));
                        t.set("second", "S2", Duration.ofMillis(1));
                    } else {
                        log.add("fired " + key + "=" + value);
                        t.close();
                        closed.countDown();
                    }
                });
        try {
            self[0].set("other", "O", Duration.ofHours(1));
            self[0].set("first", "F", Duration.ZERO);
            assertTrue(closed.await(10, TimeUnit.SECONDS), "no deadlock: the second key fired " + log + errors);
            assertEquals(List.of(), errors);
            assertEquals(List.of("move true", "contains true", "size 2", "remove true", "drained second",
                    "fired second=S2"), log);
            Thread driver = driverRef.get();
            driver.join(TimeUnit.NANOSECONDS.toMillis(GENEROUS_NANOS));
            assertFalse(driver.isAlive(), "close() from a callback did not end the driving thread");
        } finally {
            self[0].close();
        }
    }

    /** With an executor, callbacks run there, not on the driving thread. */
    @Test
    void executor_receivesCallbacksFromDrivingThread() throws InterruptedException {
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "keyed-timer-test-callbacks");
            t.setDaemon(true);
            return t;
        });
        AtomicReference<Thread> ran = new AtomicReference<>();
        CountDownLatch fired = new CountDownLatch(3);
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder()
                .executor(executor)
                .build((key, value) -> {
                    ran.set(Thread.currentThread());
                    fired.countDown();
                });
        try {
            timer.set("a", "A", Duration.ZERO);
            timer.set("b", "B", Duration.ofMillis(5));
            timer.set("c", "C", Duration.ofMillis(-5));
            assertTrue(fired.await(10, TimeUnit.SECONDS));
            assertEquals("keyed-timer-test-callbacks", ran.get().getName());
        } finally {
            timer.close();
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    /**
     * An arming made while the driving thread looks at its stripes must not be lost. Each probe is
     * armed by this thread as soon as the previous one has fired, which is when the driving thread
     * starts its next look (over 64 stripes, to widen the window); a far key keeps its planned wake
     * an hour away, so a lost wake-up would leave a probe waiting far beyond the bound.
     */
    @Test
    void armingDuringTheThreadsLook_stillWakesIt() throws InterruptedException {
        int probes = 1_000;
        SynchronousQueue<Integer> fired = new SynchronousQueue<>();
        KeyedTimer<Integer, Integer> timer = KeyedTimer.<Integer, Integer>builder().stripes(64).build((key, probe) -> {
            try {
                fired.put(probe);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            timer.set(-1, -1, Duration.ofHours(1));
            long worst = 0;
            for (int i = 0; i < probes; i++) {
                long setAt = System.nanoTime();
                timer.set(i, i, Duration.ZERO);
                Integer got = fired.poll(5, TimeUnit.SECONDS);
                assertEquals(Integer.valueOf(i), got, "probe " + i + " never fired: a lost wake-up");
                worst = Math.max(worst, System.nanoTime() - setAt);
            }
            assertTrue(worst < TimeUnit.SECONDS.toNanos(5), probes + " probes armed during the driver's look, worst wait "
                    + worst / 1e6 + " ms");
            assertTrue(timer.containsKey(-1));
        } finally {
            timer.close();
        }
    }

    /**
     * Polls {@link Thread#getAllStackTraces()} until {@code thread} shows up there in a waiting
     * state, for at most {@link #GENEROUS_NANOS}; returns the last state seen.
     */
    private static Thread.State awaitParked(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + GENEROUS_NANOS;
        Thread.State state;
        do {
            state = null;
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t == thread) {
                    state = t.getState();
                }
            }
            if (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING) {
                return state;
            }
            Thread.sleep(10);
        } while (System.nanoTime() - deadline < 0);
        return state;
    }
}
