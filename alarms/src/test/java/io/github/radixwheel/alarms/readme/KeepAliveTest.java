package io.github.radixwheel.alarms.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.KeyedTimer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's keep-alive sample, on the manual clock: only a connection silent for 30 s is closed. */
class KeepAliveTest {
    private static final long SECOND = 1_000_000_000L;

    /** A connection that records when it was closed. */
    private static final class Recorded implements KeepAlive.Connection {
        final int id;
        final List<Integer> closes;

        Recorded(int id, List<Integer> closes) {
            this.id = id;
            this.closes = closes;
        }

        @Override
        public int id() {
            return id;
        }

        @Override
        public void close() {
            closes.add(id);
        }
    }

    @Test
    void silentConnection_closedAtFirstTickAfter30s_othersKept() {
        List<Integer> closed = new ArrayList<>();
        try (KeepAlive keepAlive = new KeepAlive(KeyedTimer.<Integer, KeepAlive.Connection>builder().manualClock())) {
            Recorded silent = new Recorded(1, closed);
            Recorded chatty = new Recorded(2, closed);
            Recorded leaving = new Recorded(3, closed);
            keepAlive.opened(silent);
            keepAlive.opened(chatty);
            keepAlive.opened(leaving);
            keepAlive.disconnected(leaving);
            for (long s = 1; s <= 30; s++) {
                keepAlive.timer.advanceTo(s * SECOND);
                keepAlive.heartbeat(chatty);
            }
            assertEquals(List.of(), closed);              // exactly 30 s of silence: still open
            keepAlive.timer.advanceTo(31 * SECOND);       // the first tick after the deadline
            assertEquals(List.of(1), closed);
            keepAlive.timer.advanceTo(60 * SECOND);
            assertEquals(List.of(1), closed);
            assertTrue(keepAlive.timer.containsKey(2));
            assertEquals(1, keepAlive.timer.size());
        }
    }

    @Test
    void ownThread_armsAndDisarms_closeEndsTheTimer() {
        List<Integer> closed = new ArrayList<>();
        KeepAlive keepAlive = new KeepAlive();
        Recorded connection = new Recorded(7, closed);
        keepAlive.opened(connection);
        keepAlive.heartbeat(connection);
        assertTrue(keepAlive.timer.containsKey(7));
        keepAlive.disconnected(connection);
        assertFalse(keepAlive.timer.containsKey(7));
        keepAlive.close();
        assertEquals(List.of(), closed);
    }
}
