package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.concurrent.ThreadFactory;

/**
 * The thread-safe core under {@code TimingWheelExecutor} and the Netty timer: a radix wheel of
 * {@link WheelTask}s keyed by tick, one lock, and the driving thread (or none, on a manual clock).
 *
 * <p><b>Time.</b> Times are nanoseconds on the owner's clock, never negative. A task with deadline
 * {@code d} has tick {@code d / tick} and falls due when the clock reaches the start of the next
 * tick, so it never runs early and, driven by the thread, runs at most about one tick plus
 * scheduling latency late. {@link #NEVER} is the deadline of a task that never falls due.
 *
 * <p><b>Admission, then hand-off</b> ({@link TaskHandOff}). On the real clock a producer is admitted by one
 * compare-and-set on a counter that also holds the shut-down flag and numbers the slots of a
 * bounded {@link TaskRing}; it then fills its slot, without the lock, and whoever next holds the
 * lock (the driving thread, a cancel, a producer that found the ring full) moves the task into the
 * wheel. Tasks enter the wheel in slot order, so tasks of one tick run in the order in which they
 * were admitted, and the refusals and {@link #pending} count from the admission. A run of due tasks
 * may miss a task whose producer has not yet filled its slot (and those behind it): it runs at the
 * next look, which the driving thread makes at the next tick while such a slot is open. On the
 * manual clock, producers insert under the lock, so that reading the clock and inserting are one
 * step with respect to an advance.
 *
 * <p><b>Who wins a task.</b> Every move of a task out of {@link WheelTask#PENDING} is a
 * compare-and-set on its state, so exactly one of a cancel, a claim by the thread that runs it and a
 * shutdown wins: a cancel that returns true means the task never starts, even one still in the ring.
 * A shutdown, and a claim other than the driving thread's, win under the lock and count the task as
 * gone there. A cancel wins without it: it counts the task on a counter of its own while the task
 * shows no state to anyone (they wait, briefly), then takes the task out of its ring slot by a
 * compare-and-set, and takes the lock only if the task had already entered the wheel, to unlink it.
 * Meanwhile the wheel may hold a cancelled task, which the driving thread skips. The driving
 * thread's claims are counted the same way, on a counter that only it writes. {@link #pending} reads
 * the admissions and both counters at one instant. Tasks run outside the lock.
 *
 * <p><b>Running.</b> Due tasks run in (tick, scheduling) order, and each is claimed only just
 * before it runs, so a task may cancel or reschedule a later one of the same tick. The driving
 * thread takes them from the wheel in batches, under one hold of the lock each, still pending, and
 * claims each as a cancel wins one: without the lock. On the manual clock, the caller of an advance
 * takes them one at a time, each claimed as it is taken, so that when its call ends no due task is
 * left pending. With a task executor, due tasks are instead handed over in batches, still pending:
 * each is claimed when it starts there, and a cancel before that wins.
 */
public final class TimerCore implements TimerThread.Driven {
    /** The deadline of a task that never falls due. */
    public static final long NEVER = Long.MAX_VALUE;
    /** {@link #schedule} result: refused, the core no longer accepts tasks. */
    public static final long SHUT_DOWN = -1;
    /** {@link #schedule} result: refused, the number of pending tasks is at its limit. */
    public static final long FULL = -2;

    /** The most tasks a driving thread hands over, or takes to run, under one hold of the lock. */
    private static final int HAND_OVER_BATCH = 256;
    /** {@link #win} results: lost; won a task that was pending; won one that was dropped or running. */
    private static final int LOST = 0;
    private static final int WON_PENDING = 1;
    private static final int WON_OTHER = 2;

    private final StripeLock lock = new StripeLock();
    /** Admissions (closed by a shutdown), insertions, departures, cancels and claims: the pending count. */
    private final TaskCounts counts = new TaskCounts();
    /** The real clock's hand-off from producers to the wheel; null on the manual clock. */
    private final TaskHandOff handOff;
    private final TaskWheel wheel;
    private final long tickNanos;
    private final long maxPending;
    /** Where tasks run; null: on the thread that finds them due. */
    private final Executor taskExecutor;
    /** The driving thread; null on a manual clock. */
    private final TimerThread thread;
    /**
     * Threads running claimed tasks: one per task claimed through {@link #claim}, one per call of
     * {@link #runDueBefore} that runs tasks itself (for all of them); see {@link #finished}.
     */
    private final AtomicLong running = new AtomicLong();
    /** The driving thread's reusable batch: of tasks to hand over, or with no task executor, to run. */
    private final WheelTask[] drivingBatch;

