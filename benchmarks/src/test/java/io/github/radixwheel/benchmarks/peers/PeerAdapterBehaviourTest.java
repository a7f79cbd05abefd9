package io.github.radixwheel.benchmarks.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.benmanes.caffeine.cache.CaffeineTimerWheelAdapter;
import io.github.radixwheel.benchmarks.ThreadAllocation;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.apache.kafka.server.util.timer.KafkaTimingWheelAdapter;
import org.junit.jupiter.api.Test;

/** What the adapters' javadoc promises beyond the common contract. */
class PeerAdapterBehaviourTest {
    /** The payload of the tests that do not look at payloads. */
    private static final Object PAYLOAD = new Object();

    /**
     * With a unit finer than a level-0 bucket, Caffeine fires nothing early, and everything due
     * before the start of the bucket span that contains now has fired: at most one span late.
     */
    @Test
    void caffeineWithFineUnitsIsNeverEarlyAndAtMostOneBucketLate() {
        int shift = 20;
        long span = 1L << (30 - shift); // units per level-0 bucket
        Map<Long, Long> pending = new HashMap<>();
        Set<Long> fired = new HashSet<>();
        TimerAdapter adapter = new CaffeineTimerWheelAdapter(shift, 1 << 14, (id, payload) -> fired.add(id));
        SplittableRandom random = new SplittableRandom(42);
        int waiting = 0;
        int totalFired = 0;
        for (int op = 0; op < 8_000; op++) {
            if (random.nextBoolean() || pending.isEmpty()) {
                long deadline = adapter.now() + 1 + random.nextLong(random.nextBoolean() ? 4 * span : 1L << 17);
                pending.put(adapter.schedule(deadline, PAYLOAD), deadline);
            } else {
                long to = adapter.now() + random.nextLong(span / 4);
                fired.clear();
                int count = adapter.advanceTo(to);
                assertEquals(fired.size(), count);
                totalFired += count;
                long spanStart = to - Math.floorMod(to, span);
                for (long id : fired) {
                    long deadline = pending.remove(id);
                    assertTrue(deadline <= to, "early: " + deadline + " at " + to);
                }
                for (long deadline : pending.values()) {
                    assertTrue(deadline >= spanStart, "overdue by more than a span: " + deadline + " at " + to);
                    if (deadline <= to) {
                        waiting++;
                    }
                }
            }
            assertEquals(pending.size(), adapter.size());
        }
        // Timers due in the current span do wait for the next one: the bound above is the real one.
        assertTrue(waiting > 0, "no due timer ever waited");
        assertTrue(totalFired > 1_000, "fired " + totalFired);
    }

    /**
     * radixwheel's adapter advances the wheel to {@code now + 1}; at the end of time, where that
     * does not exist, a timer due at {@code Long.MAX_VALUE} must still fire, and exactly once.
     */
    @Test
    void radixwheelFiresADeadlineAtTheEndOfTime() {
        List<Long> fired = new java.util.ArrayList<>();
        RadixWheelAdapter radix = new RadixWheelAdapter((id, payload) -> fired.add(id));
        long last = radix.schedule(Long.MAX_VALUE, PAYLOAD);
        long before = radix.schedule(Long.MAX_VALUE - 1, PAYLOAD);
        assertEquals(Long.MAX_VALUE - 1, radix.nextExpiry());
        assertEquals(1, radix.advanceTo(Long.MAX_VALUE - 1));
        assertEquals(List.of(before), fired);
        assertEquals(Long.MAX_VALUE, radix.nextExpiry());
        assertEquals(1, radix.advanceTo(Long.MAX_VALUE));
        assertEquals(List.of(before, last), fired);
        assertEquals(0, radix.advanceTo(Long.MAX_VALUE));
        assertEquals(0, radix.size());
        assertEquals(Long.MAX_VALUE, radix.nextExpiry());
        radix.structure().checkInvariants();
    }

