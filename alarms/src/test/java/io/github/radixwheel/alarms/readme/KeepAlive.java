package io.github.radixwheel.alarms.readme;

// README begin
import io.github.radixwheel.alarms.KeyedTimer;
import java.time.Duration;

/** Closes every connection that stays silent for 30 s. */
public final class KeepAlive implements AutoCloseable {
    /** Your connection type. */
    public interface Connection {
        int id();
        void close();
    }

    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);
    final KeyedTimer<Integer, Connection> timer;

    public KeepAlive() {
        this(KeyedTimer.builder());                       // the timer's own daemon thread
    }

    KeepAlive(KeyedTimer.Builder<Integer, Connection> builder) {  // tests pass .manualClock()
        timer = builder.tick(Duration.ofSeconds(1))       // deadline precision; the thread parks in between
                .build((id, idle) -> idle.close());      // on the timer's thread, outside its locks
    }

    public void opened(Connection c) {
        timer.set(c.id(), c, IDLE_TIMEOUT);
    }

    public void heartbeat(Connection c) {
        timer.move(c.id(), IDLE_TIMEOUT);                 // O(1); a later deadline leaves the wheel alone
    }

    public void disconnected(Connection c) {
        timer.remove(c.id());
    }

    @Override
    public void close() {
        timer.close();                                    // ends the thread, which keeps the timer reachable
    }
}
// README end
