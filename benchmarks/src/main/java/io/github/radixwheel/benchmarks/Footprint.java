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
 * objects and the adapter's per-timer store ({@link TimerAdapter#structure()}) is summed. Every
 * timer carries a payload where the peer's users keep theirs (the "payload" column; see {@link Impl}),
 * so the table counts the reference and whatever holds it: a value slot, a map entry, a field, an
 * array slot. All timers share one payload object, which is counted once, so that the payloads'
 * own size, the same for every implementation, stays out. One more row: Netty's
 * {@code HashedWheelTimeout} (shallow size from its class layout: a timeout references its task,
 * the timer, and through it the JVM). Sizes depend on the JVM's layout (compressed references,
 * alignment).
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
     * @param type a class
     * @param roots objects
     * @return how many objects of exactly that class are reachable from them (the tests use it to
     *     find payloads that a structure still references)
     */
    public static long count(Class<?> type, Object... roots) {
        return GraphLayout.parseInstance(roots).getClassCounts().count(type);
    }

    /**
     * @param n the number of timers, positive
     * @return one row per implementation, in {@link Impl} order, then Netty's
     */
    public static List<Row> measure(int n) {
        long[] deadlines = Inputs.uniformLongs(0xF007_01L, n, 1, PeerState.HORIZON + 1);
        Object payload = new Object();
        long payloadBytes = bytes(payload);
        List<Row> rows = new ArrayList<>();
        for (Impl impl : Impl.values()) {
            TimerAdapter adapter = impl.create(n, (id, p) -> { });
            for (long d : deadlines) {
                adapter.schedule(d, payload);
            }
            rows.add(new Row(adapter.name(), payload(impl), n, bytes(adapter.structure()) - payloadBytes));
        }
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
            case AGRONA:
                return "Long2ObjectHashMap entry";
            case KAFKA:
                return "a field of the task";
            case CAFFEINE:
                return "node value";
            case DELAY_QUEUE:
            case PRIORITY_QUEUE:
                return "a field of the element";
            default:
                return "Object[] slot";
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
