package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link NettyBenchmark}'s per-invocation logic and one small {@link EndToEnd} run per
 * implementation. Real threads and the real clock, but no timing is asserted: only counts, and
 * that nothing fires early.
 */
class ThreadDrivenSmokeTest {

    @Test
    void nettyBenchmark_cancelsAndCreatesWithoutFiringInBothImplementations() {
        for (String impl : EndToEnd.IMPLS) {
            NettyBenchmark b = new NettyBenchmark();
            b.impl = impl;
            b.size = 1024;
            b.setUp();
            try {
                for (int i = 0; i < 3000; i++) {
                    b.cancelAndCreate();
                }
                b.check();
                assertEquals(3000, b.index, impl);
                if (impl.equals("KeyedTimer")) {
                    assertEquals(1024, b.keyed.size());
                } else {
                    assertTrue(b.netty.size() >= 1024, "Netty pending " + b.netty.size());
                }
                b.fired.incrementAndGet(); // as if a timer had fired: the check must notice
                assertThrows(IllegalStateException.class, b::check);
            } finally {
                b.close();
            }
        }
        NettyBenchmark unknown = new NettyBenchmark();
        unknown.impl = "Quartz";
        unknown.size = 16;
        assertThrows(IllegalArgumentException.class, unknown::setUp);
    }

    @Test
    void endToEnd_firesEveryTimerOnceAndNeverEarly() throws InterruptedException {
        long window = TimeUnit.MILLISECONDS.toNanos(200);
        for (String impl : EndToEnd.IMPLS) {
            EndToEnd.Run run = EndToEnd.run(impl, 4000, window);
            assertEquals(4000, run.latenessNanos().length);
            assertTrue(run.lateness(0) >= 0, impl + " fired early"); // run() also throws on that
            assertTrue(run.lateness(0.5) <= run.lateness(1.0));
            assertTrue(run.producerCpuNanos() > 0 && run.timerThreadCpuNanos() > 0, run.toString());
            // The last timer is due about `window` after the first creation.
            assertTrue(run.wallNanos() >= window / 2, impl + " wall " + run.wallNanos());
            String table = EndToEnd.table(List.of(run));
            assertTrue(table.contains("| 4000 | 200 ms |"), table);
        }
    }
}
