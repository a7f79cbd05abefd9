package io.github.radixwheel.benchmarks;

import io.github.radixwheel.alarms.KeyedTimer;
import io.github.radixwheel.benchmarks.peers.NettyAdapter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Thread-driven timers end to end: N timers with delays spread over a window, run on the real
 * clock until every one has fired, reporting CPU time (from {@link ThreadMXBean}) and lateness.
 * Netty's {@code HashedWheelTimer} (through {@link NettyAdapter}) and radixwheel's
 * {@link KeyedTimer}, both with a 1 ms tick; Netty with 512 buckets.
 *
 * <p><b>Definition.</b> On one producer thread, N timers are created back to back with delays
 * uniform in {@code [0, window)} (default 1 s; fixed seed); then the producer waits until all
 * have fired. Each firing records {@code System.nanoTime()} on the timer's thread.
 *
 * <ul>
 *   <li><b>producer CPU</b>: the producer thread's CPU time while creating the N timers;
 *   <li><b>timer-thread CPU</b>: the CPU time of the timer's own thread (Netty's worker,
 *       {@code KeyedTimer}'s driver) over the whole run, read before it is stopped;
 *   <li><b>lateness</b>: firing time minus deadline, where the deadline is the delay added to
 *       a clock reading taken before each block of 1024 creations: it can only overstate
 *       lateness, by at most the time one block took to create (tens of microseconds).
 *       Both timers promise never to fire early, and a negative lateness fails the run.
 * </ul>
 *
 * <p>Each implementation first runs once unmeasured (class loading, JIT), then once measured.
 * This is one run each, not a statistic: for the steady-state producer cost see
 * {@link NettyBenchmark}.
 *
 * <p>Run it (after {@code mvn -B -q package -DskipTests} at the root), optionally with the sizes
 * and the window in milliseconds:
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.EndToEnd
 * java -cp benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.EndToEnd 1024,65536,1048576 1000
 * }</pre>
 */
public final class EndToEnd {
    /** The implementations, in the order of the table. */
    public static final List<String> IMPLS = List.of("Netty", "KeyedTimer");
    static final long TICK = TimeUnit.MILLISECONDS.toNanos(1);
    static final int NETTY_BUCKETS = 512;
    static final long DELAY_SEED = 0xE2E_01L;
    private static final int BLOCK = 1024;

    /**
     * One measured run.
     *
     * @param impl "Netty" or "KeyedTimer"
     * @param timers N
     * @param windowNanos the delays' range
     * @param wallNanos from the first creation until the last firing
     * @param producerCpuNanos the producer thread's CPU time while creating the timers
     * @param timerThreadCpuNanos the timer thread's CPU time over the run
     * @param latenessNanos every timer's lateness, sorted
     */
    public record Run(String impl, int timers, long windowNanos, long wallNanos, long producerCpuNanos,
            long timerThreadCpuNanos, long[] latenessNanos) {
        /** @return the lateness at quantile {@code q} in [0, 1], in nanoseconds */
        public long lateness(double q) {
            int i = (int) Math.min(latenessNanos.length - 1, Math.floor(q * latenessNanos.length));
            return latenessNanos[i];
        }

        /** @return (producer + timer-thread) CPU per timer, in nanoseconds */
        public double cpuPerTimer() {
            return (double) (producerCpuNanos + timerThreadCpuNanos) / timers;
        }
    }

    private EndToEnd() {
    }

    /**
     * @param args optionally a comma-separated list of N (default 65536,1048576) and the window
     *     in milliseconds (default 1000)
     * @throws InterruptedException if interrupted while waiting for the timers
     */
    public static void main(String[] args) throws InterruptedException {
        int[] sizes = args.length > 0
                ? Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray()
                : new int[] {65536, 1 << 20};
        long window = TimeUnit.MILLISECONDS.toNanos(args.length > 1 ? Long.parseLong(args[1]) : 1000);
        System.out.print(table(runAll(sizes, window)));
    }

    /**
     * Runs every implementation at every size (each once unmeasured, then once measured).
     *
     * @param sizes the values of N
     * @param windowNanos the delays' range
     * @return the measured runs
     * @throws InterruptedException if interrupted while waiting for the timers
     */
    public static List<Run> runAll(int[] sizes, long windowNanos) throws InterruptedException {
        List<Run> runs = new ArrayList<>();
        for (int n : sizes) {
            for (String impl : IMPLS) {
                run(impl, n, windowNanos);
                runs.add(run(impl, n, windowNanos));
            }
        }
        return runs;
    }

    /**
     * @param runs measured runs
     * @return a Markdown table of them
     */
    public static String table(List<Run> runs) {
        StringBuilder sb = new StringBuilder();
        sb.append("Thread-driven timers end to end (real clock, 1 ms tick; delays uniform in the window;"
                + " one run each after one unmeasured run)\n\n");
        sb.append("| impl | N | window | wall | producer CPU / timer | timer-thread CPU / timer"
                + " | lateness p50 | p99 | max |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Run r : runs) {
            sb.append(String.format(Locale.ROOT, "| %s | %d | %d ms | %d ms | %.0f ns | %.0f ns | %.2f ms | %.2f ms | %.2f ms |%n",
                    r.impl().equals("Netty") ? "Netty HashedWheelTimer" : "radixwheel KeyedTimer",
                    r.timers(), r.windowNanos() / 1_000_000, r.wallNanos() / 1_000_000,
                    (double) r.producerCpuNanos() / r.timers(), (double) r.timerThreadCpuNanos() / r.timers(),
                    r.lateness(0.5) / 1e6, r.lateness(0.99) / 1e6, r.lateness(1.0) / 1e6));
        }
        return sb.toString();
    }

