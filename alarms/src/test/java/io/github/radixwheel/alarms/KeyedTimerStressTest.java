package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real time, under load: worker threads set, move and remove their own keys with delays of a few
 * ticks while the driving thread expires them, and every check is exact because it comes from the
 * calls' return values, not from timing:
 *
 * <ul>
 *   <li>an arming whose value a {@code set} returned (replaced while pending) is never delivered;
 *   <li>after a {@code move} that returned true, the arming is not delivered before the new
 *       deadline; a {@code remove} that returned true means it is never delivered;
 *   <li>a {@code set} that returned null, or a {@code move} or {@code remove} that returned false,
 *       on a key the worker had armed means that arming's callback was claimed: it is delivered;
 *   <li>no arming is delivered before its deadline or twice, and each one left at the end is either
 *       drained or delivered, never both.
 * </ul>
 *
 * <p>How often callers came too late (the arming had expired and been claimed under them) is in the
 * message of the assertion that the run exercised expiry at all. The run lasts {@code
 * radixwheel.stress.millis} milliseconds per configuration (default 800), and goes on, for at most
 * {@link #MORE_NANOS} more, until it has seen enough expiry to test (a loaded machine gives the
 * driving thread less time); the bounds on waiting are generous.
 */
class KeyedTimerStressTest {
    private static final long MS = 1_000_000L;
    private static final int WORKERS = 2;
    private static final int KEYS_PER_WORKER = 64;
    private static final long RUN_NANOS = Long.getLong("radixwheel.stress.millis", 800) * MS;
    /** The longest a run goes on after {@link #RUN_NANOS} while it has seen too little expiry. */
    private static final long MORE_NANOS = TimeUnit.SECONDS.toNanos(20);
    /** How many deliveries a run must see. */
    private static final int ENOUGH_FIRINGS = 1_000;
    private static final long NONE = -1;

    /** What one worker learned from its calls; read after it has ended. */
    private static final class Log {
        /** Per arming value: a lower bound on its deadline, as last set or successfully moved. */
        final Map<Long, Long> deadlineAtLeast = new ConcurrentHashMap<>();
        final Set<Long> mustFire = new HashSet<>();
        final Set<Long> mustNotFire = new HashSet<>();
        /** Per key: the value of its arming if it may still be pending, else {@link #NONE}. */
        final long[] current = new long[KEYS_PER_WORKER];
        int calls;
        int setTooLate;
        int moveTooLate;
        int removeTooLate;
    }

    @ParameterizedTest(name = "executor threads: {0}")
    @ValueSource(ints = {0, 2})
    void workersAndDrivingThread_everyReturnValueIsHonoured(int executorThreads) throws Exception {
        Map<Long, Long> delivered = new ConcurrentHashMap<>(); // value -> nanoTime of its callback
        Set<Long> duplicates = ConcurrentHashMap.newKeySet();
        ExecutorService callbacks = executorThreads == 0 ? null : Executors.newFixedThreadPool(executorThreads);
        KeyedTimer.Builder<Integer, Long> builder = KeyedTimer.<Integer, Long>builder().stripes(8);
        if (callbacks != null) {
            builder.executor(callbacks);
        }
        KeyedTimer<Integer, Long> timer = builder.build((key, value) -> {
            if (delivered.putIfAbsent(value, System.nanoTime()) != null) {
                duplicates.add(value);
            }
        });
        ExecutorService workers = Executors.newFixedThreadPool(WORKERS);
        List<Log> logs = new ArrayList<>();
        Set<Long> drained = new HashSet<>();
        try {
            List<Future<Log>> futures = new ArrayList<>();
            long end = System.nanoTime() + RUN_NANOS;
            for (int w = 0; w < WORKERS; w++) {
                int worker = w;
                futures.add(workers.submit(() -> work(timer, worker, end, delivered)));
            }
            for (Future<Log> f : futures) {
                logs.add(f.get(RUN_NANOS + MORE_NANOS + TimeUnit.SECONDS.toNanos(60), TimeUnit.NANOSECONDS));
            }
            timer.drain((key, value) -> drained.add(value));
        } finally {
            closeAndAwait(timer, workers, callbacks);
        }

        int firings = delivered.size();
        int calls = 0;
        int setTooLate = 0;
        int moveTooLate = 0;
        int removeTooLate = 0;
        Set<Long> mustFire = new HashSet<>();
        for (Log log : logs) {
            for (long v : log.current) {
                if (v != NONE && drained.contains(v)) {
                    log.mustNotFire.add(v);
                } else if (v != NONE) {
                    log.mustFire.add(v); // claimed before the drain
                }
            }
            mustFire.addAll(log.mustFire);
            log.deadlineAtLeast.forEach((v, bound) -> {
                Long at = delivered.get(v);
                if (at != null && at - bound < 0) {
                    fail("value " + v + " fired " + (bound - at) + " ns early");
                }
            });
            calls += log.calls;
            setTooLate += log.setTooLate;
            moveTooLate += log.moveTooLate;
            removeTooLate += log.removeTooLate;
        }
        for (long v : mustFire) {
            awaitTrue(() -> delivered.containsKey(v), "value " + v + " was claimed but never delivered");
        }
        for (Log log : logs) {
            for (long v : log.mustNotFire) {
                assertTrue(!delivered.containsKey(v), "value " + v + " was delivered after it was superseded or drained");
            }
        }
        assertEquals(Set.of(), duplicates, "delivered twice");
        String summary = String.format("%d calls, %d firings; too late: set %d, move %d, remove %d",
                calls, firings, setTooLate, moveTooLate, removeTooLate);
        assertTrue(firings > ENOUGH_FIRINGS && setTooLate + moveTooLate + removeTooLate > 0, "too little expiry to test: " + summary);
    }

