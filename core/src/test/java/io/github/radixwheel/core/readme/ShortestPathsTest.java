package io.github.radixwheel.core.readme;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The README's shortest-path sample gives the distances of a textbook Dijkstra on a binary heap. */
class ShortestPathsTest {

    @Test
    void from_smallGraph_givesKnownDistances() {
        // 0 -> 1 (4), 0 -> 2 (1), 2 -> 1 (2), 1 -> 3 (1), 2 -> 3 (5), 3 -> 3 (0); node 4 unreachable.
        int[] first = {0, 2, 3, 5, 6, 6};
        int[] target = {1, 2, 3, 1, 3, 3};
        int[] weight = {4, 1, 1, 2, 5, 0};
        assertArrayEquals(new long[] {0, 3, 1, 4, Long.MAX_VALUE}, ShortestPaths.from(0, first, target, weight));
    }

    @Test
    void from_randomGraphs_matchBinaryHeapDijkstra() {
        SplittableRandom random = new SplittableRandom(14);
        for (int round = 0; round < 20; round++) {
            int nodes = 1 + random.nextInt(2_000);
            int arcs = random.nextInt(8 * nodes);
            int maxWeight = round % 2 == 0 ? 10 : 1_000_000_000;
            int[] first = new int[nodes + 1];
            int[] from = new int[arcs];
            for (int a = 0; a < arcs; a++) {
                from[a] = random.nextInt(nodes);
                first[from[a] + 1]++;
            }
            Arrays.sort(from);
            for (int u = 0; u < nodes; u++) {
                first[u + 1] += first[u];
            }
            int[] target = new int[arcs];
            int[] weight = new int[arcs];
            for (int a = 0; a < arcs; a++) {
                target[a] = random.nextInt(nodes);
                weight[a] = random.nextInt(maxWeight + 1);
            }
            int source = random.nextInt(nodes);
            assertArrayEquals(reference(source, first, target, weight), ShortestPaths.from(source, first, target, weight));
        }
    }

    /** Dijkstra with lazy deletion on {@link PriorityQueue}. */
    private static long[] reference(int source, int[] first, int[] target, int[] weight) {
        long[] dist = new long[first.length - 1];
        Arrays.fill(dist, Long.MAX_VALUE);
        dist[source] = 0;
        PriorityQueue<long[]> heap = new PriorityQueue<>((x, y) -> Long.compare(x[0], y[0]));
        heap.add(new long[] {0, source});
        while (!heap.isEmpty()) {
            long[] top = heap.poll();
            int u = (int) top[1];
            if (top[0] != dist[u]) {
                continue;
            }
            for (int a = first[u]; a < first[u + 1]; a++) {
                long d = dist[u] + weight[a];
                if (d < dist[target[a]]) {
                    dist[target[a]] = d;
                    heap.add(new long[] {d, target[a]});
                }
            }
        }
        return dist;
    }
}
