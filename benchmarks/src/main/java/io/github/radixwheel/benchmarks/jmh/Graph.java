package io.github.radixwheel.benchmarks.jmh;

import java.util.SplittableRandom;

/**
 * A directed graph with positive {@code long} arc weights in compressed sparse rows: the arcs
 * leaving node {@code u} are {@code first[u] .. first[u + 1] - 1}, each with its {@code target} and
 * {@code weight}. Built in memory from fixed seeds.
 *
 * @param first each node's first arc, and the number of arcs at the end ({@code nodes + 1} entries)
 * @param target each arc's head
 * @param weight each arc's weight, at least 1
 * @param maxWeight the greatest weight allowed
 */
public record Graph(int[] first, int[] target, long[] weight, long maxWeight) {
    /** The graphs of the shortest-path workload, by name. */
    public static final String[] NAMES = {"grid", "random-w1e5", "random-w1e9", "random-1e4"};

    /** @return the number of nodes */
    public int nodes() {
        return first.length - 1;
    }

    /** @return a bound on any shortest distance: {@code (nodes - 1) × maxWeight} */
    public long maxDistance() {
        return (nodes() - 1L) * maxWeight;
    }

    /**
     * @param name one of {@link #NAMES}: a 1000 × 1000 grid with weights in [1, 1000]; random graphs
     *     of 10^6 nodes and 4 × 10^6 arcs with weights in [1, 10^5] or [1, 10^9]; a random graph of
     *     10^4 nodes and 4 × 10^4 arcs with weights in [1, 10^5]
     * @return the graph, the same for the same name
     */
    public static Graph named(String name) {
        switch (name) {
            case "grid":
                return grid(1000, 1000, 0x6A1D_01L);
            case "random-w1e5":
                return random(1_000_000, 4_000_000, 100_000, 0x6A1D_02L);
            case "random-w1e9":
                return random(1_000_000, 4_000_000, 1_000_000_000, 0x6A1D_03L);
            case "random-1e4":
                return random(10_000, 40_000, 100_000, 0x6A1D_04L);
            default:
                throw new IllegalArgumentException("graph: " + name + " (expected: one of " + String.join(", ", NAMES) + ")");
        }
    }

    /** A {@code rows × columns} grid: an arc to each of the up to four neighbours, weights uniform in [1, 1000]. */
    static Graph grid(int rows, int columns, long seed) {
        int n = rows * columns;
        int[] from = new int[4 * n];
        int[] to = new int[4 * n];
        int m = 0;
        for (int u = 0; u < n; u++) {
            int r = u / columns;
            int c = u % columns;
            int[] neighbours = {r > 0 ? u - columns : -1, r < rows - 1 ? u + columns : -1, c > 0 ? u - 1 : -1, c < columns - 1 ? u + 1 : -1};
            for (int v : neighbours) {
                if (v >= 0) {
                    from[m] = u;
                    to[m++] = v;
                }
            }
        }
        return rows(n, m, from, to, 1000, seed);
    }

    /**
     * {@code arcs} arcs on {@code nodes} nodes: a cycle through every node in index order (so that
     * every node is reachable, as in the DIMACS generators), then arcs between uniform random nodes;
     * weights uniform in {@code [1, maxWeight]}.
     */
    static Graph random(int nodes, int arcs, long maxWeight, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] from = new int[arcs];
        int[] to = new int[arcs];
        for (int a = 0; a < arcs; a++) {
            from[a] = a < nodes ? a : random.nextInt(nodes);
            to[a] = a < nodes ? (a + 1) % nodes : random.nextInt(nodes);
        }
        return rows(nodes, arcs, from, to, maxWeight, seed + 1);
    }

    /** Sorts the first {@code m} arcs by tail (counting sort) and draws their weights. */
    private static Graph rows(int n, int m, int[] from, int[] to, long maxWeight, long seed) {
        int[] first = new int[n + 1];
        for (int a = 0; a < m; a++) {
            first[from[a] + 1]++;
        }
        for (int u = 0; u < n; u++) {
            first[u + 1] += first[u];
        }
        int[] next = first.clone();
        int[] target = new int[m];
        for (int a = 0; a < m; a++) {
            target[next[from[a]]++] = to[a];
        }
        long[] weight = new SplittableRandom(seed).longs(m, 1, maxWeight + 1).toArray();
        return new Graph(first, target, weight, maxWeight);
    }
}
