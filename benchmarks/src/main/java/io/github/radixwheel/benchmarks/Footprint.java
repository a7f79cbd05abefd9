package io.github.radixwheel.benchmarks;

import com.github.benmanes.caffeine.cache.CaffeineTimerWheelAdapter;
import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import it.unimi.dsi.fastutil.longs.LongHeapIndirectPriorityQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import org.agrona.DeadlineTimerWheel;
import org.apache.kafka.server.util.timer.KafkaTimingWheelAdapter;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.GraphLayout;

/**
 * Memory per element, measured with JOL's {@link GraphLayout#parseInstance(Object...)}: the total
 * size of every object reachable from the structure, divided by the number of elements. Two
 * tables: the priority queues of {@link QueueBenchmark}, and (workload 7 of issue 5) bytes per
 * pending timer of every timer implementation of the peer suite, see {@link #measureTimers}.
 *
 * <p><b>Queues.</b> Values are null, so no value object is counted;
 * what remains is the structure itself (for {@code PriorityQueue}, the {@link KeyedEntry} objects
 * that carry the keys are part of it). Each structure is built by adding N elements with keys
 * uniform in {@code [0, 2^20)} from a fixed seed, starting from its default capacity where it
 * has one, so the figures are "after growth".
 *
 * <p>Run it (after {@code mvn -B -q package -DskipTests} at the root), with an optional N
 * (default 2^20):
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.Footprint 1048576
 * }</pre>
 *
 * <p>Sizes depend on the JVM's layout (compressed references, object alignment); JOL prints the
 * layout it detected first. Its warning that it could not get {@code Instrumentation} is harmless
 * here (sizes come from the layout model).
 */
public final class Footprint {
    /** One measured structure. */
    public record Row(String name, int elements, long totalBytes) {
        /** @return bytes per element */
        public double bytesPerElement() {
            return (double) totalBytes / elements;
        }
    }

    static {
        // JOL otherwise first tries to attach the HotSpot Serviceability Agent, which takes seconds
        // and, on this JDK, only confirms what it reads through Unsafe (the totals are identical).
        if (System.getProperty("jol.skipHotspotSAAttach") == null) {
            System.setProperty("jol.skipHotspotSAAttach", "true");
        }
        // Lambdas are hidden classes, whose field offsets Unsafe refuses to give (the wheels hold a
        // method-reference handler); JOL then finds the offsets by probing, as its error suggests.
        if (System.getProperty("jol.magicFieldOffset") == null) {
            System.setProperty("jol.magicFieldOffset", "true");
        }
    }

    private Footprint() {
    }

