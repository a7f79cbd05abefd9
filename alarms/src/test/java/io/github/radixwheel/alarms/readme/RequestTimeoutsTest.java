package io.github.radixwheel.alarms.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.TimingWheelExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The README's request-timeout sample: on the manual clock, then once on the real one. */
class RequestTimeoutsTest {
    private static final long MS = 1_000_000L;

    @Test
    void unansweredRequests_timeOut_answeredOnesDoNot() {
        List<Long> timedOut = new ArrayList<>();
        TimingWheelExecutor clock = TimingWheelExecutor.builder().manualClock().build();
        try (RequestTimeouts timeouts = new RequestTimeouts(clock, timedOut::add)) {
            timeouts.sent(1, Duration.ofMillis(100));
            timeouts.sent(2, Duration.ofMillis(100));
            timeouts.sent(3, Duration.ofMillis(50));
            clock.advanceTo(40 * MS);
            assertTrue(timeouts.answered(2));
            assertEquals(2, clock.pendingTasks(), "the answered request's timeout left at once");
            clock.advanceTo(51 * MS);
            assertEquals(List.of(3L), timedOut);
            assertFalse(timeouts.answered(3), "too late");
            clock.advanceTo(101 * MS);
            assertEquals(List.of(3L, 1L), timedOut);
            assertEquals(0, clock.pendingTasks());
        }
    }

    @Test
    void realClock_timesOutAfterTheDeadline() throws InterruptedException {
        CountDownLatch timedOut = new CountDownLatch(1);
        long start = System.nanoTime();
        try (RequestTimeouts timeouts = new RequestTimeouts(id -> timedOut.countDown())) {
            timeouts.sent(7, Duration.ofMillis(20));
            assertTrue(timedOut.await(10, TimeUnit.SECONDS));
            assertTrue(System.nanoTime() - start >= 20 * MS);
        }
    }
}
