package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import org.junit.jupiter.api.Test;

/**
 * Example: connection keep-alive, the scenario {@link KeyedTimer} was built for.
 *
 * <p>A server holds 100,000 connections and closes any connection that stays silent for 30 s.
 * Each connection is a key of one {@code KeyedTimer}: it is armed with {@code set} when the
 * connection opens, every heartbeat pushes its deadline back with {@code move} (O(1), no
 * allocation), a clean disconnect disarms it with {@code remove}, and when a connection's deadline
 * passes, {@code onExpired} closes it.
 *
 * <p>In production the timer runs its own thread with a tick of, say, 1 s. Here it runs on the
 * manual clock, so 100 simulated seconds take about a second and every expectation is exact:
 * the deadline of a connection last heard at time {@code h} is {@code h + 30 s}, and with a 1 s
 * tick it is closed when the clock reaches {@code h + 31 s} — never before 30 s of silence, and by
 * the first tick after.
 *
 * <p>The traffic is deterministic. Connection {@code c} sends a heartbeat every
 * {@code 5 + c % 20} seconds (5 to 24 s, within the 30 s timeout). Every seventh connection goes
 * silent at second {@code 10 + c % 50} without disconnecting (a dead peer); every eleventh other
 * one disconnects cleanly at second {@code 20 + c % 40}; all the others stay active to the end.
 */
