package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Dijkstra's shortest paths over an {@link IndexedTimingWheelQueue}: one queue for every source
 * ({@code reset}), {@code pollMin} for the next settled node and {@code addOrDecreaseKey} for each
 * relaxation. Checked against Bellman-Ford on a seeded random graph with zero, short and very long
 * arcs (so that keys spread over many levels) and unreachable nodes.
 */
class DijkstraExample {

    // README:begin dijkstra
    /**
     * Distances from {@code source} in a graph of {@code n} nodes whose arcs leave node {@code u} at
     * indexes {@code first[u] .. first[u + 1] - 1}, to {@code head[arc]}, with {@code length[arc] >= 0};
     * {@code Long.MAX_VALUE} where unreachable.
     */
    static long[] distances(int n, int[] first, int[] head, long[] length, int source, IndexedTimingWheelQueue queue) {
        long[] dist = new long[n];
        Arrays.fill(dist, Long.MAX_VALUE);
        queue.reset(0);                          // one queue serves every search
        dist[source] = 0;
        queue.add(source, 0);
        while (!queue.isEmpty()) {
            long d = queue.minKey();
            int u = queue.pollMin();             // settled: later keys are never below d
            for (int arc = first[u]; arc < first[u + 1]; arc++) {
                int v = head[arc];
                long dv = d + length[arc];
                if (dv < dist[v]) {
                    dist[v] = dv;
                    queue.addOrDecreaseKey(v, dv); // adds v, or moves it to its shorter distance
                }
            }
        }
        return dist;
    }
    // README:end

    /** Bellman-Ford: the simple reference, O(n × m). */
    private static long[] bellmanFord(int n, int[] first, int[] head, long[] length, int source) {
        long[] dist = new long[n];
        Arrays.fill(dist, Long.MAX_VALUE);
        dist[source] = 0;
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int u = 0; u < n; u++) {
                if (dist[u] == Long.MAX_VALUE) {
                    continue;
                }
                for (int arc = first[u]; arc < first[u + 1]; arc++) {
                    if (dist[u] + length[arc] < dist[head[arc]]) {
                        dist[head[arc]] = dist[u] + length[arc];
                        changed = true;
                    }
                }
            }
        }
        return dist;
    }

    @Test
    void distances_matchBellmanFord_onASeededRandomGraph_forEverySourceWithOneQueue() {
        int n = 1500;
        int m = 6000;
        SplittableRandom random = new SplittableRandom(2026);
        // Arcs grouped by tail (compressed sparse rows); the last 100 nodes have no arcs in, so some are unreachable.
        int[] tails = new int[m];
        int[] heads = new int[m];
        long[] lengths = new long[m];
        for (int a = 0; a < m; a++) {
            tails[a] = random.nextInt(n);
            heads[a] = random.nextInt(n - 100);
            lengths[a] = switch (random.nextInt(4)) {
                case 0 -> 0;                                   // equal keys
                case 1 -> 1 + random.nextInt(16);              // level 0
                case 2 -> 1 + random.nextLong(1L << 20);       // higher levels
                default -> 1 + random.nextLong(1L << 44);      // far levels
            };
        }
        int[] first = new int[n + 1];
        for (int tail : tails) {
            first[tail + 1]++;
        }
        for (int u = 0; u < n; u++) {
            first[u + 1] += first[u];
        }
        int[] next = Arrays.copyOf(first, n);
        int[] head = new int[m];
        long[] length = new long[m];
        for (int a = 0; a < m; a++) {
            int at = next[tails[a]]++;
            head[at] = heads[a];
            length[at] = lengths[a];
        }

        IndexedTimingWheelQueue queue = new IndexedTimingWheelQueue(n);
        int unreachable = 0;
        for (int source : new int[] {0, 1, 7, 499, 1000, n - 1, 0}) {
            long[] expected = bellmanFord(n, first, head, length, source);
            long[] actual = distances(n, first, head, length, source, queue);
            assertArrayEquals(expected, actual, "distances from " + source);
            assertEquals(0, actual[source]);
            assertTrue(queue.isEmpty());
            queue.checkInvariants();
            for (long d : actual) {
                unreachable += d == Long.MAX_VALUE ? 1 : 0;
            }
        }
        assertTrue(unreachable > 0, "the graph should leave some nodes unreachable");
    }

    @Test
    void distances_tinyGraph_byHand() {
        // 0 -> 1 (4), 0 -> 2 (1), 2 -> 1 (2), 1 -> 3 (0), 3 -> 0 (7); node 4 unreachable.
        int[] first = {0, 2, 3, 4, 5, 5};
        int[] head = {1, 2, 3, 1, 0};
        long[] length = {4, 1, 0, 2, 7};
        IndexedTimingWheelQueue queue = new IndexedTimingWheelQueue(5);
        assertArrayEquals(new long[] {0, 3, 1, 3, Long.MAX_VALUE}, distances(5, first, head, length, 0, queue));
        assertArrayEquals(new long[] {7, 0, 8, 0, Long.MAX_VALUE}, distances(5, first, head, length, 1, queue));
    }
}
