package io.github.radixwheel.alarms;

import io.github.radixwheel.core.internal.Checks;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The thread that drives a {@link KeyedTimer} in real time: it advances the timer to the time now,
 * delivers what expired, and parks until the next alarm fires or until an earlier arming wakes it.
 * It does not wake every tick, so an idle timer costs nothing.
 *
 * <p><b>Wake protocol.</b> While the thread looks at the stripes or runs callbacks, {@link #wakeAt}
 * is {@code Long.MIN_VALUE}, so armings do not unpark it (under a stream of armings that would keep
 * it spinning); they lower {@link #earliestArmed} instead, which it reads after publishing the
 * wake time: an arming its look missed is either in that hint or sees the published wake time and
 * unparks it (an unpark before the park is remembered).
 */
final class KeyedTimerDriver implements Runnable {
    private final KeyedTimer<?, ?> timer;
    private final long tickNanos;
    private final Thread thread;

    /** When the parked thread will wake unasked; {@code Long.MIN_VALUE} while it looks or delivers. */
    private volatile long wakeAt = Long.MIN_VALUE;
    /** The earliest alarm time armed since the thread began its current look. */
    private final AtomicLong earliestArmed = new AtomicLong(Long.MAX_VALUE);

    /**
     * Makes the driving thread, not yet started.
     *
     * @throws NullPointerException if {@code threadFactory} returns null
     */
    KeyedTimerDriver(KeyedTimer<?, ?> timer, long tickNanos, ThreadFactory threadFactory) {
        this.timer = timer;
        this.tickNanos = tickNanos;
        this.thread = Checks.requireNonNull(threadFactory.newThread(this), "the thread from threadFactory");
    }

    void start() {
        thread.start();
    }

    /** Ends the thread soon: it sees the timer closed when it wakes. */
    void stop() {
        LockSupport.unpark(thread);
    }

    String threadName() {
        return thread.getName();
    }

    /**
     * Called after an alarm was armed or moved earlier to {@code at}: leaves a hint for a thread
     * that is looking at the stripes, and wakes a parked one if the alarm fires before it planned
     * to wake.
     */
    void wakeIfEarlier(long at) {
        long h;
        while (at < (h = earliestArmed.get()) && !earliestArmed.compareAndSet(h, at)) {
            // lost a race with another arming; retry against its value
        }
        long planned = wakeAt;
        // An alarm fires after its own time, so only one before the planned wake needs a look.
        if (at < planned && fireTime(at) < planned) {
            LockSupport.unpark(thread);
        }
    }

    /** When an advance fires an alarm at {@code at} (not negative): the end of its tick. */
    private long fireTime(long at) {
        return Checks.saturatedAdd(at - at % tickNanos, tickNanos);
    }

    @Override
    public void run() {
        while (!timer.isClosed()) {
            // A callback may have left the interrupt flag set: parks would return at once, and the
            // next callbacks would start interrupted. close() unparks, it never interrupts.
            Thread.interrupted();
            wakeAt = Long.MIN_VALUE;
            earliestArmed.set(Long.MAX_VALUE);
            if (timer.advanceAndDispatch(timer.elapsedNanos())) {
                continue;
            }
            long next = timer.nextFireTime();
            wakeAt = next;
            long armed = earliestArmed.get();
            if (armed != Long.MAX_VALUE && fireTime(armed) < next) {
                continue; // armed during the look, maybe after its stripe was read
            }
            if (timer.isClosed()) {
                return;
            }
            if (next == Long.MAX_VALUE) {
                LockSupport.park(this);
            } else {
                long wait = waitNanos(next, timer.elapsedNanos());
                if (wait > 0) {
                    LockSupport.parkNanos(this, wait);
                }
            }
        }
    }

    /** Nanoseconds from {@code now} until {@code next}, 0 if none, saturating. */
    static long waitNanos(long next, long now) {
        if (next <= now) {
            return 0;
        }
        long wait = next - now;
        return wait > 0 ? wait : Long.MAX_VALUE;
    }
}
