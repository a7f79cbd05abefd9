package io.github.radixwheel.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.benchmarks.peers.Impl;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs the per-invocation logic of every peer-suite benchmark directly (no JMH harness) for every
 * implementation at a small N, and checks the counts the benchmarks promise; the combinations that
 * {@link Workload#whyNot} rules out must be refused in the set-up. Where the inputs fix the outcome
 * (the hold model's event times), all implementations must agree.
 */
class PeerBenchmarksSmokeTest {
    private static final int N = 1024;

    static Blackhole blackhole() {
        return new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
    }

    private static <S extends PeerState> S state(Supplier<S> factory, Impl impl, int size) {
        S s = factory.get();
        s.impl = impl.param();
        s.size = size;
        return s;
    }

    @Test
    void cancelAll_cancelsEveryTimerInBothOrders() {
        Blackhole bh = blackhole();
        for (Impl impl : Impl.values()) {
            for (String order : new String[] {"random", "insertion"}) {
                CancelAllBenchmark b = state(CancelAllBenchmark::new, impl, N);
                b.order = order;
                b.setUp();
                TimerCounter counter = new TimerCounter();
                for (int i = 0; i < 20; i++) {
                    b.cancelAll(counter, bh);
                }
                assertEquals(20L * N, counter.timers, impl + " " + order);
                assertEquals(0, b.adapter.size());
            }
        }
    }

    @Test
    void cancelAll_isRefusedForLinearCancelPeersAboveTheLimit() {
        for (Impl impl : Impl.values()) {
            CancelAllBenchmark b = state(CancelAllBenchmark::new, impl, 2 * Workload.LINEAR_CANCEL_ALL_LIMIT);
            b.order = "random";
            if (impl.hasLinearCancel()) {
                UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, b::setUp);
                assertTrue(e.getMessage().contains("linear scan"), e.getMessage());
                assertTrue(Workload.CANCEL_ALL.whyNot(impl, b.size).startsWith("skipped"));
            } else {
                assertNull(Workload.CANCEL_ALL.whyNot(impl, b.size), impl.param());
            }
        }
    }

    @Test
    void churn_keepsNTimersAndEveryVictimPending() {
        for (Impl impl : Impl.values()) {
            ChurnBenchmark b = state(ChurnBenchmark::new, impl, N);
            b.setUp();
            for (int i = 0; i < 3 * N; i++) {
                b.churn();
            }
            b.check();
            assertEquals(N, b.adapter.size(), impl.param());
            assertEquals(3 * N, b.index);
        }
    }

    @Test
    void churnMovingClock_firesAndCancelsWhatTheInputsPredict() {
        int operations = 40 * N;
        long[] predicted = predictMovingChurn(N, operations);
        for (Impl impl : Impl.values()) {
            ChurnMovingClockBenchmark b = state(ChurnMovingClockBenchmark::new, impl, N);
            b.setUp();
            for (int i = 0; i < operations; i++) {
                b.churn();
            }
            b.check();
            assertArrayEquals(predicted, new long[] {b.fired, b.cancelled, b.pending, b.adapter.now()},
                    impl.param() + ": fired, cancelled, pending, clock");
            assertEquals(b.pending, b.adapter.size(), impl.param());
        }
        // About one timer in K fires, one a tick, and about N (1 - 1/K) stay pending.
        assertEquals(operations / ChurnMovingClockBenchmark.K, predicted[3]);
        assertTrue(predicted[0] > predicted[3] / 2 && predicted[0] < 2 * predicted[3], "fired " + predicted[0]);
        assertTrue(predicted[2] > 0.95 * N && predicted[2] <= N, "pending " + predicted[2]);
    }

    /**
     * The moving-clock churn replayed from its inputs alone: a timer has fired when the clock has
     * reached its deadline, else the pick of its index cancels it.
     *
     * @return fired, cancelled, pending, and the clock after {@code operations}
     */
    private static long[] predictMovingChurn(int n, int operations) {
        long[] deadline = Inputs.uniformLongs(ChurnMovingClockBenchmark.INITIAL_SEED, n, 1, n + 1);
        long[] timeouts = Inputs.uniformLongs(ChurnMovingClockBenchmark.TIMEOUT_SEED, PeerState.INPUTS, 1, n + 1);
        int[] victims = Inputs.uniformInts(ChurnMovingClockBenchmark.VICTIM_SEED, PeerState.INPUTS, n);
        long now = 0;
        long cancelled = 0;
        for (int j = 0; j < operations; j++) {
            int v = victims[j & PeerState.MASK];
            if (deadline[v] > now) {
                cancelled++;
            }
            deadline[v] = now + timeouts[j & PeerState.MASK];
            if (j % ChurnMovingClockBenchmark.K == ChurnMovingClockBenchmark.K - 1) {
                now++;
            }
        }
        long clock = now;
        long pending = Arrays.stream(deadline).filter(d -> d > clock).count();
        return new long[] {n + operations - cancelled - pending, cancelled, pending, now};
    }

    @Test
    void fireAll_firesExactlyNInEveryStepSize() {
        Blackhole bh = blackhole();
        for (Impl impl : Impl.values()) {
            for (String step : new String[] {"1", "1024", "jump"}) {
                FireAllBenchmark b = state(FireAllBenchmark::new, impl, N);
                b.step = step;
                b.setUp();
                TimerCounter counter = new TimerCounter();
                for (int i = 0; i < 30; i++) {
                    b.fireAll(counter, bh);
                }
                assertEquals(30L * N, counter.timers, impl + " step " + step);
                assertEquals(30L * N, b.adapter.now(), "the clock moves N per invocation");
            }
        }
    }

    @Test
    void keepAlive_movesEveryTimerBeforeItIsDueAndNothingFires() {
        for (Impl impl : Impl.values()) {
            KeepAliveBenchmark b = state(KeepAliveBenchmark::new, impl, N);
            b.setUp();
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
        for (String gaps : new String[] {"exponential", "sparse"}) {
            Map<Impl, long[]> times = new LinkedHashMap<>();
            for (Impl impl : Impl.values()) {
                HoldBenchmark b = state(HoldBenchmark::new, impl, N);
                b.gaps = gaps;
                if (!impl.hasNextExpiry()) {
                    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, b::setUp);
                    assertTrue(e.getMessage().contains("no exact next-expiry query"), e.getMessage());
                    continue;
                }
                b.setUp();
                long[] t = new long[4 * N];
                for (int i = 0; i < t.length; i++) {
                    t[i] = b.hold();
                }
                b.check();
                times.put(impl, t);
            }
            assertEquals(6, times.size(), "radixwheel, the JDK queues and the three heaps");
            long[] radix = times.get(Impl.RADIXWHEEL);
            assertTrue(radix[radix.length - 1] > radix[0], "time moves");
            times.forEach((impl, t) -> assertArrayEquals(radix, t, "event times of " + impl.param() + " " + gaps));
        }
    }

    @Test
    void nextExpiry_answersExactlyAndRestoresTheSet() {
        for (Impl impl : Impl.values()) {
            for (String set : new String[] {"dense", "sparse"}) {
                NextExpiryBenchmark b = state(NextExpiryBenchmark::new, impl, N);
                b.set = set;
                if (!impl.hasNextExpiry()) {
                    assertThrows(UnsupportedOperationException.class, b::setUp);
                    continue;
                }
                b.setUp();
                assertTrue(b.first <= b.second);
                for (int i = 0; i < 300; i++) {
                    assertEquals(b.first, b.query());
                    assertEquals(b.second, b.cancelFirstQueryReschedule());
                }
                b.check();
            }
        }
    }

    /** The checks must turn a broken run into an exception rather than a fast number. */
    @Test
    void theChecksCatchABrokenRun() {
        ChurnBenchmark churn = state(ChurnBenchmark::new, Impl.RADIXWHEEL, N);
        churn.setUp();
        churn.adapter.cancel(churn.ids[churn.victims[0]]);
        assertThrows(IllegalStateException.class, churn::churn, "victim not pending");
        assertThrows(IllegalStateException.class, churn::check, "size dropped");

        FireAllBenchmark fire = state(FireAllBenchmark::new, Impl.RADIXWHEEL, N);
        fire.step = "jump";
        fire.setUp();
        fire.adapter.schedule(10L * N, fire.payloads[0]); // a stray timer beyond the horizon never fires: size check
        IllegalStateException left = assertThrows(IllegalStateException.class, () -> fire.fireAll(new TimerCounter(), blackhole()));
        assertTrue(left.getMessage().contains("size after firing all 1"), left.getMessage());

        FireAllBenchmark early = state(FireAllBenchmark::new, Impl.AGRONA, N);
        early.step = "1";
        early.setUp();
        int late = 0;
        while (early.offsets[late] <= 1) {
            late++;
        }
        early.adapter.schedule(1, early.payloads[late]); // timer late's payload, fired in the first advance
        IllegalStateException misfired = assertThrows(IllegalStateException.class,
                () -> early.fireAll(new TimerCounter(), blackhole()));
        assertTrue(misfired.getMessage().contains("fired early or late 1"), misfired.getMessage());

        FireAllBenchmark swapped = state(FireAllBenchmark::new, Impl.CAFFEINE, N);
        swapped.step = "1024";
        swapped.setUp();
        swapped.payloads[3] = swapped.payloads[4]; // timer 3 carries timer 4's payload
        IllegalStateException payloads = assertThrows(IllegalStateException.class,
                () -> swapped.fireAll(new TimerCounter(), blackhole()));
        assertTrue(payloads.getMessage().contains("payloads' indices"), payloads.getMessage());

        ChurnMovingClockBenchmark moving = state(ChurnMovingClockBenchmark::new, Impl.AGRONA, N);
        moving.setUp();
        moving.adapter.schedule(1, moving.payloads[5]); // a stray timer with timer 5's payload
        IllegalStateException stray = assertThrows(IllegalStateException.class, () -> {
            for (int i = 0; i < ChurnMovingClockBenchmark.K; i++) {
                moving.churn();
            }
        });
        assertTrue(stray.getMessage().contains("with the payload of index 5"), stray.getMessage());

        ChurnMovingClockBenchmark lost = state(ChurnMovingClockBenchmark::new, Impl.FASTUTIL, N);
        lost.setUp();
        int victim = lost.victims[0];
        lost.adapter.cancel(lost.timers[2 * victim]);
        assertThrows(IllegalStateException.class, lost::churn, "victim not pending");

        KeepAliveBenchmark keep = state(KeepAliveBenchmark::new, Impl.KAFKA, N);
        keep.setUp();
        keep.adapter.cancel(keep.ids[keep.order[0]]);
        assertThrows(IllegalStateException.class, keep::heartbeat, "connection not pending");

        HoldBenchmark hold = state(HoldBenchmark::new, Impl.BINARY_HEAP, N);
        hold.gaps = "exponential";
        hold.setUp();
        hold.lastTime = Long.MAX_VALUE;
        assertThrows(IllegalStateException.class, hold::hold, "event time went back");

        NextExpiryBenchmark next = state(NextExpiryBenchmark::new, Impl.PRIORITY_QUEUE, N);
        next.set = "dense";
        next.setUp();
        next.second++;
        assertThrows(IllegalStateException.class, next::cancelFirstQueryReschedule, "a wrong answer");

        ChurnBenchmark odd = state(ChurnBenchmark::new, Impl.RADIXWHEEL, 1000);
        assertThrows(IllegalArgumentException.class, odd::setUp, "size not a power of two");
        assertThrows(IllegalArgumentException.class, () -> Impl.of("Quartz"));
    }

    @Test
    void theImplParameterListsEveryImplementationInTableOrder() throws NoSuchFieldException {
        String[] listed = PeerState.class.getField("impl").getAnnotation(Param.class).value();
        assertArrayEquals(Arrays.stream(Impl.values()).map(Impl::param).toArray(), listed);
        assertEquals(64, Impl.agronaSpokes(1024));
        assertEquals(4096, Impl.agronaSpokes(65536));
        assertEquals(65536, Impl.agronaSpokes(1 << 20));
        assertEquals(64, Impl.agronaSpokes(1));
    }
}
