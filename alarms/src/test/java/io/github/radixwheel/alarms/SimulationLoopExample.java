package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A small discrete-event simulation on {@link TimingWheel#fireNextAlarm}: one machine serves jobs of
 * 10 time units in arrival order, and the shop closes at 30. Equal-time priorities come from where
 * events are inserted: a job's start is scheduled with {@code addFirst} at the current time (it runs
 * next, before the other events of that time), a finish with {@code addFirst} at its time (the
 * machine is free before the arrivals of that time), and the last call with {@code addBefore} the
 * closing event. The test asserts the exact order of events, and that {@code reset} replays the
 * same run on the same wheel.
 */
class SimulationLoopExample {

    // README:begin simulation
    enum Kind { ARRIVE, START, FINISH, LAST_CALL, CLOSE }

    record Event(Kind kind, String job) {}

    /** One machine, jobs of 10 time units in arrival order; arrivals after closing are turned away. */
    static final class Shop implements AlarmConsumer<Event> {
        final TimingWheel<Event> events = new TimingWheel<>(TimingWheelConfig.of(1), 0); // exact times
        final Deque<String> waiting = new ArrayDeque<>();
        final List<String> log = new ArrayList<>();
        boolean busy;
        boolean closed;

        List<String> run() {
            events.reset(0);                                   // one wheel for every replication
            waiting.clear();
            log.clear();
            busy = false;
            closed = false;
            events.add(0, new Event(Kind.ARRIVE, "A"));
            events.add(5, new Event(Kind.ARRIVE, "B"));
            events.add(10, new Event(Kind.ARRIVE, "C"));
            events.add(30, new Event(Kind.ARRIVE, "D"));
            long close = events.add(30, new Event(Kind.CLOSE, null));
            events.addBefore(close, new Event(Kind.LAST_CALL, null)); // just before closing
            events.add(30, new Event(Kind.ARRIVE, "E"));             // after closing
            while (events.fireNextAlarm(this)) {               // one event at a time, the clock at its time
            }
            return log;
        }

        @Override
        public void accept(long alarm, long now, Event e) {
            log.add(now + " " + e.kind() + (e.job() == null ? "" : " " + e.job()));
            switch (e.kind()) {
                case ARRIVE -> {
                    if (closed) {
                        log.add(now + " turned away " + e.job());
                    } else {
                        waiting.add(e.job());
                        startIfIdle(now);
                    }
                }
                case START -> {
                    busy = true;
                    String job = waiting.remove();
                    events.addFirst(now + 10, new Event(Kind.FINISH, job)); // frees the machine first
                }
                case FINISH -> {
                    busy = false;
                    startIfIdle(now);
                }
                case LAST_CALL -> { }
                case CLOSE -> closed = true;
            }
        }

        private void startIfIdle(long now) {
            if (!busy && !waiting.isEmpty()) {
                busy = true;
                events.addFirst(now, new Event(Kind.START, null)); // now, before everything else
            }
        }
    }
    // README:end

    @Test
    void shop_eventsFireInTimeOrderAndEqualTimesInTheirPriorityOrder() {
        Shop shop = new Shop();
        List<String> expected = List.of(
                "0 ARRIVE A", "0 START",
                "5 ARRIVE B",
                "10 FINISH A", "10 START", "10 ARRIVE C",  // A's finish, then B's start, before C arrives
                "20 FINISH B", "20 START",
                "30 FINISH C", "30 ARRIVE D", "30 START", "30 LAST_CALL", "30 CLOSE", "30 ARRIVE E",
                "30 turned away E",
                "40 FINISH D");
        assertEquals(expected, shop.run());
        assertEquals(40, shop.events.now());
        assertTrue(shop.events.isEmpty());
        shop.events.checkInvariants();
        // A second replication on the same wheel, after reset, is the same run.
        assertEquals(expected, new ArrayList<>(shop.run()));
        assertEquals(40, shop.events.now());
    }

    @Test
    void shop_withoutThePriorities_theOrderDiffers() {
        // The same events added at the back: C arrives before A's finish frees the machine at 10.
        TimingWheel<String> events = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        events.add(10, "arrive C");
        events.add(10, "finish A");
        List<String> fired = new ArrayList<>();
        while (events.fireNextAlarm((alarm, now, e) -> fired.add(e))) {
        }
        assertEquals(List.of("arrive C", "finish A"), fired);
    }
}
