package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs {@link WheelBenchmark}'s per-invocation logic directly (no JMH harness) at a small size and
 * checks the counts: every fire-all fires each alarm once in time order and leaves the structure
 * empty, the hold model keeps its alarms pending and pops the same times in both implementations,
 * and the queries return the expected times.
 */
class WheelBenchmarkSmokeTest {
    private static final int SIZE = 512;
    private static final int INVOCATIONS = 200;
    private static final String[] IMPLS = {WheelBenchmark.RADIXWHEEL, WheelBenchmark.PRIORITY_QUEUE};

    private static Blackhole blackhole() {
        return new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
    }

    private static WheelBenchmark params(String impl) {
        WheelBenchmark b = new WheelBenchmark();
        b.impl = impl;
        b.size = SIZE;
        return b;
    }

    @Test
    void fireAllFiresEveryAlarmOnceInEveryStepSize() {
        for (String impl : IMPLS) {
            WheelBenchmark b = params(impl);
            WheelBenchmark.FireAll s = new WheelBenchmark.FireAll();
            s.create(b);
            long previousBase = -1;
            for (int i = 0; i < INVOCATIONS; i++) {
                s.refill();
                assertTrue(s.base > previousBase || i == 0, impl + ": the clock must move on");
                previousBase = s.base;
                long fired;
                switch (i % 3) {
                    case 0:
                        fired = b.fireAllUnitSteps(s);
                        break;
                    case 1:
                        fired = b.fireAll1024TickSteps(s);
                        break;
                    default:
                        fired = b.fireAllOneJump(s);
                        break;
                }
                assertEquals(SIZE, fired, impl);
                assertEquals(SIZE, s.counter.count, impl);
                assertTrue(s.counter.last < s.base + s.horizon, impl + ": fired past the horizon");
                if (s.wheel != null) {
                    assertTrue(s.wheel.isEmpty());
                    s.wheel.checkInvariants();
                } else {
                    assertTrue(s.queue.isEmpty());
                }
            }
        }
    }

    @Test
    void fireAllRejectsALeftover() {
        WheelBenchmark.FireAll s = new WheelBenchmark.FireAll();
        s.create(params(WheelBenchmark.RADIXWHEEL));
        s.refill();
        assertThrows(IllegalStateException.class, s::refill, "alarms left over");
        s.wheel.clear();
        s.refill();
        s.counter.count = -1; // as if one alarm had not fired
        assertThrows(IllegalStateException.class, () -> s.fireAll(1), "count off");
    }

    @Test
    void holdKeepsEveryAlarmPendingAndPopsTheSameTimesInBothImplementations() {
        Blackhole bh = blackhole();
        int steps = 4 * SIZE;
        long[][] popped = new long[IMPLS.length][steps];
        for (int j = 0; j < IMPLS.length; j++) {
            WheelBenchmark b = params(IMPLS[j]);
            WheelBenchmark.Hold s = new WheelBenchmark.Hold();
            s.create(b);
            for (int i = 0; i < steps; i++) {
                b.hold(s, bh); // throws if a popped time decreases
                popped[j][i] = s.last;
                assertEquals(SIZE, s.pending(), IMPLS[j]);
            }
            assertEquals(steps, s.steps);
            assertEquals(steps, s.index, IMPLS[j] + ": one alarm per step (no ties with these seeds)");
            s.check();
            if (s.wheel != null) {
                s.wheel.checkInvariants();
            }
            assertTrue(popped[j][steps - 1] > popped[j][0], IMPLS[j]);
            // The gaps reach 2^40: after 4 pops per alarm the clock must be far beyond 2^20.
            assertTrue(s.clock() > 1L << 20, IMPLS[j] + ": clock " + s.clock());
        }
        assertArrayEquals(popped[0], popped[1]);
    }

