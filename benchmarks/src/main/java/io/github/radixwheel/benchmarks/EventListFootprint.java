package io.github.radixwheel.benchmarks;

import io.github.radixwheel.benchmarks.peers.eventlist.EventListImpl;
import io.github.radixwheel.benchmarks.peers.eventlist.EventListPeer;
import io.github.radixwheel.benchmarks.peers.eventlist.Increments;
import io.github.radixwheel.benchmarks.peers.eventlist.SimEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.openjdk.jol.info.ClassLayout;

/**
 * Bytes per pending event of the simulator event lists, measured with JOL ({@link Footprint#bytes}):
 * each list is filled with N events (exponential times, priorities in [0, 3), a fixed seed) and the
 * graph of the list is summed, less the N event objects themselves ({@link SimEvent}, the same for
 * every list). What is left per event is each list's own storage: arrays, tree or heap entries,
 * and, for {@code FutureEventList}, its wheel's nodes, plus its fixed slot arrays spread over N.
 *
 * <p>Run, with N (default 10^6):
 * {@code java -Djdk.attach.allowAttachSelf -cp benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.EventListFootprint 1000000}
 * (JOL needs its agent to walk the list, which holds a lambda: a hidden class).
 */
public final class EventListFootprint {
    private EventListFootprint() {
    }

    /** @param args optionally N (default 10^6) */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        System.out.print(Footprint.table(measure(n)));
    }

    /**
     * @param n the number of events, positive
     * @return one row per implementation, in {@link EventListImpl} order: bytes of the list less the events
     */
    public static List<Footprint.Row> measure(int n) {
        double[] times = Increments.EXPONENTIAL.generate(0xF007_02L, n);
        long eventSize = ClassLayout.parseClass(SimEvent.class).instanceSize();
        List<Footprint.Row> rows = new ArrayList<>();
        for (EventListImpl impl : EventListImpl.values()) {
            EventListPeer list = impl.create(n);
            for (int i = 0; i < n; i++) {
                list.schedule(times[i], i % 3, new SimEvent(i));
            }
            rows.add(new Footprint.Row(impl.param(), "the event object (not counted)", n,
                    Footprint.bytes(list) - n * eventSize));
        }
        return rows;
    }

    /**
     * @param rows measured rows
     * @return the bytes per event of each, as "name: bytes"
     */
    static String summary(List<Footprint.Row> rows) {
        StringBuilder sb = new StringBuilder();
        rows.forEach(r -> sb.append(String.format(Locale.ROOT, "%s: %.1f B; ", r.name(), r.bytesPerTimer())));
        return sb.toString();
    }
}
