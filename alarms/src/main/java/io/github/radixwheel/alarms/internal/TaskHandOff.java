package io.github.radixwheel.alarms.internal;

/**
 * How a real-time {@link TimerCore} takes tasks from producers: admitted by one compare-and-set
 * on the {@link TaskCounts}, which also numbers the slots of a {@link TaskRing}, then published in
 * the slot without the core's lock. Whoever holds the lock next moves the published tasks into the
 * wheel, in slot order ({@link #drain}). A producer that finds the ring full drains part of it
 * under the lock itself, so the ring bounds the memory that producers can run ahead by.
 *
 * <p>Methods named "under the lock" must be called holding the core's lock; the others must not.
 */
final class TaskHandOff {
    /** {@link #admit} result of one try: the ring has no free slot. */
    private static final long RING_FULL = -3;
    /** The most slots a producer that found the ring full drains under one hold of the lock. */
    private static final int PRODUCER_DRAIN = 256;

    private final TaskRing ring = new TaskRing();
    private final TaskCounts counts;
    private final StripeLock lock;
    private final TaskWheel wheel;
    /** Moves a task from the ring into the wheel (a field, so that a drain allocates nothing). */
    private final TaskRing.Sink enterWheel = this::enterWheel;

    /**
     * @param counts the core's counts, whose admissions number the ring's slots
     * @param lock the core's lock, which guards {@code wheel}
     * @param wheel where drained tasks go
     */
    TaskHandOff(TaskCounts counts, StripeLock lock, TaskWheel wheel) {
        this.counts = counts;
        this.lock = lock;
        this.wheel = wheel;
    }

    /**
     * Admits a new task and publishes it in its slot with {@code deadline}: one compare-and-set,
     * unless shut down, at {@code maxPending}, or with the ring full (then it drains, or waits for a
     * producer that has not yet filled the slot at the head).
     *
     * @param maxPending the most pending tasks, or {@code <= 0} for no limit
     * @return the task's slot, or {@link TimerCore#SHUT_DOWN} or {@link TimerCore#FULL}
     */
    long admit(WheelTask task, long deadline, long maxPending) {
        long slot;
        for (int attempt = 0; (slot = tryAdmit(maxPending)) == RING_FULL; attempt++) {
            drainFullRing(attempt);
        }
        if (slot >= 0) {
            ring.publish(slot, task, deadline);
        }
        return slot;
    }

    private long tryAdmit(long maxPending) {
        for (;;) {
            long a = counts.admissions();
            if (TaskCounts.isClosed(a)) {
                return TimerCore.SHUT_DOWN;
            }
            long slot = TaskCounts.slotOf(a);
            if (slot - ring.head() >= TaskRing.CAPACITY) {
                return RING_FULL;
            }
            if (maxPending > 0 && counts.atLimit(slot, maxPending)) {
                return TimerCore.FULL;
            }
            if (counts.tryAdmit(a)) {
                return slot;
            }
        }
    }

    /**
     * Drains part of a full ring under the lock (a short hold, so that the driving thread, which
     * drains the rest as it polls, is not kept waiting), or waits a little for a slow producer.
     */
    private void drainFullRing(int attempt) {
        lock.lock();
        try {
            if (ring.drain(enterWheel, PRODUCER_DRAIN) > 0) {
                return;
            }
        } finally {
            lock.unlock();
        }
        // Nothing published at the head: its producer is between claiming the slot and filling it.
        StripeLock.pause(attempt);
    }

    /**
     * The ring's sink, under the lock: a task still pending enters the wheel; one cancelled or
     * claimed meanwhile does not. (A cancel that wins it after this finds it in the wheel.)
     */
    private void enterWheel(WheelTask task) {
        if (task.settledState() == WheelTask.PENDING) {
            wheel.add(task);
        } else {
            task.node = WheelTask.OFF_WHEEL;
        }
    }

    /** Under the lock: moves what the ring holds into the wheel, in order, up to a slot not yet filled. */
    void drain() {
        if (ring.hasPublished()) {
            ring.drain(enterWheel, TaskRing.CAPACITY);
        }
    }

    /**
     * Under the lock, with admission closed: waits, holding it, until the first {@code admitted}
     * slots have been drained. Their producers, admitted before, may still be filling them; they
     * need no lock for that.
     */
    void awaitDrained(long admitted) {
        drain();
        for (int attempt = 0; ring.head() < admitted; attempt++) {
            StripeLock.pause(attempt);
            drain();
        }
    }

    /** Under the lock: {@return whether every slot admitted has been drained (no producer is filling one)} */
    boolean isDrained() {
        return ring.head() == counts.admittedThroughRing();
    }

    /**
     * Takes {@code task} out of ring slot {@code node} if it is still there.
     *
     * @return whether it was; false if not yet published there, or drained
     */
    boolean tryClear(WheelTask task, int node) {
        return ring.tryClear(task, node);
    }
}
