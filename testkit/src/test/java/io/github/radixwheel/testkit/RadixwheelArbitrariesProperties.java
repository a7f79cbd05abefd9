package io.github.radixwheel.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.FutureEventList;
import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Arbitrary;
import org.junit.jupiter.api.Test;

/** Every generated value is valid for the structure it is meant for, and the edges are there. */
class RadixwheelArbitrariesProperties {

    @Property(tries = 300, seed = "20261127")
    void keys_areAllAcceptedByTheQueue(@ForAll("levelBits") LevelBits bits, @ForAll("starts") long min) {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(bits);
        q.reset(min);
        List<Long> keys = RadixwheelArbitraries.keys(bits, min).sampleStream().limit(50).toList();
        for (long key : keys) {
            q.add(key, null);
        }
        q.checkInvariants();
        List<Long> edges = RadixwheelArbitraries.keyEdges(bits, min, q.maxAllowedKey());
        assertTrue(edges.contains(min) && edges.contains(q.maxAllowedKey()), edges.toString());
        assertEquals(q.maxAllowedKey() == Long.MAX_VALUE, edges.contains(Long.MAX_VALUE));
        long[][] levels = Levels.blockRanges(bits, min);
        assertEquals(q.maxAllowedKey(), levels[levels.length - 1][1], "the real layout's last key");
        long endOfLevel0 = min | Levels.span(bits.bits(0)); // where the real queue's level 0 ends
        assertTrue(edges.contains(Math.min(endOfLevel0, q.maxAllowedKey())), edges.toString());
        if (endOfLevel0 < q.maxAllowedKey()) {
            assertTrue(edges.contains(endOfLevel0 + 1), edges.toString());
        }
    }

    @Property(tries = 200, seed = "20261127")
    void alarmTimes_areAllAcceptedByTheWheel(@ForAll("configs") TimingWheelConfig config, @ForAll("wheelStarts") long start) {
        TimingWheel<String> w = new TimingWheel<>(config, start);
        for (long at : RadixwheelArbitraries.alarmTimes(config, start, start).sampleStream().limit(30).toList()) {
            w.add(at, null);
        }
        assertTrue(w.size() > 0);
    }

    @Property(tries = 200, seed = "20261127")
    void eventTimes_areNeverNaNNorBeforeNow(@ForAll("nows") double now) {
        for (double t : RadixwheelArbitraries.eventTimes(now).sampleStream().limit(30).toList()) {
            assertTrue(t >= now, t + " < " + now);
        }
    }

    @Property(tries = 100, seed = "20261129")
    void eventListStarts_areAcceptedByBothLists_andEventTimesByTheRealOne(@ForAll("eventListStarts") double start) {
        FutureEventList<String> real = new FutureEventList<>(start);
        ReferenceEventList<String> reference = new ReferenceEventList<>(start);
        assertEquals(Double.doubleToRawLongBits(real.now()), Double.doubleToRawLongBits(reference.now()));
        for (double t : RadixwheelArbitraries.eventTimes(real.now()).sampleStream().limit(30).toList()) {
            real.add(t, "e");
        }
        real.checkInvariants();
    }

    @Test
    void eventListStarts_includeZeroNegativeZeroAndTheLargestFinite() {
        List<Double> sample = RadixwheelArbitraries.eventListStarts().sampleStream().limit(1000).toList();
        assertTrue(sample.stream().anyMatch(t -> Double.doubleToRawLongBits(t) == Long.MIN_VALUE), "-0.0");
        assertTrue(sample.contains(0.0));
        assertTrue(sample.contains(Double.MAX_VALUE));
    }

    @Test
    void eventTimes_includeTiesUlpsSubnormalsAndInfinity() {
        List<Double> sample = RadixwheelArbitraries.eventTimes(0).sampleStream().limit(3000).toList();
        assertTrue(sample.contains(0.0));
        assertTrue(sample.contains(Double.MIN_VALUE));
        assertTrue(sample.contains(Double.POSITIVE_INFINITY));
        assertTrue(sample.stream().anyMatch(t -> t > 0 && t < Double.MIN_NORMAL));
    }

    @Test
    void eventPriorities_includeTiesTheExtremesAndOthers() {
        List<Integer> sample = RadixwheelArbitraries.eventPriorities().sampleStream().limit(1000).toList();
        for (int p : new int[] {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE + 1,
                Integer.MAX_VALUE - 1}) {
            assertTrue(sample.contains(p), "priority " + p);
        }
        assertTrue(sample.stream().anyMatch(p -> Math.abs((long) p) > 1 && Math.abs((long) p) < Integer.MAX_VALUE - 1),
                "some other priority");
        assertTrue(sample.stream().filter(p -> Math.abs((long) p) <= 1).count() > sample.size() / 2, "mostly ties");
    }

    @Provide
    Arbitrary<LevelBits> levelBits() {
        return RadixwheelArbitraries.levelBits();
    }

    @Provide
    Arbitrary<Long> starts() {
        return RadixwheelArbitraries.minAllowedKeys();
    }

    @Provide
    Arbitrary<TimingWheelConfig> configs() {
        return RadixwheelArbitraries.timingWheelConfigs();
    }

    @Provide
    Arbitrary<Long> wheelStarts() {
        return RadixwheelArbitraries.wheelStarts();
    }

    @Provide
    Arbitrary<Double> eventListStarts() {
        return RadixwheelArbitraries.eventListStarts();
    }

    @Provide
    Arbitrary<Double> nows() {
        return net.jqwik.api.Arbitraries.oneOf(net.jqwik.api.Arbitraries.of(0.0, 1.0, Double.MAX_VALUE,
                Double.POSITIVE_INFINITY), net.jqwik.api.Arbitraries.doubles().between(0, 1e300));
    }
}