    /** Kafka's re-add moves a task: the old entry must not fire at the old deadline. */
    @Test
    void kafkaRescheduleUnlinksTheOldEntry() {
        Set<Long> fired = new HashSet<>();
        TimerAdapter kafka = new KafkaTimingWheelAdapter(20, 4, (id, payload) -> fired.add(id));
        long early = kafka.schedule(10, PAYLOAD);
        long late = kafka.schedule(5_000, PAYLOAD);
        assertTrue(kafka.reschedule(early, 3_000)); // earlier bucket left holding nothing
        assertTrue(kafka.reschedule(late, 20)); // from an overflow wheel to level 0
        assertEquals(0, kafka.advanceTo(19));
        assertEquals(1, kafka.advanceTo(20));
        assertEquals(Set.of(late), fired);
        assertEquals(0, kafka.advanceTo(2_999));
        assertEquals(1, kafka.advanceTo(1_000_000));
        assertEquals(Set.of(late, early), fired);
        assertEquals(0, kafka.size());
        assertFalse(kafka.cancel(early), "fired");
    }

    /**
     * The adapters that claim it allocate nothing per operation once their pools are warm; Kafka,
     * which allocates a {@code TimerTaskEntry} per schedule, shows that the measurement sees
     * allocation.
     */
    @Test
    void zeroAllocationAdaptersAllocateNothingPerOperation() {
        for (Impl impl : Impl.values()) {
            if (impl != Impl.KAFKA) {
                long[] result = leastAllocation(impl.param(), l -> impl.create(1 << 12, l));
                assertTrue(result[0] < result[1] / 16,
                        impl.param() + " allocated " + result[0] + " bytes in " + result[1] + " operations");
            }
        }
        long[] kafka = leastAllocation("Kafka", l -> Impl.KAFKA.create(1 << 12, l));
        assertTrue(kafka[0] > 16 * kafka[1] / 3,
                "Kafka allocated only " + kafka[0] + " bytes in " + kafka[1] + " operations");
    }

    /**
     * @return the least bytes allocated by this thread in three windows of churn
     *     ({@link ThreadAllocation#leastOf}), and the number of operations in a window
     */
    private static long[] leastAllocation(String name, Function<TimerListener, TimerAdapter> factory) {
        Churn churn = new Churn(1024);
        TimerAdapter adapter = factory.apply(churn::onFire);
        churn.run(adapter, 20_000); // warm up: pools, Agrona's spoke blocks, JIT
        int[] operations = {0};
        long least = ThreadAllocation.leastOf(3, () -> operations[0] = churn.run(adapter, 30_000));
        assertTrue(churn.fired > 1_000 && churn.cancelled > 1_000,
                name + " fired " + churn.fired + ", cancelled " + churn.cancelled);
        assertEquals(churn.pendingCount(), adapter.size(), name);
        return new long[] {least, operations[0]};
    }

    /**
     * Keeps up to {@code n} timers pending: reschedule a random index (cancelling its timer if it is
     * still pending) and advance one tick every 8 operations. Index {@code i}'s timers carry payload
     * {@code i}, made up front. Tracks which timers are pending without allocating, so that only the
     * adapter's allocation is measured.
     */
    private static final class Churn {
        final long[] ids;
        final boolean[] pending;
        final Object[] payloads;
        final Long2IntOpenHashMap indexOfId;
        final SplittableRandom random = new SplittableRandom(3);
        int fired;
        int cancelled;

        Churn(int n) {
            ids = new long[n];
            pending = new boolean[n];
            payloads = new Object[n];
            for (int i = 0; i < n; i++) {
                payloads[i] = new Object();
            }
            indexOfId = new Long2IntOpenHashMap(4 * n);
        }

        void onFire(long id, Object payload) {
            int i = indexOfId.remove(id);
            assertSame(payloads[i], payload);
            pending[i] = false;
            fired++;
        }

        int pendingCount() {
            return indexOfId.size();
        }

        int run(TimerAdapter adapter, int rounds) {
            int operations = 0;
            for (int r = 0; r < rounds; r++) {
                int i = random.nextInt(ids.length);
                if (pending[i]) {
                    assertTrue(adapter.cancel(ids[i]));
                    indexOfId.remove(ids[i]);
                    cancelled++;
                    operations++;
                }
                ids[i] = adapter.schedule(adapter.now() + 1 + random.nextInt(1 << 8), payloads[i]);
                indexOfId.put(ids[i], i);
                pending[i] = true;
                operations++;
                if ((r & 7) == 0) {
                    adapter.advanceTo(adapter.now() + 1);
                    operations++;
                }
            }
            return operations;
        }
    }
}
