package org.apache.kafka.server.util.timer;

import io.github.radixwheel.benchmarks.peers.FreeIds;
import io.github.radixwheel.benchmarks.peers.TimerAdapter;
import io.github.radixwheel.benchmarks.peers.TimerListener;
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
 * <p><b>Driving it.</b> {@link #schedule} wraps the id's pooled {@link TimerTask} in a new
 * {@link TimerTaskEntry}{@code (task, deadline)} and calls {@code addTimerTaskEntry}, which is
 * {@code SystemTimer.addTimerTaskEntry}: {@code timingWheel.add(entry)}, and if that refuses
 * (already expired) and the entry is not cancelled, run the task — here: fire the timer inline
 * instead of handing the task to {@code SystemTimer}'s executor. {@link #advanceTo} is {@code SystemTimer.advanceClock}'s loop:
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
 * start of a bucket, possibly of an overflow wheel, possibly one whose tasks were all cancelled).
 *
 * <p><b>Payloads</b> are a field of the task, as Kafka's own tasks ({@code DelayedOperation} and its
 * subclasses) carry what they act on in fields of the {@code TimerTask} subclass. A user's task
 * becomes garbage after it runs or is cancelled; the adapter reuses its tasks, so it clears the
 * field on cancel, and reads and clears it when the timer fires (where {@code SystemTimer} would
 * hand the task to its executor to run).
 *
 * <p><b>Allocation.</b> One {@code TimerTaskEntry} per schedule and reschedule (Kafka's design);
 * bucket lists are allocated once per wheel level. The adapter pools the tasks, which carry
 * Kafka's own fields, the id and the payload.
 */
public final class KafkaTimingWheelAdapter extends TimerAdapter {
    /** A pooled task: Kafka's fields, the timer's id and its payload. The adapter fires it; {@code run} is never called. */
    static final class Task extends TimerTask {
        final int id;
        Object payload;

        Task(int id) {
            super(0L);
            this.id = id;
        }

        @Override
        public void run() {
        }

        /** @return whether the task is in a bucket */
        boolean pending() {
            TimerTaskEntry entry = getTimerTaskEntry();
            return entry != null && entry.list != null;
        }
    }

    private final DelayQueue<TimerTaskList> delayQueue = new DelayQueue<>();
    private final AtomicInteger taskCounter = new AtomicInteger(0);
    private final TimingWheel timingWheel;
    private final Consumer<TimerTaskEntry> reinsert = this::addTimerTaskEntry;
    private final Task[] tasks;
    private final FreeIds ids;

    /**
     * @param wheelSize buckets per wheel level (Kafka's {@code SystemTimer} uses 20)
     * @param capacity the most timers pending at once
     * @param listener receives each fired timer
     */
    public KafkaTimingWheelAdapter(int wheelSize, int capacity, TimerListener listener) {
        super(listener);
        this.timingWheel = new TimingWheel(1L, wheelSize, 0L, taskCounter, delayQueue);
        this.tasks = new Task[capacity];
        this.ids = new FreeIds(capacity);
    }

    @Override
    public String name() {
        return "Kafka TimingWheel";
    }

    @Override
    public long schedule(long deadline, Object payload) {
        checkSchedule(deadline, payload);
        int id = ids.take();
        Task task = tasks[id];
        if (task == null) {
            task = new Task(id);
            tasks[id] = task;
        }
        task.payload = payload;
        addTimerTaskEntry(new TimerTaskEntry(task, deadline));
        return id;
    }

    /** {@code SystemTimer.addTimerTaskEntry}, firing the timer inline instead of running the task on an executor. */
    private void addTimerTaskEntry(TimerTaskEntry entry) {
        if (!timingWheel.add(entry) && !entry.cancelled()) {
            Task task = (Task) entry.timerTask;
            Object payload = task.payload;
            task.payload = null;
            ids.give(task.id);
            fired(task.id, payload);
        }
    }

    private Task pendingTask(long id) {
        Task task = ids.inRange(id) ? tasks[(int) id] : null;
        return task != null && task.pending() ? task : null;
    }

    @Override
    public boolean cancel(long id) {
        Task task = pendingTask(id);
        if (task == null) {
            return false;
        }
        task.cancel();
        task.payload = null;
        ids.give(task.id);
        return true;
    }

    @Override
    public boolean reschedule(long id, long deadline) {
        checkFuture(deadline);
        Task task = pendingTask(id);
        if (task == null) {
            return false;
        }
        addTimerTaskEntry(new TimerTaskEntry(task, deadline));
        return true;
    }

    @Override
    protected void fireDue(long now) {
        TimerTaskList bucket = delayQueue.peek();
        while (bucket != null && bucket.getExpiration() <= now) {
            // What DelayQueue.poll() returns when its clock reads `now`; see the class javadoc.
            delayQueue.remove(bucket);
            timingWheel.advanceClock(bucket.getExpiration());
            bucket.flush(reinsert);
            bucket = delayQueue.peek();
        }
    }

    @Override
    public long nextExpiry() {
        throw unsupported("next-expiry query",
                "the bucket delay queue's head is only a lower bound (a bucket start, possibly of an"
                        + " overflow wheel or of a bucket whose tasks were all cancelled)");
    }

    @Override
    public long fireNext() {
        throw unsupported("way to take the next timer", "it has no next-expiry query");
    }

    @Override
    public int size() {
        return taskCounter.get();
    }

    /** @return the timing wheel and its bucket delay queue */
    @Override
    public Object structure() {
        return new Object[] {timingWheel, delayQueue};
    }
}
