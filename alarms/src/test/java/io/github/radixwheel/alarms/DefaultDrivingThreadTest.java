package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The default driving threads take neither daemon status nor priority from the thread that builds
 * the timer: {@code TimingWheelExecutor}'s is a non-daemon of normal priority (as a pool's workers
 * are), {@code KeyedTimer}'s a daemon of normal priority. An outside run found both inherited from
 * a daemon builder of minimum priority; each test failed before the fix.
 */
class DefaultDrivingThreadTest {

    /** Builds on a daemon thread of minimum priority. */
    private static <T> T builtOnALowDaemon(Supplier<T> build) throws Exception {
        CompletableFuture<T> built = new CompletableFuture<>();
        Thread builder = new Thread(() -> built.complete(build.get()));
        builder.setDaemon(true);
        builder.setPriority(Thread.MIN_PRIORITY);
        builder.start();
        return built.get(30, TimeUnit.SECONDS);
    }

    @Test
    void timingWheelExecutor_defaultThreadIsANonDaemonOfNormalPriority() throws Exception {
        TimingWheelExecutor ex = builtOnALowDaemon(() -> TimingWheelExecutor.builder().build());
        try {
            Thread driving = ex.submit(Thread::currentThread).get(30, TimeUnit.SECONDS);
            assertEquals(false, driving.isDaemon(), "daemon status");
            assertEquals(Thread.NORM_PRIORITY, driving.getPriority(), "priority");
            assertTrue(driving.getName().startsWith("radixwheel-executor-"), driving.getName());
        } finally {
            ex.shutdownNow();
        }
    }

    @Test
    void keyedTimer_defaultThreadIsADaemonOfNormalPriority() throws Exception {
        CompletableFuture<Thread> driving = new CompletableFuture<>();
        KeyedTimer<String, String> timer = builtOnALowDaemon(() -> KeyedTimer.<String, String>builder()
                .build((key, value) -> driving.complete(Thread.currentThread())));
        try {
            timer.set("k", "v", Duration.ZERO);
            Thread t = driving.get(30, TimeUnit.SECONDS);
            assertEquals(true, t.isDaemon(), "daemon status");
            assertEquals(Thread.NORM_PRIORITY, t.getPriority(), "priority");
            assertTrue(t.getName().startsWith("radixwheel-keyed-timer-"), t.getName());
        } finally {
            timer.close();
        }
    }
}
