package io.github.radixwheel.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One small {@link EndToEnd} run per implementation. Real threads and the real clock, but no
 * timing is asserted: only counts, and that nothing fires early ({@code run} throws then).
 */
class EndToEndTest {

    @Test
    void run_firesEveryTimerOnceAndNeverEarly() throws InterruptedException {
        long window = TimeUnit.MILLISECONDS.toNanos(200);
        for (String impl : EndToEnd.IMPLS) {
            EndToEnd.Run run = EndToEnd.run(impl, 4000, window);
            assertEquals(4000, run.lateness().getTotalCount(), impl);
            assertTrue(run.lateness().getMinValue() >= 0, impl);
            assertTrue(run.producerCpuNanos() > 0 && run.timerThreadCpuNanos() > 0, run.toString());
            assertTrue(run.wallNanos() >= window / 2, impl + " wall " + run.wallNanos()); // the last is due about `window` in
            String table = EndToEnd.table(List.of(List.of(run)));
            assertTrue(table.contains("| " + run.impl() + " | 4000 | 1 | "), table);
        }
    }

    @Test
    void warmUpRuns_makeAtLeastTheWarmUpTasks_atLeastOneRun() {
        assertEquals(8, EndToEnd.warmUpRuns(1 << 16));
        assertEquals(7, EndToEnd.warmUpRuns(80_000)); // 6 runs would make 480,000 tasks
        assertEquals(1, EndToEnd.warmUpRuns(EndToEnd.WARM_UP_TASKS));
        assertEquals(1, EndToEnd.warmUpRuns(1 << 20));
        assertEquals(1, EndToEnd.warmUpRuns(Integer.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> EndToEnd.warmUpRuns(0));
    }
}
