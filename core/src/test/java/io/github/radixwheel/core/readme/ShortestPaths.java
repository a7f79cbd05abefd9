package io.github.radixwheel.core.readme;

// README begin
import io.github.radixwheel.core.TimingWheelQueue;
import java.util.Arrays;

/** Dijkstra's shortest paths on a monotone queue: no key it adds is below the last minimum. */
public final class ShortestPaths {
    private ShortestPaths() {}

    /**
     * The distance of every node from {@code source} (Long.MAX_VALUE if unreachable). The arcs
     * leaving node u are a = first[u] .. first[u + 1] - 1, to node target[a], of weight
     * weight[a] >= 0.
     */
    public static long[] from(int source, int[] first, int[] target, int[] weight) {
        long[] dist = new long[first.length - 1];
        Arrays.fill(dist, Long.MAX_VALUE);
        long[] handle = new long[dist.length];          // 0 is NULL_HANDLE, never contained
        TimingWheelQueue<Integer> queue = new TimingWheelQueue<>();
        dist[source] = 0;
        handle[source] = queue.add(0, source);
        while (!queue.isEmpty()) {
            int u = queue.pollMin();                    // minAllowedKey() rises to dist[u]
            for (int a = first[u]; a < first[u + 1]; a++) {
                int v = target[a];
                long d = dist[u] + weight[a];
                if (d < dist[v]) {
                    dist[v] = d;
                    if (queue.contains(handle[v])) {
                        queue.changeKey(handle[v], d);  // decrease-key: O(1), same handle
                    } else {
                        handle[v] = queue.add(d, v);
                    }
                }
            }
        }
        return dist;
    }
}
// README end
