package io.github.radixwheel.benchmarks.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.benmanes.caffeine.cache.CaffeineTimerWheelAdapter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.kafka.server.util.timer.KafkaTimingWheelAdapter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Model-based check of every virtual-clock adapter: random schedule / cancel / reschedule /
 * advance sequences (fixed seeds) against a map of pending deadlines. After every advance the
 * fired ids must be exactly the pending timers with {@code deadline <= now}, each once; sizes and
 * (where supported) the next expiry must match the model; unsupported operations must throw
 * {@link UnsupportedOperationException} naming the peer.
 */
class TimerAdapterContractTest {
    /** A peer under test and what its adapter documents it can do. */
    record Peer(String label, Function<TimerAdapter.Listener, TimerAdapter> factory,
            boolean reschedule, boolean nextExpiry, boolean rejectsStaleIds) {
        @Override
        public String toString() {
            return label;
        }
    }

    static Stream<Peer> peers() {
        return Stream.of(
                new Peer("radixwheel", RadixWheelAdapter::new, true, true, true),
                new Peer("PriorityQueue", l -> new PriorityQueueAdapter(4, l), false, true, true),
                new Peer("fastutil", l -> new IndexedHeapAdapter(4096, l), true, true, true),
                new Peer("DelayQueue", l -> new DelayQueueAdapter(4, l), false, true, true),
                // A small wheel with a coarse tick, so that spokes hold several rounds and deadlines share ticks.
                new Peer("Agrona res=8 spokes=64", l -> new AgronaAdapter(8, 64, 4, l), false, false, false),
                new Peer("Agrona res=1 spokes=1024", l -> new AgronaAdapter(1, 1024, 16, l), false, false, false),
                new Peer("Kafka wheelSize=20", l -> new KafkaTimingWheelAdapter(20, 4, l), true, false, true),
                new Peer("Kafka wheelSize=4", l -> new KafkaTimingWheelAdapter(4, 4, l), true, false, true),
                new Peer("Caffeine unitShift=30", l -> new CaffeineTimerWheelAdapter(30, 4, l), true, false, true));
    }

    private static final long[] GAPS = {8, 64, 4096, 1L << 20};
    private static final long[] STEPS = {0, 1, 16, 1024, 1L << 16};

    @ParameterizedTest(name = "{0}")
    @MethodSource("peers")
    void firesExactlyTheDueTimersOnceAndNeverEarly(Peer peer) {
        for (long seed = 1; seed <= 2; seed++) {
            run(peer, seed, 3_000);
        }
    }

    private static void run(Peer peer, long seed, int operations) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Long> fired = new ArrayList<>();
        TimerAdapter adapter = peer.factory().apply(fired::add);
        Map<Long, Long> pending = new HashMap<>();
        List<Long> pendingIds = new ArrayList<>();
        List<Long> deadIds = new ArrayList<>();
        int totalFired = 0;
        int cancels = 0;
        int reschedules = 0;
        for (int op = 0; op < operations; op++) {
            int kind = random.nextInt(100);
            long now = adapter.now();
            if (kind < 45 || pending.isEmpty()) {
                long deadline = now + 1 + random.nextLong(GAPS[random.nextInt(GAPS.length)]);
                long id = adapter.schedule(deadline);
                assertTrue(pending.put(id, deadline) == null, peer + ": id " + id + " reused while pending");
                pendingIds.add(id);
            } else if (kind < 60) {
                long id = removeRandom(pendingIds, random);
                assertTrue(adapter.cancel(id), peer + ": cancel of a pending timer");
                pending.remove(id);
                deadIds.add(id);
                cancels++;
            } else if (kind < 65) {
                if (peer.rejectsStaleIds() && !deadIds.isEmpty()) {
                    long id = deadIds.get(random.nextInt(deadIds.size()));
                    assertFalse(adapter.cancel(id), peer + ": cancel of a dead id " + id);
                }
            } else if (kind < 75) {
                long id = pendingIds.get(random.nextInt(pendingIds.size()));
                long deadline = now + 1 + random.nextLong(GAPS[random.nextInt(GAPS.length)]);
                if (peer.reschedule()) {
                    assertTrue(adapter.reschedule(id, deadline), peer + ": reschedule of a pending timer");
                    pending.put(id, deadline);
                    reschedules++;
                } else {
                    UnsupportedOperationException e =
                            assertThrows(UnsupportedOperationException.class, () -> adapter.reschedule(id, deadline));
                    assertTrue(e.getMessage().startsWith(adapter.name()), e.getMessage());
                }
            } else {
                long to = now + random.nextLong(STEPS[random.nextInt(STEPS.length)] + 1);
                totalFired += advanceAndCheck(peer, adapter, to, pending, pendingIds, deadIds, fired);
            }
            assertEquals(pending.size(), adapter.size(), peer + ": size after operation " + op);
            checkNextExpiry(peer, adapter, pending);
        }
        long last = pending.values().stream().mapToLong(Long::longValue).max().orElse(adapter.now());
        totalFired += advanceAndCheck(peer, adapter, last, pending, pendingIds, deadIds, fired);
        assertTrue(pending.isEmpty(), peer + ": timers left after advancing past the last deadline");
        assertEquals(0, adapter.size());
        assertTrue(totalFired > 500 && cancels > 100, peer + ": fired " + totalFired + ", cancelled " + cancels);
        assertTrue(!peer.reschedule() || reschedules > 100, peer + ": rescheduled " + reschedules);
        assertThrows(IllegalArgumentException.class, () -> adapter.schedule(adapter.now()));
        assertThrows(IllegalArgumentException.class, () -> adapter.advanceTo(adapter.now() - 1));
    }

    private static int advanceAndCheck(Peer peer, TimerAdapter adapter, long to, Map<Long, Long> pending,
            List<Long> pendingIds, List<Long> deadIds, List<Long> fired) {
        fired.clear();
        int count = adapter.advanceTo(to);
        assertEquals(to, adapter.now());
        Set<Long> expected = new HashSet<>();
        for (Map.Entry<Long, Long> e : pending.entrySet()) {
            if (e.getValue() <= to) {
                expected.add(e.getKey());
            }
        }
        Set<Long> actual = new HashSet<>(fired);
        assertEquals(fired.size(), actual.size(), peer + ": a timer fired twice");
        for (long id : actual) {
            Long deadline = pending.get(id);
            assertTrue(deadline != null, peer + ": fired id " + id + " was not pending");
            assertTrue(deadline <= to, peer + ": fired early: deadline " + deadline + " at " + to);
        }
        assertEquals(expected, actual, peer + ": fired set at " + to);
        assertEquals(expected.size(), count, peer + ": returned count");
        for (long id : actual) {
            pending.remove(id);
            deadIds.add(id);
        }
        pendingIds.removeAll(actual);
        return count;
    }

    private static void checkNextExpiry(Peer peer, TimerAdapter adapter, Map<Long, Long> pending) {
        if (peer.nextExpiry()) {
            long min = pending.values().stream().mapToLong(Long::longValue).min().orElse(Long.MAX_VALUE);
            assertEquals(min, adapter.nextExpiry(), peer + ": nextExpiry");
        } else {
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, adapter::nextExpiry);
            assertTrue(e.getMessage().startsWith(adapter.name()), e.getMessage());
        }
    }

    private static long removeRandom(List<Long> ids, SplittableRandom random) {
        int i = random.nextInt(ids.size());
        long id = ids.get(i);
        ids.set(i, ids.get(ids.size() - 1));
        ids.remove(ids.size() - 1);
        return id;
    }
}
