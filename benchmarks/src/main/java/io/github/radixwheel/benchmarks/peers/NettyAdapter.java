package io.github.radixwheel.benchmarks.peers;

import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Netty's {@link HashedWheelTimer}: a single-level hashed wheel owned by a worker thread that
 * sleeps until each tick on the real clock ({@code System.nanoTime()}), drains the producers'
 * MPSC queues of new and cancelled timeouts into the wheel, and runs the due timeouts of the
 * tick's bucket. It cannot be driven by hand, so it is measured separately: producer-side
 * throughput ({@link #schedule} = {@code newTimeout}, {@link #cancel} = {@code Timeout.cancel()})
 * against a running timer, and end to end (CPU time and lateness of N timers).
 *
 * <p><b>Time.</b> This adapter's unit is the nanosecond on the real clock, counted from the
 * adapter's construction: {@link #now()} is {@code System.nanoTime() - origin}, and
 * {@code schedule(deadline)} asks Netty for a delay of {@code deadline - now()} ns (Netty fires a
 * timer whose delay is already {@code <= 0} at the next tick). Netty fires a timeout in the first
 * tick whose end is at or after its deadline, on its own clock: never early, and late by up to a
 * tick plus the worker's scheduling latency.
 *
 * <p><b>Threads.</b> {@code schedule}, {@code cancel} and {@code size} are for one producer thread.
 * The listener runs on Netty's worker thread and must be thread-safe; {@link #firedCount()} is safe
 * from any thread. A slot is reused only after the producer has cancelled its timer (successfully
 * or not): the worker never touches the slot table.
 *
 * <p><b>Missing.</b> {@link #advanceTo} (the clock is real), {@link #reschedule} (only cancel +
 * {@code newTimeout}) and {@link #nextExpiry} (no query) throw
 * {@link UnsupportedOperationException}.
 *
 * <p><b>Allocation.</b> One {@code HashedWheelTimeout} per {@code newTimeout} (Netty's design); the
 * adapter pools one {@link TimerTask} per slot.
 */
public final class NettyAdapter implements TimerAdapter {
    /** A pooled task; Netty's worker runs it when the timeout expires. */
    final class Task implements TimerTask {
        /** The id the task fires as; written by the producer before {@code newTimeout}, which publishes it. */
        long id;
        /** The pending timeout, for {@link #cancel}; the producer's alone, the worker never reads it. */
        Timeout timeout;

        @Override
        public void run(Timeout timeout) {
            firedCount.incrementAndGet();
            listener.onFire(id);
        }
    }

    private final HashedWheelTimer timer;
    private final long origin;
    private final IdSlots<Task> slots;
    private final Listener listener;
    private final AtomicInteger firedCount = new AtomicInteger();

    /**
     * @param tickNanos the tick duration
     * @param ticksPerWheel buckets (Netty rounds up to a power of two)
     * @param initialCapacity slots to create room for up front
     * @param listener receives each fired timer, on Netty's worker thread
     */
    public NettyAdapter(long tickNanos, int ticksPerWheel, int initialCapacity, Listener listener) {
        ThreadFactory daemon = r -> {
            Thread t = new Thread(r, "netty-hashed-wheel-timer");
            t.setDaemon(true);
            return t;
        };
        this.timer = new HashedWheelTimer(daemon, tickNanos, TimeUnit.NANOSECONDS, ticksPerWheel, false);
        this.slots = IdSlots.pooling(initialCapacity, slot -> new Task());
        this.listener = listener;
        this.origin = System.nanoTime();
    }

    @Override
    public String name() {
        return "Netty HashedWheelTimer";
    }

    /** @return nanoseconds on the real clock since this adapter was built */
    @Override
    public long now() {
        return System.nanoTime() - origin;
    }

    /**
     * Schedules a timer at {@code deadline} ns after this adapter was built. Unlike the
     * virtual-clock adapters, a deadline that has already passed is accepted (the real clock moves
     * between computing a deadline and this call); Netty fires it at its next tick.
     */
    @Override
    public long schedule(long deadline) {
        return scheduleAfter(deadline - now());
    }

    /**
     * Schedules a timer {@code delayNanos} from now: Netty's own {@code newTimeout(task, delay,
     * NANOSECONDS)}, without the adapter reading the clock (Netty reads it once itself). The
     * producer-side benchmark uses this, so that it measures Netty's cost and not the adapter's.
     *
     * @param delayNanos the delay; {@code <= 0} fires at Netty's next tick
     * @return the timer's id
     */
    public long scheduleAfter(long delayNanos) {
        int slot = slots.allocate();
        Task task = slots.object(slot);
        long id = slots.id(slot);
        task.id = id;
        task.timeout = timer.newTimeout(task, delayNanos, TimeUnit.NANOSECONDS);
        return id;
    }

    /**
     * @return true if the timeout was cancelled before it expired; false if it had already expired
     *     (it ran or is running) or {@code id} is not live. Either way a live slot is freed.
     */
    @Override
    public boolean cancel(long id) {
        int slot = slots.slotOf(id);
        if (slot < 0) {
            return false;
        }
        Task task = slots.object(slot);
        boolean cancelled = task.timeout.cancel();
        task.timeout = null;
        slots.release(slot);
        return cancelled;
    }

    @Override
    public boolean reschedule(long id, long deadline) {
        throw TimerAdapter.unsupported(this, "reschedule", "a timeout can only be cancelled and a new one created");
    }

    @Override
    public int advanceTo(long now) {
        throw TimerAdapter.unsupported(this, "manual clock",
                "its worker thread advances it on System.nanoTime(); measure it end to end instead");
    }

    @Override
    public long nextExpiry() {
        throw TimerAdapter.unsupported(this, "next-expiry query", "the wheel is private to the worker thread");
    }

    /** @return Netty's count of pending timeouts (scheduled, not yet expired or cancelled) */
    @Override
    public int size() {
        return (int) timer.pendingTimeouts();
    }

    /** @return the number of timers that have fired so far; safe from any thread */
    public int firedCount() {
        return firedCount.get();
    }

    /** Stops the worker thread and waits for it; pending timeouts never fire. */
    @Override
    public void close() {
        timer.stop();
    }
}
