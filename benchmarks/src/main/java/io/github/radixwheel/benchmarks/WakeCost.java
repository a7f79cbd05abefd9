package io.github.radixwheel.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import joptsimple.OptionParser;

/**
 * What one wake-up of a timer thread costs on this machine, with nothing to run: the CPU time of a
 * thread that sleeps until the start of each next millisecond for one second, as radixwheel's
 * driving thread does ({@link LockSupport#parkNanos}) and as Netty's worker does
 * ({@code Thread.sleep}), divided by the number of wake-ups. Every thread-driven timer with a 1 ms
 * tick pays it once per tick in which something is due; at N tasks spread over a second, that is
 * {@code cost × 1000 / N} of each task's thread CPU in {@link EndToEnd}.
 *
 * <p>Run, optionally with the number of rounds: {@code java -cp benchmarks/target/benchmarks.jar
 * io.github.radixwheel.benchmarks.WakeCost 5}.
 */
public final class WakeCost {
    private static final long MILLI = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;

    private WakeCost() {}

    /**
     * Prints one row per round.
     *
     * @param args optionally the number of rounds (default 5)
     * @throws InterruptedException if interrupted while sleeping
     */
    public static void main(String[] args) throws InterruptedException {
        OptionParser parser = new OptionParser();
        List<Integer> given = parser.nonOptions("rounds").ofType(Integer.class).values(parser.parse(args));
        int rounds = given.isEmpty() ? 5 : given.get(0);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        System.out.println("| round | parkNanos to the next ms: wakes | µs CPU per wake | Thread.sleep(1): wakes | µs CPU per wake |");
        System.out.println("|---:|---:|---:|---:|---:|");
        for (int round = 1; round <= rounds; round++) {
            long c0 = mx.getCurrentThreadCpuTime();
            int parks = parkEachMilli();
            long c1 = mx.getCurrentThreadCpuTime();
            int sleeps = sleepEachMilli();
            long c2 = mx.getCurrentThreadCpuTime();
            System.out.printf(Locale.ROOT, "| %d | %d | %.1f | %d | %.1f |%n", round, parks, (c1 - c0) / 1e3 / parks,
                    sleeps, (c2 - c1) / 1e3 / sleeps);
        }
    }

    /** Parks until the start of each next millisecond, for a second; returns the number of wakes. */
    private static int parkEachMilli() {
        long start = System.nanoTime();
        long next = start;
        int wakes = 0;
        while (System.nanoTime() - start < SECOND) {
            next += MILLI;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
                wakes++;
            }
        }
        return Math.max(wakes, 1);
    }

    /** Sleeps one millisecond at a time, for a second; returns the number of wakes. */
    private static int sleepEachMilli() throws InterruptedException {
        long start = System.nanoTime();
        int wakes = 0;
        while (System.nanoTime() - start < SECOND) {
            Thread.sleep(1);
            wakes++;
        }
        return wakes;
    }
}
