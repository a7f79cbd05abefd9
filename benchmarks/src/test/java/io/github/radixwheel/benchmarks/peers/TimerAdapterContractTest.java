package io.github.radixwheel.benchmarks.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.benchmarks.Footprint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.kafka.server.util.timer.KafkaTimingWheelAdapter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Model-based check of every virtual-clock adapter: random schedule / cancel / reschedule /
 * advance / fire-next sequences (fixed seeds) against a map of pending deadlines and payloads.
 * After every advance the fired ids must be exactly the pending timers with {@code deadline <= now},
 * each once, each with the payload it was scheduled with (a reschedule keeps it); {@code fireNext}
 * must take a timer of the least deadline; sizes and (where supported) the next expiry must match
 * the model; cancelling an id that is not pending must answer false; unsupported operations must
 * throw {@link UnsupportedOperationException} naming the peer. Every {@value #REACHABILITY_EVERY}
 * operations and at the end, the payloads reachable from the adapter (its peer, its pools, its
 * tables) must be exactly as many as the pending timers, and reachable from its structure: a fired
 * or cancelled timer's payload must not loiter.
 */
class TimerAdapterContractTest {
    private static final int CAPACITY = 4096;
    private static final int REACHABILITY_EVERY = 150;

    /** A payload; the class is this test's own, so that counting its instances finds exactly the payloads. */
    private static final class Payload {
        final long serial;

        Payload(long serial) {
            this.serial = serial;
        }

        @Override
        public String toString() {
            return "payload " + serial;
        }
    }

    /** What the adapter's listener saw since it was last cleared. */
    private static final class Fired {
        final List<Long> ids = new ArrayList<>();
        final List<Object> payloads = new ArrayList<>();

        void add(long id, Object payload) {
            ids.add(id);
            payloads.add(payload);
        }

        void clear() {
            ids.clear();
            payloads.clear();
        }
    }

    /** A peer under test, with the capabilities its {@link Impl} documents. */
    record Peer(String label, Function<TimerListener, TimerAdapter> factory, Impl impl) {
        @Override
        public String toString() {
            return label;
        }
    }

    static Stream<Peer> peers() {
        Stream<Peer> configured = Stream.of(Impl.values()).map(i -> new Peer(i.param(), l -> i.create(CAPACITY, l), i));
        return Stream.concat(configured, Stream.of(
                // A small wheel with a coarse tick, so that spokes hold several rounds and deadlines share ticks.
                new Peer("Agrona res=8 spokes=64", l -> new AgronaAdapter(8, 64, 4, CAPACITY, l), Impl.AGRONA),
                new Peer("Kafka wheelSize=4", l -> new KafkaTimingWheelAdapter(4, CAPACITY, l), Impl.KAFKA)));
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
        Fired fired = new Fired();
        TimerAdapter adapter = peer.factory().apply(fired::add);
        int firstTaken = 0;
        Map<Long, Long> pending = new HashMap<>();
        Map<Long, Object> payloads = new HashMap<>();
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
                Payload payload = new Payload(op);
                long id = adapter.schedule(deadline, payload);
                assertTrue(pending.put(id, deadline) == null, peer + ": id " + id + " reused while pending");
                payloads.put(id, payload);
                pendingIds.add(id);
            } else if (kind < 60) {
                long id = removeRandom(pendingIds, random);
                assertTrue(adapter.cancel(id), peer + ": cancel of a pending timer");
                pending.remove(id);
                payloads.remove(id);
                deadIds.add(id);
                cancels++;
            } else if (kind < 65) {
                if (!deadIds.isEmpty()) {
                    long id = deadIds.get(random.nextInt(deadIds.size()));
                    if (!pending.containsKey(id)) {
                        assertFalse(adapter.cancel(id), peer + ": cancel of a dead id " + id);
                        if (peer.impl().hasReschedule()) {
                            assertFalse(adapter.reschedule(id, now + 1), peer + ": reschedule of a dead id " + id);
                        }
                    }
                }
            } else if (kind < 70) {
                firstTaken += fireNextAndCheck(peer, adapter, pending, payloads, pendingIds, deadIds, fired);
            } else if (kind < 78) {
                long id = pendingIds.get(random.nextInt(pendingIds.size()));
                long deadline = now + 1 + random.nextLong(GAPS[random.nextInt(GAPS.length)]);
                if (peer.impl().hasReschedule()) {
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
                totalFired += advanceAndCheck(peer, adapter, to, pending, payloads, pendingIds, deadIds, fired);
            }
            assertEquals(pending.size(), adapter.size(), peer + ": size after operation " + op);
            checkNextExpiry(peer, adapter, pending);
            if (op % REACHABILITY_EVERY == 0) {
                checkNoPayloadLoiters(peer, adapter, pending.size(), fired, "after operation " + op);
            }
        }
        long last = pending.values().stream().mapToLong(Long::longValue).max().orElse(adapter.now());
        totalFired += advanceAndCheck(peer, adapter, last, pending, payloads, pendingIds, deadIds, fired);
        assertTrue(pending.isEmpty(), peer + ": timers left after advancing past the last deadline");
        assertEquals(0, adapter.size());
        checkNoPayloadLoiters(peer, adapter, 0, fired, "once all have fired");
        assertTrue(totalFired > 500 && cancels > 100, peer + ": fired " + totalFired + ", cancelled " + cancels);
        assertTrue(!peer.impl().hasReschedule() || reschedules > 100, peer + ": rescheduled " + reschedules);
        assertTrue(!peer.impl().hasNextExpiry() || firstTaken > 100, peer + ": took the first " + firstTaken);
        assertThrows(IllegalArgumentException.class, () -> adapter.schedule(adapter.now(), new Payload(-1)));
        assertThrows(NullPointerException.class, () -> adapter.schedule(adapter.now() + 1, null));
        assertEquals(0, adapter.size(), peer + ": a refused schedule changes nothing");
        assertThrows(IllegalArgumentException.class, () -> adapter.advanceTo(adapter.now() - 1));
    }

    /**
     * Counts the payloads reachable from the adapter, the listener's record cleared (the adapter
     * reaches it through its listener): exactly the pending timers' may be, and all of them must be
     * reachable from {@link TimerAdapter#structure()}, which the footprint measures.
     */
    private static void checkNoPayloadLoiters(Peer peer, TimerAdapter adapter, int pending, Fired fired, String when) {
        fired.clear();
        assertEquals(pending, Footprint.count(Payload.class, adapter),
                peer + ": payloads reachable from the adapter " + when + ", with " + pending + " timers pending");
        assertEquals(pending, Footprint.count(Payload.class, adapter.structure()),
                peer + ": payloads reachable from its structure() " + when);
    }

    /** Checks that each fired id was pending, with the payload it was scheduled with. */
    private static void checkPayloads(Peer peer, Map<Long, Object> payloads, Fired fired) {
        for (int i = 0; i < fired.ids.size(); i++) {
            long id = fired.ids.get(i);
            assertSame(payloads.remove(id), fired.payloads.get(i), peer + ": the payload delivered with id " + id);
        }
    }

    private static int advanceAndCheck(Peer peer, TimerAdapter adapter, long to, Map<Long, Long> pending,
            Map<Long, Object> payloads, List<Long> pendingIds, List<Long> deadIds, Fired fired) {
        fired.clear();
        int count = adapter.advanceTo(to);
        assertEquals(to, adapter.now());
        Set<Long> expected = new HashSet<>();
        for (Map.Entry<Long, Long> e : pending.entrySet()) {
            if (e.getValue() <= to) {
                expected.add(e.getKey());
            }
        }
        Set<Long> actual = new HashSet<>(fired.ids);
        assertEquals(fired.ids.size(), actual.size(), peer + ": a timer fired twice");
        for (long id : actual) {
            Long deadline = pending.get(id);
            assertTrue(deadline != null, peer + ": fired id " + id + " was not pending");
            assertTrue(deadline <= to, peer + ": fired early: deadline " + deadline + " at " + to);
        }
        assertEquals(expected, actual, peer + ": fired set at " + to);
        assertEquals(expected.size(), count, peer + ": returned count");
        checkPayloads(peer, payloads, fired);
        for (long id : actual) {
            pending.remove(id);
            deadIds.add(id);
        }
        pendingIds.removeAll(actual);
        return count;
    }

    /** @return 1 if a timer was taken, 0 if the peer cannot or nothing is pending */
    private static int fireNextAndCheck(Peer peer, TimerAdapter adapter, Map<Long, Long> pending,
            Map<Long, Object> payloads, List<Long> pendingIds, List<Long> deadIds, Fired fired) {
        if (!peer.impl().hasNextExpiry()) {
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, adapter::fireNext);
            assertTrue(e.getMessage().startsWith(adapter.name()), e.getMessage());
            return 0;
        }
        if (pending.isEmpty()) {
            assertThrows(NoSuchElementException.class, adapter::fireNext);
            return 0;
        }
        fired.clear();
        long before = adapter.now();
        long min = pending.values().stream().mapToLong(Long::longValue).min().getAsLong();
        assertEquals(min, adapter.fireNext(), peer + ": fireNext's deadline");
        assertEquals(1, fired.ids.size(), peer + ": fireNext fires one timer");
        long id = fired.ids.get(0);
        assertEquals(min, pending.remove(id), peer + ": fireNext fired a timer of the least deadline");
        checkPayloads(peer, payloads, fired);
        assertEquals(Math.max(before, min), adapter.now());
        pendingIds.remove(id);
        deadIds.add(id);
        return 1;
    }

    private static void checkNextExpiry(Peer peer, TimerAdapter adapter, Map<Long, Long> pending) {
        if (peer.impl().hasNextExpiry()) {
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
