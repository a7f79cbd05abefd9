package io.github.radixwheel.alarms.internal;

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
 * @param <V> the result type
 */
public class ScheduledTask<V> extends WheelTask implements RunnableScheduledFuture<V> {
    /** Completed with a result. */
    static final int NORMAL = FIRST_OWN_STATE;
    /** Completed with an exception. */
    static final int EXCEPTIONAL = FIRST_OWN_STATE + 1;

    final TaskScheduler scheduler;
    /** The submission order. */
    private long sequence;
    /** The body while pending or running; the result or exception when done; null when cancelled. */
    private Object body;
    /** Whether {@link #body} is a {@link Callable}, not a {@link Runnable}. */
    private final boolean callable;
    /** Set by a thread that is about to wait for completion. */
    private volatile boolean waiting;

    ScheduledTask(TaskScheduler scheduler, Object body, boolean callable) {
        this.scheduler = scheduler;
        this.body = body;
        this.callable = callable;
    }

    @Override
    protected void scheduled(long sequence) {
        this.sequence = sequence;
    }

    @Override
    protected long sequence() {
        return sequence;
    }

    @Override
    public boolean isPeriodic() {
        return false;
    }

    /** The body, or null if it was dropped by a cancel. */
    final Object body() {
        return body;
    }

    @Override
    public void run() {
        claimAndRun(scheduler.core);
    }

    @Override
    protected void runClaimed() {
        Object b = body;
        if (b == null) {
            return; // cancelled (only a periodic task can be) between its claim and here
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
        afterRun(outcome, terminal);
    }

    /** Runs the body once. */
    @SuppressWarnings("unchecked")
    final Object call(Object b) throws Exception {
        if (callable) {
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
            body = null; // a periodic task cancelled during this run
        }
    }

    @Override
    protected void rejected(Throwable rejection) {
        complete(rejection, EXCEPTIONAL);
    }

    /** After the task reached a final state: wakes the threads waiting in {@code get}. */
    final void signal() {
        if (waiting) {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    /** After this task was cancelled (by a cancel that won it): drops the body and wakes the waiters. */
    final void cancelled() {
        body = null;
        // No fence needed before the flag's read: a waiter stores its flag, then reads the state and
        // waits out a cancel under way; the cancel's compare-and-set on the state (by this thread, or
        // by another that signals too) comes before this read. Volatile accesses are totally ordered,
        // so a waiter that read the state from before it has its flag seen here.
        signal();
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        if (!scheduler.core.cancel(this, isPeriodic())) {
            return false;
        }
        interruptRun(mayInterruptIfRunning);
        cancelled();
        scheduler.tryTerminate();
        return true;
    }

    /** A periodic task interrupts the thread of a run it cancelled, if asked to. */
    void interruptRun(boolean mayInterruptIfRunning) {
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
        waiting = true; // before the state is read again: a completion after this read sees it and notifies
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
        if (other instanceof ScheduledTask) {
            ScheduledTask<?> o = (ScheduledTask<?>) other;
            int byDeadline = Long.compare(deadline, o.deadline);
            return byDeadline != 0 ? byDeadline : Long.compare(sequence, o.sequence);
        }
        return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
    }

    @Override
    public String toString() {
        int s = state();
        String status = s == NORMAL ? "[Completed normally]"
                : s == EXCEPTIONAL ? "[Completed exceptionally: " + body + "]"
                : s == CANCELLED ? "[Cancelled]"
                : s == RUNNING ? "[Running]"
                : "[Not completed, task = " + body + "]";
        return super.toString() + status;
    }
}