    /**
     * @param args optionally the number of elements (default 2^20)
     */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1 << 20;
        List<Row> rows = measure(n);
        System.out.println();
        System.out.printf(Locale.ROOT, "Bytes per element at N = %d (JOL GraphLayout.totalSize(), null values)%n", n);
        System.out.printf(Locale.ROOT, "| %-70s | %14s | %9s |%n", "structure", "total bytes", "B/elem");
        System.out.printf(Locale.ROOT, "|%s|%s|%s|%n", "-".repeat(72), "-".repeat(16), "-".repeat(11));
        for (Row r : rows) {
            System.out.printf(Locale.ROOT, "| %-70s | %14d | %9.2f |%n", r.name(), r.totalBytes(), r.bytesPerElement());
        }
        System.out.println();
        System.out.print(timerTable(measureTimers(n)));
    }

    /**
     * Bytes per pending timer of one timer implementation.
     *
     * @param impl the implementation's name
     * @param payload whether, and where, a timer carries a reference to the user's object
     * @param timers the number of pending timers
     * @param totalBytes the measured bytes
     * @param method how it was measured
     */
    public record TimerRow(String impl, String payload, int timers, long totalBytes, String method) {
        /** @return bytes per pending timer */
        public double bytesPerTimer() {
            return (double) totalBytes / timers;
        }
    }

    /**
     * @param rows measured rows
     * @return a Markdown table of them
     */
    public static String timerTable(List<TimerRow> rows) {
        StringBuilder sb = new StringBuilder();
        int n = rows.isEmpty() ? 0 : rows.get(0).timers();
        sb.append(String.format(Locale.ROOT,
                "Bytes per pending timer at N = %d (deadlines uniform in [1, 2^20], the clock at 0; user values excluded)%n%n", n));
        sb.append("| implementation | payload slot | bytes / timer | total bytes | measured |\n");
        sb.append("|---|---|---:|---:|---|\n");
        for (TimerRow r : rows) {
            sb.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %d | %s |%n",
                    r.impl(), r.payload(), r.bytesPerTimer(), r.totalBytes(), r.method()));
        }
        return sb.toString();
    }

    /** The element of the {@code DelayQueue} measured here: a deadline and a payload reference. */
    static final class DelayedTimer implements Delayed {
        final long deadline;
        Object value;

        DelayedTimer(long deadline) {
            this.deadline = deadline;
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(deadline, TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed o) {
            return Long.compare(deadline, ((DelayedTimer) o).deadline);
        }
    }

    /**
     * Bytes per pending timer of every timer implementation, each holding {@code n} timers with
     * deadlines uniform in {@code [1, 2^20]} (fixed seed) while its clock is at 0, configured as in
     * the benchmarks ({@link Impl}). Only the peer's own structure is measured, never an adapter:
     *
     * <ul>
     *   <li>radixwheel: the {@code TimingWheel} (null values). Payload: a value slot per alarm.
     *   <li>Agrona: the {@code DeadlineTimerWheel}. No payload: a timer is a deadline in a spoke
     *       array and its id is its position; users keep their own id-to-object map.
     *   <li>Kafka: the {@code TimingWheel} and its bucket {@code DelayQueue}, with one
     *       {@code TimerTaskEntry} and one {@code TimerTask} per timer; the task carries only
     *       Kafka's own fields (it is the payload: users subclass it).
     *   <li>Caffeine: the {@code TimerWheel} with one cache node per timer (the lightest node with
     *       variable expiration), key and value references set to a shared key and null. Payload:
     *       the node's key and value slots.
     *   <li>{@code DelayQueue} and {@code PriorityQueue}: one element object per timer holding a
     *       {@code long} deadline and a payload reference (null).
     *   <li>fastutil's indexed heap: {@code long[]} deadlines, heap and inverse index. No payload;
     *       a second row adds an {@code Object[]} of values indexed like the deadlines.
     *   <li>Netty {@code HashedWheelTimer}: the shallow size of one {@code HashedWheelTimeout} (JOL
     *       {@link ClassLayout}), because a timeout references the timer and through it its worker
     *       thread, so a graph walk would count the JVM; the wheel's 512 buckets are a fixed cost
     *       left out. Payload: the timeout's task reference.
     * </ul>
     *
     * @param n the number of timers, positive
     * @return one row per implementation, radixwheel first
     */
    public static List<TimerRow> measureTimers(int n) {
        if (n <= 0) {
            throw new IllegalArgumentException("n must be positive: " + n);
        }
        long[] deadlines = PeerState.uniformLongs(ChurnBenchmark.INITIAL_SEED, n, 1, PeerState.HORIZON + 1);
        String graph = "JOL graph";
        List<TimerRow> rows = new ArrayList<>();

        TimingWheel<Object> radix = new TimingWheel<>(new TimingWheelConfig(1, LevelBits.DEFAULT), 0L);
        for (long d : deadlines) {
            radix.add(d, null);
        }
        rows.add(timerRow("radixwheel TimingWheel", "yes (value per alarm)", n, graph, radix));

        DeadlineTimerWheel agrona = new DeadlineTimerWheel(TimeUnit.NANOSECONDS, 0L, 1L,
                Impl.agronaSpokes(n), Impl.AGRONA_TICK_ALLOCATION);
        for (long d : deadlines) {
            agrona.scheduleTimer(d);
        }
        rows.add(timerRow("Agrona DeadlineTimerWheel (" + Impl.agronaSpokes(n) + " spokes)",
                "no (id only)", n, graph, agrona));

        rows.add(timerRow("Kafka TimingWheel (20 buckets per level)", "the TimerTask (subclassed)", n, graph,
                KafkaTimingWheelAdapter.footprintRoots(Impl.KAFKA_WHEEL_SIZE, deadlines)));

        rows.add(timerRow("Caffeine TimerWheel (cache nodes)", "yes (node key + value)", n, graph,
                CaffeineTimerWheelAdapter.footprintRoot(Impl.CAFFEINE_UNIT_SHIFT, new Object(), deadlines)));

        DelayQueue<DelayedTimer> delayQueue = new DelayQueue<>();
        for (long d : deadlines) {
            delayQueue.add(new DelayedTimer(d));
        }
        rows.add(timerRow("java.util.concurrent.DelayQueue<{long, Object}>", "yes (element field)", n, graph, delayQueue));

        PriorityQueue<KeyedEntry> pq = new PriorityQueue<>();
        for (long d : deadlines) {
            pq.add(new KeyedEntry(d));
        }
        rows.add(timerRow("java.util.PriorityQueue<{long, Object}>", "yes (entry field)", n, graph, pq));

        long[] heapKeys = deadlines.clone();
        LongHeapIndirectPriorityQueue heap = new LongHeapIndirectPriorityQueue(heapKeys, n);
        for (int id = 0; id < n; id++) {
            heap.enqueue(id);
        }
        rows.add(timerRow("fastutil LongHeapIndirectPriorityQueue", "no (index only)", n, graph, heap));
        rows.add(timerRow("  the same + Object[] values", "yes (array slot)", n, graph, heap, new Object[n]));

        rows.add(new TimerRow("Netty HashedWheelTimer", "yes (task reference)", n,
                (long) n * nettyTimeoutSize(), "shallow HashedWheelTimeout"));
        return rows;
    }

    /** @return the instance size of Netty's {@code HashedWheelTimeout}, from JOL's class layout */
    static long nettyTimeoutSize() {
        try {
            return ClassLayout.parseClass(Class.forName("io.netty.util.HashedWheelTimer$HashedWheelTimeout")).instanceSize();
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("Netty's HashedWheelTimeout class is not on the class path", e);
        }
    }

    private static TimerRow timerRow(String impl, String payload, int n, String method, Object... roots) {
        return new TimerRow(impl, payload, n, GraphLayout.parseInstance(roots).totalSize(), method);
    }

    /**
     * Builds and measures every structure at {@code n} elements.
     *
     * @param n the number of elements, positive
     * @return one row per structure, the radix queue first
     */
    public static List<Row> measure(int n) {
        if (n <= 0) {
            throw new IllegalArgumentException("n must be positive: " + n);
        }
        long[] keys = new long[n];
        SplittableRandom random = new SplittableRandom(QueueBenchmark.KEY_SEED);
        for (int i = 0; i < n; i++) {
            keys[i] = random.nextLong(QueueBenchmark.MAX_DELTA);
        }
        List<Row> rows = new ArrayList<>();

        TimingWheelQueue<Object> radix = new TimingWheelQueue<>();
        for (long k : keys) {
            radix.add(k, null);
        }
        rows.add(row("radixwheel TimingWheelQueue (DEFAULT level bits)", n, radix));

        PriorityQueue<KeyedEntry> pq = new PriorityQueue<>();
        for (long k : keys) {
            pq.add(new KeyedEntry(k));
        }
        rows.add(row("java.util.PriorityQueue<entry{long key, Object value}>", n, pq));

        long[] heapKeys = keys.clone();
        LongHeapIndirectPriorityQueue heap = new LongHeapIndirectPriorityQueue(heapKeys, n);
        for (int id = 0; id < n; id++) {
            heap.enqueue(id);
        }
        rows.add(row("fastutil LongHeapIndirectPriorityQueue (long[] keys, heap, inverse)", n, heap));

        Object[] values = new Object[n];
        rows.add(row("  the same + an Object[] of values (a payload slot per id)", n, heap, values));
        return rows;
    }

    private static Row row(String name, int n, Object... roots) {
        long bytes = GraphLayout.parseInstance(roots).totalSize();
        return new Row(name, n, bytes);
    }
}
