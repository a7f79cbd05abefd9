package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * Many threads on one {@link KeyedTimer}, with exact expectations. The clock is manual, so which
 * keys expire, and when, does not depend on scheduling: each thread owns a disjoint range of keys
 * and keeps its own model of which of them are armed, so it can check every return value.
 */
class KeyedTimerConcurrencyTest {
    private static final long MS = 1_000_000L;
    private static final int THREADS = 4;
    private static final long NONE = -1;

    /**
     * Four threads run random set/move/remove calls on their own keys while the clock stands still,
     * and a fifth thread reads {@code size} and {@code containsKey}. Afterwards one advance past
     * every deadline fires each armed key exactly once, with its last value, and nothing else.
     */
    @Test
    void disjointKeyRanges_randomSetMoveRemove_everyArmedKeyFiresOnceWithLastValue() throws Exception {
        int keysPerThread = 2_000;
        int opsPerThread = 30_000;
        Map<Integer, List<Long>> fired = new ConcurrentHashMap<>();
        KeyedTimer<Integer, Long> timer = KeyedTimer.<Integer, Long>builder()
                .manualClock()
                .tick(Duration.ofMillis(1))
                .build((k, v) -> fired.computeIfAbsent(k, x -> new ArrayList<>()).add(v));

        long[][] models = new long[THREADS][];
        CyclicBarrier start = new CyclicBarrier(THREADS + 1);
        AtomicBoolean settersDone = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS + 1);
        try {
            List<Future<long[]>> setters = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                setters.add(pool.submit(() -> {
                    start.await();
                    return runOwner(timer, thread, keysPerThread, opsPerThread);
                }));
            }
            Future<Integer> reader = pool.submit(() -> {
                start.await();
                SplittableRandom rnd = new SplittableRandom(99);
                int reads = 0;
                do {
                    int size = timer.size();
                    assertTrue(size >= 0 && size <= THREADS * keysPerThread, "size " + size);
                    timer.containsKey(rnd.nextInt(THREADS * keysPerThread));
                    reads++;
                } while (!settersDone.get());
                return reads;
            });
            for (int t = 0; t < THREADS; t++) {
                models[t] = setters.get(t).get(60, TimeUnit.SECONDS);
            }
            settersDone.set(true);
            assertTrue(reader.get(60, TimeUnit.SECONDS) >= 1);
        } finally {
            settersDone.set(true); // also when a setter failed, so that the reader stops
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        }

        Map<Integer, Long> expected = new HashMap<>();
        for (int t = 0; t < THREADS; t++) {
            for (int i = 0; i < keysPerThread; i++) {
                int key = t * keysPerThread + i;
                if (models[t][i] != NONE) {
                    expected.put(key, models[t][i]);
                }
                assertEquals(models[t][i] != NONE, timer.containsKey(key), "containsKey " + key);
            }
        }
        assertEquals(expected.size(), timer.size());
        assertTrue(expected.size() > 1_000, "too few armed keys for a meaningful test: " + expected.size());
        assertTrue(fired.isEmpty(), "nothing fires while the clock stands still");

        timer.advanceTo(200_000 * MS); // past every deadline (at most 100 s)
        Map<Integer, Long> firedOnce = new HashMap<>();
        fired.forEach((k, values) -> {
            assertEquals(1, values.size(), "key " + k + " fired " + values);
            firedOnce.put(k, values.get(0));
        });
        assertEquals(expected, firedOnce);
        assertEquals(0, timer.size());
    }

    /**
     * One owner thread: random set/move/remove on keys {@code [thread * keys, (thread + 1) * keys)},
     * with a model of which are armed and with which value. With the clock standing still nothing
     * expires, so move and remove must return true exactly when the model says the key is armed.
     */
    private static long[] runOwner(KeyedTimer<Integer, Long> timer, int thread, int keys, int ops) {
        long[] armed = new long[keys];
        Arrays.fill(armed, NONE);
        SplittableRandom rnd = new SplittableRandom(1_000 + thread);
        for (int op = 0; op < ops; op++) {
            int i = rnd.nextInt(keys);
            int key = thread * keys + i;
            int kind = rnd.nextInt(100);
            if (kind < 45) {
                long value = ((long) thread << 32) | op;
                timer.set(key, value, Duration.ofMillis(rnd.nextInt(-5, 100_000)));
                armed[i] = value;
            } else if (kind < 80) {
                boolean moved = timer.move(key, Duration.ofMillis(rnd.nextInt(-5, 100_000)));
                if (moved != (armed[i] != NONE)) {
                    fail("thread " + thread + " op " + op + ": move(" + key + ") returned " + moved);
                }
            } else {
                boolean removed = timer.remove(key);
                if (removed != (armed[i] != NONE)) {
                    fail("thread " + thread + " op " + op + ": remove(" + key + ") returned " + removed);
                }
                armed[i] = NONE;
            }
        }
        return armed;
    }

    // ---------------------------------------------------------------- with a concurrent advancer

    /** What one owner thread learned about its armings; read only after the thread has ended. */
    private static final class OwnerLog {
        /** Per arming number (the low 32 bits of its value): its key. */
        final int[] keyOf;
        /**
         * Per arming: a lower bound on its deadline as last set or successfully moved, i.e. the clock
         * the advancer had reached before the call, plus the delay.
         */
        final long[] deadlineAtLeast;
        /** Armings that must fire: a later move or remove found the key disarmed, or still armed at the end. */
        final Set<Long> mustFire = new HashSet<>();
        /** Armings that must never fire: remove disarmed them. */
        final Set<Long> mustNotFire = new HashSet<>();
        int expiredMeanwhile;

        OwnerLog(int ops) {
            keyOf = new int[ops];
            deadlineAtLeast = new long[ops];
        }
    }

    /**
     * Four owner threads run set/move/remove while a fifth advances the manual clock, so keys
     * expire while they are being set, moved and removed. Every arming gets a unique value, which
     * makes the bookkeeping exact: each firing must be of a value that was set on that key, no value
     * may fire twice, a value that a successful remove disarmed must never fire, a value whose key a
     * later move or remove found disarmed must have fired, the last arming of every key must fire by
     * the final advance, a key's firings come in the order of its armings, and nothing may fire
     * before its deadline.
     */
    @Test
    void concurrentAdvanceTo_everyFiringIsOfAnArmedValue_atMostOncePerArming_neverEarly() throws Exception {
        int keysPerThread = 300;
        int opsPerThread = 20_000;
        // Written only by the advancing thread (callbacks run on it) and, after it ends, by this one.
        List<long[]> firings = new ArrayList<>(); // {key, value, advanceTo argument}
        long[] advancingTo = {0};
        KeyedTimer<Integer, Long> timer = KeyedTimer.<Integer, Long>builder()
                .manualClock()
                .tick(Duration.ofMillis(1))
                .build((k, v) -> firings.add(new long[] {k, v, advancingTo[0]}));

        // The clock the advancer has fully reached: the timer's clock is at least this much.
        long[] reached = new long[1];
        Object reachedLock = new Object();
        AtomicBoolean ownersDone = new AtomicBoolean();
        CyclicBarrier start = new CyclicBarrier(THREADS + 1);
        OwnerLog[] logs = new OwnerLog[THREADS];
        int advances;
        ExecutorService pool = Executors.newFixedThreadPool(THREADS + 1);
        try {
            List<Future<OwnerLog>> owners = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                Callable<OwnerLog> owner = () -> {
                    start.await();
                    return runOwnerWithExpiry(timer, thread, keysPerThread, opsPerThread, () -> {
                        synchronized (reachedLock) {
                            return reached[0];
                        }
                    });
                };
                owners.add(pool.submit(owner));
            }
            Future<Integer> advancer = pool.submit(() -> {
                start.await();
                SplittableRandom rnd = new SplittableRandom(7);
                int n = 0;
                long to = 0;
                while (!ownersDone.get() || n < 2_000) {
                    to += rnd.nextLong(MS / 2);
                    advancingTo[0] = to;
                    timer.advanceTo(to);
                    synchronized (reachedLock) {
                        reached[0] = to;
                    }
                    n++;
                    if (n % 64 == 0) {
                        Thread.yield(); // let the owners interleave on a 2-core machine
                    }
                }
                return n;
            });
            for (int t = 0; t < THREADS; t++) {
                logs[t] = owners.get(t).get(60, TimeUnit.SECONDS);
            }
            ownersDone.set(true);
            advances = advancer.get(60, TimeUnit.SECONDS);
        } finally {
            ownersDone.set(true); // also when an owner failed, so that the advancer stops
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        }
        int firedDuringOperations = firings.size();

        // Advance past every deadline (each at most 100 ms after the clock of its call).
        long end = advancingTo[0] + 1_000 * MS;
        advancingTo[0] = end;
        timer.advanceTo(end);
        assertEquals(0, timer.size());

        Set<Long> firedValues = new HashSet<>();
        Map<Integer, Long> lastFiredOfKey = new HashMap<>();
        for (long[] f : firings) {
            int key = (int) f[0];
            long value = f[1];
            long at = f[2];
            int thread = (int) (value >>> 32);
            int op = (int) value;
            assertTrue(thread >= 0 && thread < THREADS, "unknown value " + value);
            OwnerLog log = logs[thread];
            assertEquals(log.keyOf[op], key, "value " + value + " fired for key " + key);
            assertTrue(firedValues.add(value), "value " + value + " of key " + key + " fired twice");
            long tickStart = at - at % MS;
            assertTrue(tickStart > log.deadlineAtLeast[op],
                    "value " + value + " fired at " + at + ", before its deadline (>= " + log.deadlineAtLeast[op] + ")");
            Long previous = lastFiredOfKey.put(key, value);
            assertTrue(previous == null || previous < value, "key " + key + " fired " + value + " after " + previous);
        }
        int mustFire = 0;
        int expiredMeanwhile = 0;
        for (OwnerLog log : logs) {
            for (long v : log.mustNotFire) {
                assertFalse(firedValues.contains(v), "removed value " + v + " fired");
            }
            for (long v : log.mustFire) {
                assertTrue(firedValues.contains(v), "value " + v + " never fired");
            }
            mustFire += log.mustFire.size();
            expiredMeanwhile += log.expiredMeanwhile;
        }
        assertTrue(firings.size() >= mustFire);
        assertTrue(firedDuringOperations > 0, "the advancer fired nothing in " + advances + " advances ("
                + expiredMeanwhile + " keys expired under their owners)");
    }

    /**
     * One owner thread with the clock moving under it. Its model per key holds the value of the
     * last arming that may still be armed, or {@link #NONE} when the key is certainly disarmed (only
     * this thread arms its keys). A move or remove returning false on a maybe-armed key proves that
     * arming expired; a remove returning true proves it never will.
     */
    private static OwnerLog runOwnerWithExpiry(KeyedTimer<Integer, Long> timer, int thread, int keys, int ops, LongSupplier reachedClock) {
        OwnerLog log = new OwnerLog(ops);
        long[] current = new long[keys];
        Arrays.fill(current, NONE);
        SplittableRandom rnd = new SplittableRandom(2_000 + thread);
        for (int op = 0; op < ops; op++) {
            int i = rnd.nextInt(keys);
            int key = thread * keys + i;
            int kind = rnd.nextInt(100);
            long delayNanos = rnd.nextLong(-MS, 100 * MS);
            long before = reachedClock.getAsLong();
            long deadlineAtLeast = before + Math.max(delayNanos, 0);
            if (kind < 45) {
                long value = ((long) thread << 32) | op;
                log.keyOf[op] = key;
                log.deadlineAtLeast[op] = deadlineAtLeast;
                timer.set(key, value, Duration.ofNanos(delayNanos));
                // The arming it replaces (if any) either fired before this call or never will.
                current[i] = value;
            } else if (kind < 80) {
                boolean moved = timer.move(key, Duration.ofNanos(delayNanos));
                if (current[i] == NONE) {
                    if (moved) {
                        fail("thread " + thread + " op " + op + ": move(" + key + ") of a disarmed key returned true");
                    }
                } else if (moved) {
                    log.deadlineAtLeast[(int) current[i]] = deadlineAtLeast;
                } else {
                    log.mustFire.add(current[i]);
                    log.expiredMeanwhile++;
                    current[i] = NONE;
                }
            } else {
                boolean removed = timer.remove(key);
                if (current[i] == NONE) {
                    if (removed) {
                        fail("thread " + thread + " op " + op + ": remove(" + key + ") of a disarmed key returned true");
                    }
                } else if (removed) {
                    log.mustNotFire.add(current[i]);
                } else {
                    log.mustFire.add(current[i]);
                    log.expiredMeanwhile++;
                }
                current[i] = NONE;
            }
        }
        for (long v : current) {
            if (v != NONE) {
                log.mustFire.add(v);
            }
        }
        return log;
    }
}
