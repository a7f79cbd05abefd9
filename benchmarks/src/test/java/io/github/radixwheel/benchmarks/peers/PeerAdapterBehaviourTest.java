package io.github.radixwheel.benchmarks.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.apache.kafka.server.util.timer.KafkaTimingWheelAdapter;
import org.junit.jupiter.api.Test;

/** What the adapters' javadoc promises beyond the common contract. */
class PeerAdapterBehaviourTest {

    @Test
    void idSlotsRejectStaleAndMadeUpIdsAndGrow() {
        IdSlots<Void> slots = new IdSlots<>(1, 4);
        int a = slots.allocate();
        long idA = slots.id(a);
        int b = slots.allocate(); // grows to 2
        assertTrue(slots.capacity() >= 2);
        assertEquals(a, slots.slotOf(idA));
        assertEquals(-1, slots.slotOf(idA + (1L << 32)), "wrong generation");
        assertEquals(-1, slots.slotOf(7), "never issued");
        assertEquals(-1, slots.slotOf(-1L), "made up");
        slots.release(a);
        assertEquals(-1, slots.slotOf(idA), "released");
        int again = slots.allocate();
        assertEquals(a, again, "freed slots are reused");
        assertNotEquals(idA, slots.id(again));
        assertEquals(-1, slots.slotOf(idA), "stale after reuse");
        slots.allocate();
        slots.allocate();
        assertEquals(4, slots.liveCount());
        assertThrows(IllegalStateException.class, slots::allocate, "max capacity");
        assertEquals(b, slots.slotOf(slots.id(b)));
    }

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
        TimerAdapter adapter = new CaffeineTimerWheelAdapter(shift, 16, fired::add);
        SplittableRandom random = new SplittableRandom(42);
        int waiting = 0;
        int totalFired = 0;
        for (int op = 0; op < 8_000; op++) {
            if (random.nextBoolean() || pending.isEmpty()) {
                long deadline = adapter.now() + 1 + random.nextLong(random.nextBoolean() ? 4 * span : 1L << 17);
                pending.put(adapter.schedule(deadline), deadline);
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
     * Netty runs on its own thread and the real clock: timers fire once, never before their
     * deadline, and a timer cancelled before it expires never fires. Cancelled timers are due
     * before the last kept one, so they would have fired by the time it does.
     */
    @Test
    void nettyFiresKeptTimersNeverEarlyAndNeverFiresCancelledOnes() throws InterruptedException {
        long ms = 1_000_000L;
        Map<Long, Long> firedAt = new ConcurrentHashMap<>();
        Map<Long, Integer> fireCount = new ConcurrentHashMap<>();
        CountDownLatch lastFired = new CountDownLatch(1);
        AtomicReference<NettyAdapter> ref = new AtomicReference<>();
        AtomicReference<Long> lastId = new AtomicReference<>(-1L);
        NettyAdapter adapter = new NettyAdapter(ms, 64, 16, id -> {
            firedAt.put(id, ref.get().now());
            fireCount.merge(id, 1, Integer::sum);
            if (id == lastId.get()) {
                lastFired.countDown();
            }
        });
        ref.set(adapter);
        Map<Long, Long> kept = new HashMap<>();
        Set<Long> cancelled = new HashSet<>();
        try {
            SplittableRandom random = new SplittableRandom(7);
            long base = adapter.now();
            for (int i = 0; i < 150; i++) {
                boolean cancel = i % 3 == 0;
                long deadline = base + (cancel ? 200 + random.nextLong(100) : 1 + random.nextLong(300)) * ms;
                long id = adapter.schedule(deadline);
                if (cancel && adapter.cancel(id)) {
                    cancelled.add(id);
                } else {
                    kept.put(id, deadline);
                }
            }
            long lastDeadline = adapter.now() + 450 * ms;
            lastId.set(adapter.schedule(lastDeadline));
            kept.put(lastId.get(), lastDeadline);
            assertFalse(cancelled.isEmpty(), "no cancel succeeded before its timer expired");
            assertTrue(lastFired.await(30, TimeUnit.SECONDS), "the last timer did not fire within 30 s");
        } finally {
            adapter.close(); // joins the worker: every firing has happened-before this point
        }
        assertEquals(kept.keySet(), firedAt.keySet(), "fired set");
        for (Map.Entry<Long, Long> e : kept.entrySet()) {
            assertTrue(firedAt.get(e.getKey()) >= e.getValue(),
                    "fired early: at " + firedAt.get(e.getKey()) + " for deadline " + e.getValue());
            assertEquals(1, fireCount.get(e.getKey()));
        }
        assertEquals(kept.size(), adapter.firedCount());
        assertThrows(UnsupportedOperationException.class, () -> adapter.advanceTo(0));
        assertThrows(UnsupportedOperationException.class, () -> adapter.reschedule(0, 1));
        assertThrows(UnsupportedOperationException.class, adapter::nextExpiry);
    }

    /**
     * radixwheel's adapter advances the wheel to {@code now + 1}; at the end of time, where that
     * does not exist, a timer due at {@code Long.MAX_VALUE} must still fire, and exactly once.
     */
    @Test
    void radixwheelFiresADeadlineAtTheEndOfTime() {
        List<Long> fired = new java.util.ArrayList<>();
        RadixWheelAdapter radix = new RadixWheelAdapter(fired::add);
        long last = radix.schedule(Long.MAX_VALUE);
        long before = radix.schedule(Long.MAX_VALUE - 1);
        assertEquals(Long.MAX_VALUE - 1, radix.nextExpiry());
        assertEquals(1, radix.advanceTo(Long.MAX_VALUE - 1));
        assertEquals(List.of(before), fired);
        assertEquals(Long.MAX_VALUE, radix.nextExpiry());
        assertEquals(1, radix.advanceTo(Long.MAX_VALUE));
        assertEquals(List.of(before, last), fired);
        assertEquals(0, radix.advanceTo(Long.MAX_VALUE));
        assertEquals(0, radix.size());
        assertEquals(Long.MAX_VALUE, radix.nextExpiry());
        radix.wheel().checkInvariants();
    }

    /** Kafka's re-add moves a task: the old entry must not fire at the old deadline. */
    @Test
    void kafkaRescheduleUnlinksTheOldEntry() {
        Set<Long> fired = new HashSet<>();
        TimerAdapter kafka = new KafkaTimingWheelAdapter(20, 4, fired::add);
        long early = kafka.schedule(10);
        long late = kafka.schedule(5_000);
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
        List<Map.Entry<String, Function<TimerAdapter.Listener, TimerAdapter>>> peers = List.of(
                Map.entry("radixwheel", RadixWheelAdapter::new),
                Map.entry("fastutil", l -> new IndexedHeapAdapter(1 << 12, l)),
                Map.entry("PriorityQueue", l -> new PriorityQueueAdapter(1 << 12, l)),
                Map.entry("DelayQueue", l -> new DelayQueueAdapter(1 << 12, l)),
                Map.entry("Agrona", l -> new AgronaAdapter(1, 256, 64, l)),
                Map.entry("Caffeine", l -> new CaffeineTimerWheelAdapter(30, 1 << 12, l)));
        for (Map.Entry<String, Function<TimerAdapter.Listener, TimerAdapter>> peer : peers) {
            long[] result = leastAllocation(peer.getKey(), peer.getValue());
            assertTrue(result[0] < result[1] / 16,
                    peer.getKey() + " allocated " + result[0] + " bytes in " + result[1] + " operations");
        }
        long[] kafka = leastAllocation("Kafka", l -> new KafkaTimingWheelAdapter(20, 1 << 12, l));
        assertTrue(kafka[0] > 16 * kafka[1] / 3,
                "Kafka allocated only " + kafka[0] + " bytes in " + kafka[1] + " operations");
    }

    /**
     * @return the least bytes allocated by this thread in three windows of churn
     *     ({@link ThreadAllocation#leastOf}), and the number of operations in a window
     */
    private static long[] leastAllocation(String name, Function<TimerAdapter.Listener, TimerAdapter> factory) {
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
     * still pending) and advance one tick every 8 operations. Tracks which timers are pending
     * without allocating, so that only the adapter's allocation is measured.
     */
    private static final class Churn {
        final long[] ids;
        final boolean[] pending;
        final Long2IntOpenHashMap indexOfId;
        final SplittableRandom random = new SplittableRandom(3);
        int fired;
        int cancelled;

        Churn(int n) {
            ids = new long[n];
            pending = new boolean[n];
            indexOfId = new Long2IntOpenHashMap(4 * n);
        }

        void onFire(long id) {
            int i = indexOfId.remove(id);
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
                ids[i] = adapter.schedule(adapter.now() + 1 + random.nextInt(1 << 8));
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
