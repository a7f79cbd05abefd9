package io.github.radixwheel.benchmarks.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Model-based check of every {@link IndexedQueue}: random add, add-or-decrease, change-key, remove
 * and poll (fixed seeds) against a map of queued keys, with keys never below the last key polled
 * or the last least key removed (which the monotone queues require), and a reset in between.
 */
class IndexedQueueTest {
    static final String[] IMPLS = IndexedQueue.IMPLS;
    private static final int IDS = 500;

    @ParameterizedTest
    @FieldSource("IMPLS")
    void behavesLikeAMapOfKeys(String impl) {
        IndexedQueue queue = IndexedQueue.create(impl, IDS, 1L << 40);
        assertEquals(impl, queue.name());
        SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 3; round++) {
            queue.reset();
            Map<Integer, Long> model = new HashMap<>();
            long floor = 0;
            int polled = 0;
            for (int op = 0; op < 20_000; op++) {
                int id = random.nextInt(IDS);
                long key = floor + random.nextLong(1 << (1 + random.nextInt(20)));
                int kind = random.nextInt(10);
                assertEquals(model.containsKey(id), queue.contains(id), impl);
                if (kind < 3 && !model.containsKey(id)) {
                    queue.add(id, key);
                    model.put(id, key);
                } else if (kind < 5) {
                    long lower = model.containsKey(id) ? Math.max(floor, model.get(id) - 1 - random.nextInt(100)) : key;
                    if (!model.containsKey(id) || lower < model.get(id)) {
                        queue.addOrDecreaseKey(id, lower);
                        model.put(id, lower);
                    }
                } else if (kind < 7) {
                    // jheaps extracts a least key that is removed or raised: keys may not go below it.
                    long min = model.values().stream().mapToLong(Long::longValue).min().orElse(floor);
                    Long old = model.remove(id);
                    if (kind < 6 && old != null) {
                        queue.changeKey(id, key);
                        model.put(id, key);
                    } else {
                        assertEquals(old != null, queue.remove(id), impl);
                    }
                    floor = old != null && old == min && (kind == 6 || key > old) ? min : floor;
                } else if (!model.isEmpty()) {
                    long min = model.values().stream().mapToLong(Long::longValue).min().getAsLong();
                    assertEquals(min, queue.minKey(), impl);
                    int polledId = queue.pollMin();
                    assertEquals(min, model.remove(polledId), impl + ": polled an id of the least key");
                    assertFalse(queue.contains(polledId));
                    floor = min;
                    polled++;
                }
                assertEquals(model.size(), queue.size(), impl);
            }
            assertTrue(polled > 1000, impl + ": polled " + polled);
        }
        assertThrows(IllegalArgumentException.class, () -> IndexedQueue.create("Quartz", 1, 1));
    }
}
