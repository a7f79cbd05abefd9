package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The (0.2) cost contract: the new paths allocate nothing once capacity suffices. On
 * {@link TimingWheelQueue}: {@code addFirst}, {@code addBefore}, {@code addAfter}, {@code setValue},
 * {@code pollMin} with an action made up front, and {@code reset}; on
 * {@link IndexedTimingWheelQueue} every method but {@code toString} and {@code checkInvariants},
 * {@code forEach} included (it wrapped its action in a new object per call). Measured with the thread's allocation counter over several windows of a
 * warmed-up loop; the least window counts, since JIT compilation can allocate a few kilobytes once.
 * A counterpart that boxes a {@code Long} per operation shows that the measurement sees allocation.
 *
 * <p>The footprint clauses are measured the same way: an emptied queue that is trimmed takes its
 * initial capacity again without allocating and allocates on the next element (it is back to its
 * initial size), while {@code clear()} keeps the grown capacity.
 */
class QueueApiAllocationTest {
    private static final int LIVE = 512;
    private static final int OPERATIONS = 40_000;
    private static final int WINDOWS = 4;
    /** Far below one small object per operation (16 bytes × {@link #OPERATIONS}). */
    private static final long TOLERANCE = OPERATIONS / 16;

    private final SplittableRandom random = new SplittableRandom(0xA110C);
    private final Object value = new Object();
    private final Object otherValue = new Object();
    /** Where the counterpart's boxes escape to, so that the JIT cannot elide them. */
    private final Object[] boxes = new Object[16];
    private long checksum;

    // ================================================================ TimingWheelQueue

    private final TimingWheelQueue<Object> queue = new TimingWheelQueue<>(LevelBits.of(4, 4, 4), 4 * LIVE);
    private final long[] handles = new long[LIVE];
    private final ElementConsumer<Object> onPolled = this::polled;

    private void polled(long handle, long key, Object v) {
        checksum += key;
        for (int i = 0; i < LIVE; i++) {
            if (handles[i] == handle) {
                handles[i] = queue.addFirst(key, v); // at the key being delivered: a legal add in the action
                return;
            }
        }
        throw new AssertionError("polled an element this test does not hold: " + handle);
    }

    private void fillQueue() {
        for (int i = 0; i < LIVE; i++) {
            handles[i] = queue.add(queue.minAllowedKey() + random.nextInt(4096), value);
        }
    }

    /** Each operation works on one random held element; some also poll, and every 4096th resets the queue. */
    private void runQueue(int operations, boolean box) {
        for (int op = 0; op < operations; op++) {
            int i = random.nextInt(LIVE);
            long h = handles[i];
            if (!queue.contains(h)) {
                throw new AssertionError("lost element " + h);
            }
            long key = queue.key(h);
            switch (op & 7) {
                case 0 -> {
                    queue.remove(h);
                    handles[i] = queue.addFirst(Math.min(key + random.nextInt(64), queue.maxAllowedKey()), value);
                }
                case 1 -> {
                    queue.remove(h);
                    handles[i] = queue.addBefore(handles[(i + 1) & (LIVE - 1)], value);
                }
                case 2 -> {
                    queue.remove(h);
                    handles[i] = queue.addAfter(handles[(i + 1) & (LIVE - 1)], value);
                }
                case 3 -> {
                    if (queue.setValue(h, otherValue) == null) {
                        throw new AssertionError("lost a value");
                    }
                    queue.setValue(h, value);
                }
                case 4 -> queue.pollMin(onPolled);
                default -> { }
            }
            if ((op & 4095) == 4095) {
                queue.reset(queue.minAllowedKey() + random.nextInt(1 << 20));
                fillQueue();
            }
            if (box) {
                boxes[op & 15] = Long.valueOf(key * 31 + op + 1024);
            }
        }
    }

    @Test
    void queueEventListOperations_allocateNothingOnceCapacitySuffices() {
        fillQueue();
        runQueue(OPERATIONS, false); // warm up the JIT
        long least = ThreadAllocation.leastOf(WINDOWS, () -> runQueue(OPERATIONS, false));
        assertTrue(least < TOLERANCE, "allocated " + least + " bytes in " + OPERATIONS + " operations");
        assertEquals(LIVE, queue.size());
        assertTrue(checksum > 0);
        queue.checkInvariants();
    }

    @Test
    void measurement_seesAllocation() {
        fillQueue();
        runQueue(OPERATIONS, true);
        long least = ThreadAllocation.leastOf(WINDOWS, () -> runQueue(OPERATIONS, true));
        assertTrue(least >= 16L * OPERATIONS / 2, "saw only " + least + " bytes for " + OPERATIONS + " boxed longs");
    }

    // ================================================================ IndexedTimingWheelQueue

