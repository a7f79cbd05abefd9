package io.github.radixwheel.alarms.readme;

// README begin
import io.github.radixwheel.alarms.AlarmConsumer;
import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import it.unimi.dsi.fastutil.longs.LongArrayFIFOQueue;
import java.util.SplittableRandom;

/** An M/M/1 queue: one server, exponential gaps between arrivals and exponential service times. */
public final class MM1Simulation {
    enum Event { ARRIVAL, DEPARTURE }

    private static final double MICROS_PER_SECOND = 1e6;  // the wheel's time unit is 1 µs

    private final TimingWheel<Event> events = new TimingWheel<>(TimingWheelConfig.of(1), 0);
    private final LongArrayFIFOQueue waiting = new LongArrayFIFOQueue();  // arrival times
    private final SplittableRandom random;
    private final double arrivalRate;                     // λ, per second
    private final double serviceRate;                     // μ, per second
    private boolean busy;
    private long served;
    private double totalWait;

    public MM1Simulation(double arrivalRate, double serviceRate, long seed) {
        this.arrivalRate = arrivalRate;
        this.serviceRate = serviceRate;
        this.random = new SplittableRandom(seed);
    }

    /** Serves {@code customers} customers; returns their mean wait in the queue, in seconds. */
    public double meanWaitSeconds(long customers) {
        AlarmConsumer<Event> handler = (alarm, now, event) -> handle(now, event);
        events.add(exponential(arrivalRate), Event.ARRIVAL);
        while (served < customers) {
            // The step: jump to the next event's time and run every event due then.
            events.advanceClockStopAtNextAlarm(Long.MAX_VALUE, handler);
        }
        return totalWait / served / MICROS_PER_SECOND;
    }

    private void handle(long now, Event event) {
        if (event == Event.ARRIVAL) {
            events.add(now + exponential(arrivalRate), Event.ARRIVAL);
            if (busy) {
                waiting.enqueue(now);
            } else {
                busy = true;                              // served at once: a wait of zero
                events.add(now + exponential(serviceRate), Event.DEPARTURE);
            }
        } else {
            served++;
            if (waiting.isEmpty()) {
                busy = false;
            } else {
                totalWait += now - waiting.dequeueLong();
                events.add(now + exponential(serviceRate), Event.DEPARTURE);
            }
        }
    }

    /** An exponential delay in whole microseconds, at least 1. */
    private long exponential(double ratePerSecond) {
        return Math.max(1, Math.round(-Math.log(1 - random.nextDouble()) / ratePerSecond * MICROS_PER_SECOND));
    }

    public static void main(String[] args) {
        double wait = new MM1Simulation(0.8, 1.0, 2026).meanWaitSeconds(1_000_000);
        System.out.printf("mean wait %.2f s; theory: λ/μ/(μ-λ) = 4.0 s%n", wait);
    }
}
// README end
