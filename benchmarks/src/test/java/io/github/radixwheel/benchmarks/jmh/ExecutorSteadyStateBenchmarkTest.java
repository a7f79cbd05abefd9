package io.github.radixwheel.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Runs {@link ExecutorSteadyStateBenchmark} directly (no JMH harness), briefly, and shows that its checks can fail. */
class ExecutorSteadyStateBenchmarkTest {
    private static ExecutorSteadyStateBenchmark started(int pending) {
        ExecutorSteadyStateBenchmark b = new ExecutorSteadyStateBenchmark();
        b.pending = pending;
        b.setUp();
        return b;
    }

    @Test
    void theFlowIsSteady_andEveryTaskRunsInItsTick() {
        ExecutorSteadyStateBenchmark b = started(4096);
        long ranBefore = b.ran;
        long scheduledBefore = b.scheduled;
        for (int i = 0; i < 100; i++) {
            b.tick();
        }
        b.check();
        assertEquals(100 * 8, b.scheduled - scheduledBefore, "4096 / 512 tasks per tick");
        long waiting = b.executor.pendingTasks();
        assertTrue(waiting > 3000 && waiting < 5000, "about 4096 wait: " + waiting);
        assertTrue(b.ran - ranBefore > 600, "about 8 per tick ran: " + (b.ran - ranBefore));
        assertEquals(0, b.misplaced);
        b.tearDown();
    }

    @Test
    void aTaskRunBeforeItsTick_failsTheAdvance() {
        ExecutorSteadyStateBenchmark b = started(512);
        // Due one tick after the next advance, by its own deadline, but scheduled to run in that advance.
        b.executor.schedule(b.new Due(b.now + ExecutorSteadyStateBenchmark.TICK), 1, TimeUnit.NANOSECONDS);
        assertThrows(IllegalStateException.class, b::tick);
        b.tearDown();
    }

    @Test
    void aLostTask_failsTheCount() {
        ExecutorSteadyStateBenchmark b = started(512);
        b.scheduled++;
        assertThrows(IllegalStateException.class, b::check);
        b.tearDown();
    }
}
