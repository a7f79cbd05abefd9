package io.github.radixwheel.netty;

import io.github.radixwheel.alarms.internal.TimerCore;
import io.github.radixwheel.alarms.internal.WheelTask;
import io.github.radixwheel.core.LevelBits;
import io.netty.util.Timeout;
import io.netty.util.Timer;
import io.netty.util.TimerTask;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Netty's {@link Timer} on the radix wheel: a drop-in for {@link io.netty.util.HashedWheelTimer}.
 * Replace {@code new HashedWheelTimer(...)} with {@code new RadixWheelTimer(...)}.
 *
 * <p><b>Behaviour</b> is that of {@code HashedWheelTimer}, with these differences, all of them
 * guarantees that it lacks:
 * <ul>
 *   <li>{@link Timeout#cancel()} takes the timeout out of the wheel at once, in O(1): a cancelled
 *       timeout (and its task) is not retained until its bucket comes round, and
 *       {@link #pendingTimeouts()} is exact at every moment.</li>
 *   <li>An idle timer uses no CPU: the thread parks until the next timeout falls due, instead of
 *       waking every tick.</li>
 *   <li>A timeout never expires before its deadline and, on the timer's thread, at most about one
 *       tick plus scheduling latency after it; timeouts due in the same tick expire in the order of
 *       {@code newTimeout}. There is no bucket count to choose.</li>
 *   <li>The limit of pending timeouts ({@code maxPendingTimeouts}) is exact, not approximate.</li>
 *   <li>With a task executor, a timeout handed to it stays pending until it starts there: it still
 *       counts in {@link #pendingTimeouts()} and against {@code maxPendingTimeouts}, {@code cancel()}
 *       still wins it, and {@link #stop()} cancels it. ({@code HashedWheelTimer} counts it as
 *       expired once handed over.)</li>
 * </ul>
 * Smaller differences: the thread clears a task's leftover interrupt before the next task starts;
 * warnings are logged under this class's name; the constructors that take {@code ticksPerWheel}
 * and {@code leakDetection} exist so that code written for {@code HashedWheelTimer} compiles, and
 * only check {@code ticksPerWheel}.
 * As in {@code HashedWheelTimer}: the tick defaults to 100 ms, and a tick under 1 ms is raised to
 * 1 ms; the thread (from {@link Executors#defaultThreadFactory()} by default) starts with the first
 * timeout (unlike it, a constructor refuses a thread factory that returns null, with a
 * {@link NullPointerException}, or a thread already started, with an
 * {@link IllegalArgumentException}); a delay {@code <= 0} expires at the next tick and a huge one never overflows; a task that
 * throws is logged through Netty's logger and the timer goes on; {@link #stop()} returns the
 * timeouts that had not expired, each now cancelled, and may not be called from a task; a stopped
 * timer refuses new timeouts with {@link IllegalStateException}. With Netty 4.2, whose
 * {@code TimerTask} has {@code cancelled(Timeout)}, that method is called for every timeout
 * cancelled through {@code cancel()} or {@code stop()}, on the cancelling thread, before the call
 * returns, so it runs holding whatever locks the caller of {@code cancel()} holds.
 * ({@code HashedWheelTimer} calls it later, on its own thread at its next tick, and not for the
 * timeouts that its {@code stop()} returns.)
 *
 * <p><b>Implementation note.</b> Pending timeouts sit in a radix wheel keyed by tick under one lock.
 * {@code newTimeout} hands its timeout to the wheel through a bounded ring without the lock, and
 * {@code cancel} wins its timeout by a compare-and-set, taking the lock only to unlink one that has
 * entered the wheel: both O(1). The thread takes the due timeouts of a tick together, under one
 * hold of the lock, and claims each the same way just before it runs it, in order, so that a cancel
 * before then still wins. Per pending timeout: a 48-byte {@link Timeout}, which carries its own
 * links in the wheel, and nothing else (Netty's timeout takes 56 bytes).
 */
public final class RadixWheelTimer implements Timer {
    private static final long MIN_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long DEFAULT_TICK_MILLIS = 100;
    /** {@code HashedWheelTimer}'s bound on {@code ticksPerWheel}. */
    private static final int MAX_TICKS_PER_WHEEL = 1 << 30;

    private final TimerCore core;
    private final long tickNanos;
    /** The most pending timeouts, or {@code <= 0} for no limit: for the message of a refusal. */
    private final long maxPendingTimeouts;
    private final long origin = System.nanoTime();

    /** A timer with a 100 ms tick and Netty's default thread factory. */
    public RadixWheelTimer() {
        this(Executors.defaultThreadFactory());
    }

    /**
     * A timer with a 100 ms tick.
     *
     * @param threadFactory makes the timer's thread
     * @throws NullPointerException if {@code threadFactory} is null
     */
    public RadixWheelTimer(ThreadFactory threadFactory) {
        this(threadFactory, DEFAULT_TICK_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * A timer with Netty's default thread factory.
     *
     * @param tickDuration the tick (under 1 ms: 1 ms)
     * @param unit its unit
     * @throws NullPointerException if {@code unit} is null
     * @throws IllegalArgumentException if {@code tickDuration <= 0}, or longer than {@code Long.MAX_VALUE} ns
     */
    public RadixWheelTimer(long tickDuration, TimeUnit unit) {
        this(Executors.defaultThreadFactory(), tickDuration, unit);
    }

    /**
     * A timer with no limit on pending timeouts, whose tasks run on its thread.
     *
     * @param threadFactory makes the timer's thread
     * @param tickDuration the tick (under 1 ms: 1 ms)
     * @param unit its unit
     * @throws NullPointerException if {@code threadFactory} or {@code unit} is null
     * @throws IllegalArgumentException if {@code tickDuration <= 0}, or longer than {@code Long.MAX_VALUE} ns
     */
    public RadixWheelTimer(ThreadFactory threadFactory, long tickDuration, TimeUnit unit) {
        this(threadFactory, tickDuration, unit, 0, null);
    }

    /**
     * As {@link #RadixWheelTimer(long, TimeUnit)}, for code written for {@code HashedWheelTimer}: a
     * radix wheel has no buckets to count, so {@code ticksPerWheel} is only checked as Netty checks it.
     *
     * @param tickDuration the tick (under 1 ms: 1 ms)
     * @param unit its unit
     * @param ticksPerWheel {@code HashedWheelTimer}'s bucket count, {@code 1..2^30}; unused
     * @throws NullPointerException if {@code unit} is null
     * @throws IllegalArgumentException if {@code tickDuration <= 0} or longer than {@code Long.MAX_VALUE} ns, or
     *     {@code ticksPerWheel} is out of range
     */
    public RadixWheelTimer(long tickDuration, TimeUnit unit, int ticksPerWheel) {
        this(Executors.defaultThreadFactory(), tickDuration, unit, ticksPerWheel);
    }

    /**
     * As {@link #RadixWheelTimer(ThreadFactory, long, TimeUnit)}, for code written for
     * {@code HashedWheelTimer}; {@code ticksPerWheel} is only checked.
     *
     * @param threadFactory makes the timer's thread
     * @param tickDuration the tick (under 1 ms: 1 ms)
     * @param unit its unit
     * @param ticksPerWheel {@code HashedWheelTimer}'s bucket count, {@code 1..2^30}; unused
     * @throws NullPointerException if {@code threadFactory} or {@code unit} is null
     * @throws IllegalArgumentException if {@code tickDuration <= 0} or longer than {@code Long.MAX_VALUE} ns, or
     *     {@code ticksPerWheel} is out of range
     */
    public RadixWheelTimer(ThreadFactory threadFactory, long tickDuration, TimeUnit unit, int ticksPerWheel) {
        this(threadFactory, tickDuration, unit, ticksPerWheel, true, 0, null);
    }

    /**
     * As {@link #RadixWheelTimer(ThreadFactory, long, TimeUnit)}, for code written for
     * {@code HashedWheelTimer}; {@code ticksPerWheel} is only checked, and no leak is reported: as a
     * {@code HashedWheelTimer}'s, the thread of a timer that is never stopped stays (parked while
     * nothing is pending), whether or not the timer is still reachable, and the default thread
     * factory's thread keeps the JVM from exiting. Call {@link #stop()}.
     *
     * @param threadFactory makes the timer's thread
     * @param tickDuration the tick (under 1 ms: 1 ms)
     * @param unit its unit
     * @param ticksPerWheel {@code HashedWheelTimer}'s bucket count, {@code 1..2^30}; unused
     * @param leakDetection unused
     * @throws NullPointerException if {@code threadFactory} or {@code unit} is null
     * @throws IllegalArgumentException if {@code tickDuration <= 0} or longer than {@code Long.MAX_VALUE} ns, or
     *     {@code ticksPerWheel} is out of range
     */
    public RadixWheelTimer(ThreadFactory threadFactory, long tickDuration, TimeUnit unit, int ticksPerWheel,
            boolean leakDetection) {
        this(threadFactory, tickDuration, unit, ticksPerWheel, leakDetection, 0, null);
    }

    /**
     * As {@link #RadixWheelTimer(ThreadFactory, long, TimeUnit, long, Executor)} with tasks on the
     * timer's thread, for code written for {@code HashedWheelTimer}; {@code ticksPerWheel} is only
     * checked, and {@code leakDetection} is unused.
     *
     * @param threadFactory makes the timer's thread
     * @param tickDuration the tick (under 1 ms: 1 ms)
     * @param unit its unit
     * @param ticksPerWheel {@code HashedWheelTimer}'s bucket count, {@code 1..2^30}; unused
     * @param leakDetection unused
     * @param maxPendingTimeouts the most pending timeouts; {@code <= 0}: no limit
     * @throws NullPointerException if {@code threadFactory} or {@code unit} is null
     * @throws IllegalArgumentException if {@code tickDuration <= 0} or longer than {@code Long.MAX_VALUE} ns, or
     *     {@code ticksPerWheel} is out of range
     */
    public RadixWheelTimer(ThreadFactory threadFactory, long tickDuration, TimeUnit unit, int ticksPerWheel,
            boolean leakDetection, long maxPendingTimeouts) {
        this(threadFactory, tickDuration, unit, ticksPerWheel, leakDetection, maxPendingTimeouts, null);
    }

    /**
     * As {@link #RadixWheelTimer(ThreadFactory, long, TimeUnit, long, Executor)}, for code written for
     * {@code HashedWheelTimer}; {@code ticksPerWheel} is only checked, and {@code leakDetection} is
     * unused.
     *
     * @param threadFactory makes the timer's thread
     * @param tickDuration the tick (under 1 ms: 1 ms)
     * @param unit its unit
     * @param ticksPerWheel {@code HashedWheelTimer}'s bucket count, {@code 1..2^30}; unused
     * @param leakDetection unused
     * @param maxPendingTimeouts the most pending timeouts; {@code <= 0}: no limit
     * @param taskExecutor where tasks run; null: the timer's thread
     * @throws NullPointerException if {@code threadFactory} or {@code unit} is null
     * @throws IllegalArgumentException if {@code tickDuration <= 0} or longer than {@code Long.MAX_VALUE} ns, or
     *     {@code ticksPerWheel} is out of range
     */
    public RadixWheelTimer(ThreadFactory threadFactory, long tickDuration, TimeUnit unit, int ticksPerWheel,
            boolean leakDetection, long maxPendingTimeouts, Executor taskExecutor) {
        this(checkTicksPerWheel(ticksPerWheel, threadFactory, tickDuration, unit), tickDuration, unit,
                maxPendingTimeouts, taskExecutor);
    }

    /**
     * Checks the arguments in {@code HashedWheelTimer}'s order, {@code ticksPerWheel} last, before
     * anything is built; returns {@code threadFactory}.
     */
    private static ThreadFactory checkTicksPerWheel(int ticksPerWheel, ThreadFactory threadFactory, long tickDuration,
            TimeUnit unit) {
        checkTick(threadFactory, tickDuration, unit);
        if (ticksPerWheel <= 0 || ticksPerWheel > MAX_TICKS_PER_WHEEL) {
            throw new IllegalArgumentException("ticksPerWheel: " + ticksPerWheel + " (expected: 1.."
                    + MAX_TICKS_PER_WHEEL + ")");
        }
        return threadFactory;
    }

    /**
     * A timer.
     *
     * @param threadFactory makes the timer's thread
     * @param tickDuration the tick (under 1 ms: 1 ms)
     * @param unit its unit
     * @param maxPendingTimeouts the most pending timeouts, beyond which {@code newTimeout} throws
     *     {@link RejectedExecutionException}; {@code <= 0}: no limit
     * @param taskExecutor where tasks run; null: the timer's thread. A timeout handed to it can still
     *     be cancelled until it starts there; it stays in that executor's queue until then, with its
     *     task, which {@link Timeout#task()} still returns
     * @throws NullPointerException if {@code threadFactory} or {@code unit} is null
     * @throws IllegalArgumentException if {@code tickDuration <= 0}, or longer than
     *     {@code Long.MAX_VALUE} nanoseconds
     */
    public RadixWheelTimer(ThreadFactory threadFactory, long tickDuration, TimeUnit unit, long maxPendingTimeouts,
            Executor taskExecutor) {
        checkTick(threadFactory, tickDuration, unit);
        this.tickNanos = Math.max(MIN_TICK_NANOS, unit.toNanos(tickDuration));
        this.maxPendingTimeouts = maxPendingTimeouts;
        this.core = new TimerCore(tickNanos, LevelBits.DEFAULT, maxPendingTimeouts, taskExecutor,
                () -> System.nanoTime() - origin, threadFactory, () -> { });
    }

    private static void checkTick(ThreadFactory threadFactory, long tickDuration, TimeUnit unit) {
        Objects.requireNonNull(threadFactory, "threadFactory");
        Objects.requireNonNull(unit, "unit");
        if (tickDuration <= 0 || unit.toNanos(tickDuration) == Long.MAX_VALUE && unit != TimeUnit.NANOSECONDS) {
            throw new IllegalArgumentException("tickDuration: " + tickDuration + " " + unit
                    + " (expected: > 0 and at most " + Long.MAX_VALUE + " ns)");
        }
    }

    /**
     * Schedules {@code task} to run once after {@code delay}. O(1); starts the timer's thread if it
     * has not started.
     *
     * @throws NullPointerException if {@code task} or {@code unit} is null
     * @throws IllegalStateException if the timer has been stopped
     * @throws RejectedExecutionException if the pending timeouts have reached {@code maxPendingTimeouts}
     */
    @Override
    public Timeout newTimeout(TimerTask task, long delay, TimeUnit unit) {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(unit, "unit");
        long now = now();
        long deadline = now + Math.max(0, unit.toNanos(delay));
        if (deadline < now) {
            deadline = TimerCore.NEVER; // overflowed: never
        }
        RadixWheelTimeout timeout = new RadixWheelTimeout(this, task);
        long scheduled = core.schedule(timeout, deadline);
        if (scheduled == TimerCore.SHUT_DOWN) {
            throw new IllegalStateException("cannot be started once stopped");
        }
        if (scheduled == TimerCore.FULL) {
            throw new RejectedExecutionException("Number of pending timeouts (" + pendingTimeouts()
                    + ") is greater than or equal to maximum allowed pending timeouts (" + maxPendingTimeouts + ")");
        }
        return timeout;
    }

    /**
     * Stops the timer: cancels every timeout that has not expired, and waits for the thread to end,
     * interrupting it meanwhile as {@code HashedWheelTimer} does (a task running there sees the
     * interrupt). A second call returns an empty set. O(pending timeouts + occupied wheel slots),
     * besides the wait.
     *
     * @return the timeouts that had not expired, each now {@link Timeout#isCancelled() cancelled}, in
     *     a set of the caller's own
     * @throws IllegalStateException if called from a task running on the timer's thread
     */
    @Override
    public Set<Timeout> stop() {
        Thread thread = core.thread().thread();
        if (Thread.currentThread() == thread) {
            throw new IllegalStateException(RadixWheelTimer.class.getSimpleName() + ".stop() cannot be called from "
                    + TimerTask.class.getSimpleName());
        }
        Set<Timeout> cancelled = new LinkedHashSet<>();
        for (WheelTask t : core.shutDown(task -> true, true, true)) {
            RadixWheelTimeout timeout = (RadixWheelTimeout) t;
            cancelled.add(timeout);
            timeout.cancelled();
        }
        if (core.thread().isStarted()) {
            boolean interrupted = false;
            while (thread.isAlive()) {
                thread.interrupt(); // as HashedWheelTimer does: a task blocked there stops waiting
                try {
                    thread.join(100);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return cancelled;
    }

    /** {@return the number of timeouts that have neither expired nor been cancelled; exact, O(1)} */
    public long pendingTimeouts() {
        return core.pending();
    }

    TimerCore core() {
        return core;
    }

    /** {@return the timer's clock, on which deadlines are kept} */
    long now() {
        return System.nanoTime() - origin;
    }

    @Override
    public String toString() {
        return "RadixWheelTimer[tick = " + tickNanos + " ns, pending = " + pendingTimeouts()
                + (core.isShutDown() ? ", stopped]" : "]");
    }
}