    /** Called when, shut down, the last claimed task finishes; and by whoever else may end the last work. */
    private final Runnable onQuiescent;
    /** Set by {@link #shutDown}, before it looks whether anything runs: read without the lock. */
    private volatile boolean shutDown;

    /** The manual clock, if there is no driving thread; written under the lock. */
    private volatile long manualNow;

    /**
     * @param tickNanos the tick, positive
     * @param levelBits the wheel's levels (extended to 63 bits, so every tick fits)
     * @param maxPending the most pending tasks, or {@code <= 0} for no limit
     * @param taskExecutor where tasks run, or null for the thread that finds them due
     * @param clock the driving thread's clock, or null for a manual clock (no thread)
     * @param threadFactory makes the driving thread (unused with a manual clock)
     * @param onQuiescent called (on any thread, maybe more than once) when after a shutdown the last
     *     claimed task finishes; the owner then checks {@link #isQuiescent}
     */
    public TimerCore(long tickNanos, LevelBits levelBits, long maxPending, Executor taskExecutor, LongSupplier clock,
            ThreadFactory threadFactory, Runnable onQuiescent) {
        this.onQuiescent = onQuiescent;
        this.tickNanos = tickNanos;
        this.wheel = new TaskWheel(levelBits, tickNanos);
        this.maxPending = maxPending;
        this.taskExecutor = taskExecutor;
        this.drivingBatch = clock == null ? null : new WheelTask[HAND_OVER_BATCH];
        this.thread = clock == null ? null : new TimerThread(this, clock, threadFactory);
        this.handOff = clock == null ? null : new TaskHandOff(counts, lock, wheel);
    }

    /** {@return the tick in nanoseconds} */
    public long tickNanos() {
        return tickNanos;
    }

    /** {@return the driving thread, or null on a manual clock} */
    public TimerThread thread() {
        return thread;
    }

    /** {@return the tick that contains {@code time} (not negative)} */
    public long tickOf(long time) {
        return time == NEVER ? Long.MAX_VALUE : time / tickNanos;
    }

    /**
     * {@return the tick that contains clock time {@code now}} Unlike {@link #tickOf}, which reads a
     * deadline of {@link #NEVER} as "never", the clock's last value lies in a tick of its own.
     */
    public long clockTick(long now) {
        return now / tickNanos;
    }

    /** {@return the start of tick {@code tick}, saturating at {@link Long#MAX_VALUE}} */
    public long tickStart(long tick) {
        return tick > Long.MAX_VALUE / tickNanos ? Long.MAX_VALUE : tick * tickNanos;
    }

    /**
     * Schedules a new task, {@link WheelTask#PENDING} and in no wheel, to fall due after {@code deadline};
     * starts the driving thread if it has not started. On the real clock the task goes through the
     * ring, without the lock (under it only when the ring is full); on the manual clock it is
     * inserted under the lock. O(1) amortized.
     *
     * @param task the task
     * @param deadline its deadline on the owner's clock, or {@link #NEVER}
     * @return the task's sequence number, or {@link #SHUT_DOWN} or {@link #FULL}: tasks of one tick
     *     run in the order of their sequence numbers (on the real clock, their slots in the ring)
     */
    public long schedule(WheelTask task, long deadline) {
        if (handOff == null) {
            return add(task, deadline, false);
        }
        long slot = handOff.admit(task, deadline, maxPending);
        if (slot >= 0) {
            armed(tickOf(deadline));
        }
        return slot;
    }

    /** Under the lock: moves what producers handed off into the wheel, in order. */
    private void drainRing() {
        if (handOff != null) {
            handOff.drain();
        }
    }

    /**
     * Manual clock: as {@link #schedule}, with the deadline {@code delayNanos} (0 if negative) after
     * the manual clock, read under the lock, so that the reading and the insertion are one step with
     * respect to {@link #advanceManualClock}.
     */
    public long scheduleAfter(WheelTask task, long delayNanos) {
        return add(task, Math.max(0, delayNanos), true);
    }

