package io.github.radixwheel.benchmarks;

import io.github.radixwheel.core.TimingWheelQueue;
import it.unimi.dsi.fastutil.longs.LongHeapIndirectPriorityQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.openjdk.jol.info.GraphLayout;

/**
 * Bytes per element of each queue of {@link QueueBenchmark}, measured with JOL's
 * {@link GraphLayout#parseInstance(Object...)}: the total size of every object reachable from the
 * structure, divided by the number of elements. Values are null, so no value object is counted;
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
