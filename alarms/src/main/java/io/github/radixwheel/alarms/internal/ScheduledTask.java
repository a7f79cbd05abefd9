package io.github.radixwheel.alarms.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A future of {@code TimingWheelExecutor}: a one-shot task ({@link PeriodicTask} adds the period).
 * 56 bytes with compressed references, the wheel's links included: nothing else is kept per
 * pending task. Its deadline is {@link WheelTask#deadline}.
 *
 * <p>States beyond {@link WheelTask}'s: {@link #NORMAL} and {@link #EXCEPTIONAL}. The body (a
 * {@link Runnable} or a {@link Callable}) is replaced by the outcome when the task completes, and
 * dropped when it is cancelled, so a finished future references neither.
 *
 * <p>As a {@code FutureTask} of a {@code ScheduledThreadPoolExecutor}, a task can be cancelled while
 * it runs: its future is cancelled at once, {@code cancel(true)} interrupts the thread that runs
 * it, and the run's outcome is dropped. The cancel wins the task while it is {@code RUNNING} and
 * interrupts while it still holds it ({@link WheelTask#LEAVING}), so the interrupt reaches this
 * run and no later one: the run, whose own move out of {@code RUNNING} then fails, waits out the
 * cancel and clears the interrupt before its thread goes on ({@link #endCancelledRun}).
 *
 * @param <V> the result type
 */
public class ScheduledTask<V> extends WheelTask implements RunnableScheduledFuture<V> {
    /** Completed with a result. */
    static final int NORMAL = FIRST_OWN_STATE;
    /** Completed with an exception. */
    static final int EXCEPTIONAL = FIRST_OWN_STATE + 1;

    /** The bit of {@link #sequence} that says the body is a {@link Callable}. */
    private static final long CALLABLE = Long.MIN_VALUE;

    final TaskScheduler scheduler;
    /**
     * The submission order, with {@link #CALLABLE} set if the body is a {@link Callable}: a flag
     * field would make the future 64 bytes, and a type test on every schedule and run costs more.
     */
    private long sequence;
    /** The body while pending or running; the result or exception when done; null when cancelled. */
    private Object body;
    /** The thread running the body, for {@code cancel(true)}; null between runs. */
    private volatile Thread runner;

    private static final VarHandle RUNNER;

    static {
        try {
            RUNNER = MethodHandles.lookup().findVarHandle(ScheduledTask.class, "runner", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * @param scheduler the executor's scheduler
     * @param body a {@link Runnable} or a {@link Callable}, not null
     * @param callable which of the two {@code body} is
     */
    ScheduledTask(TaskScheduler scheduler, Object body, boolean callable) {
        this.scheduler = scheduler;
        this.body = body;
        this.sequence = callable ? CALLABLE : 0;
    }

    @Override
    protected void scheduled(long sequence) {
        this.sequence = sequence | this.sequence & CALLABLE;
    }

    @Override
    protected long sequence() {
        return sequence & ~CALLABLE;
    }

    @Override
    public boolean isPeriodic() {
        return false;
    }

    /** The body, or null if it was dropped by a cancel. */
    final Object body() {
        return body;
    }

    /**
     * Runs the task if it is still pending; after {@code shutdownNow}, cancels it instead, as a
     * {@code ScheduledThreadPoolExecutor} does with a task run once it has stopped (one that
     * {@code shutdownNow} returned, or one the task executor had yet to start). A periodic task runs
     * only once it is due, handed to the task executor or taken by the executor's thread to run: its
     * runs are the executor's, and an earlier call does nothing.
     */
    @Override
    public void run() {
        if (scheduler.isStopped()) {
            cancel(false);
            return;
        }
        scheduler.runHandedOver(this);
    }

    @Override
    protected void runClaimed() {
        Object b = body;
        runner = Thread.currentThread(); // then the state: a cancel from now on finds the runner, or this finds the cancel
        if (b == null || rawState() != RUNNING) {
            endCancelledRun(); // cancelled between its claim and here
            return;
        }
        Object outcome;
        int terminal;
        try {
            outcome = call(b);
            terminal = NORMAL;
        } catch (Throwable t) {
            outcome = t;
            terminal = EXCEPTIONAL;
        }
        // No fence: a cancel that still finds this thread interrupts it while the run waits it out.
        RUNNER.setRelease(this, (Thread) null);
        afterRun(outcome, terminal);
    }

    /** Runs the body once. */
    @SuppressWarnings("unchecked")
    final Object call(Object b) throws Exception {
        if ((sequence & CALLABLE) != 0) {
            return ((Callable<V>) b).call();
        }
        ((Runnable) b).run();
        return null;
    }

    /** What follows a run: the outcome, and for a periodic task its next run. */
    void afterRun(Object outcome, int terminal) {
        complete(outcome, terminal);
    }

    /** Completes a claimed task, unless a cancel got there first. */
    final void complete(Object outcome, int terminal) {
        body = outcome;
        if (finish(terminal)) {
            signal();
        } else {
            body = null; // cancelled during this run
            endCancelledRun();
        }
    }

    /**
     * After a cancel won this task during its run, on the thread of the run: waits until that
     * cancel is done, so that its interrupt, if it asked for one, has reached this thread, and then
     * clears the interrupt, which was meant for this run only (a pool's worker, too, clears it before
     * its next task).
     */
    final void endCancelledRun() {
        settledState();
        RUNNER.setRelease(this, (Thread) null);
        Thread.interrupted();
    }

    @Override
    protected void rejected(Throwable rejection) {
        complete(rejection, EXCEPTIONAL);
    }

    /** After the task reached a final state: wakes the threads waiting in {@code get}. */
    final void signal() {
        if (scheduler.hasWaiters()) {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    /** After this task was cancelled (by a cancel that won it): drops the body and wakes the waiters. */
    final void cancelled() {
        body = null;
        // No fence needed before the count's read: a waiter counts itself, then reads the state and
        // waits out a cancel under way; the cancel's compare-and-set on the state (by this thread, or
        // by another that signals too) comes before this read. Volatile accesses are totally ordered,
        // so a waiter that read the state from before it has its count seen here.
        signal();
    }

    /**
     * Cancels the task if it has not completed: pending, it never runs; running, its outcome is
     * dropped and, if asked, its thread interrupted; a periodic task is not run again.
     */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        if (!scheduler.core.cancel(this, true, mayInterruptIfRunning)) {
            return false;
        }
        cancelled();
        scheduler.tryTerminate();
        return true;
    }

    /** Called by the core while it holds this running task for a cancel: interrupts the run. */
    @Override
    protected final void interruptRun() {
        Thread t = runner;
        if (t != null) {
            t.interrupt();
        }
    }

    @Override
    public boolean isCancelled() {
        return state() == CANCELLED;
    }

    @Override
    public boolean isDone() {
        return state() > RUNNING;
    }

    @Override
    public V get() throws InterruptedException, ExecutionException {
        if (!isDone()) {
            awaitDone(false, 0);
        }
        return report();
    }

    @Override
    public V get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        long nanos = unit.toNanos(timeout);
        if (!isDone() && !awaitDone(true, nanos)) {
            throw new TimeoutException();
        }
        return report();
    }

    private boolean awaitDone(boolean timed, long nanos) throws InterruptedException {
        scheduler.addWaiter(); // before the state is read again: a completion after this read sees it and notifies
        try {
            long end = timed ? System.nanoTime() + nanos : 0;
            synchronized (this) {
                while (!isDone()) {
                    if (!timed) {
                        wait();
                    } else {
                        long left = end - System.nanoTime();
                        if (left <= 0) {
                            return false;
                        }
                        TimeUnit.NANOSECONDS.timedWait(this, left);
                    }
                }
            }
            return true;
        } finally {
            scheduler.removeWaiter();
        }
    }

    @SuppressWarnings("unchecked")
    private V report() throws ExecutionException {
        int s = state();
        Object outcome = body;
        if (s == NORMAL) {
            return (V) outcome;
        }
        if (s == CANCELLED) {
            throw new CancellationException();
        }
        throw new ExecutionException((Throwable) outcome);
    }

    @Override
    public long getDelay(TimeUnit unit) {
        return unit.convert(deadline - scheduler.now(), TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
        if (other == this) {
            return 0;
        }
        if (other instanceof ScheduledTask && ((ScheduledTask<?>) other).scheduler == scheduler) {
            ScheduledTask<?> o = (ScheduledTask<?>) other;
            int byDeadline = Long.compare(deadline, o.deadline);
            return byDeadline != 0 ? byDeadline : Long.compare(sequence(), o.sequence());
        }
        // Another executor's deadlines are on its own clock, from its own origin: compare delays.
        return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
    }

    @Override
    public String toString() {
        int s = state();
        String status = s == NORMAL ? "[Completed normally]"
                : s == EXCEPTIONAL ? "[Completed exceptionally: " + body + "]"
                : s == CANCELLED ? "[Cancelled]"
                : "[Not completed, task = " + body + "]"; // running too, as a FutureTask says
        return super.toString() + status;
    }
}