class KeepAliveExample {
    private static final int CONNECTIONS = 100_000;
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);
    private static final long SECOND = 1_000_000_000L;
    private static final int SIMULATED_SECONDS = 100;
    private static final int NEVER = Integer.MAX_VALUE;

    /** A connection as the server sees it. */
    static final class Connection {
        final int id;
        int closedAt = -1; // the second at which the keep-alive timer closed it

        Connection(int id) {
            this.id = id;
        }
    }

    private static int heartbeatPeriod(int c) {
        return 5 + c % 20;
    }

    private static int goesSilentAt(int c) {
        return c % 7 == 0 ? 10 + c % 50 : NEVER;
    }

    private static int disconnectsAt(int c) {
        return c % 7 != 0 && c % 11 == 0 ? 20 + c % 40 : NEVER;
    }

    @Test
    void idleConnectionsAreClosedAtTheFirstTickAfter30sOfSilence_activeOnesNever() {
        Connection[] connections = new Connection[CONNECTIONS];
        int[] clock = {0}; // the simulated second
        List<Connection> closedNow = new ArrayList<>();

        // The keep-alive timer: on expiry, close the connection.
        KeyedTimer<Integer, Connection> keepAlive = KeyedTimer.<Integer, Connection>builder()
                .manualClock()
                .tick(Duration.ofSeconds(1))
                .build((id, connection) -> {
                    connection.closedAt = clock[0];
                    closedNow.add(connection);
                });

        // Second 0: every connection opens, and is armed for 30 s of silence.
        int[] lastHeard = new int[CONNECTIONS];
        for (int c = 0; c < CONNECTIONS; c++) {
            connections[c] = new Connection(c);
            keepAlive.set(c, connections[c], IDLE_TIMEOUT);
        }

        int closedByTimeout = 0;
        for (int s = 1; s <= SIMULATED_SECONDS; s++) {
            // A second passes: the timer closes the connections whose deadline has passed.
            clock[0] = s;
            closedNow.clear();
            keepAlive.advanceTo(s * SECOND);
            for (Connection closed : closedNow) {
                int c = closed.id;
                assertTrue(goesSilentAt(c) <= s, "active connection " + c + " closed at " + s);
                assertEquals(lastHeard[c] + 31, s, "connection " + c + " closed at the wrong time");
            }
            closedByTimeout += closedNow.size();

            // Then this second's traffic: heartbeats move deadlines, disconnects disarm.
            for (int c = 0; c < CONNECTIONS; c++) {
                if (s == disconnectsAt(c)) {
                    assertTrue(keepAlive.remove(c), "connection " + c + " was closed before it disconnected");
                } else if (s < goesSilentAt(c) && s < disconnectsAt(c) && s % heartbeatPeriod(c) == 0) {
                    assertTrue(keepAlive.move(c, IDLE_TIMEOUT), "active connection " + c + " was closed");
                    lastHeard[c] = s;
                }
            }
        }

        // Afterwards: exactly the silent connections were closed, each 31 s after it was last heard.
        int silent = 0;
        int active = 0;
        for (int c = 0; c < CONNECTIONS; c++) {
            if (goesSilentAt(c) != NEVER) {
                silent++;
                assertEquals(lastHeard[c] + 31, connections[c].closedAt, "silent connection " + c);
                assertFalse(keepAlive.containsKey(c));
            } else {
                assertEquals(-1, connections[c].closedAt, "connection " + c + " was closed");
                if (disconnectsAt(c) == NEVER) {
                    active++;
                    assertTrue(keepAlive.containsKey(c));
                }
            }
        }
        assertEquals(silent, closedByTimeout);
        assertEquals(active, keepAlive.size());
        assertTrue(silent > 10_000 && active > 70_000);
        keepAlive.close();
    }

    /** The boundary, on one connection: silent for exactly 30 s is still open; the next tick closes it. */
    @Test
    void oneConnection_closedAtFirstTickAfterThirtySecondsOfSilence() {
        int[] closedAt = {-1};
        long[] now = {0};
        KeyedTimer<String, String> keepAlive = KeyedTimer.<String, String>builder()
                .manualClock()
                .tick(Duration.ofSeconds(1))
                .build((id, peer) -> closedAt[0] = (int) (now[0] / SECOND));
        keepAlive.set("conn-1", "peer", IDLE_TIMEOUT); // opens at 0
        for (long t : new long[] {5 * SECOND, 12 * SECOND}) {
            now[0] = t;
            keepAlive.advanceTo(t);
            assertTrue(keepAlive.move("conn-1", IDLE_TIMEOUT)); // heartbeats at 5 s and 12 s
        }
        now[0] = 42 * SECOND; // 30 s of silence: still open
        keepAlive.advanceTo(now[0]);
        now[0] = 43 * SECOND - 1;
        keepAlive.advanceTo(now[0]);
        assertEquals(-1, closedAt[0]);
        now[0] = 43 * SECOND; // the first tick after the deadline closes it
        keepAlive.advanceTo(now[0]);
        assertEquals(43, closedAt[0]);
        assertFalse(keepAlive.move("conn-1", IDLE_TIMEOUT)); // a late heartbeat finds it closed
        assertEquals(0, keepAlive.size());
    }

    /**
     * A heartbeat that arrives after the timer found the connection idle, but before the close ran
     * (here the close waits on an executor), keeps the connection: {@code move} returns true and
     * the close is skipped. Had the close already been claimed, {@code move} would return false.
     */
    @Test
    void heartbeatAfterExpiryWasFound_beforeTheCloseRan_keepsTheConnection() {
        Queue<Runnable> closer = new ArrayDeque<>();
        List<String> closed = new ArrayList<>();
        KeyedTimer<String, String> keepAlive = KeyedTimer.<String, String>builder()
                .manualClock()
                .tick(Duration.ofSeconds(1))
                .executor(closer::add)
                .build((id, peer) -> closed.add(id));
        keepAlive.set("conn-1", "peer", IDLE_TIMEOUT);
        keepAlive.advanceTo(31 * SECOND); // idle: the close is found and queued
        assertEquals(1, closer.size());
        assertTrue(keepAlive.move("conn-1", IDLE_TIMEOUT)); // the heartbeat was in flight
        closer.poll().run();
        assertEquals(List.of(), closed);
        keepAlive.advanceTo(62 * SECOND);
        closer.poll().run();
        assertEquals(List.of("conn-1"), closed);
    }
}
