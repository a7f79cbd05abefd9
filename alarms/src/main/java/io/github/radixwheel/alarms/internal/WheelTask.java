package io.github.radixwheel.alarms.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A task that a {@link TimerCore} keeps: the executor's futures and the Netty timer's timeouts
 * extend it. The core owns both fields: the task's node in the wheel, and its state, whose moves
 * out of {@link #PENDING} are made only under the core's lock, so that a cancel, a claim by the
 * thread that runs it and a count of pending tasks agree.
 *
 * <p>States: {@link #PENDING} (scheduled: in the ring, in the wheel, handed to a task executor, or
 * dropped by a shutdown; cancellable), {@link #RUNNING} (claimed by the thread that runs it),
 * {@link #CANCELLED}, and the terminal states that a subclass defines from {@link #FIRST_OWN_STATE} on. A periodic task
 * goes back from {@code RUNNING} to {@code PENDING} when it is scheduled again.
 */
public abstract class WheelTask implements Runnable {
    /** Scheduled and not yet claimed or cancelled. */
    public static final int PENDING = 0;
    /** Claimed by the thread that runs it. */
    public static final int RUNNING = 1;
    /** Cancelled before it was claimed (or, if periodic, between or during its runs). */
    public static final int CANCELLED = 2;
    /** The first state number a subclass may use for its own terminal states. */
    public static final int FIRST_OWN_STATE = 3;

    /** {@link #node} of a task in no wheel: new, claimed or finished. */
    static final int OFF_WHEEL = -1;
    /** {@link #node} of a pending task taken from the wheel by {@code shutdownNow}, for a caller to run. */
    static final int DROPPED = -2;
    /**
     * {@link #node} of a pending task in slot 0 of the core's ring, not yet in the wheel; a task in
     * slot {@code s} has {@code IN_RING - s}.
     */
    static final int IN_RING = -3;

    /** Whether {@code node} is that of a task waiting in the core's ring. */
    static boolean isInRing(int node) {
        return node <= IN_RING;
    }

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(WheelTask.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The task's node in its core's wheel (linked, or handed over to a task executor), or one of the
     * negative markers; guarded by the core's lock, except that the producer sets {@link #IN_RING}
     * before the ring publishes the task.
     */
    int node = OFF_WHEEL;
    private volatile int state;

    /** A new task, {@link #PENDING}. */
    protected WheelTask() {}

    /**
     * Called by the core when it admits the task, before the task enters the ring or the wheel: a
     * subclass that keeps its deadline and submission order records them here, so that they are in
     * place before any other thread can find the task.
     *
     * @param deadline the task's deadline
     * @param sequence its submission order
     */
    protected void scheduled(long deadline, long sequence) {
    }

    /**
     * Runs the task once claimed, on the thread that claimed it: its body, then whatever follows
     * (its outcome, its next run). Reports what the body throws in the subclass's own way; throws
     * nothing.
     */
    protected abstract void runClaimed();

    /**
     * Called instead of {@link #runClaimed} when the task executor refused the claimed task.
     *
     * @param rejection what {@code execute} threw
     */
    protected abstract void rejected(Throwable rejection);

    /**
     * The body of {@link #run}: claims the task through {@code core} and, if that succeeds, runs it.
     * A task that was cancelled or claimed already does nothing.
     *
     * @param core the core that holds the task
     */
    protected final void claimAndRun(TimerCore core) {
        if (core.claim(this)) {
            try {
                runClaimed();
            } finally {
                core.finished();
            }
        }
    }

    /** {@return the current state} */
    protected final int state() {
        return state;
    }

    /**
     * Sets the state; the core calls it under its lock, whose release publishes it (so a release
     * store suffices: readers outside the lock need no order beyond it).
     */
    final void setState(int s) {
        STATE.setRelease(this, s);
    }

    /**
     * Moves a claimed task to one of its own terminal states, unless a concurrent cancel of a
     * periodic task got there first.
     *
     * @param terminal a state from {@link #FIRST_OWN_STATE} on
     * @return whether the task was {@link #RUNNING} and now is in {@code terminal}
     */
    protected final boolean finish(int terminal) {
        return STATE.compareAndSet(this, RUNNING, terminal);
    }
}
