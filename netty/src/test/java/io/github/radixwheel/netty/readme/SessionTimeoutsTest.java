package io.github.radixwheel.netty.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The README's session-timeout sample, on the real clock (the Netty timer has no manual one):
 * a session left idle expires, once, and not before its idle time; one closed in time never does.
 */
class SessionTimeoutsTest {

    /** A session that records its expiry. */
    private record Recorded(String id, List<String> expired, CountDownLatch latch, long[] expiredAt)
            implements SessionTimeouts.Session {
        @Override
        public void expire() {
            expiredAt[0] = System.nanoTime();
            expired.add(id);
            latch.countDown();
        }
    }

    @Test
    void idleSessionExpires_closedOneDoesNot() throws InterruptedException {
        List<String> expired = new CopyOnWriteArrayList<>();
        CountDownLatch latch = new CountDownLatch(1);
        long[] expiredAt = new long[1];
        Recorded idle = new Recorded("idle", expired, latch, expiredAt);
        Recorded closed = new Recorded("closed", expired, new CountDownLatch(1), new long[1]);
        try (SessionTimeouts timeouts = new SessionTimeouts(50)) {
            timeouts.touched(closed);
            long start = System.nanoTime();
            timeouts.touched(idle);
            timeouts.touched(idle);                       // starts its idle time again
            timeouts.closed(closed);
            assertTrue(latch.await(10, TimeUnit.SECONDS));
            assertTrue(expiredAt[0] - start >= TimeUnit.MILLISECONDS.toNanos(50), "never early");
        }
        assertEquals(List.of("idle"), expired);
    }
}
