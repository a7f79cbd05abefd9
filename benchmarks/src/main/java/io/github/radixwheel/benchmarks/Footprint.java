package io.github.radixwheel.benchmarks;

import io.github.radixwheel.benchmarks.jmh.Inputs;
import io.github.radixwheel.benchmarks.jmh.PeerState;
import io.github.radixwheel.benchmarks.peers.Impl;
import io.github.radixwheel.benchmarks.peers.TimerAdapter;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import joptsimple.OptionParser;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.GraphLayout;
import org.openjdk.jol.vm.VM;

/**
 * Bytes per pending timer, measured with JOL's {@link GraphLayout}: every implementation of the
 * peer suite ({@link Impl}) is built and filled through its adapter with N timers (deadlines
 * uniform in {@code [1, 2^20]}, fixed seed, the clock at 0), and the graph of the peer's own
 * objects ({@link TimerAdapter#structure()}) is summed. Where the peer keeps an object per timer
 * (the JDK queues' entries, Kafka's tasks, Caffeine's nodes) that object carries the adapter's id,
 * standing for the user's payload; radixwheel keeps a value slot per timer (null here). Two more
 * rows: fastutil's heap with an {@code Object[]} of values beside it, and Netty's
 * {@code HashedWheelTimeout} (shallow size from its class layout: a timeout references the timer,
 * and through it the JVM). Sizes depend on the JVM's layout (compressed references, alignment).
 *
 * <p>Run, with N (default 2^20):
 * {@code java -cp benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.Footprint 1048576}.
 */
public final class Footprint {
    /**
     * One measured structure.
     *
     * @param name the structure
     * @param payload what a timer carries for the user
     * @param timers the number of pending timers
     * @param totalBytes the measured bytes
     */
    public record Row(String name, String payload, int timers, long totalBytes) {
        /** @return bytes per pending timer */
        public double bytesPerTimer() {
            return (double) totalBytes / timers;
        }
    }

    static {
        // JOL first tries to attach an agent and the Serviceability Agent, which takes seconds and
        // only confirms the sizes its layout model gives; the probing finds the hidden classes' offsets.
        System.setProperty("jol.skipHotspotSAAttach", "true");
        System.setProperty("jol.skipDynamicAttach", "true");
        System.setProperty("jol.magicFieldOffset", "true");
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        try {
            VM.current(); // it reports what it skipped on System.out
        } finally {
            System.setOut(out);
        }
    }

    private Footprint() {
    }

    /** @param args optionally N (default 2^20) */
    public static void main(String[] args) {
        OptionParser parser = new OptionParser();
        List<Integer> size = parser.nonOptions("N").ofType(Integer.class).values(parser.parse(args));
        System.out.print(table(measure(size.isEmpty() ? 1 << 20 : size.get(0))));
    }

    /**
     * @param roots objects
     * @return the bytes of every object reachable from them
     */
    public static long bytes(Object... roots) {
        return GraphLayout.parseInstance(roots).totalSize();
    }

    /**
     * @param n the number of timers, positive
     * @return one row per implementation, in {@link Impl} order, then the two extra rows
     */
    public static List<Row> measure(int n) {
        long[] deadlines = Inputs.uniformLongs(0xF007_01L, n, 1, PeerState.HORIZON + 1);
        List<Row> rows = new ArrayList<>();
        Object fastutil = null;
        for (Impl impl : Impl.values()) {
            TimerAdapter adapter = impl.create(n, id -> { });
            for (long d : deadlines) {
                adapter.schedule(d);
            }
            rows.add(new Row(adapter.name(), payload(impl), n, bytes(adapter.structure())));
            fastutil = impl == Impl.FASTUTIL ? adapter.structure() : fastutil;
        }
        rows.add(new Row("fastutil + Object[] values", "array slot", n, bytes(fastutil, new Object[n])));
        try {
            long timeout = ClassLayout.parseClass(Class.forName("io.netty.util.HashedWheelTimer$HashedWheelTimeout")).instanceSize();
            rows.add(new Row("Netty HashedWheelTimer (shallow timeout)", "task reference", n, n * timeout));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("Netty's HashedWheelTimeout is not on the class path", e);
        }
        return rows;
    }

    private static String payload(Impl impl) {
        switch (impl) {
            case RADIXWHEEL:
                return "value slot";
            case KAFKA:
                return "the task (subclassed)";
            case CAFFEINE:
                return "node key and value";
            case DELAY_QUEUE:
            case PRIORITY_QUEUE:
                return "the element";
            default:
                return "none (id only)";
        }
    }

    /**
     * @param rows measured rows
     * @return a Markdown table of them
     */
    public static String table(List<Row> rows) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "| structure, %,d timers | payload | bytes / timer | total bytes |%n|---|---|---:|---:|%n", rows.get(0).timers()));
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %,d |%n", r.name(), r.payload(), r.bytesPerTimer(), r.totalBytes()));
        }
        return sb.toString();
    }
}
