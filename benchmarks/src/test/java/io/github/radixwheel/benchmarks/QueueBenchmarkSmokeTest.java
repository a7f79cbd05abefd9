package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs {@link QueueBenchmark}'s per-invocation methods directly (no JMH harness) on a small N and
 * checks that every implementation does the same work: given the same inputs they must pop the
 * same keys (hold) and keep the same minimum (churn), with the size constant throughout.
 */
class QueueBenchmarkSmokeTest {
    private static final int SIZE = 1024;
    private static final int STEPS = 5_000;
    private static final String[] IMPLS = {"radixwheel", "PriorityQueue", "fastutil"};

    private static Blackhole blackhole() {
        return new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
    }

    private static QueueBenchmark state(String impl) {
        QueueBenchmark b = new QueueBenchmark();
        b.impl = impl;
        b.size = SIZE;
        b.setUp();
        return b;
    }

    @Test
    void holdPopsTheSameNonDecreasingKeysInEveryImplementation() {
        Blackhole bh = blackhole();
        long[][] popped = new long[IMPLS.length][STEPS];
        for (int j = 0; j < IMPLS.length; j++) {
            QueueBenchmark b = state(IMPLS[j]);
            for (int i = 0; i < STEPS; i++) {
                b.hold(bh); // throws if a popped key decreases
                popped[j][i] = b.lastPopped;
                assertEquals(SIZE, b.subject.size(), IMPLS[j]);
            }
            b.check();
            for (int i = 1; i < STEPS; i++) {
                assertTrue(popped[j][i - 1] <= popped[j][i], IMPLS[j] + " at step " + i);
            }
            // The keys must actually move: after 5 pops per element the minimum is well above the initial range's start.
            assertTrue(popped[j][STEPS - 1] > popped[j][0], IMPLS[j]);
        }
        for (int j = 1; j < IMPLS.length; j++) {
            assertArrayEquals(popped[0], popped[j], IMPLS[0] + " vs " + IMPLS[j]);
        }
    }

    @Test
    void churnKeepsTheSameMinimumAndSizeInEveryImplementation() {
        Blackhole bh = blackhole();
        long[][] minima = new long[IMPLS.length][STEPS];
        for (int j = 0; j < IMPLS.length; j++) {
            QueueBenchmark b = state(IMPLS[j]);
            for (int i = 0; i < STEPS; i++) {
                b.churn(bh);
                minima[j][i] = b.subject.minKey();
                assertEquals(SIZE, b.subject.size(), IMPLS[j]);
            }
            b.check();
        }
        for (int j = 1; j < IMPLS.length; j++) {
            assertArrayEquals(minima[0], minima[j], IMPLS[0] + " vs " + IMPLS[j]);
        }
        // 5000 operations raise the radix queue's minimum 19 times; it must have followed the keys up.
        QueueBenchmark radix = state("radixwheel");
        for (int i = 0; i < STEPS; i++) {
            radix.churn(bh);
        }
        var queue = ((QueueBenchmark.RadixSubject) radix.subject).queue;
        assertTrue(queue.minAllowedKey() > 0, "minAllowedKey " + queue.minAllowedKey());
        assertTrue(queue.minAllowedKey() <= queue.minKey());
        queue.checkInvariants();
    }

    @Test
    void theChecksCatchABrokenRun() {
        QueueBenchmark b = state("fastutil");
        assertThrows(IllegalStateException.class, b::check, "no operation ran");
        b.hold(blackhole());
        b.check();
        ((QueueBenchmark.IndexedHeapSubject) b.subject).heap.dequeue();
        b.hold(blackhole());
        assertThrows(IllegalStateException.class, b::check, "size dropped");

        QueueBenchmark r = state("radixwheel");
        r.lastPopped = Long.MAX_VALUE;
        assertThrows(IllegalStateException.class, () -> r.hold(blackhole()), "popped key decreased");

        QueueBenchmark p = state("PriorityQueue");
        QueueBenchmark.PriorityQueueSubject pq = (QueueBenchmark.PriorityQueueSubject) p.subject;
        assertTrue(pq.queue.remove(pq.entries[p.victims[0]]));
        assertThrows(IllegalStateException.class, () -> p.churn(blackhole()), "victim missing");
    }

    @Test
    void footprintOfTheRadixQueueIsAtMost40BytesPerElement() {
        int n = 1 << 14;
        List<Footprint.Row> rows = Footprint.measure(n);
        assertEquals(4, rows.size());
        Footprint.Row radix = rows.get(0);
        assertTrue(radix.name().startsWith("radixwheel"), radix.name());
        assertTrue(radix.bytesPerElement() <= 40.0, radix.toString());
        // The fastutil heap needs at least its long key, int heap entry and int inverse entry per element.
        assertTrue(rows.get(2).bytesPerElement() >= 16.0, rows.get(2).toString());
        // A PriorityQueue needs at least a reference and an entry object (header + long) per element.
        assertTrue(rows.get(1).bytesPerElement() >= 20.0, rows.get(1).toString());
    }
}
