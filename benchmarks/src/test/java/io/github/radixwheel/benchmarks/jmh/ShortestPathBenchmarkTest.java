package io.github.radixwheel.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.benchmarks.peers.IndexedQueue;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * {@link ShortestPathBenchmark} run directly (no JMH harness) with every queue on the 10^4-node
 * graph and on small graphs of the other kinds: every search gives the reference distances, twice
 * in a row (the queue is reused), and the check catches a wrong distance. The large graphs are
 * only built and measured.
 */
class ShortestPathBenchmarkTest {
    static final String[] IMPLS = IndexedQueue.IMPLS;

    @ParameterizedTest
    @FieldSource("IMPLS")
    void search_givesTheReferenceDistancesEveryTime(String impl) {
        ShortestPathBenchmark b = new ShortestPathBenchmark();
        b.graph = "random-1e4";
        b.impl = impl;
        b.setUp();
        for (int i = 0; i < 3; i++) {
            b.search();
            b.check();
        }
        assertTrue(Arrays.stream(b.distance).allMatch(d -> d < Long.MAX_VALUE), "the cycle reaches every node");
        for (Graph g : new Graph[] {Graph.grid(40, 50, 1), Graph.random(3000, 12_000, 1_000_000_000, 2)}) {
            IndexedQueue queue = IndexedQueue.create(impl, g.nodes(), g.maxDistance());
            long[] distance = new long[g.nodes()];
            ShortestPathBenchmark.dijkstra(g, queue, distance);
            assertArrayEquals(ShortestPathBenchmark.reference(g), distance, impl);
        }
        b.distance[17]++;
        assertThrows(IllegalStateException.class, b::check, "a wrong distance");
    }

    @Test
    void named_buildsTheGraphsOfTheWorkload() {
        Graph grid = Graph.named("grid");
        assertEquals(1_000_000, grid.nodes());
        assertEquals(4 * 1000 * 999, grid.target().length, "four neighbours inside, fewer at the border");
        assertEquals(1000, grid.maxWeight());
        Graph random = Graph.named("random-w1e9");
        assertEquals(1_000_000, random.nodes());
        assertEquals(4_000_000, random.target().length);
        assertEquals(1_000_000_000, Arrays.stream(random.weight()).max().getAsLong(), 1_000_000, "weights reach 10^9");
        assertTrue(Arrays.stream(random.weight()).min().getAsLong() >= 1);
        assertEquals(10_000, Graph.named("random-1e4").nodes());
        assertArrayEquals(Graph.named("random-1e4").target(), Graph.named("random-1e4").target(), "a fixed seed");
        assertThrows(IllegalArgumentException.class, () -> Graph.named("complete"));
    }
}
