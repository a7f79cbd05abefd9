package io.github.radixwheel.alarms.readme;

// README begin
import io.github.radixwheel.alarms.AlarmConsumer;
import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** One machine serves jobs of 10 time units in arrival order; the shop closes at 30. */
public final class ShopSimulation implements AlarmConsumer<ShopSimulation.Event> {
    enum Kind { ARRIVE, START, FINISH, LAST_CALL, CLOSE }

    record Event(Kind kind, String job) {}

    final TimingWheel<Event> events = new TimingWheel<>(TimingWheelConfig.of(1), 0);  // exact times
    private final Deque<String> waiting = new ArrayDeque<>();
    private final List<String> log = new ArrayList<>();
    private boolean busy;
    private boolean closed;

    /** Runs one replication; returns what happened, in order. */
    public List<String> run() {
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
        return List.copyOf(log);
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
                String job = waiting.remove();
                events.addFirst(now + 10, new Event(Kind.FINISH, job)); // frees the machine before that time's arrivals
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
            events.addFirst(now, new Event(Kind.START, null));  // now, before everything else
        }
    }
}
// README end
