package io.github.radixwheel.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import joptsimple.OptionParser;

/**
 * How long a timer thread waits for a core on this machine when a producer that keeps busy wakes
 * it: after {@link Thread#start} (a timer's first task starts its thread), and after
 * {@link LockSupport#unpark} (a task due before the thread's planned wake). The producer spins for
 * a few milliseconds after each, as one that schedules a burst does; the figure is the time from the
 * call to the woken thread's first step. For comparison, a thread woken by its own timer while
 * another spins (as Netty's worker sleeps to each tick): the time past its 1 ms park. A timer
 * thread that waits so runs the tasks due meanwhile that late: one source of {@link EndToEnd}'s
 * largest lateness at 2^16 tasks.
 *
 * <p>Run, optionally with the number of samples of each: {@code java -cp
 * benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.WakeLatency 200}.
 */
public final class WakeLatency {
    /** How long the producer stays busy after each start or unpark. */
    private static final long BUSY_NANOS = 4_000_000L;
    /** A wake later than this counts as late: a timer thread's tick. */
    private static final long TICK_NANOS = 1_000_000L;

    private static volatile long reachedAt;
    private static volatile boolean stop;
    /** Where the spinning loops leave their sums, so that the compiler keeps them. */
    private static volatile long sink;

    private WakeLatency() {}

    /**
     * Prints a row for starts, one for unparks and one for wakes by the thread's own timer.
     *
     * @param args optionally the number of samples of each (default 200)
     * @throws InterruptedException if interrupted while waiting
     */
    public static void main(String[] args) throws InterruptedException {
        OptionParser parser = new OptionParser();
        List<Integer> given = parser.nonOptions("samples").ofType(Integer.class).values(parser.parse(args));
        int samples = given.isEmpty() ? 200 : given.get(0);
        if (samples < 10) {
            throw new IllegalArgumentException("samples: " + samples + " (expected: at least 10)");
        }
        System.out.println("| woken by a busy thread | samples | p50 | p90 | p99 | max | later than 1 ms |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        print("Thread.start", starts(samples));
        print("LockSupport.unpark", unparks(samples));
        print("its own timer (parkNanos 1 ms)", timed(samples));
    }

    private static long[] starts(int samples) throws InterruptedException {
        long[] latency = new long[samples];
        for (int i = 0; i < samples; i++) {
            reachedAt = 0;
            Thread t = new Thread(() -> reachedAt = System.nanoTime());
            long called = System.nanoTime();
            t.start();
            latency[i] = busyUntilReached(called);
            t.join();
            Thread.sleep(2);
        }
        return latency;
    }

    private static long[] unparks(int samples) throws InterruptedException {
        stop = false;
        Thread sleeper = new Thread(() -> {
            while (!stop) {
                LockSupport.park();
                reachedAt = System.nanoTime();
            }
        });
        sleeper.start();
        Thread.sleep(10);
        long[] latency = new long[samples];
        for (int i = 0; i < samples; i++) {
            reachedAt = 0;
            long called = System.nanoTime();
            LockSupport.unpark(sleeper);
            latency[i] = busyUntilReached(called);
            Thread.sleep(2);
        }
        stop = true;
        LockSupport.unpark(sleeper);
        sleeper.join();
        return latency;
    }

    /** A thread that parks for 1 ms at a time while another spins: how long after the 1 ms it runs. */
    private static long[] timed(int samples) throws InterruptedException {
        stop = false;
        Thread busy = new Thread(() -> {
            long x = 0;
            while (!stop) {
                x += System.nanoTime() & 1;
            }
            sink = x;
        });
        busy.start();
        long[] latency = new long[samples];
        for (int i = 0; i < samples; i++) {
            long due = System.nanoTime() + TICK_NANOS;
            LockSupport.parkNanos(TICK_NANOS);
            latency[i] = Math.max(0, System.nanoTime() - due);
        }
        stop = true;
        busy.join();
        return latency;
    }

    /** Spins for {@link #BUSY_NANOS}; {@return how long after {@code called} the woken thread ran, or Long.MAX_VALUE} */
    private static long busyUntilReached(long called) {
        long x = 0;
        while (System.nanoTime() - called < BUSY_NANOS) {
            x += System.nanoTime() & 1; // busy, as a producer is
        }
        sink = x;
        long at = reachedAt;
        return at == 0 ? Long.MAX_VALUE : Math.max(0, at - called); // 0: a spurious wake just before
    }

    private static void print(String what, long[] latency) {
        long[] sorted = latency.clone();
        Arrays.sort(sorted);
        long late = Arrays.stream(sorted).filter(v -> v > TICK_NANOS).count();
        System.out.printf(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %d (%.1f %%) |%n", what, sorted.length,
                micros(sorted[sorted.length / 2]), micros(sorted[sorted.length * 9 / 10]),
                micros(sorted[sorted.length * 99 / 100]), micros(sorted[sorted.length - 1]), late,
                100.0 * late / sorted.length);
    }

    private static String micros(long nanos) {
        return nanos == Long.MAX_VALUE ? "> 4 ms" : String.format(Locale.ROOT, "%.0f µs", nanos / 1e3);
    }
}
