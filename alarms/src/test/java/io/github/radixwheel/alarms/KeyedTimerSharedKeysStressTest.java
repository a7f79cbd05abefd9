package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Many threads on the same few keys, with callbacks that arm and disarm other keys, and drains in
 * the middle: every arming is accounted for exactly once. Each {@code set} arms a value never used
 * before, and each arming ends in exactly one of five ways: delivered to {@code onExpired},
 * returned by the {@code set} that replaced it, counted by a {@code remove} that returned true,
 * handed to a {@code drain}'s action, or still pending at the end, where a last drain takes it. So
 * after the run the number of armings equals the delivered, replaced and drained values plus the
 * successful removes, and no value is in two of those sets or twice in one. The checks come from
 * return values alone; a global counter orders the calls, so that a {@code get} that began after a
 * value was delivered, replaced or drained must not return it.
 *
 * <p>{@code KeyedTimerStressTest} checks deadlines with each worker on keys of its own; here the
 * keys are shared, which only a count can check. The run lasts {@code
 * radixwheel.stress.sharedKeysMillis} milliseconds per mode (default 600), and goes on, for at most
 * {@link #MORE_NANOS} more, until each outcome has been seen often enough to test: how many armings
 * live to their deadlines depends on how the threads interleave, which a loaded machine changes.
 */
class KeyedTimerSharedKeysStressTest {
    private static final long MS = 1_000_000L;
    private static final int WORKERS = 3;
    private static final int CALLBACK_WORKER = 0xff;
    /** Drains are rare, so that armings also live to their deadlines: about 100 per run and mode. */
    private static final int DRAIN_ONE_IN = 1_000;
    private static final int DIRECT = -1;
    private static final long RUN_NANOS = Long.getLong("radixwheel.stress.sharedKeysMillis", 600) * MS;
    /** The longest a run goes on after {@link #RUN_NANOS} while an outcome is still too rare. */
    private static final long MORE_NANOS = TimeUnit.SECONDS.toNanos(20);
    /** How many of each outcome (and of gets that found a value) a run must see. */
    private static final int ENOUGH = 100;

    enum Mode {
        REAL_TIME(false, 0), REAL_TIME_EXECUTOR(false, 2), REAL_TIME_DIRECT_EXECUTOR(false, DIRECT),
        MANUAL(true, 0), MANUAL_EXECUTOR(true, 2), MANUAL_DIRECT_EXECUTOR(true, DIRECT);

        final boolean manual;
        /** 0: no executor; {@link #DIRECT}: one that runs each batch inside {@code execute}. */
        final int executorThreads;
        /** In real time, enough keys that many armings live to their deadline between calls. */
        final int keys;

        Mode(boolean manual, int executorThreads) {
            this.manual = manual;
            this.executorThreads = executorThreads;
            this.keys = manual ? 16 : 2048;
        }
    }

    /** Where every arming went, each value stamped with the global count when it got there. */
    private static final class Ledger {
        final AtomicLong order = new AtomicLong();
        final AtomicLong armed = new AtomicLong();
        final AtomicLong removed = new AtomicLong();
        /** Gets that returned a value. */
        final AtomicLong gets = new AtomicLong();
        final Map<Long, Long> delivered = new ConcurrentHashMap<>();
        final Map<Long, Long> replaced = new ConcurrentHashMap<>();
        final Map<Long, Long> drained = new ConcurrentHashMap<>();
        final Set<String> violations = ConcurrentHashMap.newKeySet();
        final AtomicInteger inCallback = new AtomicInteger();
        volatile boolean quiet;

        void record(Map<Long, Long> outcome, String name, int key, long value) {
            if (keyOf(value) != key) {
                violations.add(name + " value " + Long.toHexString(value) + " under key " + key);
            }
            if (outcome.putIfAbsent(value, order.incrementAndGet()) != null) {
                violations.add(name + " twice: " + Long.toHexString(value));
            }
        }

        long accounted() {
            return delivered.size() + replaced.size() + drained.size() + removed.get();
        }

        boolean enough() {
            return delivered.size() > ENOUGH && replaced.size() > ENOUGH && removed.get() > ENOUGH
                    && gets.get() > 10 * ENOUGH;
        }
    }

    private static long valueOf(int key, int worker, long sequence) {
        return ((long) key << 48) | ((long) worker << 40) | sequence;
    }

    private static int keyOf(long value) {
        return (int) (value >>> 48);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void sharedKeys_everyArmingEndsExactlyOnce(Mode mode) throws Exception {
        Ledger ledger = new Ledger();
        ExecutorService callbacks = mode.executorThreads > 0 ? Executors.newFixedThreadPool(mode.executorThreads) : null;
        KeyedTimer.Builder<Integer, Long> builder = KeyedTimer.<Integer, Long>builder().stripes(4);
        if (callbacks != null) {
            builder.executor(callbacks);
        } else if (mode.executorThreads == DIRECT) {
            builder.executor(Runnable::run);
        }
        if (mode.manual) {
            builder.manualClock();
        }
        AtomicLong callbackSequence = new AtomicLong();
        AtomicReference<KeyedTimer<Integer, Long>> self = new AtomicReference<>();
        KeyedTimer<Integer, Long> timer = builder.build((key, value) -> {
            ledger.inCallback.incrementAndGet();
            try {
                ledger.record(ledger.delivered, "delivered", key, value);
                if (!ledger.quiet) {
                    reenter(self.get(), ledger, value, mode.keys, callbackSequence);
                }
            } finally {
                ledger.inCallback.decrementAndGet();
            }
        });
        self.set(timer);
        ExecutorService workers = Executors.newFixedThreadPool(WORKERS);
        try {
            List<Future<?>> futures = new ArrayList<>();
            long end = System.nanoTime() + RUN_NANOS;
            AtomicLong manualClock = new AtomicLong();
            for (int w = 0; w < WORKERS; w++) {
                int worker = w + 1;
                futures.add(workers.submit(() -> work(timer, ledger, worker, end, mode.keys, mode.manual ? manualClock : null)));
            }
            for (Future<?> f : futures) {
                f.get(RUN_NANOS + MORE_NANOS + TimeUnit.SECONDS.toNanos(60), TimeUnit.NANOSECONDS);
            }
            ledger.quiet = true;
            KeyedTimerStressTest.awaitTrue(() -> ledger.inCallback.get() == 0, "callbacks still running");
            timer.drain((key, value) -> ledger.record(ledger.drained, "drained", key, value));
            KeyedTimerStressTest.awaitTrue(() -> ledger.accounted() >= ledger.armed.get(), "claimed callbacks never ran");
        } finally {
            KeyedTimerStressTest.closeAndAwait(timer, workers, callbacks);
        }
        assertEquals(Set.of(), ledger.violations);
        assertDisjoint(ledger.delivered, ledger.replaced, "delivered and replaced");
        assertDisjoint(ledger.delivered, ledger.drained, "delivered and drained");
        assertDisjoint(ledger.replaced, ledger.drained, "replaced and drained");
        String summary = String.format("armed %d = delivered %d + replaced %d + drained %d + removed %d",
                ledger.armed.get(), ledger.delivered.size(), ledger.replaced.size(), ledger.drained.size(),
                ledger.removed.get());
        assertEquals(ledger.armed.get(), ledger.accounted(), summary);
        assertTrue(ledger.enough(), "too little of each outcome to test: " + summary + ", gets returning a value "
                + ledger.gets.get());
    }

    /** A callback arms one key and disarms another, as a connection's expiry might. */
    private static void reenter(KeyedTimer<Integer, Long> timer, Ledger ledger, long value, int keys, AtomicLong sequence) {
        int key = (int) (Long.rotateLeft(value * 0x9E3779B97F4A7C15L, 17) & (keys - 1));
        if ((value & 1) == 0) {
            long fresh = valueOf(key, CALLBACK_WORKER, sequence.incrementAndGet());
            ledger.armed.incrementAndGet();
            Long replaced = timer.set(key, fresh, Duration.ofNanos(MS));
            if (replaced != null) {
                ledger.record(ledger.replaced, "replaced", key, replaced);
            }
        } else if (timer.remove(key)) {
            ledger.removed.incrementAndGet();
        }
    }

    /** Runs until {@code end}, then on while an outcome is still too rare, for at most {@link #MORE_NANOS}. */
    private static Void work(KeyedTimer<Integer, Long> timer, Ledger ledger, int worker, long end, int keys, AtomicLong manualClock) {
        SplittableRandom random = new SplittableRandom(20261125L + worker);
        long sequence = 0;
        for (long now; (now = System.nanoTime()) - end < 0 || !ledger.enough() && now - (end + MORE_NANOS) < 0; ) {
            for (int batch = 0; batch < 64; batch++) {
                int key = random.nextInt(keys);
                long delay = manualClock == null ? random.nextLong(-MS, 3 * MS) : random.nextLong(0, 3 * MS);
                int kind = random.nextInt(1000);
                if (kind < 400) {
                    long value = valueOf(key, worker, ++sequence);
                    ledger.armed.incrementAndGet();
                    Long replaced = timer.set(key, value, Duration.ofNanos(delay));
                    if (replaced != null) {
                        ledger.record(ledger.replaced, "replaced", key, replaced);
                    }
                } else if (kind < 600) {
                    timer.move(key, Duration.ofNanos(delay));
                } else if (kind < 750) {
                    if (timer.remove(key)) {
                        ledger.removed.incrementAndGet();
                    }
                } else if (kind < 900) {
                    long began = ledger.order.incrementAndGet();
                    Long pending = timer.get(key);
                    if (pending != null) {
                        ledger.gets.incrementAndGet();
                        checkPending(ledger, key, pending, began);
                    }
                } else if (kind < 960) {
                    timer.containsKey(key);
                    timer.size();
                } else if (kind < 965) {
                    if (random.nextInt(DRAIN_ONE_IN) == 0) {
                        timer.drain((k, v) -> ledger.record(ledger.drained, "drained", k, v));
                    }
                } else if (manualClock != null) {
                    timer.advanceTo(manualClock.addAndGet(random.nextLong(0, 2 * MS)));
                }
            }
        }
        return null;
    }

    /** A value that {@code get} returns was pending at some moment after the call began. */
    private static void checkPending(Ledger ledger, int key, long value, long began) {
        if (keyOf(value) != key) {
            ledger.violations.add("get(" + key + ") returned " + Long.toHexString(value));
        }
        for (Map.Entry<String, Map<Long, Long>> outcome : Map.of("delivered", ledger.delivered, "replaced",
                ledger.replaced, "drained", ledger.drained).entrySet()) {
            Long at = outcome.getValue().get(value);
            if (at != null && at < began) {
                ledger.violations.add("get(" + key + ") returned " + Long.toHexString(value) + ", "
                        + outcome.getKey() + " before the get began");
            }
        }
    }

    private static void assertDisjoint(Map<Long, Long> a, Map<Long, Long> b, String what) {
        for (Long v : a.keySet()) {
            if (b.containsKey(v)) {
                fail(what + ": " + Long.toHexString(v));
            }
        }
    }
}
