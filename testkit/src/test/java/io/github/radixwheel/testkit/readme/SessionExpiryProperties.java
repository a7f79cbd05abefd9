package io.github.radixwheel.testkit.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.testkit.RadixwheelArbitraries;
import io.github.radixwheel.testkit.ReferenceWheel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The README's property: a user's session cache on {@code TimingWheel}, checked step by step
 * against the same operations on {@link ReferenceWheel}.
 */
class SessionExpiryProperties {
    // README begin
    /** Sessions expire {@code ttl} after their last touch; expired ones go to {@code expired}. */
    static final class SessionCache {
        private final TimingWheel<String> wheel;
        private final Map<String, Long> alarms = new HashMap<>();
        private final long ttl;
        final List<String> expired = new ArrayList<>();

        SessionCache(TimingWheelConfig config, long start, long ttl) {
            this.wheel = new TimingWheel<>(config, start);
            this.ttl = ttl;
        }

        void touch(String session) {
            Long alarm = alarms.get(session);
            long at = Math.min(wheel.now() + ttl, wheel.maxAllowedAlarmTime());
            if (alarm == null) {
                alarms.put(session, wheel.add(at, session));
            } else {
                wheel.reschedule(alarm, at);
            }
        }

        void advanceTo(long now) {
            wheel.advanceClock(now, (alarm, at, session) -> {
                alarms.remove(session);
                expired.add(session);
            });
            wheel.checkInvariants();
        }
    }

    /** One step of a run: touch a session, or let a number of quarter intervals pass. */
    record Step(String session, int quarters) {}

    @Property(tries = 200, seed = "20261127")
    void cacheExpiresLikeTheReferenceWheel(@ForAll("configs") TimingWheelConfig config,
            @ForAll("steps") List<Step> steps) {
        long start = -1_000_000_000L; // System.nanoTime() may be negative
        long ttl = 5 * config.alarmPrecision();
        SessionCache cache = new SessionCache(config, start, ttl);
        ReferenceWheel<String> reference = new ReferenceWheel<>(config, start);
        Map<String, Long> referenceAlarms = new HashMap<>();
        List<String> referenceExpired = new ArrayList<>();
        for (Step step : steps) {
            if (step.session() != null) {
                cache.touch(step.session());
                Long alarm = referenceAlarms.get(step.session());
                long at = Math.min(reference.now() + ttl, reference.maxAllowedAlarmTime());
                if (alarm == null) {
                    referenceAlarms.put(step.session(), reference.add(at, step.session()));
                } else {
                    reference.reschedule(alarm, at);
                }
            } else {
                long now = reference.now() + step.quarters() * (config.alarmPrecision() / 4 + 1);
                cache.advanceTo(now);
                reference.advanceClock(now, (alarm, at, session) -> {
                    referenceAlarms.remove(session);
                    referenceExpired.add(session);
                });
            }
            assertEquals(referenceExpired, cache.expired, "sessions expired, in order, after " + step);
        }
    }

    @Provide
    Arbitrary<TimingWheelConfig> configs() {
        return RadixwheelArbitraries.timingWheelConfigs().filter(c -> c.alarmPrecision() <= 1L << 40);
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<Step> touch = Arbitraries.of("a", "b", "c", "d").map(s -> new Step(s, 0));
        Arbitrary<Step> wait = Arbitraries.integers().between(0, 40).map(q -> new Step(null, q));
        return Arbitraries.oneOf(touch, wait).list().ofMaxSize(40);
    }
    // README end
}