    private static final int IDS = 1024;
    private final IndexedTimingWheelQueue indexed = new IndexedTimingWheelQueue(IDS, LevelBits.of(4, 4, 4));
    private final IdConsumer onDelivered = (id, key) -> checksum += id + key;
    private final IdConsumer onVisited = (id, key) -> checksum += id;

    /** Each operation picks a random id and calls every method of the indexed queue in turn. */
    private void runIndexed(int operations) {
        IndexedTimingWheelQueue q = indexed;
        for (int op = 0; op < operations; op++) {
            int id = random.nextInt(IDS);
            long min = q.minAllowedKey();
            long key = Math.min(min + random.nextInt(4096), q.maxAllowedKey());
            if (!q.contains(id)) {
                if ((op & 1) == 0) {
                    q.add(id, key);
                } else {
                    q.addOrDecreaseKey(id, key);
                }
                continue;
            }
            long old = q.key(id);
            switch (op & 7) {
                case 0 -> q.changeKey(id, key);
                case 1 -> q.addOrDecreaseKey(id, Math.max(min, old - 1)); // decreases, or does nothing at the minimum
                case 2 -> q.addOrDecreaseKey(id, old); // does nothing
                case 3 -> q.remove(id);
                case 4 -> checksum += q.minId() + q.minKey() + q.pollMin();
                case 5 -> q.increaseMinAllowedKey(q.minKey() + 1, onDelivered);
                case 6 -> q.forEach(onVisited);
                default -> checksum += q.size() + q.capacity() + (q.isEmpty() ? 1 : 0) + q.maxAllowedKey()
                        + q.levelBits().numLevels();
            }
            if ((op & 4095) == 4095) {
                q.reset(random.nextInt(1 << 20));
            } else if ((op & 4095) == 2047) {
                q.clear();
            }
        }
    }

    @Test
    void indexedQueueOperations_allocateNothing() {
        runIndexed(OPERATIONS); // warm up the JIT
        long least = ThreadAllocation.leastOf(WINDOWS, () -> runIndexed(OPERATIONS));
        assertTrue(least < TOLERANCE, "allocated " + least + " bytes in " + OPERATIONS + " operations");
        assertTrue(checksum > 0);
        indexed.checkInvariants();
    }

    @Test
    void reset_allocatesNothing_onEitherQueue() {
        Runnable resets = () -> {
            for (int i = 0; i < OPERATIONS; i++) {
                long min = random.nextInt(1 << 20);
                queue.reset(min);
                queue.add(min + 3, value);
                indexed.reset(min);
                indexed.add(i & (IDS - 1), min + 3);
            }
        };
        resets.run(); // warm up the JIT
        long least = ThreadAllocation.leastOf(WINDOWS, resets);
        assertTrue(least < TOLERANCE, "allocated " + least + " bytes in " + OPERATIONS + " resets of each queue");
        queue.checkInvariants();
        indexed.checkInvariants();
    }

    // ================================================================ footprint

    @Test
    void trimToSize_emptiedQueue_isBackToItsInitialCapacity_clearKeepsTheGrownOne() {
        int initial = 1000;
        TimingWheelQueue<Object> q = new TimingWheelQueue<>(LevelBits.of(4, 4), initial);
        Runnable fillInitial = () -> {
            for (int i = 0; i < initial; i++) {
                q.add(i & 255, value);
            }
            q.clear();
        };
        fillInitial.run(); // warm up
        assertTrue(ThreadAllocation.leastOf(WINDOWS, fillInitial) < 1024, "the initial capacity was allocated up front");

        for (int i = 0; i < 50 * initial; i++) {
            q.add(i & 255, value);
        }
        q.clear(); // keeps the grown capacity: refilling allocates nothing
        long refill = ThreadAllocation.leastOf(WINDOWS, () -> {
            for (int i = 0; i < 50 * initial; i++) {
                q.add(i & 255, value);
            }
            q.clear();
        });
        assertTrue(refill < 1024, "refilling a cleared queue allocated " + refill + " bytes");

        q.trimToSize(); // an empty queue: back to the initial capacity
        q.checkInvariants();
        assertTrue(ThreadAllocation.leastOf(WINDOWS, fillInitial) < 1024, "trimming went below the initial capacity");
        long oneMore = ThreadAllocation.leastOf(1, () -> {
            for (int i = 0; i <= initial; i++) {
                q.add(i & 255, value);
            }
        });
        // Growth by half from the initial capacity copies at least the 24 bytes per element of the pool.
        assertTrue(oneMore >= 24L * initial, "the element past the initial capacity allocated only " + oneMore + " bytes");
        assertEquals(initial + 1, q.size());
        q.checkInvariants();
    }
}
