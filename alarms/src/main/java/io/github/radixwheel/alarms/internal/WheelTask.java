package io.github.radixwheel.alarms.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A task that a {@link TimerCore} keeps: the executor's futures and the Netty timer's timeouts
 * extend it. The core owns both fields: the task's node in the wheel, and its state. Every move out
 * of {@link #PENDING} is a compare-and-set on the state, so that exactly one of a cancel, a claim by
 * the thread that runs it and a shutdown wins; a cancel makes it without the core's lock.
 *
 * <p>States: {@link #PENDING} (scheduled: in the ring, in the wheel, or handed to a task executor;
 * cancellable), {@link #RUNNING} (claimed by the thread that runs it), {@link #CANCELLED}, and the
 * terminal states that a subclass defines from {@link #FIRST_OWN_STATE} on. A periodic task goes
 * back from {@code RUNNING} to {@code PENDING} when it is scheduled again. Two states are the core's
 * own, and a subclass never sees them ({@link #state}): a task dropped by a shutdown, which a caller
 * may still run or cancel (shown as {@code PENDING}), and a cancel or claim under way without the
 * core's lock (waited for).
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

    /**
     * The core's own state of a task taken from the wheel by {@code shutdownNow}, for a caller to run
     * or cancel: no longer counted as pending. {@link #state} shows it as {@link #PENDING}.
     */
    static final int DROPPED = -1;
    /**
     * The core's own state of a task leaving {@link #PENDING} without the lock, by a cancel or by the
     * driving thread's claim, between winning the task and counting it as gone; or leaving
     * {@link #RUNNING} by a cancel, while that cancel interrupts the run. Brief, and never waits for
     * anything; {@link #state} waits it out, so that no reader sees the task cancelled or running
     * before the count says so, and a run that lost its task to a cancel ends only after it.
     */
    static final int LEAVING = -2;

    /** {@link #node} of a task in no wheel: new, claimed, dropped or finished. */
    static final int OFF_WHEEL = -1;
    /** {@link #node} of a task linked in its core's wheel. */
    static final int IN_WHEEL = 0;
    /** {@link #node} of a task taken from the wheel to be handed to a task executor, not yet claimed. */
    static final int HANDED_OVER = 1;
    /**
     * {@link #node} of a pending task at index 0 of the core's ring, not yet in the wheel; a task at
     * index {@code i} has {@code IN_RING - i}.
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
     * Where the task is: {@link #IN_WHEEL}, {@link #HANDED_OVER}, {@link #OFF_WHEEL}, or a slot of
     * the ring ({@link #IN_RING}); written under the core's lock, except that the producer sets
     * {@link #IN_RING} before the ring publishes the task. A cancel reads it without the lock as a
     * hint only.
     */
    int node = OFF_WHEEL;
    /**
     * The task's neighbours in its wheel slot's list (null at either end), or in the circular list
     * of tasks handed over; null elsewhere. The wheel's own: the task carries its links, so the wheel keeps no array per
     * task and taking a due task touches this object and a slot's head.
     */
    WheelTask next;
    WheelTask prev;
    /**
     * The deadline on the owner's clock, or {@link TimerCore#NEVER}: written by the core as it admits
     * the task, and by a periodic task between its runs. The wheel derives the task's tick from it,
     * so the task keeps one time, not two.
     */
    long deadline;
    private volatile int state;

    /** A new task, {@link #PENDING}. */
    protected WheelTask() {}

    /**
     * {@return the deadline on the owner's clock, {@link TimerCore#NEVER} for never, as the core
     * admitted it} A plain read, for a thread that scheduled the task or ran it, or for a description.
     */
    public final long deadline() {
        return deadline;
    }

    /**
     * Called by the core when it admits the task, after it wrote {@link #deadline} and before the task
     * enters the ring or the wheel: a subclass that keeps its submission order records it here, so
     * that it is in place before any other thread can find the task.
     *
     * @param sequence its submission order
     */
    protected void scheduled(long sequence) {
    }

    /**
     * {@return the submission order given to {@link #scheduled}} The wheel places a task scheduled
     * again ({@link TimerCore#reschedule}) by it among the tasks of its tick. This default, for a
     * task that is never scheduled again, puts it after every other.
     */
    protected long sequence() {
        return Long.MAX_VALUE;
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
     * Called by a cancel that won this task while it runs, before the task shows as cancelled: a
     * subclass whose cancel may interrupt a run interrupts the thread that runs it. Must not block.
     */
    protected void interruptRun() {
    }

    /**
     * The body of {@link #run}: claims the task through {@code core} and, if that succeeds, runs it.
     * A task that was cancelled or claimed already does nothing.
     *
     * @param core the core that holds the task
     */
    protected final void claimAndRun(TimerCore core) {
        claimAndRun(core, false);
    }

    /**
     * As {@link #claimAndRun(TimerCore)}; with {@code onlyIfHandedOver}, runs only a task that the
     * core handed to the task executor or a shutdown dropped ({@link TimerCore#claim(WheelTask, boolean)}).
     *
     * @param core the core that holds the task
     * @param onlyIfHandedOver whether only a hand-over's run may claim it
     */
    protected final void claimAndRun(TimerCore core, boolean onlyIfHandedOver) {
        if (core.claim(this, onlyIfHandedOver)) {
            try {
                runClaimed();
            } finally {
                core.finished();
            }
        }
    }

    /**
     * {@return the current state: one of the public ones} Waits out a cancel or claim under way; shows a
     * dropped task as {@link #PENDING}.
     */
    protected final int state() {
        int s = settledState();
        return s == DROPPED ? PENDING : s;
    }

    /**
     * {@return the state, the core's own ones included, once no cancel or claim is under way} A thread that
     * finds the task lost to a cancel waits here before it acts on that, so that it never acts before
     * the cancel is counted.
     */
    final int settledState() {
        int s;
        for (int attempt = 0; (s = state) == LEAVING; attempt++) {
            StripeLock.pause(attempt);
        }
        return s;
    }

    /** {@return the state, the core's own ones included} */
    final int rawState() {
        return state;
    }

    /** Moves the state from {@code expected} to {@code s}, if it is {@code expected}: the only way out of {@link #PENDING}. */
    final boolean casState(int expected, int s) {
        return STATE.compareAndSet(this, expected, s);
    }

    /** Sets the state, from one that no other thread may move (a cancel or claim under way, which this thread owns). */
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