    /** Closes the timer, stops the workers, and waits for the callbacks' executor (if any) to finish. */
    static void closeAndAwait(KeyedTimer<?, ?> timer, ExecutorService workers, ExecutorService callbacks)
            throws InterruptedException {
        timer.close();
        workers.shutdownNow();
        if (callbacks != null) {
            callbacks.shutdown();
            assertTrue(callbacks.awaitTermination(60, TimeUnit.SECONDS));
        }
    }

    /**
     * Waits up to 10 s for {@code condition}, else fails with {@code message}: callbacks claimed
     * before {@code close()} may still be running on another thread.
     */
    static void awaitTrue(BooleanSupplier condition, String message) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail(message);
            }
            Thread.sleep(1);
        }
    }

    /** Runs until {@code end}, then on while too little has expired, for at most {@link #MORE_NANOS}. */
    private static Log work(KeyedTimer<Integer, Long> timer, int worker, long end, Map<Long, Long> delivered) {
        Log log = new Log();
        Arrays.fill(log.current, NONE);
        SplittableRandom random = new SplittableRandom(20261124L + worker);
        long sequence = 0;
        for (long now; (now = System.nanoTime()) - end < 0
                || (delivered.size() <= ENOUGH_FIRINGS || log.setTooLate + log.moveTooLate + log.removeTooLate == 0)
                && now - (end + MORE_NANOS) < 0; ) {
            for (int batch = 0; batch < 64; batch++) {
                int i = random.nextInt(KEYS_PER_WORKER);
                int key = worker * KEYS_PER_WORKER + i;
                long delay = random.nextLong(-MS, 3 * MS);
                long previous = log.current[i];
                long before = System.nanoTime();
                long bound = before + Math.max(delay, 0);
                int kind = random.nextInt(100);
                if (kind < 40) {
                    long value = ((long) worker << 40) | sequence++;
                    log.deadlineAtLeast.put(value, bound);
                    Long replaced = timer.set(key, value, Duration.ofNanos(delay));
                    if (replaced != null) {
                        assertEquals(previous, replaced.longValue(), "set returned another arming's value");
                        log.mustNotFire.add(previous);
                    } else if (previous != NONE) {
                        log.mustFire.add(previous);
                        log.setTooLate++;
                    }
                    log.current[i] = value;
                } else if (kind < 85) {
                    boolean moved = timer.move(key, Duration.ofNanos(delay));
                    if (moved) {
                        assertTrue(previous != NONE, "move of a key this worker never armed returned true");
                        log.deadlineAtLeast.put(previous, bound);
                    } else if (previous != NONE) {
                        log.mustFire.add(previous);
                        log.moveTooLate++;
                        log.current[i] = NONE;
                    }
                } else {
                    boolean removed = timer.remove(key);
                    if (removed) {
                        assertTrue(previous != NONE, "remove of a key this worker never armed returned true");
                        log.mustNotFire.add(previous);
                    } else if (previous != NONE) {
                        log.mustFire.add(previous);
                        log.removeTooLate++;
                    }
                    log.current[i] = NONE;
                }
                log.calls++;
            }
        }
        return log;
    }
}
