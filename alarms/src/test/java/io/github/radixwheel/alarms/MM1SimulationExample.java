package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import it.unimi.dsi.fastutil.longs.LongArrayFIFOQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A discrete-event simulation of an M/M/1 queue (arrival rate 0.8, service rate 1, per second) on
 * the step API with precision 1, time in microseconds. The mean wait in the queue must match the
 * theory, {@code ρ/(μ−λ) = 4.0} seconds.
 */
class MM1SimulationExample {
    private static final double LAMBDA = 0.8;
    private static final double MU = 1.0;
    private static final double MICROS = 1e6;
    private static final int CUSTOMERS = 1_000_000;

    enum Event { ARRIVAL, DEPARTURE }

    @Test
    void meanWait_matchesTheory() {
        SplittableRandom random = new SplittableRandom(2026);
        TimingWheel<Event> events = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        LongArrayFIFOQueue waiting = new LongArrayFIFOQueue(); // arrival times
        boolean[] busy = {false};
        long[] served = {0};
        double[] totalWait = {0};

        events.add(exponential(random, LAMBDA), Event.ARRIVAL);
        while (served[0] < CUSTOMERS) {
            // The step: jump to the next event time and run everything due then.
            events.advanceClockStopAtNextAlarm(Long.MAX_VALUE, (alarm, now, event) -> {
                if (event == Event.ARRIVAL) {
                    events.add(now + exponential(random, LAMBDA), Event.ARRIVAL);
                    if (busy[0]) {
                        waiting.enqueue(now);
                    } else {
                        busy[0] = true; // served at once: a wait of zero
                        events.add(now + exponential(random, MU), Event.DEPARTURE);
                    }
                } else {
                    served[0]++;
                    if (waiting.isEmpty()) {
                        busy[0] = false;
                    } else {
                        totalWait[0] += now - waiting.dequeueLong();
                        events.add(now + exponential(random, MU), Event.DEPARTURE);
                    }
                }
            });
        }
        double meanWaitSeconds = totalWait[0] / served[0] / MICROS;
        double theory = (LAMBDA / MU) / (MU - LAMBDA);
        System.out.printf("M/M/1: %d customers, mean wait %.4f s (theory %.1f s)%n", served[0], meanWaitSeconds, theory);
        assertEquals(theory, meanWaitSeconds, 0.05 * theory);
    }

    /** An exponential delay in whole microseconds, at least 1. */
    private static long exponential(SplittableRandom random, double ratePerSecond) {
        return Math.max(1, Math.round(-Math.log(1 - random.nextDouble()) / ratePerSecond * MICROS));
    }
}
