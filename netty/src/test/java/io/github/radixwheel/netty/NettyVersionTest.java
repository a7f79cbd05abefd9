package io.github.radixwheel.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import io.netty.util.Version;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Which Netty the tests run against: the one that the build names in
 * {@code radixwheel.expectedNettyVersion} (4.2 in the default run, 4.1 in the {@code netty-4.1}
 * run), so that the 4.1 run provably runs on 4.1. And, on either, the timer calls a task's
 * {@code cancelled(Timeout)} only when that Netty's {@link TimerTask} declares it.
 */
class NettyVersionTest {
    private final TimerTestSupport.Timers timers = new TimerTestSupport.Timers();

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.stopAll();
    }

    @Test
    void nettyCommon_isTheExpectedVersion() {
        String expected = System.getProperty("radixwheel.expectedNettyVersion");
        assertNotNull(expected, "the build sets radixwheel.expectedNettyVersion");
        Version common = Version.identify().get("netty-common");
        assertNotNull(common, "netty-common is not on the class path: " + Version.identify().keySet());
        assertEquals(expected, common.artifactVersion());
    }

    @Test
    void timerTask_declaresCancelledOnlyFromNetty42() {
        String version = Version.identify().get("netty-common").artifactVersion();
        boolean declares = Arrays.stream(TimerTask.class.getMethods()).anyMatch(m -> m.getName().equals("cancelled"));
        assertEquals(!version.startsWith("4.1."), declares, "netty-common " + version);
    }

    @Test
    void cancel_callsCancelledOnlyIfTimerTaskDeclaresIt() {
        boolean declares = Arrays.stream(TimerTask.class.getMethods()).anyMatch(m -> m.getName().equals("cancelled"));
        RadixWheelTimer timer = timers.timer(1);
        CountingTask task = new CountingTask();
        assertTrue(timer.newTimeout(task, 1, TimeUnit.HOURS).cancel());
        CountingTask stopped = new CountingTask();
        timer.newTimeout(stopped, 1, TimeUnit.HOURS);
        assertEquals(1, timer.stop().size());
        assertEquals(declares ? 1 : 0, task.cancelled.get());
        assertEquals(declares ? 1 : 0, stopped.cancelled.get());
    }

    /**
     * A task with a method {@code cancelled(Timeout)}: with Netty 4.2 it overrides
     * {@code TimerTask.cancelled}; with 4.1 it is a method of its own, which the timer must not call.
     */
    public static final class CountingTask implements TimerTask {
        final AtomicInteger cancelled = new AtomicInteger();

        @Override
        public void run(Timeout timeout) {}

        /**
         * Counts its calls.
         *
         * @param timeout the cancelled timeout
         */
        public void cancelled(Timeout timeout) {
            cancelled.incrementAndGet();
        }
    }
}