    private long add(WheelTask task, long deadlineOrDelay, boolean afterManualNow) {
        long deadline = deadlineOrDelay;
        long tick;
        long sequence;
        lock.lock();
        try {
            drainRing(); // whatever was handed over first enters first
            if (isClosed()) {
                return SHUT_DOWN;
            }
            if (maxPending > 0 && counts.pendingUnderLock() >= maxPending) {
                return FULL;
            }
            sequence = counts.countInserted();
            if (afterManualNow) {
                deadline = saturatedAdd(manualNow, deadlineOrDelay);
            }
            tick = tickOf(deadline);
            task.deadline = deadline;
            task.scheduled(sequence);
            wheel.add(task);
        } finally {
            lock.unlock();
        }
        armed(tick);
        return sequence;
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < a ? NEVER : sum;
    }

    /** {@return the manual clock (0 until {@link #advanceManualClock} moves it)} */
    public long manualNow() {
        return manualNow;
    }

    /**
     * Manual clock: moves it to {@code nanos} if that is later. The caller then runs, or hands over,
     * the tasks due before the tick of {@code nanos} ({@link #runDueBefore}).
     *
     * @param nanos the new time
     * @return whether the clock moved
     */
    public boolean advanceManualClock(long nanos) {
        lock.lock();
        try {
            if (nanos <= manualNow) {
                return false;
            }
            manualNow = nanos;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Schedules a periodic task again after its run, unless it was cancelled meanwhile or the core
     * no longer accepts tasks, in which case it is cancelled.
     *
     * @param task a task that this thread claimed, not yet finished
     * @param deadline its next deadline
     * @return whether it is pending again
     */
    public boolean reschedule(WheelTask task, long deadline) {
        long tick = tickOf(deadline);
        lock.lock();
        try {
            drainRing();
            wheel.releaseHandedOver(task); // taken to run by the driving thread, which has not yet released it
            if (isClosed()) {
                task.casState(WheelTask.RUNNING, WheelTask.CANCELLED);
                return false;
            }
            counts.countInserted(); // first, so that a cancel's count never comes before it
            if (!task.casState(WheelTask.RUNNING, WheelTask.PENDING)) {
                counts.countLeft(); // cancelled during its run: balances the insertion, and both counts only grow
                return false;
            }
            task.deadline = deadline;
            wheel.addInSubmissionOrder(task); // as submitted then: before the tasks of its tick submitted after it
        } finally {
            lock.unlock();
        }
        armed(tick);
        return true;
    }

    private void armed(long tick) {
        TimerThread t = thread;
        if (t != null) {
            t.start();
            t.wakeIfEarlier(tickStart(tick == Long.MAX_VALUE ? tick : tick + 1));
        }
    }

    /**
     * Cancels a pending task: it leaves its ring slot or the wheel at once and never starts. O(1);
     * takes the lock only for a task that has entered the wheel.
     *
     * @param task the task
     * @param evenIfRunning whether a claimed task (between the start and the end of a run) may be
     *     cancelled too: its outcome is then dropped, and a periodic one not run again
     * @param interrupt whether a cancel of a running task calls its {@link WheelTask#interruptRun}
     * @return whether this call cancelled it
     */
    public boolean cancel(WheelTask task, boolean evenIfRunning, boolean interrupt) {
        int outcome;
        if (!shutDown) {
            outcome = win(task, evenIfRunning, interrupt);
        } else {
            // A shutdown under way closes admission and then takes the tasks, under the lock: a
            // cancel that saw it (or a refusal that followed from it) must not win in between.
            lock.lock();
            try {
                outcome = win(task, evenIfRunning, interrupt);
            } finally {
                lock.unlock();
            }
        }
        if (outcome == WON_PENDING) {
            unlinkCancelled(task);
            if (shutDown && thread != null) {
                thread.wake(); // parked until this task's deadline, it may end now that nothing is pending
            }
        }
        return outcome != LOST;
    }

    /**
     * Moves a task to {@link WheelTask#CANCELLED} if it may be cancelled; a pending one is counted
     * as cancelled, and the caller then takes it out of where it is.
     */
    private int win(WheelTask task, boolean evenIfRunning, boolean interrupt) {
        for (int attempt = 0; ; attempt++) {
            int s = task.rawState();
            if (s == WheelTask.PENDING) {
                if (task.casState(WheelTask.PENDING, WheelTask.LEAVING)) {
                    counts.countCancel(); // the cancel takes effect here
                    task.setState(WheelTask.CANCELLED);
                    return WON_PENDING;
                }
            } else if (s == WheelTask.LEAVING) {
                StripeLock.pause(attempt); // a cancel or claim is under way: this one fails once it is done
            } else if (s == WheelTask.RUNNING && evenIfRunning) {
                if (task.casState(WheelTask.RUNNING, WheelTask.LEAVING)) {
                    // Held: the run cannot end before this is done, so the interrupt reaches that run only.
                    try {
                        if (interrupt) {
                            task.interruptRun();
                        }
                    } finally {
                        task.setState(WheelTask.CANCELLED);
                    }
                    return WON_OTHER; // counted as gone when claimed, and in no wheel
                }
            } else if (s == WheelTask.DROPPED) {
                if (task.casState(s, WheelTask.CANCELLED)) {
                    return WON_OTHER; // no longer counted as pending, and in no wheel
                }
            } else {
                return LOST;
            }
        }
    }

    /**
     * After a cancel won a task: takes it out of its ring slot, or if it has entered the wheel (or was
     * handed over), out of there under the lock.
     */
    private void unlinkCancelled(WheelTask task) {
        int node = task.node; // a hint: the slot's compare-and-set decides
        if (handOff != null && WheelTask.isInRing(node) && handOff.tryClear(task, node)) {
            return;
        }
        lock.lock();
        try {
            unlink(task);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Claims a pending task for the calling thread, which then runs it: wherever it is (in the wheel,
     * handed over, dropped), it leaves and stops counting as pending.
     *
     * @param task the task
     * @return whether this call claimed it; false if it was cancelled or claimed already
     */
    public boolean claim(WheelTask task) {
        return claim(task, false);
    }

    /**
     * As {@link #claim(WheelTask)}; with {@code onlyIfHandedOver}, only a task that the core handed
     * to the task executor (or a shutdown dropped) is claimed. A periodic task is the same object in
     * each of its runs, so a {@code run} call that some earlier hand-over left behind (the task
     * executor's, after a caller ran the task and it was scheduled again) must not start a later
     * run of it early.
     *
     * @param task the task
     * @param onlyIfHandedOver whether to claim only a task handed over or dropped
     * @return whether this call claimed it
     */
    public boolean claim(WheelTask task, boolean onlyIfHandedOver) {
        lock.lock();
        try {
            if (onlyIfHandedOver && task.node != WheelTask.HANDED_OVER
                    && task.settledState() != WheelTask.DROPPED) {
                return false; // pending in the wheel or the ring, running, or done: not this call's run
            }
            if (task.casState(WheelTask.PENDING, WheelTask.RUNNING)) {
                unlink(task);
                counts.countLeft();
            } else if (!task.casState(WheelTask.DROPPED, WheelTask.RUNNING)) {
                task.settledState();
                return false; // cancelled or claimed already
            }
            running.incrementAndGet();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Under the lock: takes a task whose state has left {@link WheelTask#PENDING} out of wherever it
     * still is: its ring slot, the wheel, or handed over. Counts nothing.
     */
    private void unlink(WheelTask task) {
        int node = task.node;
        if (node >= 0) {
            wheel.remove(task);
        } else if (WheelTask.isInRing(node)) {
            handOff.tryClear(task, node); // else not yet published, or drained: the drain skips it
        }
        task.node = WheelTask.OFF_WHEEL;
    }

    /** Tells the core that a task it let this thread claim has ended its run (whatever its state now). */
    public void finished() {
        if (running.decrementAndGet() == 0 && shutDown) {
            if (thread != null && Thread.currentThread() != thread.thread()) {
                thread.wake(); // it may be parked until the deadline of a task that a caller claimed and ran
            }
            onQuiescent.run();
        }
    }

    /**
     * Takes the first task if it falls due before tick {@code bound}, claimed for the calling thread,
     * which counts itself as running ({@link #runDueBefore}) for all the tasks it takes.
     *
     * @param bound the first tick not due
     * @return the task, or null if none is due
     */
    private WheelTask pollDue(long bound) {
        lock.lock();
        try {
            drainRing();
            while (wheel.hasTickBefore(bound)) {
                WheelTask task = wheel.pollMin();
                if (task.casState(WheelTask.PENDING, WheelTask.RUNNING)) {
                    counts.countLeft();
                    return task;
                }
                task.settledState();
                // Cancelled after it entered the wheel; its cancel, on its way to the lock, finds it gone.
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes up to {@code out.length} tasks due before tick {@code bound}, in order, still pending
     * (handed over: a cancel before their claim wins).
     *
     * @return how many were put in {@code out}
     */
    private int handOverDue(long bound, WheelTask[] out) {
        lock.lock();
        try {
            drainRing();
            int n = 0;
            while (n < out.length && wheel.hasTickBefore(bound)) {
                WheelTask task = takeDueToHandOver();
                if (task != null) {
                    out[n++] = task;
                }
            }
            return n;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Under the lock: takes the first task out of the wheel to be handed over, still pending; it waits
     * in the wheel's list of such tasks, so that a shutdown finds it. A task cancelled after it
     * entered the wheel is dropped instead.
     *
     * @return the task, or null if it was cancelled
     */
    private WheelTask takeDueToHandOver() {
        WheelTask task = wheel.pollMinToHandOver();
        if (task.settledState() != WheelTask.PENDING) {
            wheel.remove(task); // its cancel, on its way to the lock, finds it gone
            return null;
        }
        return task;
    }

    /**
     * Runs, on the calling thread, or hands to the task executor, every task due before tick
     * {@code bound}, in order, including those that the runs make due. Off the driving thread, tasks
     * are handed over one at a time, each taken after the last hand-over returned: a task executor
     * that runs them on the calling thread then finds a periodic task's next run in its place.
     *
     * @param bound the first tick not due
     * @param runner runs a claimed task on the calling thread (when there is no task executor)
     * @return whether any task was due
     */
    public boolean runDueBefore(long bound, Consumer<WheelTask> runner) {
        boolean onDrivingThread = thread != null && Thread.currentThread() == thread.thread();
        if (taskExecutor != null) {
            return handOverDueBefore(bound, onDrivingThread ? drivingBatch : new WheelTask[1]);
        }
        if (onDrivingThread) {
            return runDueInBatches(bound, runner, drivingBatch);
        }
        boolean any = false;
        running.incrementAndGet(); // once for every task this call takes: counted before the first claim
        try {
            for (WheelTask task; (task = pollDue(bound)) != null; ) {
                any = true;
                try {
                    runner.accept(task);
                } catch (Throwable t) {
                    // runClaimed reports what a task throws; this keeps a thread that runs tasks
                    // alive whatever else goes wrong.
                }
            }
        } finally {
            finished();
        }
        return any;
    }

    private boolean handOverDueBefore(long bound, WheelTask[] batch) {
        boolean any = false;
        for (int n; (n = handOverDue(bound, batch)) > 0; ) {
            any = true;
            for (int i = 0; i < n; i++) {
                handOver(batch[i]);
                batch[i] = null;
            }
        }
        return any;
    }

    /**
     * The driving thread's {@link #runDueBefore} without a task executor: takes the due tasks in
     * batches of one tick, under one hold of the lock each, still pending and in the wheel's list of
     * tasks handed over (so that a shutdown finds them), and claims each without the lock just before it
     * runs, so that a cancel before then wins. The order is the one-at-a-time order: a task that a run
     * schedules, or a periodic task scheduled again (at a fixed rate, maybe in the batch's tick), goes
     * after the batch's tasks. They leave that list at the next hold of the lock. Package-private so
     * that a test can stand in for the driving thread: only one thread at a time may call it, since the
     * claims' count has one writer.
     */
    boolean runDueInBatches(long bound, Consumer<WheelTask> runner, WheelTask[] batch) {
        boolean any = false;
        int n = 0;
        running.incrementAndGet(); // once for every task this call takes: counted before the first claim
        try {
            while ((n = takeDueBatch(bound, batch, n)) > 0) {
                for (int i = 0; i < n; i++) {
                    WheelTask task = batch[i];
                    if (claimTaken(task)) {
                        any = true;
                        try {
                            runner.accept(task);
                        } catch (Throwable t) {
                            // as in runDueBefore: the thread stays alive
                        }
                    }
                }
            }
        } finally {
            if (n > 0) {
                lock.lock();
                try {
                    releaseBatch(batch, n);
                } finally {
                    lock.unlock();
                }
            }
            finished();
        }
        return any;
    }

    /**
     * Releases the {@code previous} tasks of the last batch from the wheel, then takes up to
     * {@code batch.length} tasks of the first tick before {@code bound} that has any, in order,
     * still pending.
     *
     * @return how many were put in {@code batch}
     */
    private int takeDueBatch(long bound, WheelTask[] batch, int previous) {
        lock.lock();
        try {
            releaseBatch(batch, previous);
            drainRing();
            int n = 0;
            while (n == 0 && wheel.hasTickBefore(bound)) { // a tick of cancelled tasks: the next
                long tick = wheel.minTick(); // known: O(1)
                while (n < batch.length && wheel.hasTickBefore(tick + 1)) { // the first is at tick
                    WheelTask task = takeDueToHandOver();
                    if (task != null) {
                        batch[n++] = task;
                    }
                }
            }
            return n;
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock: releases from the wheel the first {@code n} tasks of a batch that are still in it. */
    private void releaseBatch(WheelTask[] batch, int n) {
        for (int i = 0; i < n; i++) {
            WheelTask task = batch[i];
            if (task != null) {
                wheel.releaseHandedOver(task);
                batch[i] = null;
            }
        }
    }

    /**
     * The driving thread claims a task of its batch, just before it runs it: as a cancel wins a task,
     * without the lock, counted while the task shows no state; under the lock once a shutdown has
     * begun, as a cancel does. It leaves the wheel's list later ({@link #releaseBatch}).
     *
     * @return whether it claimed the task; false if a cancel, a shutdown or a caller of its
     *     {@code run} won it
     */
    private boolean claimTaken(WheelTask task) {
        if (shutDown) {
            lock.lock();
            try {
                return claimTakenUnderLock(task);
            } finally {
                lock.unlock();
            }
        }
        if (!task.casState(WheelTask.PENDING, WheelTask.LEAVING)) {
            task.settledState();
            return false;
        }
        if (task.node != WheelTask.HANDED_OVER) {
            // Pending again, but not from this batch: a caller ran this periodic task and it was
            // scheduled again (the compare-and-set above read that, so this read sees where it went).
            task.setState(WheelTask.PENDING);
            return false;
        }
        counts.countDrivingClaim();
        task.setState(WheelTask.RUNNING);
        return true;
    }

    private boolean claimTakenUnderLock(WheelTask task) {
        if (task.node != WheelTask.HANDED_OVER) {
            return false; // left the batch: claimed, run and scheduled again by a caller, or taken by the shutdown
        }
        if (!task.casState(WheelTask.PENDING, WheelTask.RUNNING)) {
            task.settledState();
            return false;
        }
        counts.countLeft();
        wheel.releaseHandedOver(task);
        return true;
    }

    /** Gives a task taken from the wheel to the task executor; if it refuses, the task is told so. */
    private void handOver(WheelTask task) {
        try {
            taskExecutor.execute(task);
        } catch (Throwable rejected) {
            if (claim(task)) {
                try {
                    task.rejected(rejected);
                } finally {
                    finished();
                }
            }
        }
    }

    /**
     * Accepts no task from now on, and takes every pending task that {@code which} selects out of
     * the wheel. O(slots + tasks).
     *
     * @param which selects the tasks to take (called under the lock: must not call the core)
     * @param handedOverToo whether tasks handed to the task executor and not yet claimed are taken
     *     too; else they stay there, pending until the task executor claims them
     * @param cancel whether the tasks taken become {@link WheelTask#CANCELLED}; else they stay
     *     pending, dropped, for a caller to claim and run
     * @return the tasks taken, in no particular order
     */
    public List<WheelTask> shutDown(Predicate<WheelTask> which, boolean handedOverToo, boolean cancel) {
        List<WheelTask> taken = new ArrayList<>();
        shutDown = true;
        lock.lock(); // closed under the lock, so that no other shutdown and no claim comes between
        try {
            long admitted = counts.close();
            drainRing();
            if (handOff != null) {
                handOff.awaitDrained(admitted); // their producers were admitted before the close
            }
            // No producer can be admitted any more, and every admitted one has entered.
            List<WheelTask> found = new ArrayList<>();
            wheel.forEach(task -> {
                // Without a task executor, a task in the list of tasks handed over was taken by the
                // driving thread to run, and is not yet claimed: it is still waiting.
                if ((handedOverToo || taskExecutor == null || wheel.isLinked(task)) && which.test(task)) {
                    found.add(task);
                }
            });
            for (WheelTask task : found) {
                if (task.casState(WheelTask.PENDING, cancel ? WheelTask.CANCELLED : WheelTask.DROPPED)) {
                    counts.countLeft();
                    taken.add(task);
                } else {
                    task.settledState();
                }
                unlink(task); // also one that a cancel won: that cancel, on its way to the lock, finds it gone
            }
        } finally {
            lock.unlock();
        }
        if (thread != null) {
            thread.wake(); // to end, if the wheel emptied
        }
        return taken;
    }

    /** {@return whether {@link #shutDown} has been called} */
    public boolean isShutDown() {
        return shutDown;
    }

    /** {@return whether due tasks are handed to a task executor rather than run where found} */
    public boolean handsOver() {
        return taskExecutor != null;
    }

    /**
     * {@return the number of pending tasks: admitted and not yet claimed, cancelled or dropped (in
     * the ring, in the wheel, or handed over); exact}
     */
    public int pending() {
        lock.lock();
        try {
            return counts.pendingUnderLock();
        } finally {
            lock.unlock();
        }
    }

    /** {@return the number of tasks admitted through the ring so far} */
    long admittedThroughRing() {
        return counts.admittedThroughRing();
    }

    /** Under the lock: whether every slot admitted has been drained (no producer is filling one). */
    private boolean ringDrained() {
        return handOff == null || handOff.isDrained();
    }

    private boolean isClosed() {
        return counts.isClosed();
    }

    /** {@return whether the core is shut down, nothing is pending and no claimed task is running} */
    public boolean isQuiescent() {
        lock.lock();
        try {
            return isClosed() && counts.pendingUnderLock() == 0 && running.get() == 0;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Checks the wheel's invariants and the counts; when no producer is inside {@link #schedule} and
     * no thread inside {@link #cancel}, also that every pending task is in the wheel or handed over,
     * and every task there is pending.
     *
     * @throws IllegalStateException naming the first violation
     */
    public void checkInvariants() {
        lock.lock();
        try {
            drainRing();
            wheel.checkInvariants();
            if (running.get() < 0) {
                throw new IllegalStateException("running " + running.get());
            }
            // Tasks in the wheel by state; a cancel on its way to the lock leaves one there for a moment.
            int[] byState = new int[3]; // pending, a cancel or claim under way, gone
            wheel.forEach(task -> {
                int s = task.rawState();
                byState[s == WheelTask.PENDING ? 0 : s == WheelTask.LEAVING ? 1 : 2]++;
            });
            int pending = counts.pendingUnderLock();
            if (ringDrained() && byState[1] == 0 && pending != byState[0]) {
                throw new IllegalStateException("pending " + pending + " (" + counts + ") but " + byState[0]
                        + " pending tasks in the wheel or handed over (" + wheel.size() + " in the wheel, "
                        + wheel.handedOver() + " handed over)");
            }
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- the driving thread

    @Override
    public boolean runDue(long now) {
        return runDueBefore(clockTick(now), TimerCore::runOnDrivingThread);
    }

    private static void runOnDrivingThread(WheelTask task) {
        Thread.interrupted(); // a task may have left the flag set: the next one starts clear, as in a pool
        task.runClaimed();
    }

    /**
     * {@inheritDoc} While a producer is still filling a slot of the ring, the tasks published behind
     * it are out of this look's sight, and the hints of their armings were spent on it: the thread
     * then looks again at the next tick, so that they run once the slot is filled.
     */
    @Override
    public long nextDueTime(long now) {
        long tick;
        boolean gap;
        lock.lock();
        try {
            drainRing();
            tick = wheel.minTickLowerBound(); // waking early only moves a slot down: no walk of one
            gap = !ringDrained();
        } finally {
            lock.unlock();
        }
        if (gap) {
            tick = Math.min(tick, clockTick(now));
        }
        return tick == Long.MAX_VALUE ? Long.MAX_VALUE : tickStart(tick + 1);
    }

    @Override
    public boolean isFinished() {
        lock.lock();
        try {
            drainRing();
            // Shut down, nothing in the wheel, and no admitted task still on its way through the ring.
            return isClosed() && wheel.isEmpty() && ringDrained();
        } finally {
            lock.unlock();
        }
    }
}