    @Test
    void holdRebaseKeepsTheRelativeTimes() {
        Blackhole bh = blackhole();
        for (String impl : IMPLS) {
            WheelBenchmark b = params(impl);
            WheelBenchmark.Hold plain = new WheelBenchmark.Hold();
            WheelBenchmark.Hold rebased = new WheelBenchmark.Hold();
            plain.create(b);
            rebased.create(b);
            for (int i = 0; i < 300; i++) {
                b.hold(plain, bh);
                b.hold(rebased, bh);
            }
            long shift = rebased.clock();
            rebased.rebase();
            assertEquals(0, rebased.clock(), impl);
            assertEquals(0, rebased.last, impl);
            for (int i = 0; i < 300; i++) {
                b.hold(plain, bh);
                b.hold(rebased, bh);
                assertEquals(plain.last - shift, rebased.last, impl);
            }
            rebased.check();
        }
    }

    @Test
    void holdGapsAreLogUniformOverTheRange() {
        long[] gaps = WheelBenchmark.logUniformGaps(new java.util.SplittableRandom(WheelBenchmark.GAP_SEED));
        int[] perOctave = new int[WheelBenchmark.MAX_GAP_BITS];
        for (long g : gaps) {
            assertTrue(g >= 1L << WheelBenchmark.MIN_GAP_BITS && g < 1L << WheelBenchmark.MAX_GAP_BITS, "gap " + g);
            perOctave[63 - Long.numberOfLeadingZeros(g)]++;
        }
        int octaves = WheelBenchmark.MAX_GAP_BITS - WheelBenchmark.MIN_GAP_BITS;
        double expected = (double) gaps.length / octaves;
        for (int bit = WheelBenchmark.MIN_GAP_BITS; bit < WheelBenchmark.MAX_GAP_BITS; bit++) {
            assertTrue(Math.abs(perOctave[bit] - expected) < 0.2 * expected, "octave " + bit + ": " + perOctave[bit]);
        }
    }

    @Test
    void queriesReturnTheEndOfTheEarliestInterval() {
        for (String impl : IMPLS) {
            WheelBenchmark b = params(impl);
            WheelBenchmark.Dense dense = new WheelBenchmark.Dense();
            WheelBenchmark.Sparse sparse = new WheelBenchmark.Sparse();
            dense.create(b);
            sparse.create(b);
            for (int i = 0; i < INVOCATIONS; i++) {
                assertEquals(2, b.nextAlarmFiresAtDense(dense), impl);
                assertEquals((1L << 30) + 1, b.nextAlarmFiresAtSparse(sparse), impl);
                assertEquals(3, b.cancelMinNextAlarmFiresAtDense(dense), impl);
                assertEquals((2L << 30) + 1, b.cancelMinNextAlarmFiresAtSparse(sparse), impl);
            }
            dense.check();
            sparse.check();
            if (dense.wheel != null) {
                dense.wheel.checkInvariants();
                sparse.wheel.checkInvariants();
            }
        }
    }

    @Test
    void theChecksCatchABrokenRun() {
        WheelBenchmark.Hold hold = new WheelBenchmark.Hold();
        hold.create(params(WheelBenchmark.PRIORITY_QUEUE));
        assertThrows(IllegalStateException.class, hold::check, "no step ran");
        hold.step();
        hold.queue.poll();
        assertThrows(IllegalStateException.class, hold::check, "an alarm went missing");

        WheelBenchmark.Hold radix = new WheelBenchmark.Hold();
        radix.create(params(WheelBenchmark.RADIXWHEEL));
        radix.last = Long.MAX_VALUE;
        assertThrows(IllegalStateException.class, radix::step, "popped time decreased");

        WheelBenchmark.Sparse sparse = new WheelBenchmark.Sparse();
        sparse.create(params(WheelBenchmark.RADIXWHEEL));
        sparse.wheel.add(5, null);
        assertThrows(IllegalStateException.class, sparse::check, "an extra alarm");
        WheelBenchmark.Dense dense = new WheelBenchmark.Dense();
        dense.create(params(WheelBenchmark.RADIXWHEEL));
        dense.wheel.remove(dense.minHandle);
        assertThrows(IllegalStateException.class, dense::cancelMinQuery, "earliest alarm gone");
    }
}
