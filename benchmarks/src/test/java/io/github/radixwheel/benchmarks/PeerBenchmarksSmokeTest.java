package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.benchmarks.peers.TimerAdapter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs the per-invocation logic of every virtual-clock peer benchmark directly (no JMH harness)
 * for every implementation at a small N, and checks the counts the benchmarks promise; the
 * combinations that {@link Workload#whyNot} rules out must be refused in the set-up. Where the
 * inputs fix the outcome (the hold model's event times), all implementations must agree.
 */
class PeerBenchmarksSmokeTest {
    private static final int N = 1024;
    private static final int INVOCATIONS = 300;

    private static Blackhole blackhole() {
        return new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
    }

    private static <S extends PeerState> S state(Supplier<S> factory, String impl, int size) {
        S s = factory.get();
        s.impl = impl;
        s.size = size;
        return s;
    }

    private static List<Impl> supporting(Workload w, int size) {
        List<Impl> list = new ArrayList<>();
        for (Impl impl : Impl.values()) {
            if (w.whyNot(impl, size) == null) {
                list.add(impl);
            }
        }
        return list;
    }

    @Test
    void cancelAll_cancelsEveryTimerInBothOrders() {
        Blackhole bh = blackhole();
        for (Impl impl : Impl.values()) {
            for (String order : new String[] {"random", "insertion"}) {
                CancelAllBenchmark b = state(CancelAllBenchmark::new, impl.param(), N);
                b.order = order;
                b.setUp();
                TimerCounter counter = new TimerCounter();
                for (int i = 0; i < 20; i++) {
                    b.cancelAll(counter, bh);
                }
                assertEquals(20L * N, counter.timers, impl + " " + order);
                assertEquals(0, b.adapter.size());
                if (order.equals("random")) {
                    assertTrue(b.cancelOrder[0] != 0 || b.cancelOrder[1] != 1, "a shuffled order");
                }
            }
        }
    }

    @Test
    void cancelAll_isRefusedForLinearCancelPeersAboveTheLimit() {
        for (Impl impl : Impl.values()) {
            CancelAllBenchmark b = state(CancelAllBenchmark::new, impl.param(), 2 * Workload.LINEAR_CANCEL_ALL_LIMIT);
            b.order = "random";
            if (impl.hasLinearCancel()) {
                UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, b::setUp);
                assertTrue(e.getMessage().contains("linear scan"), e.getMessage());
                assertTrue(Workload.CANCEL_ALL.whyNot(impl, b.size).startsWith("skipped"));
            } else {
                assertEquals(null, Workload.CANCEL_ALL.whyNot(impl, b.size), impl.param());
            }
        }
    }

    @Test
    void churn_keepsNTimersAndEveryVictimPending() {
        for (Impl impl : Impl.values()) {
            ChurnBenchmark b = state(ChurnBenchmark::new, impl.param(), N);
            b.setUp();
            long sum = 0;
            for (int i = 0; i < 3 * N; i++) {
                sum += b.churn();
            }
            b.check();
            assertEquals(N, b.adapter.size(), impl.param());
            assertEquals(3 * N, b.index);
            assertTrue(sum != 0);
        }
    }

    @Test
    void fireAll_firesExactlyNInEveryStepSize() {
        Blackhole bh = blackhole();
        for (Impl impl : Impl.values()) {
            for (String step : new String[] {"1", "1024", "jump"}) {
                FireAllBenchmark b = state(FireAllBenchmark::new, impl.param(), N);
                b.step = step;
                b.setUp();
                TimerCounter counter = new TimerCounter();
                int invocations = step.equals("1") ? 30 : 100;
                for (int i = 0; i < invocations; i++) {
                    b.fireAll(counter, bh);
                }
                assertEquals((long) invocations * N, counter.timers, impl + " step " + step);
                assertEquals((long) invocations * N, b.adapter.now(), "the clock moves N per invocation");
            }
        }
    }

    @Test
    void keepAlive_movesEveryTimerBeforeItIsDueAndNothingFires() {
        for (Impl impl : Impl.values()) {
            KeepAliveBenchmark b = state(KeepAliveBenchmark::new, impl.param(), N);
            b.setUp();
            assertEquals(N / KeepAliveBenchmark.K, b.period);
            // Three full cycles: every connection heartbeats three times; a missed one would fire.
            for (int i = 0; i < 3 * N; i++) {
                b.heartbeat();
            }
            b.check();
            assertEquals(3L * N / KeepAliveBenchmark.K, b.adapter.now(), impl.param());
            assertEquals(impl.hasReschedule(), b.nativeReschedule);
        }
    }

    @Test
    void hold_takesTheSameEventsInEveryImplementation() {
        for (String gaps : new String[] {"dense", "sparse"}) {
            Map<Impl, long[]> times = new LinkedHashMap<>();
            for (Impl impl : supporting(Workload.HOLD, N)) {
                HoldBenchmark b = state(HoldBenchmark::new, impl.param(), N);
                b.gaps = gaps;
                b.setUp();
                TimerCounter counter = new TimerCounter();
                long[] t = new long[INVOCATIONS * 4];
                for (int i = 0; i < t.length; i++) {
                    t[i] = b.hold(counter);
                }
                b.check();
                assertTrue(counter.timers >= t.length, impl + ": events " + counter.timers);
                times.put(impl, t);
            }
            assertEquals(4, times.size(), "radixwheel, DelayQueue, PriorityQueue, fastutil");
            long[] radix = times.get(Impl.RADIXWHEEL);
            assertTrue(radix[radix.length - 1] > radix[0], "time moves");
            for (Map.Entry<Impl, long[]> e : times.entrySet()) {
                assertArrayEquals(radix, e.getValue(), "event times of " + e.getKey().param() + " " + gaps);
            }
        }
    }

    @Test
    void nextExpiry_answersExactlyAndRestoresTheSet() {
        for (Impl impl : supporting(Workload.NEXT_EXPIRY, N)) {
            for (String set : new String[] {"dense", "sparse"}) {
                NextExpiryBenchmark b = state(NextExpiryBenchmark::new, impl.param(), N);
                b.set = set;
                b.setUp();
                assertTrue(b.first <= b.second);
                for (int i = 0; i < INVOCATIONS; i++) {
                    assertEquals(b.first, b.query());
                    assertEquals(b.second, b.cancelFirstQueryReschedule());
                }
                b.check();
            }
        }
    }

    @Test
    void workloadsNeedingNextExpiry_areRefusedWithTheReasonTheReportPrints() {
        for (Impl impl : new Impl[] {Impl.AGRONA, Impl.KAFKA, Impl.CAFFEINE}) {
            HoldBenchmark hold = state(HoldBenchmark::new, impl.param(), N);
            hold.gaps = "dense";
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, hold::setUp);
            assertTrue(e.getMessage().contains("no exact next-expiry query"), e.getMessage());
            NextExpiryBenchmark next = state(NextExpiryBenchmark::new, impl.param(), N);
            next.set = "sparse";
            assertThrows(UnsupportedOperationException.class, next::setUp);
            for (Workload w : new Workload[] {Workload.HOLD, Workload.NEXT_EXPIRY, Workload.NEXT_EXPIRY_AFTER_CANCEL}) {
                assertEquals("n/a (peer lacks next-expiry query)", w.whyNot(impl, N));
            }
        }
    }

    /** The checks must turn a broken run into an exception rather than a fast number. */
    @Test
    void theChecksCatchABrokenRun() {
        ChurnBenchmark churn = state(ChurnBenchmark::new, "radixwheel", N);
        churn.setUp();
        churn.adapter.cancel(churn.ids[churn.victims[0]]);
        assertThrows(IllegalStateException.class, churn::churn, "victim not pending");
        assertThrows(IllegalStateException.class, churn::check, "size dropped");

        Blackhole bh = blackhole();
        FireAllBenchmark fire = state(FireAllBenchmark::new, "radixwheel", N);
        fire.step = "jump";
        fire.setUp();
        fire.adapter.schedule(10L * N); // a stray timer beyond the horizon never fires: size check
        IllegalStateException left = assertThrows(IllegalStateException.class, () -> fire.fireAll(new TimerCounter(), bh));
        assertTrue(left.getMessage().contains("size after firing all 1"), left.getMessage());

        KeepAliveBenchmark keep = state(KeepAliveBenchmark::new, "Kafka", N);
        keep.setUp();
        keep.adapter.schedule(1); // an idle timer that comes due at the first tick
        IllegalStateException fired = assertThrows(IllegalStateException.class, () -> {
            for (int i = 0; i < KeepAliveBenchmark.K; i++) {
                keep.heartbeat();
            }
        });
        assertTrue(fired.getMessage().contains("idle timers fired"), fired.getMessage());

        NextExpiryBenchmark next = state(NextExpiryBenchmark::new, "PriorityQueue", N);
        next.set = "dense";
        next.setUp();
        next.adapter.schedule(next.first); // a tie at the front: after the cancel the answer is not `second`
        if (next.first != next.second) {
            assertThrows(IllegalStateException.class, next::cancelFirstQueryReschedule);
        }

        assertThrows(IllegalArgumentException.class, () -> Impl.of("Quartz"));
        ChurnBenchmark odd = state(ChurnBenchmark::new, "radixwheel", 1000);
        assertThrows(IllegalArgumentException.class, odd::setUp, "size not a power of two");
    }

    @Test
    void everyImplParamIsListedOnceInReportOrder() {
        StringBuilder all = new StringBuilder();
        for (Impl impl : Impl.values()) {
            TimerAdapter a = impl.create(16, TimerAdapter.Listener.NONE);
            assertEquals(0, a.size());
            all.append(all.length() == 0 ? "" : ",").append(impl.param());
        }
        assertEquals(Impl.ALL, all.toString());
        assertEquals(64, Impl.agronaSpokes(1024));
        assertEquals(4096, Impl.agronaSpokes(65536));
        assertEquals(65536, Impl.agronaSpokes(1 << 20));
        assertEquals(64, Impl.agronaSpokes(1));
    }
}
