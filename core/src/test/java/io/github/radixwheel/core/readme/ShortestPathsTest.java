package io.github.radixwheel.core.readme;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The README's shortest-path sample gives the distances of the textbook algorithms: Dijkstra on a
 * binary heap with lazy deletion, and Bellman-Ford, on graphs by hand and seeded random graphs whose
 * arc lengths spread keys over many levels; one queue serves every search.
 */
class ShortestPathsTest {

    @Test
    void from_smallGraphByHand_givesKnownDistancesFromEverySource() {
        // 0 -> 1 (4), 0 -> 2 (1), 2 -> 1 (2), 1 -> 3 (0), 3 -> 0 (7); node 4 unreachable.
        int[] first = {0, 2, 3, 4, 5, 5};
        int[] target = {1, 2, 3, 1, 0};
        long[] length = {4, 1, 0, 2, 7};
        ShortestPaths paths = new ShortestPaths(first, target, length);
        assertArrayEquals(new long[] {0, 3, 1, 3, Long.MAX_VALUE}, paths.from(0));
        assertArrayEquals(new long[] {7, 0, 8, 0, Long.MAX_VALUE}, paths.from(1));
        assertArrayEquals(new long[] {0, 3, 1, 3, Long.MAX_VALUE}, paths.from(0));
    }

    @Test
    void from_randomGraphs_matchBinaryHeapDijkstra() {
        SplittableRandom random = new SplittableRandom(14);
        for (int round = 0; round < 20; round++) {
            int nodes = 1 + random.nextInt(2_000);
            int arcs = random.nextInt(8 * nodes);
            long maxLength = round % 2 == 0 ? 10 : 1_000_000_000;
            Graph g = Graph.random(random, nodes, arcs, nodes, () -> random.nextLong(maxLength + 1));
            int source = random.nextInt(nodes);
            assertArrayEquals(reference(source, g), new ShortestPaths(g.first, g.target, g.length).from(source));
        }
    }

    @Test
    void from_everySourceWithOneQueue_matchesBellmanFord_withZeroShortAndVeryLongArcs() {
        SplittableRandom random = new SplittableRandom(2026);
        int n = 1500;
        // The last 100 nodes have no arc in, so some are unreachable.
        Graph g = Graph.random(random, n, 6000, n - 100, () -> switch (random.nextInt(4)) {
            case 0 -> 0;                                   // equal keys
            case 1 -> 1 + random.nextInt(16);              // level 0
            case 2 -> 1 + random.nextLong(1L << 20);       // higher levels
            default -> 1 + random.nextLong(1L << 44);      // far levels
        });
        ShortestPaths paths = new ShortestPaths(g.first, g.target, g.length);
        int unreachable = 0;
        for (int source : new int[] {0, 1, 7, 499, 1000, n - 1, 0}) {
            long[] actual = paths.from(source);
            assertArrayEquals(bellmanFord(source, g), actual, "distances from " + source);
            unreachable += (int) Arrays.stream(actual).filter(d -> d == Long.MAX_VALUE).count();
        }
        assertTrue(unreachable > 0, "the graph should leave some nodes unreachable");
    }

    /** A graph in compressed sparse rows. */
    private record Graph(int[] first, int[] target, long[] length) {
        static Graph random(SplittableRandom random, int nodes, int arcs, int targets,
                java.util.function.LongSupplier lengths) {
            int[] tails = new int[arcs];
            int[] first = new int[nodes + 1];
            for (int a = 0; a < arcs; a++) {
                tails[a] = random.nextInt(nodes);
                first[tails[a] + 1]++;
            }
            for (int u = 0; u < nodes; u++) {
                first[u + 1] += first[u];
            }
            int[] next = Arrays.copyOf(first, nodes);
            int[] target = new int[arcs];
            long[] length = new long[arcs];
            for (int a = 0; a < arcs; a++) {
                int at = next[tails[a]]++;
                target[at] = random.nextInt(Math.max(1, targets));
                length[at] = lengths.getAsLong();
            }
            return new Graph(first, target, length);
        }
    }

    /** Dijkstra with lazy deletion on {@link PriorityQueue}. */
    private static long[] reference(int source, Graph g) {
        long[] dist = new long[g.first.length - 1];
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
            for (int a = g.first[u]; a < g.first[u + 1]; a++) {
                long d = dist[u] + g.length[a];
                if (d < dist[g.target[a]]) {
                    dist[g.target[a]] = d;
                    heap.add(new long[] {d, g.target[a]});
                }
            }
        }
        return dist;
    }

    /** Bellman-Ford: the simple reference, O(n × m). */
    private static long[] bellmanFord(int source, Graph g) {
        int n = g.first.length - 1;
        long[] dist = new long[n];
        Arrays.fill(dist, Long.MAX_VALUE);
        dist[source] = 0;
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int u = 0; u < n; u++) {
                if (dist[u] == Long.MAX_VALUE) {
                    continue;
                }
                for (int a = g.first[u]; a < g.first[u + 1]; a++) {
                    if (dist[u] + g.length[a] < dist[g.target[a]]) {
                        dist[g.target[a]] = dist[u] + g.length[a];
                        changed = true;
                    }
                }
            }
        }
        return dist;
    }
}