    /**
     * One run of one implementation.
     *
     * @param impl "Netty" or "KeyedTimer"
     * @param n the number of timers, positive
     * @param windowNanos the delays' range, positive
     * @return the measurements
     * @throws InterruptedException if interrupted while waiting for the timers
     * @throws IllegalStateException if not every timer fired within the window plus 30 s, or one
     *     fired early or twice
     */
    public static Run run(String impl, int n, long windowNanos) throws InterruptedException {
        if (n <= 0 || windowNanos <= 0) {
            throw new IllegalArgumentException("n and window must be positive: " + n + ", " + windowNanos);
        }
        long[] delays = PeerState.uniformLongs(DELAY_SEED, n, 0, windowNanos);
        long[] deadline = new long[n];
        long[] firedAt = new long[n];
        CountDownLatch done = new CountDownLatch(n);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long producerCpu;
        long timerCpu;
        long start;
        switch (impl) {
            case "Netty": {
                // Ids are slot numbers 0..n-1 here: nothing is cancelled, so slots are handed out in order.
                NettyAdapter netty = new NettyAdapter(TICK, NETTY_BUCKETS, n, id -> {
                    int slot = (int) id;
                    if (firedAt[slot] != 0) {
                        throw new IllegalStateException("Netty fired timer " + slot + " twice");
                    }
                    firedAt[slot] = System.nanoTime();
                    done.countDown();
                });
                try {
                    long cpu0 = threads.getCurrentThreadCpuTime();
                    start = System.nanoTime();
                    long blockStart = start;
                    for (int i = 0; i < n; i++) {
                        if ((i & (BLOCK - 1)) == 0) {
                            blockStart = System.nanoTime();
                        }
                        deadline[i] = blockStart + delays[i];
                        long id = netty.scheduleAfter(delays[i]);
                        if ((int) id != i) {
                            throw new IllegalStateException("Netty adapter handed out slot " + (int) id + " for timer " + i);
                        }
                    }
                    producerCpu = threads.getCurrentThreadCpuTime() - cpu0;
                    await(done, impl, n, windowNanos);
                    timerCpu = cpuOfThread(threads, "netty-hashed-wheel-timer");
                } finally {
                    netty.close();
                }
                break;
            }
            case "KeyedTimer": {
                Integer[] keys = new Integer[n];
                for (int i = 0; i < n; i++) {
                    keys[i] = i;
                }
                Duration[] durations = new Duration[n];
                for (int i = 0; i < n; i++) {
                    durations[i] = Duration.ofNanos(delays[i]);
                }
                KeyedTimer<Integer, Object> keyed = KeyedTimer.<Integer, Object>builder()
                        .tick(Duration.ofNanos(TICK))
                        .build((key, value) -> {
                            if (firedAt[key] != 0) {
                                throw new IllegalStateException("KeyedTimer fired key " + key + " twice");
                            }
                            firedAt[key] = System.nanoTime();
                            done.countDown();
                        });
                String name = driverThreadName();
                try {
                    long cpu0 = threads.getCurrentThreadCpuTime();
                    start = System.nanoTime();
                    long blockStart = start;
                    for (int i = 0; i < n; i++) {
                        if ((i & (BLOCK - 1)) == 0) {
                            blockStart = System.nanoTime();
                        }
                        deadline[i] = blockStart + delays[i];
                        keyed.set(keys[i], null, durations[i]);
                    }
                    producerCpu = threads.getCurrentThreadCpuTime() - cpu0;
                    await(done, impl, n, windowNanos);
                    timerCpu = cpuOfThread(threads, name);
                } finally {
                    keyed.close();
                }
                break;
            }
            default:
                throw new IllegalArgumentException("impl must be Netty or KeyedTimer: " + impl);
        }
        long last = Long.MIN_VALUE;
        long[] lateness = new long[n];
        for (int i = 0; i < n; i++) {
            lateness[i] = firedAt[i] - deadline[i];
            if (lateness[i] < 0) {
                throw new IllegalStateException(impl + " fired timer " + i + " " + (-lateness[i]) + " ns early");
            }
            last = Math.max(last, firedAt[i]);
        }
        Arrays.sort(lateness);
        return new Run(impl, n, windowNanos, last - start, producerCpu, timerCpu, lateness);
    }

    private static void await(CountDownLatch done, String impl, int n, long windowNanos) throws InterruptedException {
        long limit = windowNanos + TimeUnit.SECONDS.toNanos(30);
        if (!done.await(limit, TimeUnit.NANOSECONDS)) {
            throw new IllegalStateException(impl + ": only " + (n - done.getCount()) + " of " + n
                    + " timers fired within " + TimeUnit.NANOSECONDS.toMillis(limit) + " ms");
        }
    }

    /** @return the name of the newest {@code KeyedTimer} driver thread (they are numbered) */
    private static String driverThreadName() {
        String best = null;
        int bestNumber = -1;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            String name = t.getName();
            if (name.startsWith("radixwheel-keyed-timer-")) {
                int number = Integer.parseInt(name.substring("radixwheel-keyed-timer-".length()));
                if (number > bestNumber) {
                    bestNumber = number;
                    best = name;
                }
            }
        }
        if (best == null) {
            throw new IllegalStateException("no KeyedTimer driver thread is running");
        }
        return best;
    }

    /** @return the CPU time of the one live thread with this name */
    private static long cpuOfThread(ThreadMXBean threads, String name) {
        long found = -1;
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().equals(name)) {
                if (found != -1) {
                    throw new IllegalStateException("more than one live thread is named " + name);
                }
                found = threads.getThreadCpuTime(info.getThreadId());
            }
        }
        if (found < 0) {
            throw new IllegalStateException("no live thread named " + name + " (or CPU time unsupported)");
        }
        return found;
    }
}
