package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.core.internal.Checks;

/**
 * A periodic future of {@code TimingWheelExecutor}: after each run that returns normally it is
 * scheduled again, at a fixed rate (the previous deadline plus the period) or with a fixed delay
 * (the end of the run plus the delay). A run that throws ends it exceptionally; a cancel or a
 * shutdown ends it cancelled.
 *
 * @param <V> the result type, never produced
 */
final class PeriodicTask<V> extends ScheduledTask<V> {
    /** Positive: a fixed rate; negative: minus a fixed delay. */
    private final long period;

    PeriodicTask(TaskScheduler scheduler, Runnable body, long period) {
        super(scheduler, body, false);
        this.period = period;
    }

    @Override
    public boolean isPeriodic() {
        return true;
    }

    /** After a run: a throw ends the task; else it is scheduled again, unless cancelled during the run or shut down. */
    @Override
    void afterRun(Object outcome, int terminal) {
        if (terminal != NORMAL) {
            complete(outcome, terminal);
            return;
        }
        long next = period > 0 ? Checks.saturatedAdd(deadline, period) : nextAfterDelay(-period);
        deadline = next;
        if (!scheduler.rescheduled(this, next)) { // cancelled during the run, or shut down
            endCancelledRun();
            cancelled();
        }
    }

    /**
     * With a fixed delay: the delay after the run ended, or after the end of the tick it ran in if
     * the clock reads earlier (on the manual clock a task sees the start of its tick; the run
     * happened once that tick was over).
     */
    private long nextAfterDelay(long delay) {
        TimerCore core = scheduler.core;
        long ranAfter = core.tickStart(core.tickOf(deadline) == Long.MAX_VALUE ? Long.MAX_VALUE
                : core.tickOf(deadline) + 1);
        return Checks.saturatedAdd(Math.max(scheduler.now(), ranAfter), delay);
    }
}
