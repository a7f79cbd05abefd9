package io.github.radixwheel.alarms.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The driving thread's batches ({@link TimerCore#runDueInBatches}), with the test standing in for
 * the thread: tasks run in the order that taking them one at a time gives, and a tick whose tasks
 * were all cancelled does not end the run.
 */
class TimerCoreDrivingBatchTest {
    /** A 2 ns tick; the clock is never read, since the test runs the batches itself. */
    private final TimerCore core = new TimerCore(2, LevelBits.of(2, 2), 0, null, () -> 0L,
            r -> new Thread(() -> { }), () -> { });
    private final List<String> ran = new ArrayList<>();

    /** Records its name when it runs; if given a next deadline, schedules itself again there once. */
    private final class Recording extends CoreTestTask {
        private final String name;
        private long again;

        Recording(String name, long again) {
            this.name = name;
            this.again = again;
        }

        @Override
        protected void runClaimed() {
            ran.add(name);
            if (again >= 0) {
                long deadline = again;
                again = -1;
                assertTrue(core.reschedule(this, deadline));
            }
        }
    }

    private boolean runDue(long bound) {
        return core.runDueInBatches(bound, WheelTask::runClaimed, new WheelTask[4]);
    }

    @Test
    void aTaskScheduledAgainInAnEarlierTick_runsBeforeTheLaterTicksTasks() {
        core.schedule(new Recording("a", 12), 10); // tick 5, again at tick 6, as a fixed rate behind time would
        core.schedule(new Recording("b", -1), 14); // tick 7
        core.schedule(new Recording("c", -1), 16); // tick 8
        assertTrue(runDue(10));
        assertEquals(List.of("a", "a", "b", "c"), ran);
        assertEquals(0, core.pending());
        core.checkInvariants();
    }

    /**
     * Both tasks of tick 5 are lost to cancels that have not yet reached the lock to unlink them (as
     * if: their state is moved directly, so the counts are not the point here).
     */
    @Test
    void aTickOfCancelledTasks_doesNotEndTheRun() {
        Recording x = new Recording("x", -1);
        Recording y = new Recording("y", -1);
        core.schedule(x, 10);
        core.schedule(y, 11);
        core.schedule(new Recording("z", -1), 14);
        core.checkInvariants(); // drains the ring: x and y are in the wheel
        assertTrue(x.casState(WheelTask.PENDING, WheelTask.CANCELLED));
        assertTrue(y.casState(WheelTask.PENDING, WheelTask.CANCELLED));
        assertTrue(runDue(10), "z, due in a later tick, runs in the same call");
        assertEquals(List.of("z"), ran);
    }

    @Test
    void cancelledTasks_neverRun_andTheCountsHold() {
        Recording x = new Recording("x", -1);
        core.schedule(x, 10);
        core.schedule(new Recording("z", -1), 14);
        assertTrue(core.cancel(x, false, false));
        assertTrue(runDue(10));
        assertEquals(List.of("z"), ran);
        assertEquals(0, core.pending());
        core.checkInvariants();
    }

    @Test
    void moreTasksOfOneTickThanABatchHolds_allRunInOrder() {
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            core.schedule(new Recording("t" + i, -1), 10);
            expected.add("t" + i);
        }
        assertTrue(runDue(6));
        assertEquals(expected, ran);
        assertEquals(0, core.pending());
        core.checkInvariants();
    }
}
