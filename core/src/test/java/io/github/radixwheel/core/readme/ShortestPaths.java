package io.github.radixwheel.core.readme;

// README begin
import io.github.radixwheel.core.IndexedTimingWheelQueue;
import java.util.Arrays;

/** Dijkstra's shortest paths over a graph's own node numbers, with one queue for every search. */
public final class ShortestPaths {
    private final int[] first;    // the arcs leaving node u are first[u] .. first[u + 1] - 1
    private final int[] target;   // arc a goes to node target[a]
    private final long[] length;  // of length length[a] >= 0
    private final IndexedTimingWheelQueue queue;

    public ShortestPaths(int[] first, int[] target, long[] length) {
        this.first = first;
        this.target = target;
        this.length = length;
        this.queue = new IndexedTimingWheelQueue(first.length - 1);  // 16 bytes per node, allocated once
    }

    /** The distance of every node from {@code source}; Long.MAX_VALUE where unreachable. */
    public long[] from(int source) {
        long[] dist = new long[first.length - 1];
        Arrays.fill(dist, Long.MAX_VALUE);
        queue.reset(0);                                 // empty, and keys from 0 again
        dist[source] = 0;
        queue.add(source, 0);
        while (!queue.isEmpty()) {
            int u = queue.pollMin();                    // settled: minAllowedKey() rises to dist[u]
            for (int a = first[u]; a < first[u + 1]; a++) {
                int v = target[a];
                long d = dist[u] + length[a];
                if (d < dist[v]) {
                    dist[v] = d;
                    queue.addOrDecreaseKey(v, d);       // adds v, or moves it to its shorter distance
                }
            }
        }
        return dist;
    }
}
// README end
