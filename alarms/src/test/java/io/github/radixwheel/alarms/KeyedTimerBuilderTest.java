package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The 0.2 builder options: a thread factory, and key and value types inferred at {@code build}. */
class KeyedTimerBuilderTest {
    private static final long MS = 1_000_000L;

    /** A connection, as a keep-alive user would close it. */
    static final class Conn {
        final List<String> log;

        Conn(List<String> log) {
            this.log = log;
        }

        void close() {
            log.add("closed");
        }
    }

    @Test
    void build_inferTypesFromTheCallback() {
        List<String> log = new ArrayList<>();
        // The point is that these compile: no type witness on builder().
        KeyedTimer<Integer, Conn> timer = KeyedTimer.builder().manualClock().build((Integer id, Conn c) -> c.close());
        var inferred = KeyedTimer.builder().manualClock().build((Integer id, Conn c) -> c.close());
        KeyedTimer<Integer, Conn> narrowed = KeyedTimer.builder().manualClock()
                .onError((Integer id, Throwable e) -> log.add("error " + id))
                .build((Integer id, Conn c) -> {
                    throw new IllegalStateException();
                });
        timer.set(1, new Conn(log), Duration.ZERO);
        inferred.set(2, new Conn(log), Duration.ZERO);
        narrowed.set(3, new Conn(log), Duration.ZERO);
        timer.advanceTo(MS);
        inferred.advanceTo(MS);
        narrowed.advanceTo(MS);
        assertEquals(List.of("closed", "closed", "error 3"), log);
    }

    @Test
    void threadFactory_makesTheDrivingThread() throws InterruptedException {
        List<Thread> made = new ArrayList<>();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, "keep-alive-timer");
            t.setDaemon(true);
            made.add(t);
            return t;
        };
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        CountDownLatch fired = new CountDownLatch(1);
        KeyedTimer<String, String> timer = KeyedTimer.<String, String>builder().threadFactory(factory)
                .build((key, value) -> {
                    ranOn.set(Thread.currentThread());
                    fired.countDown();
                });
        try {
            assertEquals(1, made.size());
            assertTrue(made.get(0).isAlive());
            timer.set("a", "", Duration.ZERO);
            assertTrue(fired.await(10, TimeUnit.SECONDS));
            assertEquals(made.get(0), ranOn.get());
            assertTrue(timer.toString().contains("keep-alive-timer"), timer.toString());
        } finally {
            timer.close();
        }
        made.get(0).join(TimeUnit.SECONDS.toMillis(10));
        assertFalse(made.get(0).isAlive());
    }

    /** Java 21's virtual threads, reached by reflection since the tests compile for 17; skipped before 21. */
    @Test
    void threadFactory_ofVirtualThreads_drivesTheTimer() throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads need Java 21");
        Class<?> builderType = Class.forName("java.lang.Thread$Builder");
        Object threads = Thread.class.getMethod("ofVirtual").invoke(null);
        threads = builderType.getMethod("name", String.class).invoke(threads, "virtual-timer");
        ThreadFactory factory = (ThreadFactory) builderType.getMethod("factory").invoke(threads);
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        CountDownLatch fired = new CountDownLatch(100);
        KeyedTimer<Integer, String> timer = KeyedTimer.<Integer, String>builder().threadFactory(factory)
                .build((key, value) -> {
                    ranOn.set(Thread.currentThread());
                    fired.countDown();
                });
        try {
            for (int i = 0; i < 100; i++) {
                timer.set(i, "", Duration.ofMillis(i % 10));
            }
            assertTrue(fired.await(10, TimeUnit.SECONDS), "fired: " + (100 - fired.getCount()));
            assertEquals(true, Thread.class.getMethod("isVirtual").invoke(ranOn.get()));
            assertEquals("virtual-timer", ranOn.get().getName());
        } finally {
            timer.close();
        }
        ranOn.get().join(TimeUnit.SECONDS.toMillis(10));
        assertFalse(ranOn.get().isAlive());
    }

    @Test
    void threadFactory_notUsedOnTheManualClock() {
        List<Runnable> asked = new ArrayList<>();
        KeyedTimer.builder().threadFactory(r -> {
            asked.add(r);
            return new Thread(r);
        }).manualClock().build((Object k, Object v) -> { });
        assertEquals(List.of(), asked);
    }

    @Test
    void threadFactory_nullOrReturningNull_throwsNullPointerException() {
        assertThrows(NullPointerException.class, () -> KeyedTimer.builder().threadFactory(null));
        KeyedTimer.Builder<Object, Object> b = KeyedTimer.builder().threadFactory(r -> null);
        assertThrows(NullPointerException.class, () -> b.build((k, v) -> { }));
    }

    @Test
    void tick_longerThanLongMaxNanos_throwsIllegalArgumentExceptionNamingTheRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KeyedTimer.builder().tick(Duration.ofDays(365L * 300)));
        assertEquals("tick: PT2628000H (expected: 1..9223372036854775807 ns)", e.getMessage());
        KeyedTimer.builder().tick(Duration.ofNanos(Long.MAX_VALUE)).manualClock().build((Object k, Object v) -> { });
    }
}
