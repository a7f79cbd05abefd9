package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.ElementConsumer;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The queue's cost contract: {@code add}, {@code remove}, {@code contains}, {@code key},
 * {@code value} and {@code changeKey} allocate nothing once capacity suffices; nor do
 * {@code pollMin} and {@code increaseMinAllowedKey} with a handler made up front. Measured with
 * the thread's allocation counter over windows of operations on a queue sized up front; the least
 * window counts, since JIT compilation can allocate a few kilobytes once. A counterpart that
 * allocates a {@code Long} per operation shows that the measurement sees allocation.
 */
class QueueAllocationTest {
    private static final int LIVE = 512;
    private static final int OPERATIONS = 40_000;

    private final TimingWheelQueue<Object> queue = new TimingWheelQueue<>(LevelBits.of(4, 4, 4), 4 * LIVE);
    private final long[] handles = new long[LIVE];
    private final Object value = new Object();
    private final SplittableRandom random = new SplittableRandom(0xA110C);
    private long delivered;
    /** Where the counterpart's boxes escape to, so that the JIT cannot elide them. */
    private final Object[] boxes = new Object[16];
    private final ElementConsumer<Object> handler = this::onDelivered;

    private void onDelivered(long handle, long key, Object v) {
        delivered++;
        for (int i = 0; i < LIVE; i++) {
            if (handles[i] == handle) {
                handles[i] = queue.add(Math.min(key + 1 + random.nextInt(4096), queue.maxAllowedKey()), value);
                return;
            }
        }
        throw new AssertionError("delivered an element this test does not hold: " + handle);
    }

    @Test
    void queueOperations_allocateNothingOnceCapacitySuffices() {
        for (int i = 0; i < LIVE; i++) {
            handles[i] = queue.add(1 + random.nextInt(4096), value);
        }
        run(OPERATIONS, false); // warm up the JIT
        long least = leastAllocation(false);
        assertTrue(least < OPERATIONS / 16, "allocated " + least + " bytes in " + OPERATIONS + " operations");
        assertTrue(delivered > 1_000, "delivered only " + delivered);
        assertEquals(LIVE, queue.size());
        queue.checkInvariants();
    }

    @Test
    void measurement_seesAllocation() {
        for (int i = 0; i < LIVE; i++) {
            handles[i] = queue.add(1 + random.nextInt(4096), value);
        }
        run(OPERATIONS, true);
        long least = leastAllocation(true);
        assertTrue(least >= 16L * OPERATIONS / 2, "saw only " + least + " bytes for " + OPERATIONS + " boxed longs");
    }

    private long leastAllocation(boolean box) {
        return ThreadAllocation.leastOf(3, () -> run(OPERATIONS, box));
    }

    /** Each operation works on one random held element; every 64th also advances the minimum. */
    private void run(int operations, boolean box) {
        for (int op = 0; op < operations; op++) {
            int i = random.nextInt(LIVE);
            long h = handles[i];
            if (!queue.contains(h) || queue.value(h) != value) {
                throw new AssertionError("lost element " + h);
            }
            long key = queue.key(h);
            long later = key + 1 + random.nextInt(4096);
            switch (op & 3) {
                case 0:
                    queue.changeKey(h, Math.min(later, queue.maxAllowedKey()));
                    break;
                case 1:
                    queue.remove(h);
                    handles[i] = queue.add(Math.min(later, queue.maxAllowedKey()), value);
                    break;
                case 2:
                    if (queue.minElement() == h) {
                        queue.pollMin();
                        handles[i] = queue.add(Math.min(later, queue.maxAllowedKey()), value);
                    }
                    break;
                default:
                    break;
            }
            if ((op & 63) == 63) {
                queue.increaseMinAllowedKey(queue.minKey() + 1, handler);
            }
            if (box) {
                boxes[op & 15] = Long.valueOf(key * 31 + op + 1024);
            }
        }
    }
}
