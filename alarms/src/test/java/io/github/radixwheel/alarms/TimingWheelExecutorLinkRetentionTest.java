package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.ExecutorTestSupport.MS;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The wheel links pending futures to each other (a tick's futures share a list): a future that has
 * left the wheel, by a cancel, a run on the executor's own clock or a hand-over to a task executor,
 * must keep none of the others reachable, so that a caller who keeps one finished future does not
 * keep every future that once shared its tick.
 */
class TimingWheelExecutorLinkRetentionTest {

    @Test
    void aCancelledFutureKept_keepsNoOtherFutureOfItsTickReachable() throws InterruptedException {
        TimingWheelExecutor ex = ExecutorTestSupport.manual();
        List<WeakReference<ScheduledFuture<?>>> others = new ArrayList<>();
        ScheduledFuture<?> kept = scheduleAmong(ex, others);
        assertTrue(kept.cancel(false));
        ex.advanceTo(10 * MS); // the others run and leave
        assertCollected(others);
        assertTrue(kept.isCancelled());
    }

    @Test
    void aFutureThatRanKept_keepsNoOtherFutureOfItsTickReachable() throws InterruptedException {
        TimingWheelExecutor ex = ExecutorTestSupport.manual();
        List<WeakReference<ScheduledFuture<?>>> others = new ArrayList<>();
        ScheduledFuture<?> kept = scheduleAmong(ex, others);
        ex.advanceTo(10 * MS);
        assertTrue(kept.isDone());
        assertCollected(others);
    }

    @Test
    void aFutureHandedOverAndRunKept_keepsNoOtherFutureOfItsTickReachable() throws InterruptedException {
        List<Runnable> handed = new ArrayList<>();
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().tick(Duration.ofMillis(1))
                .taskExecutor(handed::add).build();
        List<WeakReference<ScheduledFuture<?>>> others = new ArrayList<>();
        ScheduledFuture<?> kept = scheduleAmong(ex, others);
        ex.advanceTo(10 * MS);
        handed.forEach(Runnable::run); // each claims its future, which leaves the list of those handed over
        handed.clear();
        assertTrue(kept.isDone());
        assertCollected(others);
    }

    /** Schedules four futures in one tick and returns the second; the others, weakly, go to {@code others}. */
    private static ScheduledFuture<?> scheduleAmong(TimingWheelExecutor ex,
            List<WeakReference<ScheduledFuture<?>>> others) {
        ScheduledFuture<?> kept = null;
        for (int i = 0; i < 4; i++) {
            ScheduledFuture<?> f = ex.schedule(() -> { }, 5, TimeUnit.MILLISECONDS);
            if (i == 1) {
                kept = f;
            } else {
                others.add(new WeakReference<>(f));
            }
        }
        return kept;
    }

    private static void assertCollected(List<WeakReference<ScheduledFuture<?>>> refs) throws InterruptedException {
        for (int i = 0; i < 50 && refs.stream().anyMatch(r -> r.get() != null); i++) {
            System.gc();
            Thread.sleep(10);
        }
        for (WeakReference<ScheduledFuture<?>> r : refs) {
            assertNull(r.get(), "a future that left the wheel is still reachable from one kept by the caller");
        }
    }
}
