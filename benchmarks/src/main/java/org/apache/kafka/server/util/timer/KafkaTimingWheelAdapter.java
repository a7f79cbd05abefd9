package org.apache.kafka.server.util.timer;

import io.github.radixwheel.benchmarks.peers.IdSlots;
import io.github.radixwheel.benchmarks.peers.TimerAdapter;
import io.github.radixwheel.benchmarks.peers.VirtualClockAdapter;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Kafka's hierarchical {@link TimingWheel} (kafka-server-common), driven by hand the way
 * {@code SystemTimer} drives it, on a virtual clock. It lives in Kafka's package because
 * {@code TimingWheel}'s constructor, {@code TimerTaskList} and {@code TimingWheel.add} /
 * {@code advanceClock} are package-private.
 *
 * <p><b>Set-up.</b> As {@code SystemTimer}'s constructor: a {@link DelayQueue} of buckets, an
 * {@link AtomicInteger} task counter, and {@code new TimingWheel(tickMs = 1, wheelSize, startMs =
 * 0, taskCounter, delayQueue)}; the wheel adds overflow wheels on demand. One time unit is one
 * Kafka "millisecond" tick; {@code SystemTimer}'s own defaults are a 1 ms tick and 20 buckets.
 *
 * <p><b>Driving it.</b> {@link #schedule} wraps the slot's pooled {@link TimerTask} in a new
 * {@link TimerTaskEntry}{@code (task, deadline)} and calls {@code addTimerTaskEntry}, which is
 * {@code SystemTimer.addTimerTaskEntry}: {@code timingWheel.add(entry)}, and if that refuses
 * (already expired) and the entry is not cancelled, run the task — here inline instead of on
 * {@code SystemTimer}'s executor. {@link #advanceTo} is {@code SystemTimer.advanceClock}'s loop:
 * take each bucket due by {@code now} from the delay queue, {@code timingWheel.advanceClock(
 * bucket.getExpiration())}, then {@code bucket.flush(addTimerTaskEntry)}, which re-inserts each
 * entry into a finer wheel or runs it. {@link #cancel} is {@code TimerTask.cancel()} (unlinks the
 * entry from its bucket list in O(1); the possibly empty bucket stays in the delay queue until it
 * expires). {@link #reschedule} is Kafka's own re-add: a new {@code TimerTaskEntry} for the same
 * task, whose constructor ({@code TimerTask.setTimerTaskEntry}) unlinks the old entry.
 *
 * <p><b>Virtual clock.</b> {@code TimingWheel} builds its buckets with
 * {@code new TimerTaskList(taskCounter)}, which binds them to {@code Time.SYSTEM}, and a bucket's
 * {@code getDelay} is {@code expiration - Time.SYSTEM.hiResClockMs()}; {@code DelayQueue.poll()}
 * consults it, so it would release buckets by the real clock. The delay queue is ordered by
 * {@code TimerTaskList.compareTo}, which compares expirations only, so this adapter never calls
 * {@code poll}: it {@code peek()}s the head and, if the head's expiration is {@code <= now}
 * (exactly when {@code poll} would release it with a clock at {@code now}), removes it with
 * {@code remove(head)}. That finds the head at index 0 by identity and sifts down: the same
 * O(log buckets) work as {@code poll}. No other Kafka code reads the real clock on these paths
 * ({@code SystemTimer.add}'s {@code delayMs + hiResClockMs()} is replaced by passing the deadline
 * itself). Left out: {@code SystemTimer}'s read/write lock and executor hand-off, which are
 * thread-safety around the same structure; {@code TimerTaskList}'s own {@code synchronized}
 * methods and atomic counters remain.
 *
 * <p><b>Exactness.</b> With a 1-unit tick a level-0 bucket holds one deadline, so a timer fires in
 * the first {@code advanceTo(now)} with {@code now >= deadline}, never earlier. (With a coarser
 * tick Kafka rounds deadlines down and may run a task up to a tick early; this adapter fixes the
 * tick at 1.) The wheel's own clock moves only with bucket expirations, as in {@code SystemTimer},
 * so after an idle stretch a new timer may first land in an overflow wheel and cascade down.
 *
 * <p><b>Missing.</b> No next-expiry query: the delay queue's head gives only a lower bound (the
 * start of a bucket, possibly of an overflow wheel, possibly one whose tasks were all cancelled),
 * so {@link #nextExpiry} throws {@link UnsupportedOperationException}.
 *
 * <p><b>Allocation.</b> One {@code TimerTaskEntry} per schedule and reschedule (Kafka's design);
 * bucket lists are allocated once per wheel level. The adapter pools the tasks.
 */
public final class KafkaTimingWheelAdapter extends VirtualClockAdapter {
    /** A pooled Kafka task; running it is the timer firing. */
    final class Task extends TimerTask {
        final int slot;

        Task(int slot) {
            super(0L);
            this.slot = slot;
        }

        @Override
        public void run() {
            fired(slots.release(slot));
        }
    }

    private final DelayQueue<TimerTaskList> delayQueue = new DelayQueue<>();
    private final AtomicInteger taskCounter = new AtomicInteger(0);
    private final TimingWheel timingWheel;
    private final Consumer<TimerTaskEntry> reinsert = this::addTimerTaskEntry;
    private final IdSlots<Task> slots;

    /**
     * @param wheelSize buckets per wheel level (Kafka's {@code SystemTimer} uses 20)
     * @param initialCapacity task slots to create room for up front
     * @param listener receives each fired timer
     */
    public KafkaTimingWheelAdapter(int wheelSize, int initialCapacity, Listener listener) {
        super(listener);
        this.timingWheel = new TimingWheel(1L, wheelSize, 0L, taskCounter, delayQueue);
        this.slots = IdSlots.pooling(initialCapacity, Task::new);
    }

    /** A task with nothing but Kafka's own per-task fields, for {@link #footprintRoots}. */
    static final class BareTask extends TimerTask {
        BareTask() {
            super(0L);
        }

        @Override
        public void run() {
        }
    }

    /**
     * Kafka's structure alone, for the footprint measurement: a timing wheel set up as in this
     * adapter, holding one {@link TimerTaskEntry} per deadline for a task that has only
     * {@link TimerTask}'s own fields (the user's fields would go in a subclass, and are not counted).
     * Nothing of the adapter (id slots, pooled tasks, listener) is reachable from the result.
     *
     * @param wheelSize buckets per wheel level
     * @param deadlines the deadlines, each {@code >= 1}
     * @return the objects from which every per-timer object is reachable: the wheel and its delay queue
     */
    public static Object[] footprintRoots(int wheelSize, long[] deadlines) {
        DelayQueue<TimerTaskList> queue = new DelayQueue<>();
        TimingWheel wheel = new TimingWheel(1L, wheelSize,
                0L, new AtomicInteger(0), queue);
        for (long d : deadlines) {
            if (!wheel.add(new TimerTaskEntry(new BareTask(), d))) {
                throw new IllegalArgumentException("deadline " + d + " is already due");
            }
        }
        return new Object[] {wheel, queue};
    }

    @Override
    public String name() {
        return "Kafka TimingWheel";
    }

    @Override
    public long schedule(long deadline) {
        TimerAdapter.checkFuture(this, deadline);
        int slot = slots.allocate();
        long id = slots.id(slot);
        addTimerTaskEntry(new TimerTaskEntry(slots.object(slot), deadline));
        return id;
    }

    /** {@code SystemTimer.addTimerTaskEntry}, running the task inline instead of on an executor. */
    private void addTimerTaskEntry(TimerTaskEntry entry) {
        if (!timingWheel.add(entry)) {
            if (!entry.cancelled()) {
                entry.timerTask.run();
            }
        }
    }

    @Override
    public boolean cancel(long id) {
        int slot = slots.slotOf(id);
        if (slot < 0) {
            return false;
        }
        slots.object(slot).cancel();
        slots.release(slot);
        return true;
    }

    @Override
    public boolean reschedule(long id, long deadline) {
        TimerAdapter.checkFuture(this, deadline);
        int slot = slots.slotOf(id);
        if (slot < 0) {
            return false;
        }
        addTimerTaskEntry(new TimerTaskEntry(slots.object(slot), deadline));
        return true;
    }

    @Override
    protected void fireDue(long now) {
        TimerTaskList bucket = delayQueue.peek();
        while (bucket != null && bucket.getExpiration() <= now) {
            // What DelayQueue.poll() returns when its clock reads `to`; see the class javadoc.
            delayQueue.remove(bucket);
            timingWheel.advanceClock(bucket.getExpiration());
            bucket.flush(reinsert);
            bucket = delayQueue.peek();
        }
    }

    @Override
    public long nextExpiry() {
        throw TimerAdapter.unsupported(this, "next-expiry query",
                "the bucket delay queue's head is only a lower bound (a bucket start, possibly of an"
                        + " overflow wheel or of a bucket whose tasks were all cancelled)");
    }

    @Override
    public int size() {
        return taskCounter.get();
    }
}
