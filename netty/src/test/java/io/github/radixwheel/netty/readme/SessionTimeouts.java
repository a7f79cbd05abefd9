package io.github.radixwheel.netty.readme;

// README begin
import io.github.radixwheel.netty.RadixWheelTimer;
import io.netty.util.Timeout;
import io.netty.util.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/** Expires sessions that see no activity for a while, on Netty's Timer interface. */
public final class SessionTimeouts implements AutoCloseable {
    /** Your session type. */
    public interface Session {
        String id();
        void expire();
    }

    private final Timer timer;                            // was: new HashedWheelTimer(10, MILLISECONDS)
    private final Map<String, Timeout> timeouts = new ConcurrentHashMap<>();
    private final long idleMillis;

    public SessionTimeouts(long idleMillis) {
        this.timer = new RadixWheelTimer(10, TimeUnit.MILLISECONDS);
        this.idleMillis = idleMillis;
    }

    /** On every request of the session: its idle timeout starts again. */
    public void touched(Session session) {
        Timeout next = timer.newTimeout(t -> {
            if (timeouts.remove(session.id(), t)) {
                session.expire();
            }
        }, idleMillis, TimeUnit.MILLISECONDS);
        Timeout previous = timeouts.put(session.id(), next);
        if (previous != null) {
            previous.cancel();                            // leaves the wheel at once, in O(1)
        }
    }

    public void closed(Session session) {
        Timeout timeout = timeouts.remove(session.id());
        if (timeout != null) {
            timeout.cancel();
        }
    }

    @Override
    public void close() {
        timer.stop();                                     // the timeouts still pending, each cancelled
    }
}
// README end
