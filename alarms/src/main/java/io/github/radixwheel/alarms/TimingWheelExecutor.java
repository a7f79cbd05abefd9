package io.github.radixwheel.alarms;

import io.github.radixwheel.alarms.internal.DefaultThreads;
import io.github.radixwheel.alarms.internal.TaskScheduler;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.internal.Checks;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * A {@link ScheduledExecutorService} on the radix wheel: a drop-in for a one-thread
 * {@link ScheduledThreadPoolExecutor} with {@link ScheduledThreadPoolExecutor#setRemoveOnCancelPolicy
 * remove-on-cancel}, where a server keeps many delayed tasks (request timeouts, retries, leases),
 * most of them cancelled before they run.
 *
 * <p><b>Behaviour</b> is that of such a {@code ScheduledThreadPoolExecutor}, with its default
 * shutdown policies, except where stated here:
 * <ul>
 *   <li>Time is cut into ticks ({@link Builder#tick}, default 1 ms). A task never runs before its
 *       deadline; it runs once the tick that contains its deadline is over, so with the executor's
 *       own thread at most about one tick plus scheduling latency after it. Tasks due in the same
 *       tick run in submission order; a periodic task's later runs keep the place of its submission.
 *       A delay {@code <= 0} runs at the next tick; a delay too large
 *       to represent never runs (no overflow, no early run).</li>
 *   <li>{@code cancel} removes the task from the wheel at once, in O(1): a cancelled task is never
 *       retained. As in a {@code ScheduledThreadPoolExecutor}, it succeeds for a task that has not
 *       completed: a pending task then never runs; a running one is cancelled at once (its future
 *       completes, {@code get} throws {@link java.util.concurrent.CancellationException}), its
 *       outcome is dropped, and {@code cancel(true)} interrupts its run; a periodic task is not run
 *       again. The thread that ran a task cancelled during its run has its interrupt cleared at the
 *       end of that run, which the interrupt was meant for.</li>
 *   <li>The futures implement {@link RunnableScheduledFuture}: {@code getDelay} is measured on the
 *       executor's clock, and {@code compareTo} orders by deadline, then submission order. A
 *       periodic future's {@code run()} runs it only once it is due and handed over to run (to the
 *       task executor, or taken by the executor's thread); called earlier, it does nothing.</li>
 *   <li>After {@link #shutdown()}, delayed tasks still run and periodic ones are cancelled; new
 *       tasks get a {@link RejectedExecutionException}. {@link #shutdownNow()} returns the tasks
 *       that never ran and interrupts the driving thread; from then on a task that is run is
 *       cancelled instead (their futures stay incomplete until then). A periodic task that throws
 *       is not run again and its future completes with that exception. {@link #close()} is
 *       {@code shutdown()} then waiting for termination.</li>
 *   <li>An idle executor parks its thread: no CPU while nothing is due, no wake-up every tick. The
 *       thread (by default a non-daemon thread of normal priority named
 *       {@code radixwheel-executor-N}, as a pool's workers are, whichever thread builds the
 *       executor) starts with the first task.</li>
 * </ul>
 *
 * <p><b>The manual clock</b> ({@link Builder#manualClock()}), for tests: no thread; the clock starts
 * at 0 and moves only through {@link #advanceTo}, which runs every task due before the start of the
 * tick that contains the new time, in order, periodic re-runs included, on the calling thread (or
 * hands them to the task executor). While a task runs there, the clock ({@link #now()}) reads the
 * start of its tick, so a task that it schedules with a deadline before that bound runs in the same
 * call, in its place; other threads see the new time at once. A fixed-delay task's next run counts
 * from the end of the tick it ran in, as on the real clock ({@link #scheduleWithFixedDelay}). Each
 * task that runs on the calling thread starts with its interrupt cleared, as on a pool's worker, and
 * the caller's own interrupt status is restored when the call returns. With a task executor, the
 * due tasks are handed over one at a time, in order, periodic re-runs included: one that runs them
 * on the calling thread ({@code Runnable::run}) runs them in that order, one after the other, each
 * reading the start of its tick as above. A task that the task executor runs on another thread
 * reads the new time. The task executor may run each task on another thread and wait for it: a
 * task run there that schedules does not wait for the advance, and a periodic task's next run, if
 * due already, is handed over by that advance before it returns, or, once no advance is under way,
 * by the run's own thread, from inside the run (so a task executor that blocks while full needs
 * room for it). A thread other than a task's that schedules while an advance hands tasks over
 * waits for the advance (so that it never reads the new time before the tasks due are handed
 * over), as does an advance, even one to a time not after the clock: a task that the task executor
 * waits for must not advance the clock, nor wait for a thread that schedules.
 *
 * <p><b>Threads.</b> Thread-safe: any thread may call any method, also from inside a task. Tasks run
 * outside the executor's lock, on its thread or on the {@link Builder#taskExecutor task executor}.
 * A task that runs on the executor's thread (also through a task executor that runs tasks on the
 * calling thread) starts with the interrupt cleared, as on a pool's worker.
 *
 * <p><b>Implementation note.</b> Pending tasks sit in a radix wheel keyed by tick, as
 * {@link io.github.radixwheel.core.TimingWheelQueue}'s elements do, but intrusive (each future
 * carries its own links), under one lock. A schedule hands its task to
 * the wheel through a bounded ring without the lock, and a cancel wins its task by a compare-and-set,
 * taking the lock only to unlink one that has entered the wheel: both cost O(1), whatever the number
 * of pending tasks (a heap costs O(log n)). The thread takes the due tasks of a tick together, under
 * one hold of the lock, and claims each the same way just before it runs it, so that a cancel before
 * then still wins. Per pending task: a 56-byte future (64 if periodic), which carries its own links
 * in the wheel, and nothing else besides the task itself.
 */
public final class TimingWheelExecutor extends AbstractExecutorService implements ScheduledExecutorService,
        AutoCloseable {
    private static final AtomicInteger THREADS = new AtomicInteger();

    private final TaskScheduler scheduler;
    private final long tickNanos;

    private TimingWheelExecutor(Builder b) {
        this.tickNanos = b.tickNanos;
        ThreadFactory factory = b.threadFactory != null ? b.threadFactory
                : r -> DefaultThreads.make(r, "radixwheel-executor-" + THREADS.incrementAndGet(), false);
        this.scheduler = new TaskScheduler(b.tickNanos, b.levelBits, factory, b.taskExecutor, b.manualClock,
                b.nanoTime);
    }

    /**
     * {@return a builder with a 1 ms tick, {@link LevelBits#DEFAULT}, tasks run on the executor's own
     * thread, and the real clock}
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs {@code command} once, after {@code delay}. O(1), whatever the number of pending tasks;
     * allocates the future.
     *
     * @param command the task
     * @param delay the delay; {@code <= 0}: the next tick
     * @param unit its unit
     * @return the task's future, which {@code cancel} takes out of the wheel in O(1)
     * @throws NullPointerException if {@code command} or {@code unit} is null
     * @throws RejectedExecutionException if the executor has been shut down
     */
    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
        Checks.requireNonNull(command, "command");
        return scheduler.schedule(command, false, Checks.requireNonNull(unit, "unit").toNanos(delay), 0);
    }

    /**
     * Calls {@code callable} once, after {@code delay}. O(1), whatever the number of pending tasks;
     * allocates the future.
     *
     * @param callable the task
     * @param delay the delay; {@code <= 0}: the next tick
     * @param unit its unit
     * @param <V> the type of its result
     * @return the task's future, which {@code cancel} takes out of the wheel in O(1)
     * @throws NullPointerException if {@code callable} or {@code unit} is null
     * @throws RejectedExecutionException if the executor has been shut down
     */
    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
        Checks.requireNonNull(callable, "callable");
        return scheduler.schedule(callable, true, Checks.requireNonNull(unit, "unit").toNanos(delay), 0);
    }

    /**
     * Runs {@code command} after {@code initialDelay}, then every {@code period} after that first
     * deadline (runs that fall behind follow each other at once, never overlapping). O(1) per
     * schedule and per run; allocates the future once.
     *
     * @param command the task
     * @param initialDelay the delay of the first run; {@code <= 0}: the next tick
     * @param period the period, {@code > 0}
     * @param unit the unit of both
     * @return the task's future, which completes only when cancelled or when a run throws
     * @throws NullPointerException if {@code command} or {@code unit} is null
     * @throws IllegalArgumentException if {@code period <= 0}
     * @throws RejectedExecutionException if the executor has been shut down
     */
    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
        return schedulePeriodic(command, initialDelay, period, unit, "period", 1);
    }

    /**
     * Runs {@code command} after {@code initialDelay}, then again {@code delay} after each run ends.
     * A run ends no earlier than the end of the tick it ran in (a task runs once its tick is over),
     * so each next deadline is at least {@code delay} after that: a delay shorter than a tick runs
     * once per tick. On the manual clock, where a task reads the start of its tick, the next run is
     * therefore due one tick after that reading plus {@code delay}, as the real clock would run it
     * (a task that schedules itself again with {@code delay} from inside is due at that reading plus
     * {@code delay}). O(1) per schedule and per run; allocates the future once.
     *
     * @param command the task
     * @param initialDelay the delay of the first run; {@code <= 0}: the next tick
     * @param delay the delay after each run, {@code > 0}
     * @param unit the unit of both
     * @return the task's future, which completes only when cancelled or when a run throws
     * @throws NullPointerException if {@code command} or {@code unit} is null
     * @throws IllegalArgumentException if {@code delay <= 0}
     * @throws RejectedExecutionException if the executor has been shut down
     */
    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
        return schedulePeriodic(command, initialDelay, delay, unit, "delay", -1);
    }

    private ScheduledFuture<?> schedulePeriodic(Runnable command, long initialDelay, long period, TimeUnit unit,
            String name, int sign) {
        Checks.requireNonNull(command, "command");
        Checks.requireNonNull(unit, "unit");
        if (period <= 0) {
            throw Checks.argument(name + ": " + period + " " + unit + " (expected: > 0)");
        }
        return scheduler.schedule(command, false, unit.toNanos(initialDelay), sign * unit.toNanos(period));
    }

    /**
     * Runs {@code command} at the next tick, as {@code schedule(command, 0, NANOSECONDS)}; what it
     * throws is kept in its future, which this method does not return. O(1).
     *
     * @param command the task
     * @throws NullPointerException if {@code command} is null
     * @throws RejectedExecutionException if the executor has been shut down
     */
    @Override
    public void execute(Runnable command) {
        schedule(command, 0, TimeUnit.NANOSECONDS);
    }

    /**
     * As {@code schedule(task, 0, NANOSECONDS)}: runs at the next tick. O(1).
     *
     * @param task the task
     * @return its future, whose {@code get} returns null once it has run
     * @throws NullPointerException if {@code task} is null
     * @throws RejectedExecutionException if the executor has been shut down
     */
    @Override
    public Future<?> submit(Runnable task) {
        return schedule(task, 0, TimeUnit.NANOSECONDS);
    }

    /**
     * As {@code schedule(Executors.callable(task, result), 0, NANOSECONDS)}: runs at the next tick.
     * O(1).
     *
     * @param task the task
     * @param result what the future's {@code get} returns once it has run
     * @param <T> the type of the result
     * @return its future
     * @throws NullPointerException if {@code task} is null
     * @throws RejectedExecutionException if the executor has been shut down
     */
    @Override
    public <T> Future<T> submit(Runnable task, T result) {
        return schedule(Executors.callable(Checks.requireNonNull(task, "task"), result), 0, TimeUnit.NANOSECONDS);
    }

    /**
     * As {@code schedule(task, 0, NANOSECONDS)}: runs at the next tick. O(1).
     *
     * @param task the task
     * @param <T> the type of its result
     * @return its future
     * @throws NullPointerException if {@code task} is null
     * @throws RejectedExecutionException if the executor has been shut down
     */
    @Override
    public <T> Future<T> submit(Callable<T> task) {
        return schedule(task, 0, TimeUnit.NANOSECONDS);
    }

    /**
     * {@return the number of scheduled tasks that have neither started nor been cancelled or dropped
     * by a shutdown; a periodic task waiting for its next run counts. Exact, O(1)}
     */
    public int pendingTasks() {
        return scheduler.pendingTasks();
    }

    /**
     * {@return the executor's clock in nanoseconds, on which deadlines and {@code getDelay} are
     * measured: on the real clock, the time since the executor was built ({@link System#nanoTime()});
     * on the manual clock, the time the last {@link #advanceTo} moved it to (0 before), or, on a thread
     * that runs a task inside {@code advanceTo}, the start of that task's tick. O(1)}
     * For tests on the manual clock, a library's own clock (a {@link java.time.Clock}, say) can read
     * this, so that it agrees with the executor inside an advance.
     */
    public long now() {
        return scheduler.now();
    }

    /**
     * Manual clock only: moves the clock (which starts at 0) to {@code nanos}, and runs every task due
     * before the start of the tick that contains {@code nanos}, in order, periodic re-runs included,
     * on the calling thread (or hands them to the task executor). Does nothing if {@code nanos} is
     * not after the clock. Advances from several threads take turns: each returns once the tasks
     * due before its target have run (or been handed over), and no two tasks run at once. See the
     * class documentation for what tasks see meanwhile. Costs O(1) amortized per task run, plus
     * bitmap searches over the ticks passed (as {@code TimingWheelQueue.increaseMinAllowedKey}).
     *
     * @param nanos the new time
     * @throws IllegalStateException if the executor runs its own thread, or if called from a task
     *     that an {@code advanceTo} of this executor runs on this thread (also through a task
     *     executor that runs tasks on the calling thread)
     */
    public void advanceTo(long nanos) {
        scheduler.advanceTo(nanos);
    }

    /**
     * Stops accepting tasks; delayed tasks still run, periodic ones are cancelled (also those
     * waiting in the task executor, not yet started). Idempotent. O(pending tasks + occupied wheel
     * slots), for the periodic tasks it cancels.
     */
    @Override
    public void shutdown() {
        scheduler.shutdown();
    }

    /**
     * Stops accepting tasks, takes every pending task out, and interrupts the driving thread (a task
     * running there may stop early). Tasks already handed to the {@link Builder#taskExecutor task
     * executor} stay there and are not returned, as tasks that a pool's worker has taken. As in a
     * {@code ScheduledThreadPoolExecutor}, a task that is run from now on (one that this returned,
     * run by the caller, or one that the task executor gets to) is cancelled instead; a run that a
     * task executor's thread had begun before this call, and that had not yet started the task,
     * may still start it, as a pool's worker that had passed its check of the run state does.
     *
     * <p>O(pending tasks + occupied wheel slots).
     *
     * @return the tasks that never ran: their futures complete (cancelled) when they are run or
     *     cancelled
     */
    @Override
    public List<Runnable> shutdownNow() {
        return scheduler.shutdownNow();
    }

    /** {@return whether {@link #shutdown()} or {@link #shutdownNow()} was called} O(1). */
    @Override
    public boolean isShutdown() {
        return scheduler.isShutdown();
    }

    /** {@return whether shut down, with no pending task left and none running} */
    @Override
    public boolean isTerminated() {
        return scheduler.isTerminated();
    }

    /**
     * Waits until terminated, at most {@code timeout}. As a {@code ScheduledThreadPoolExecutor}'s,
     * returns true at once if terminated, and false at once if not and {@code timeout <= 0}, even
     * with the interrupt status set.
     *
     * @throws NullPointerException if {@code unit} is null
     * @throws InterruptedException if interrupted while waiting
     */
    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return scheduler.awaitTermination(timeout, Checks.requireNonNull(unit, "unit"));
    }

    /**
     * {@link #shutdown()}, then waits until terminated, as {@code ExecutorService.close()} does from
     * Java 19 on: if interrupted while waiting, calls {@link #shutdownNow()}, goes on waiting, and
     * restores the interrupt status. On the manual clock it does not wait (no thread could run the
     * remaining delayed tasks; they stay pending until {@link #advanceTo} runs them). On the real
     * clock, a task of this executor that calls it waits for itself, for good, as it would on a
     * {@code ScheduledThreadPoolExecutor}: a task should call {@link #shutdown()} instead.
     */
    @Override
    public void close() {
        shutdown();
        if (scheduler.isManual()) {
            return;
        }
        boolean interrupted = false;
        while (!isTerminated()) {
            try {
                awaitTermination(1, TimeUnit.DAYS);
            } catch (InterruptedException e) {
                if (!interrupted) {
                    shutdownNow();
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "TimingWheelExecutor[" + (isTerminated() ? "Terminated" : isShutdown() ? "Shutting down" : "Running")
                + ", pending tasks = " + pendingTasks() + ", tick = " + tickNanos + " ns, "
                + (scheduler.isManual() ? "manual clock at " + scheduler.now() : "thread " + scheduler.thread().getName())
                + "]";
    }

    /** Test support: checks the wheel's invariants. */
    void checkInvariants() {
        scheduler.checkInvariants();
    }

    /**
     * Configures a {@link TimingWheelExecutor}. Not thread-safe; each {@link #build} makes a new
     * executor.
     */
    public static final class Builder {
        private static final Duration MAX_TICK = Duration.ofNanos(Long.MAX_VALUE);

        private long tickNanos = 1_000_000L;
        private LevelBits levelBits = LevelBits.DEFAULT;
        private ThreadFactory threadFactory;
        private Executor taskExecutor;
        private boolean manualClock;
        private LongSupplier nanoTime = System::nanoTime;

        private Builder() {}

        /**
         * Sets the tick: the precision of deadlines.
         *
         * @param tick the tick; default 1 ms
         * @return this builder
         * @throws NullPointerException if {@code tick} is null
         * @throws IllegalArgumentException if {@code tick} is shorter than 1 ns or longer than
         *     {@link Long#MAX_VALUE} ns
         */
        public Builder tick(Duration tick) {
            Checks.requireNonNull(tick, "tick");
            if (tick.isNegative() || tick.isZero() || tick.compareTo(MAX_TICK) > 0) {
                throw Checks.argument("tick: " + tick + " (expected: 1.." + Long.MAX_VALUE + " ns)");
            }
            this.tickNanos = tick.toNanos();
            return this;
        }

        /**
         * Sets the levels of the wheel (extended with 1-bit levels to 63 bits, so every deadline fits).
         *
         * @param levelBits the levels; default {@link LevelBits#DEFAULT}
         * @return this builder
         * @throws NullPointerException if {@code levelBits} is null
         */
        public Builder levelBits(LevelBits levelBits) {
            this.levelBits = Checks.requireNonNull(levelBits, "levelBits");
            return this;
        }

        /**
         * Sets the factory of the driving thread.
         *
         * @param threadFactory makes the driving thread; default a non-daemon thread of normal
         *     priority named {@code radixwheel-executor-N}. Not used with {@link #manualClock()}
         * @return this builder
         * @throws NullPointerException if {@code threadFactory} is null
         */
        public Builder threadFactory(ThreadFactory threadFactory) {
            this.threadFactory = Checks.requireNonNull(threadFactory, "threadFactory");
            return this;
        }

        /**
         * Sets where tasks run.
         *
         * @param taskExecutor receives each due task (the future itself, a {@code Runnable}); a task
         *     it has not yet started can still be cancelled, and a periodic one is cancelled by
         *     {@code shutdown}; {@code shutdownNow} leaves it there, to be cancelled when it is run.
         *     If it refuses one, that task's future completes with the exception. Default: the
         *     driving thread (or the thread calling {@code advanceTo})
         * @return this builder
         * @throws NullPointerException if {@code taskExecutor} is null
         */
        public Builder taskExecutor(Executor taskExecutor) {
            this.taskExecutor = Checks.requireNonNull(taskExecutor, "taskExecutor");
            return this;
        }

        /**
         * No thread: time starts at 0 and moves only through {@link TimingWheelExecutor#advanceTo}.
         *
         * @return this builder
         */
        public Builder manualClock() {
            this.manualClock = true;
            return this;
        }

        /** Test support: the source of {@code System.nanoTime()} readings. */
        Builder nanoTime(LongSupplier nanoTime) {
            this.nanoTime = Checks.requireNonNull(nanoTime, "nanoTime");
            return this;
        }

        /**
         * Builds the executor. Its thread, if it has one, is made here by the thread factory and
         * starts with the first task; what the factory throws propagates, and nothing is built.
         *
         * @return a new executor
         * @throws NullPointerException if the thread factory returns null
         * @throws IllegalArgumentException if a level of the level bits has more than 24 bits, or the
         *     thread factory returns a thread already started
         */
        public TimingWheelExecutor build() {
            return new TimingWheelExecutor(this);
        }
    }
}
