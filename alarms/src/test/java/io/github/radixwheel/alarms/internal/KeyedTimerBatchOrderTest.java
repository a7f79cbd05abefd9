package io.github.radixwheel.alarms.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A batch delivers in firing order, (tick, arming order), whatever order each stripe holds its
 * armings in: in arming order (as one thread arms), in any other (as several threads do), and with
 * armings added while it delivers.
 */
class KeyedTimerBatchOrderTest {
    private static final long TICK = 1_000;
    private static final int STRIPES = 4;

    /** An arming as the test expects it: firing order is (tick, order); orders are unique. */
    private record Arming(long tick, long order, int key) {}

    private static final Comparator<Arming> FIRING = Comparator.comparingLong(Arming::tick).thenComparingLong(Arming::order);

    @Test
    void armingsComeInFiringOrder_whetherEachStripeHoldsThemInOrderOrNot() {
        for (int seed = 0; seed < 200; seed++) {
            deliverAndCheck(seed, seed % 2 == 0, false);
        }
    }

    @Test
    void armingsAddedWhileTheBatchDelivers_comeInTheirPlace() {
        for (int seed = 0; seed < 200; seed++) {
            deliverAndCheck(seed, seed % 2 == 0, true);
        }
    }

    private static void deliverAndCheck(int seed, boolean ordersAsArmed, boolean addWhileDelivering) {
        SplittableRandom random = new SplittableRandom(seed);
        TreeSet<Arming> model = new TreeSet<>(FIRING);
        AtomicReference<KeyedTimerBatch<Integer, Long>> batch = new AtomicReference<>();
        AtomicReference<KeyedTimerStripes<Integer, Long>> stripesRef = new AtomicReference<>();
        List<String> errors = new ArrayList<>();
        int[] added = {0};
        KeyedTimerDispatch<Integer, Long> dispatch = new KeyedTimerDispatch<>((key, value) -> {
            Arming expected = model.pollFirst();
            if (expected == null || expected.key() != key) {
                errors.add("seed " + seed + ": delivered " + key + ", expected " + expected);
                return;
            }
            if (addWhileDelivering && random.nextInt(4) == 0 && added[0] < 50) {
                int fresh = 100_000 + added[0]++;
                long deadline = random.nextLong(expected.tick() * TICK, batch.get().dueBefore);
                // Unique: the armed ones' orders are multiples of 4; before or after any of them.
                long order = 4 * (random.nextLong(-1L << 30, 1L << 30) * 64 + added[0]) + 3;
                model.add(new Arming(deadline / TICK, order, fresh));
                KeyedTimerStripe<Integer, Long> stripe = stripesRef.get().of(fresh);
                stripe.withLock(batch.get(), 0, (s, b, n) -> {
                    s.armInBatch(s.idOf(fresh), fresh, (long) fresh, deadline, order, b);
                    return null;
                });
            }
        }, (key, error) -> errors.add("seed " + seed + ": key " + key + " threw " + error), null);
        KeyedTimerStripes<Integer, Long> stripes = new KeyedTimerStripes<>(STRIPES, TICK, LevelBits.DEFAULT, dispatch);
        stripesRef.set(stripes);
        int n = 1 + random.nextInt(400);
        for (int key = 0; key < n; key++) {
            long deadline = random.nextLong(0, 20 * TICK);
            // Unique orders, multiples of 4: as armed, or in no relation to the arming (several threads).
            long order = 4L * (ordersAsArmed ? key : random.nextInt(1 << 20) * 1024L + key);
            model.add(new Arming(deadline / TICK, order, key));
            int k = key;
            long o = order;
            stripes.of(key).withLock(null, 0, (s, unused, unusedN) -> s.arm(k, (long) k, deadline, o));
        }
        batch.set(stripes.withAllLocks(() -> stripes.collect(21 * TICK)));
        batch.get().run();
        assertEquals(List.of(), errors);
        assertEquals(0, model.size(), "armings never delivered: " + model);
    }
}
