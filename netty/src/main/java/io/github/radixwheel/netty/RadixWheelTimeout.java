package io.github.radixwheel.netty;

import io.github.radixwheel.alarms.internal.TimerCore;
import io.github.radixwheel.alarms.internal.WheelTask;
import io.netty.util.Timeout;
import io.netty.util.Timer;
import io.netty.util.TimerTask;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;

/**
 * A timeout of {@link RadixWheelTimer}: 48 bytes with compressed references, its links in the
 * wheel included. Expired once claimed by the thread that runs its task.
 */
final class RadixWheelTimeout extends WheelTask implements Timeout {
    private static final InternalLogger LOGGER = InternalLoggerFactory.getInstance(RadixWheelTimer.class);
    /** Whether the Netty on the class path has {@code TimerTask.cancelled(Timeout)} (4.2 on). */
    private static final boolean TASKS_HEAR_CANCELS = hasCancelledCallback();

    private final RadixWheelTimer timer;
    private final TimerTask task;

    RadixWheelTimeout(RadixWheelTimer timer, TimerTask task) {
        this.timer = timer;
        this.task = task;
    }

    private static boolean hasCancelledCallback() {
        try {
            TimerTask.class.getMethod("cancelled", Timeout.class);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    @Override
    public Timer timer() {
        return timer;
    }

    @Override
    public TimerTask task() {
        return task;
    }

    @Override
    public boolean isExpired() {
        return state() == RUNNING;
    }

    @Override
    public boolean isCancelled() {
        return state() == CANCELLED;
    }

    @Override
    public boolean cancel() {
        if (!timer.core().cancel(this, false, false)) {
            return false;
        }
        cancelled();
        return true;
    }

    /** After this timeout was cancelled: tells its task, if the task can hear it (Netty 4.2). */
    void cancelled() {
        if (TASKS_HEAR_CANCELS) {
            try {
                task.cancelled(this);
            } catch (Throwable t) {
                LOGGER.warn("An exception was thrown by " + TimerTask.class.getSimpleName() + ".cancelled()", t);
            }
        }
    }

    @Override
    public void run() {
        claimAndRun(timer.core());
    }

    @Override
    protected void runClaimed() {
        try {
            task.run(this);
        } catch (Throwable t) {
            LOGGER.warn("An exception was thrown by " + TimerTask.class.getSimpleName() + '.', t);
        }
    }

    @Override
    protected void rejected(Throwable rejection) {
        LOGGER.warn("An exception was thrown while submitting " + TimerTask.class.getSimpleName()
                + " for execution.", rejection);
    }

    /** {@return the deadline as {@code HashedWheelTimeout} tells it, from now, the state, and the task} */
    @Override
    public String toString() {
        int s = state();
        long deadline = deadline();
        long remaining = deadline - timer.now();
        String when = deadline == TimerCore.NEVER ? "never"
                : remaining > 0 ? remaining + " ns later"
                : remaining < 0 ? -remaining + " ns ago"
                : "now";
        return "RadixWheelTimeout(deadline: " + when + ", "
                + (s == RUNNING ? "expired" : s == CANCELLED ? "cancelled" : "pending") + ", task: " + task + ")";
    }
}
