package io.github.radixwheel.benchmarks;

import io.github.radixwheel.benchmarks.peers.executors.DelayedTasks;
import io.github.radixwheel.benchmarks.peers.executors.Request;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import joptsimple.OptionParser;
import org.openjdk.jol.info.ClassLayout;

/**
 * The executors' memory and idle cost (the workloads (c) and (d) of the executor suite), for each
 * {@link DelayedTasks} implementation:
 * <ul>
 *   <li><b>bytes per pending task</b>: the heap used after a full GC with N tasks pending (delays
 *       of an hour and more), less the heap before they were scheduled and less the tasks' own
 *       objects (a {@link Request} and its payload, measured with JOL), divided by N: what the timer
 *       keeps per task, growth slack included;</li>
 *   <li><b>retained per cancelled task</b>: after all N are cancelled (and the timer's thread has
 *       had 50 ms to process its queues), the bytes of the cancelled tasks' own objects that are
 *       still reachable (weak references that have not cleared), divided by N; and, beside it, the
 *       heap still used beyond the empty timer, divided by N, which includes arrays that stay grown;</li>
 *   <li><b>idle CPU</b>: the CPU time the timer's thread uses over one second with one task pending
 *       an hour ahead, in milliseconds per second.</li>
 * </ul>
 * Heap figures are {@code Runtime} readings after repeated {@code System.gc()}: run it alone, with a
 * fixed heap ({@code -Xms2g -Xmx2g}) for steadier readings.
 *
 * <p>Run, with N (default 2^20):
 * {@code java -Xms2g -Xmx2g -cp benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.ExecutorFootprint 1048576}.
 */
public final class ExecutorFootprint {
    /**
     * One implementation's figures.
     *
     * @param name the implementation
     * @param tasks N
     * @param pendingBytes bytes per pending task, beyond the tasks' own objects
     * @param retainedTaskBytes bytes of cancelled tasks' objects still reachable, per task
     * @param retainedHeapBytes heap still used after the cancels beyond the empty timer, per task
     * @param idleCpuMillisPerSecond the thread's CPU while idle
     */
    public record Row(String name, int tasks, double pendingBytes, double retainedTaskBytes, double retainedHeapBytes,
            double idleCpuMillisPerSecond) {
    }

    private static final long FAR_NANOS = TimeUnit.HOURS.toNanos(1);

    private ExecutorFootprint() {
    }

    /**
     * @param args optionally N (default 2^20)
     * @throws InterruptedException if interrupted while waiting
     */
    public static void main(String[] args) throws InterruptedException {
        OptionParser parser = new OptionParser();
        List<Integer> size = parser.nonOptions("N").ofType(Integer.class).values(parser.parse(args));
        int n = size.isEmpty() ? 1 << 20 : size.get(0);
        List<Row> rows = new ArrayList<>();
        for (String impl : DelayedTasks.IMPLS) {
            rows.add(measure(impl, n));
        }
        System.out.print(table(rows));
    }

    /**
     * @param impl one of {@link DelayedTasks#IMPLS}
     * @param n the number of tasks, positive
     * @return its figures
     * @throws InterruptedException if interrupted while waiting
     */
    public static Row measure(String impl, int n) throws InterruptedException {
        IntConsumer never = i -> {
            throw new IllegalStateException("task " + i + " ran");
        };
        // A task's own objects: the Request and its payload (the shared callback aside).
        long taskBytes = Footprint.bytes(new Request(0, new Object(), never)) - Footprint.bytes(never);
        long weakRefBytes = ClassLayout.parseClass(WeakReference.class).instanceSize();
        try (DelayedTasks tasks = DelayedTasks.create(impl)) {
            tasks.schedule(new Request(-1, new Object(), never), FAR_NANOS); // starts the thread
            double idle = idleCpu(tasks);
            Object[] handles = new Object[n];
            WeakReference<?>[] refs = new WeakReference<?>[n];
            long empty = usedHeap();
            for (int i = 0; i < n; i++) {
                Request r = new Request(i, new Object(), never);
                refs[i] = new WeakReference<>(r);
                handles[i] = tasks.schedule(r, FAR_NANOS + i);
            }
            long full = usedHeap();
            double pending = (double) (full - empty) / n - taskBytes - weakRefBytes;
            for (int i = 0; i < n; i++) {
                if (!tasks.cancel(handles[i])) {
                    throw new IllegalStateException(impl + ": a pending task could not be cancelled");
                }
                handles[i] = null;
            }
            Thread.sleep(50); // Netty's thread removes cancelled timeouts at its next tick
            long after = usedHeap();
            long alive = 0;
            for (WeakReference<?> w : refs) {
                alive += w.get() != null ? 1 : 0;
            }
            double kept = (double) (after - empty) / n - weakRefBytes;
            return new Row(tasks.name(), n, pending, (double) alive * taskBytes / n, kept, idle);
        }
    }

    /** The thread's CPU over one second, in ms, with one far task pending. */
    private static double idleCpu(DelayedTasks tasks) throws InterruptedException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Thread.sleep(100);
        long before = threads.getThreadCpuTime(tasks.thread().getId());
        Thread.sleep(1000);
        return (threads.getThreadCpuTime(tasks.thread().getId()) - before) / 1e6;
    }

    /** The heap in use after the collector has settled. */
    static long usedHeap() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 6; i++) {
            System.gc();
            Thread.sleep(20);
            used = Math.min(used, rt.totalMemory() - rt.freeMemory());
        }
        return used;
    }

    /**
     * @param rows measured rows
     * @return a Markdown table of them
     */
    public static String table(List<Row> rows) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "| implementation, %,d tasks | bytes / pending task"
                + " | cancelled tasks' bytes still reachable / task | heap kept after the cancels / task | idle CPU |%n"
                + "|---|---:|---:|---:|---:|%n", rows.get(0).tasks()));
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.2f ms/s |%n", r.name(), r.pendingBytes(),
                    r.retainedTaskBytes(), r.retainedHeapBytes(), r.idleCpuMillisPerSecond()));
        }
        return sb.toString();
    }
}
