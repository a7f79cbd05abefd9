package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.core.internal.Checks;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * The thread that drives a timer in real time: it runs what is due now, then parks until the next
 * due time or until an earlier arming wakes it. It does not wake every tick, so an idle timer costs
 * nothing. {@code KeyedTimer}, {@code TimingWheelExecutor} and the Netty timer each run one.
 *
 * <p><b>Wake protocol.</b> While the thread looks at the timer or runs callbacks, {@link #wakeAt}
 * is {@code Long.MIN_VALUE}, so armings do not unpark it (under a stream of armings that would keep
 * it spinning); they lower {@link #earliestArmed} instead, which it reads after publishing the
 * wake time: an arming its look missed is either in that hint or sees the published wake time and
 * unparks it (an unpark before the park is remembered).
 *
 * <p><b>Far armings.</b> An arming earlier than the planned wake unparks the thread, even one due
 * far ahead; if it is cancelled at once (a request timeout answered in time) the thread finds
 * nothing, plans the old wake again, and the next such arming unparks it again: a stream of them
 * would keep it cycling. So after a wake before its planned time, the thread parks for at most
 * {@link #RECHECK_NANOS}: armings due after that wake leave a hint and do not unpark it, and it
 * looks at them then. A wake at the planned time parks as planned again, so an idle thread still
 * parks until the next due time, or for good.
 */
public final class TimerThread implements Runnable {
    /** What the thread drives. Times are readings of the thread's clock, in nanoseconds. */
    public interface Driven {
        /**
         * Runs, or hands over, what is due at {@code now}.
         *
         * @param now the clock
         * @return whether anything was due (the thread then looks again before it parks)
         */
        boolean runDue(long now);

        /**
         * {@return when to look next: when something next falls due, or earlier if what the look
         * at {@code now} could not yet see may be due sooner; {@link Long#MAX_VALUE} if nothing will}
         *
         * @param now the clock at the look that {@link #runDue} just made
         */
        long nextDueTime(long now);

        /** {@return whether the thread should end: the timer is closed or has finished} */
        boolean isFinished();
    }

    /** The longest park after a wake before the planned time: see the class documentation. */
    static final long RECHECK_NANOS = 100_000_000L;

    private final Driven driven;
    private final LongSupplier clock;
    private final Thread thread;
    private volatile boolean started;
    /** Set when the factory's thread was refused: a loop it may be running on it ends. */
    private volatile boolean refused;

    /** When the parked thread will wake unasked; {@code Long.MIN_VALUE} while it looks or runs. */
    private volatile long wakeAt = Long.MIN_VALUE;
    /** The earliest due time armed since the thread began its current look. */
    private final AtomicLong earliestArmed = new AtomicLong(Long.MAX_VALUE);

    /**
     * Makes the driving thread, not yet started.
     *
     * @param driven what it drives
     * @param clock its clock, in nanoseconds, never decreasing
     * @param threadFactory makes the thread
     * @throws NullPointerException if {@code threadFactory} returns null
     * @throws IllegalArgumentException if it returns a thread already started (its first arming
     *     would fail to start it, with the arming made)
     */
    public TimerThread(Driven driven, LongSupplier clock, ThreadFactory threadFactory) {
        this.driven = driven;
        this.clock = clock;
        Thread t = Checks.requireNonNull(threadFactory.newThread(this), "the thread from threadFactory");
        if (t.getState() != Thread.State.NEW) {
            refused = true; // if the factory started it with this loop, the loop ends
            LockSupport.unpark(t);
            throw Checks.argument("threadFactory returned " + t + ", already started (expected: a new thread)");
        }
        this.thread = t;
    }

    /** Starts the thread unless it has started already. */
    public void start() {
        if (!started) {
            startOnce();
        }
    }

    private synchronized void startOnce() {
        if (!started) {
            thread.start();
            started = true;
        }
    }

    /** {@return whether {@link #start} has started the thread} */
    public boolean isStarted() {
        return started;
    }

    /** Makes the thread look soon: to end, when the timer has finished. */
    public void wake() {
        LockSupport.unpark(thread);
    }

    /** {@return the thread} */
    public Thread thread() {
        return thread;
    }

    /**
     * Called after something was armed (or moved earlier) that falls due at {@code dueTime}: leaves
     * a hint for a thread that is looking, and wakes a parked one if that is before it planned to
     * wake.
     *
     * @param dueTime when the arming falls due: the clock reading at which {@link Driven#runDue}
     *     would find it
     */
    public void wakeIfEarlier(long dueTime) {
        long h;
        while (dueTime < (h = earliestArmed.get()) && !earliestArmed.compareAndSet(h, dueTime)) {
            // lost a race with another arming; retry against its value
        }
        if (dueTime < wakeAt) {
            wake();
        }
    }

    @Override
    public void run() {
        boolean wokeEarly = false;
        while (!refused && !driven.isFinished()) {
            // A callback may have left the interrupt flag set: parks would return at once, and the
            // next callbacks would start interrupted. Closing unparks, it never interrupts.
            Thread.interrupted();
            wakeAt = Long.MIN_VALUE;
            earliestArmed.set(Long.MAX_VALUE);
            long now = clock.getAsLong();
            if (driven.runDue(now)) {
                continue;
            }
            long next = driven.nextDueTime(now);
            long planned = wokeEarly ? Math.min(next, Checks.saturatedAdd(now, RECHECK_NANOS)) : next;
            wakeAt = planned;
            if (earliestArmed.get() < planned) {
                continue; // armed during the look, maybe after the look passed it
            }
            if (driven.isFinished()) {
                return;
            }
            if (planned == Long.MAX_VALUE) {
                LockSupport.park(this);
            } else {
                long wait = waitNanos(planned, clock.getAsLong());
                if (wait > 0) {
                    LockSupport.parkNanos(this, wait);
                }
            }
            wokeEarly = clock.getAsLong() < planned; // unparked by an arming (or spuriously)
        }
    }

    /**
     * Nanoseconds from {@code now} until {@code next}, 0 if none, saturating.
     *
     * @param next a due time
     * @param now the clock
     * @return how long to park
     */
    public static long waitNanos(long next, long now) {
        if (next <= now) {
            return 0;
        }
        long wait = next - now;
        return wait > 0 ? wait : Long.MAX_VALUE;
    }
}
