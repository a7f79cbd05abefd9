package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.TimingWheelExecutor;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;

/**
 * A pending task of {@code TimingWheelExecutor} costs its future and nothing else, so the future's
 * size is the executor's bytes per pending task: no more than a Netty timeout, which is all that a
 * {@code HashedWheelTimer} keeps per pending task. Sizes as this JVM lays the objects out (compressed
 * references, the default below 32 GB of heap).
 */
class ExecutorFutureLayoutTest {

    @Test
    void oneShotFuture_isNoLargerThanNettysTimeout() {
        // JOL's first use in a JVM sets up how it sizes objects: as the footprint tests do, so that
        // they, running after this in the same JVM, can still size hidden classes (lambdas).
        Footprint.bytes(new Object());
        TimingWheelExecutor ex = TimingWheelExecutor.builder().manualClock().build();
        HashedWheelTimer netty = new HashedWheelTimer();
        try {
            ScheduledFuture<?> future = ex.schedule(() -> { }, 1, TimeUnit.HOURS);
            ScheduledFuture<String> callable = ex.schedule(() -> "x", 1, TimeUnit.HOURS);
            Timeout timeout = netty.newTimeout(t -> { }, 1, TimeUnit.HOURS);
            long ours = ClassLayout.parseClass(future.getClass()).instanceSize();
            long nettys = ClassLayout.parseClass(timeout.getClass()).instanceSize();
            assertEquals(56, ours, ClassLayout.parseClass(future.getClass()).toPrintable());
            assertEquals(ours, ClassLayout.parseClass(callable.getClass()).instanceSize());
            assertTrue(ours <= nettys, ours + " > Netty's " + nettys);
            ScheduledFuture<?> periodic = ex.scheduleAtFixedRate(() -> { }, 1, 1, TimeUnit.HOURS);
            assertEquals(64, ClassLayout.parseClass(periodic.getClass()).instanceSize(), "the period's 8 bytes more");
        } finally {
            ex.shutdownNow();
            netty.stop();
        }
    }
}
