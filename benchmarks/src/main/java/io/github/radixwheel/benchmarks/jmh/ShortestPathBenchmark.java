package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.benchmarks.peers.IndexedQueue;
import java.util.Arrays;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Shortest paths, the monotone queue's own use: Dijkstra from node 0 over an {@link IndexedQueue}
 * with decrease-key (radixwheel's {@code IndexedTimingWheelQueue} and {@code TimingWheelQueue},
 * hand-written indexed binary and 4-ary heaps, fastutil's indexed heap, jheaps' radix heap), on
 * the graphs of {@link Graph#named}. One invocation is one search: the distances reset, the queue
 * reset, node 0 added at 0, then every node polled once, its arcs relaxed with
 * {@code addOrDecreaseKey}.
 *
 * <p><b>Checks.</b> After every search the distance array must equal the reference, computed once
 * per graph by a plain Dijkstra over {@code java.util.PriorityQueue} with lazy deletion.
 *
 * <p><b>Units.</b> ms per search. Run:
 * {@code java -jar benchmarks/target/benchmarks.jar ShortestPathBenchmark -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ShortestPathBenchmark {
    /** The graph, one of {@link Graph#NAMES}. */
    @Param({"grid", "random-w1e5", "random-w1e9", "random-1e4"})
    public String graph;

    /** The queue, one of {@link IndexedQueue#IMPLS}. */
    @Param({"IndexedTimingWheelQueue", "TimingWheelQueue", "BinaryHeap", "4-aryHeap", "fastutil", "jheaps"})
    public String impl;

    Graph g;
    long[] reference;
    IndexedQueue queue;
    long[] distance;

    /** Builds the graph, its reference distances and the queue. */
    @Setup(Level.Trial)
    public void setUp() {
        g = Graph.named(graph);
        reference = reference(g);
        queue = IndexedQueue.create(impl, g.nodes(), g.maxDistance());
        distance = new long[g.nodes()];
    }

    /** @return the farthest node's distance, after one search */
    @Benchmark
    public long search() {
        dijkstra(g, queue, distance);
        return distance[distance.length - 1];
    }

    /** Checks the search's distances. */
    @TearDown(Level.Invocation)
    public void check() {
        if (!Arrays.equals(distance, reference)) {
            int v = Arrays.mismatch(distance, reference);
            throw new IllegalStateException(impl + " on " + graph + ": distance of node " + v + " is "
                    + distance[v] + ", expected " + reference[v]);
        }
    }

    /**
     * Dijkstra from node 0 with decrease-key.
     *
     * @param g the graph
     * @param queue an indexed queue over its nodes
     * @param distance receives each node's distance, {@link Long#MAX_VALUE} if unreachable
     */
    static void dijkstra(Graph g, IndexedQueue queue, long[] distance) {
        int[] first = g.first();
        int[] target = g.target();
        long[] weight = g.weight();
        Arrays.fill(distance, Long.MAX_VALUE);
        queue.reset();
        distance[0] = 0;
        queue.add(0, 0);
        while (queue.size() > 0) {
            int u = queue.pollMin();
            long du = distance[u];
            for (int a = first[u], end = first[u + 1]; a < end; a++) {
                int v = target[a];
                long d = du + weight[a];
                if (d < distance[v]) {
                    distance[v] = d;
                    queue.addOrDecreaseKey(v, d);
                }
            }
        }
    }

    /** @return the distances from node 0, by the textbook algorithm with lazy deletion */
    static long[] reference(Graph g) {
        long[] distance = new long[g.nodes()];
        Arrays.fill(distance, Long.MAX_VALUE);
        distance[0] = 0;
        PriorityQueue<long[]> queue = new PriorityQueue<>((x, y) -> Long.compare(x[0], y[0]));
        queue.add(new long[] {0, 0});
        while (!queue.isEmpty()) {
            long[] top = queue.poll();
            int u = (int) top[1];
            if (top[0] > distance[u]) {
                continue;
            }
            for (int a = g.first()[u]; a < g.first()[u + 1]; a++) {
                int v = g.target()[a];
                if (top[0] + g.weight()[a] < distance[v]) {
                    distance[v] = top[0] + g.weight()[a];
                    queue.add(new long[] {distance[v], v});
                }
            }
        }
        return distance;
    }
}
