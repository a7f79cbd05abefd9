package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * What {@code TimingWheelExecutor} does, apart from the {@code ExecutorService} plumbing: its clock
 * (real, or manual with {@link #advanceTo}), scheduling, shutdown and termination, on a
 * {@link TimerCore}.
 *
 * <p><b>Clocks.</b> The real clock is the time elapsed since the executor was built, from
 * {@code System.nanoTime()}. The manual clock starts at 0 and moves only through
 * {@link #advanceTo}; while a task runs inside an advance on this thread, it reads the start of the
 * task's tick.
 */
public final class TaskScheduler {
    final TimerCore core;
    private final LongSupplier nanoTime;
    /** {@code nanoTime} when built (real clock). */
    private final long origin;
    /** Whether the clock is manual (the core keeps it). */
    private final boolean manual;
    /** Manual clock: the start of the tick of the task this thread runs inside an advance, if any. */
    private final ThreadLocal<long[]> inAdvance;
    private final CountDownLatch terminated = new CountDownLatch(1);
    /**
     * Manual clock: held by an advance while it moves the clock and runs or hands over the due tasks,
     * so that advances take turns (no task overlaps another, and none returns before the tasks due
     * before its target have run); with a task executor, also by a schedule from outside the tasks,
     * which must not slip in between the clock's move and the hand-over. A task that the task
     * executor runs never waits for it: the advance that handed the task over may be waiting for it.
     */
    private final ReentrantLock advances = new ReentrantLock();
    /**
     * Manual clock, task executor: a periodic task's next run, due already, waits to be handed over
     * by whoever holds {@link #advances} as it lets go, or by the task's own thread if none does.
     */
    private volatile boolean handOverWanted;
    /** Manual clock, task executor: set on a thread while it runs a task of this executor handed over. */
    private final ThreadLocal<Boolean> inHandedOverTask;
    /** Whether the driving thread has ended (or never started and never will). */
    private volatile boolean threadDone;
    /** Whether {@link #shutdownNow} was called: from then on a task that is run is cancelled instead. */
    private volatile boolean stopped;
    /**
     * The threads waiting in a future's {@code get}: a completion wakes waiters only while there are
     * some, so a future needs no flag of its own (it stays at 56 bytes).
     */
    private final AtomicInteger waiters = new AtomicInteger();

    /**
     * @param tickNanos the tick, positive
     * @param levelBits the wheel's levels
     * @param threadFactory makes the driving thread; unused on the manual clock
     * @param taskExecutor where tasks run, or null for the driving thread (or the advancing one)
     * @param manualClock whether time moves only through {@link #advanceTo}
     * @param nanoTime the source of {@code System.nanoTime()} readings
     */
    public TaskScheduler(long tickNanos, LevelBits levelBits, ThreadFactory threadFactory, Executor taskExecutor,
            boolean manualClock, LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        this.origin = manualClock ? 0 : nanoTime.getAsLong();
        this.manual = manualClock;
        this.inAdvance = manualClock ? new ThreadLocal<>() : null;
        this.inHandedOverTask = manualClock ? new ThreadLocal<>() : null;
        this.threadDone = manualClock;
        ThreadFactory exiting = manualClock ? null : r -> threadFactory.newThread(() -> {
            try {
                r.run();
            } finally {
                threadDone = true;
                tryTerminate();
            }
        });
        this.core = new TimerCore(tickNanos, levelBits, 0, taskExecutor, manualClock ? null : this::now, exiting,
                this::tryTerminate);
    }

    /** {@return the clock, in nanoseconds: see the class documentation} */
    public long now() {
        if (!manual) {
            return nanoTime.getAsLong() - origin;
        }
        long[] tick = inAdvance.get();
        return tick != null ? tick[0] : core.manualNow();
    }

    /** Counts a thread about to wait for a future of this executor; it then reads the future's state. */
    void addWaiter() {
        waiters.incrementAndGet();
    }

    /** Counts a waiting thread out again. */
    void removeWaiter() {
        waiters.decrementAndGet();
    }

    /** {@return whether a thread may be waiting for a future of this executor} */
    boolean hasWaiters() {
        return waiters.get() != 0;
    }

    /** {@return whether the clock is manual} */
    public boolean isManual() {
        return manual;
    }

    /** {@return the driving thread, or null on the manual clock} */
    public Thread thread() {
        return core.thread() == null ? null : core.thread().thread();
    }

    /**
     * Schedules a task.
     *
     * @param body a {@link Runnable} or a {@link java.util.concurrent.Callable}, not null
     * @param callable which of the two {@code body} is
     * @param delayNanos the delay; {@code <= 0} means the next tick
     * @param period 0 for a one-shot task; positive for a fixed rate; negative for minus a fixed delay
     * @return the future
     * @throws RejectedExecutionException if shut down
     */
    public <V> ScheduledTask<V> schedule(Object body, boolean callable, long delayNanos, long period) {
        ScheduledTask<V> task = period == 0 ? new ScheduledTask<>(this, body, callable)
                : new PeriodicTask<>(this, (Runnable) body, period);
        long sequence;
        if (manual && inAdvance.get() == null) {
            sequence = scheduleAfterManualNow(task, delayNanos);
        } else {
            sequence = core.schedule(task, Checks.saturatedAdd(now(), Math.max(0, delayNanos)));
        }
        if (sequence < 0) {
            throw new RejectedExecutionException("the executor has been shut down; task " + body + " refused");
        }
        return task;
    }

    /**
     * On the manual clock, outside an advance's tasks: the core reads the clock as it inserts. With a
     * task executor, not while an advance is handing tasks over: a task scheduled after the clock
     * moved would otherwise return before the tasks that the same advance found due were handed
     * over (found by Lincheck). A task run by the task executor schedules at once, as part of the
     * advance that handed it over (which may be waiting for it) or after it.
     */
    private long scheduleAfterManualNow(ScheduledTask<?> task, long delayNanos) {
        if (!core.handsOver() || inHandedOverTask.get() != null) {
            return core.scheduleAfter(task, delayNanos);
        }
        return inTurn(() -> core.scheduleAfter(task, delayNanos));
    }

    /**
     * A periodic task's next run, after its run on this thread; false if cancelled meanwhile or shut
     * down. On the manual clock with a task executor, a next run that is due already is handed over
     * as soon as no advance or schedule holds {@link #advances}: here if none does. The one that
     * does hands it over, next, before it lets go (a task executor that runs tasks on the calling
     * thread: its runs do not nest one inside the other) or as it lets go (one that runs them on
     * another thread, maybe waiting for it: this thread must not wait for the advance).
     */
    boolean rescheduled(ScheduledTask<?> task, long deadline) {
        if (!core.reschedule(task, deadline)) {
            return false;
        }
        if (manual && core.handsOver() && !advances.isHeldByCurrentThread()
                && core.tickOf(deadline) < core.clockTick(core.manualNow())) {
            handOverWanted = true;
            handOverIfWanted();
        }
        return true;
    }

    /** Manual clock, task executor, holding {@link #advances}: hands over every task due, re-runs included. */
    private void handOverDue() {
        core.runDueBefore(core.clockTick(core.manualNow()), WheelTask::runClaimed);
    }

    /**
     * Manual clock: runs {@code step} holding {@link #advances}, then hands over the next runs that
     * became due meanwhile on other threads, unless another advance or schedule holds it by then (it
     * does so in turn). A flag, then a try for the lock, on both sides: a run never waits for an
     * advance. Package-private so that a test can hold the turn.
     *
     * @return what {@code step} returns
     */
    long inTurn(LongSupplier step) {
        advances.lock();
        try {
            return step.getAsLong();
        } finally {
            advances.unlock();
            handOverIfWanted();
        }
    }

    private void handOverIfWanted() {
        while (handOverWanted && advances.tryLock()) {
            try {
                handOverWanted = false;
                handOverDue();
            } finally {
                advances.unlock();
            }
        }
    }

    /**
     * Runs {@code task}, which the task executor runs, on this thread. A thread that hands tasks
     * over and runs this one itself (a task executor that runs tasks on the calling thread) clears
     * its interrupt first, as it does for the tasks it runs without a task executor; such a thread
     * is the driving thread, or on the manual clock one that holds {@link #advances}, and there the
     * task reads the start of its tick as the clock, as without a task executor.
     */
    void runHandedOver(ScheduledTask<?> task) {
        if (!manual) {
            if (Thread.currentThread() == core.thread().thread()) {
                Thread.interrupted();
            }
            task.claimAndRun(core, task.isPeriodic());
        } else if (advances.isHeldByCurrentThread()) {
            Thread.interrupted();
            runInAdvance(task);
        } else {
            runMarked(task);
        }
    }

    /** Manual clock, on the thread of the advance that handed {@code task} over: at its tick's start. */
    private void runInAdvance(ScheduledTask<?> task) {
        long[] outer = inAdvance.get();
        inAdvance.set(new long[] {Math.min(core.manualNow(), core.tickStart(core.tickOf(task.deadline)))});
        try {
            runMarked(task);
        } finally {
            if (outer == null) {
                inAdvance.remove();
            } else {
                inAdvance.set(outer);
            }
        }
    }

    /** Manual clock: runs {@code task} with this thread marked as running a task handed over. */
    private void runMarked(ScheduledTask<?> task) {
        Boolean outer = inHandedOverTask.get();
        inHandedOverTask.set(Boolean.TRUE);
        try {
            task.claimAndRun(core, task.isPeriodic());
        } finally {
            if (outer == null) {
                inHandedOverTask.remove();
            }
        }
    }

    /** {@return the number of pending tasks, exact} */
    public int pendingTasks() {
        return core.pending();
    }

    /**
     * Manual clock: moves the clock to {@code nanos} and runs every task due before the start of its
     * tick, in order.
     *
     * @param nanos the new time; nothing happens unless it is after the clock
     * @throws IllegalStateException if the clock is real, or if called from a task that an advance of
     *     this executor runs on this thread (itself, or through a task executor that runs it there)
     */
    public void advanceTo(long nanos) {
        if (!manual) {
            throw Checks.state("advanceTo needs an executor built with manualClock(); this one runs its own thread");
        }
        if (inAdvance.get() != null || advances.isHeldByCurrentThread()) {
            throw Checks.state("advanceTo(" + nanos + ") called from a task run by advanceTo on the same executor");
        }
        inTurn(() -> {
            if (core.handsOver()) {
                handOverAsTheClockMoves(nanos);
            } else if (core.advanceManualClock(nanos)) {
                runDueBefore(nanos);
            }
            return 0;
        });
    }

    /**
     * Manual clock, task executor: the due tasks go to the task executor as the clock moves, then the
     * re-runs that became due meanwhile. A task executor may run them on this thread: the caller's
     * interrupt status is as it was on entry.
     */
    private void handOverAsTheClockMoves(long nanos) {
        boolean interrupted = Thread.interrupted();
        try {
            if (core.advanceManualClock(nanos)) {
                handOverDue();
            }
        } finally {
            Thread.interrupted(); // what the last task run here left
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Manual clock, no task executor: runs the tasks due before the tick of {@code nanos}, in order.
     * As a pool's worker does, each task starts with the interrupt cleared, so that an interrupt
     * meant for one task (a {@code cancel(true)} of a future that wraps it) reaches no other; the
     * caller's own interrupt status is as it was on entry.
     */
    private void runDueBefore(long nanos) {
        long[] tick = new long[1];
        boolean interrupted = Thread.interrupted();
        inAdvance.set(tick);
        try {
            core.runDueBefore(core.clockTick(nanos), task -> {
                tick[0] = Math.min(nanos, core.tickStart(core.tickOf(((ScheduledTask<?>) task).deadline)));
                Thread.interrupted();
                task.runClaimed();
            });
        } finally {
            inAdvance.remove();
            Thread.interrupted(); // what the last task left
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Stops accepting tasks; cancels the periodic ones, in the wheel or waiting in the task executor
     * (not yet started); the delayed ones still run.
     */
    public void shutdown() {
        for (WheelTask t : core.shutDown(task -> ((ScheduledTask<?>) task).isPeriodic(), true, true)) {
            ((ScheduledTask<?>) t).cancelled();
        }
        tryTerminate();
    }

    /**
     * Stops accepting tasks and takes every pending one out of the wheel (those already handed to
     * the task executor stay there); from then on a task that is run is cancelled instead.
     *
     * @return the tasks that never ran, still pending until run or cancelled
     */
    public List<Runnable> shutdownNow() {
        stopped = true; // first: a task dropped below, run by a caller, finds it set
        List<Runnable> dropped = new ArrayList<>();
        for (WheelTask t : core.shutDown(task -> true, false, false)) {
            dropped.add(t);
        }
        Thread thread = thread();
        if (thread != null && core.thread().isStarted()) {
            thread.interrupt(); // as a pool interrupts its workers: a running task may stop early
        }
        tryTerminate();
        return dropped;
    }

    /** {@return whether {@link #shutdownNow} was called: a task that is run from then on is cancelled} */
    boolean isStopped() {
        return stopped;
    }

    /** {@return whether shut down} */
    public boolean isShutdown() {
        return core.isShutDown();
    }

    /** {@return whether shut down and every task finished} */
    public boolean isTerminated() {
        return terminated.getCount() == 0;
    }

    /**
     * Waits until terminated.
     *
     * @return whether terminated within the time
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        if (terminated.getCount() == 0) {
            return true; // as a ScheduledThreadPoolExecutor: no wait, so no look at the interrupt
        }
        return timeout > 0 && terminated.await(timeout, unit);
    }

    /**
     * Checks the wheel's invariants.
     *
     * @throws IllegalStateException naming the first violation
     */
    public void checkInvariants() {
        core.checkInvariants();
    }

    /** Checks whether everything has ended, after something that may have ended the last work. */
    void tryTerminate() {
        if (core.isShutDown() && terminated.getCount() != 0 && core.isQuiescent()
                && (threadDone || core.thread() == null || !core.thread().isStarted())) {
            terminated.countDown();
        }
    }
}
