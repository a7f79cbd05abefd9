package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link FutureEventList} allocates nothing once its capacity suffices: a simulation loop on
 * {@code pollFirst(action)} whose action schedules (later, at now with another priority, at the
 * front), stands events beside others, reschedules, removes and replaces events, at distinct times
 * and at times shared by many events scheduled out of priority order, with resets between
 * replications. Measured with the thread's allocation counter over several windows after a warm-up
 * (the least window counts: compilation can allocate once); a counterpart that boxes a value per
 * event shows that the measurement sees allocation.
 */
class FutureEventListAllocationTest {
    private static final int LIVE = 1024;
    private static final int EVENTS = 50_000;
    private static final int WINDOWS = 4;
    /** Far below one small object per event (16 bytes × {@link #EVENTS}). */
    private static final long TOLERANCE = EVENTS / 16;

    private final SplittableRandom random = new SplittableRandom(0xFE1);
    private final long[] handles = new long[LIVE];
    private final Object[] boxes = new Object[16];
    private FutureEventList<Object> list;
    private boolean box;
    private long taken;
    private final EventConsumer<Object> onEvent = this::onEvent;

    /** Replaces the taken event's handle with a new event's, scheduled in one of several ways. */
    private void onEvent(long handle, double time, int priority, Object event) {
        taken++;
        int i = (int) (taken % LIVE);
        int kind = random.nextInt(8);
        long other = handles[(i + 1) % LIVE];
        switch (kind) {
            case 0 -> handles[i] = list.add(time + random.nextDouble() * 100, random.nextInt(3), event);
            case 1 -> handles[i] = list.add(time, random.nextInt(3) - 1, event); // now, among its priorities
            case 2 -> handles[i] = list.addFirst(time + random.nextInt(3), random.nextInt(3), event);
            case 3 -> handles[i] = list.contains(other) ? list.addBefore(other, event) : list.add(time + 1, event);
            case 4 -> handles[i] = list.contains(other) ? list.addAfter(other, event) : list.add(time + 2, event);
            case 5 -> handles[i] = list.add(Math.floor(time) + 1 + random.nextInt(2), 2 - random.nextInt(3), event);
            case 6 -> {
                handles[i] = list.add(time + 5, event);
                if (list.contains(other)) {
                    list.reschedule(other, time + random.nextDouble() * 10);
                }
            }
            default -> {
                handles[i] = list.add(time + 3, 1, event);
                if (list.contains(other)) {
                    list.setEvent(other, event);
                    list.remove(other);
                    handles[(i + 1) % LIVE] = list.add(time + 4, 0, event);
                }
            }
        }
        if (box) {
            boxes[i & 15] = Long.valueOf(taken * 31 + i + 1024);
        }
    }

    private void fill() {
        for (int i = 0; i < LIVE; i++) {
            handles[i] = list.add(list.now() + random.nextInt(50), random.nextInt(3), this);
        }
    }

    private void simulate(int events) {
        for (int e = 0; e < events; e++) {
            if (!list.pollFirst(onEvent)) {
                throw new AssertionError("the list ran dry");
            }
            if ((e & 8191) == 8191) {
                list.reset(list.now() + random.nextInt(1 << 10));
                fill();
            }
        }
    }

    @Test
    void simulationLoop_allocatesNothingOnceCapacitySuffices() {
        list = new FutureEventList<>();
        fill();
        simulate(4 * EVENTS); // grows the pool and the sort space, and warms up the JIT
        long least = ThreadAllocation.leastOf(WINDOWS, () -> simulate(EVENTS));
        assertTrue(least < TOLERANCE, "allocated " + least + " bytes in " + EVENTS + " events");
        assertTrue(taken >= 8L * EVENTS);
        assertEquals(LIVE, list.size(), "each event taken is replaced by one");
        list.checkInvariants();
    }

    /**
     * Regression: with every event at {@code now()} and each new one of a higher priority than all
     * (a hold loop whose runs slide up), the array of priority runs was allocated anew every few
     * events once it could not grow past the capacity, and copied whole each time.
     */
    @Test
    void eventsAtNowWithRisingPriorities_atFullCapacity_allocateNothing() {
        FutureEventList<Object> l = new FutureEventList<>();
        int n = 1000;
        for (int p = 0; p < n; p++) {
            l.add(0.0, p, this);
        }
        l.trimToSize(); // no capacity to spare
        int[] next = {n};
        Runnable holds = () -> {
            for (int i = 0; i < EVENTS; i++) {
                l.pollFirst();
                l.add(l.now(), next[0]++, this);
            }
        };
        holds.run(); // warms up the JIT
        long least = ThreadAllocation.leastOf(WINDOWS, holds);
        assertTrue(least < TOLERANCE, "allocated " + least + " bytes in " + EVENTS + " holds");
        assertEquals(n, l.size());
        assertEquals(next[0] - n, l.priority(l.firstHandle()), "the lowest priority is first");
        l.checkInvariants();
    }

    @Test
    void measurement_seesAllocation() {
        list = new FutureEventList<>();
        box = true;
        fill();
        simulate(EVENTS);
        long least = ThreadAllocation.leastOf(WINDOWS, () -> simulate(EVENTS));
        assertTrue(least >= 16L * EVENTS / 2, "saw only " + least + " bytes for " + EVENTS + " boxed longs");
    }
}
