package io.github.radixwheel.alarms.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The hand-off ring of a real-time {@link TimerCore}: producers put a task in a slot
 * without the core's lock, and whoever holds the lock later moves them into the wheel, in slot
 * order. Many producers, one consumer at a time (the holder of the core's lock). Bounded: the core
 * admits a producer only while a slot is free, and one that finds the ring full drains it under
 * the lock itself.
 *
 * <p>The core hands out slot numbers (its count of admissions, one compare-and-set); the producer
 * then writes the deadline into the task and publishes it with a release store. A slot claimed but
 * not yet published ends a drain: the tasks behind it wait for the next one. The consumer clears each slot
 * it reads, so a drained task is not retained, and at the end of the drain publishes the new head
 * with a release store (a plain store on x86), after which producers may reuse the slots. A task
 * cancelled while in its slot is taken out of it by the cancelling thread ({@link #tryClear}).
 */
final class TaskRing {
    /** log2 of {@link #CAPACITY}. */
    private static final int CAPACITY_BITS = 11;
    /** Slots: a power of two. 8192 measured slower with two producers (longer drains of a full ring under the lock). */
    static final int CAPACITY = 1 << CAPACITY_BITS;
    /** log2 of the slots whose task references share a 64-byte line (4-byte compressed references). */
    private static final int LINE_BITS = 4;

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(WheelTask[].class);
    private static final VarHandle HEAD = MethodHandles.arrayElementVarHandle(long[].class);
    /** Where the head sits in {@link #headCell}: 64 bytes from either end, so that no other data shares its line. */
    private static final int HEAD_INDEX = 8;

    /** What a drain does with each task it takes. */
    interface Sink {
        /**
         * Takes a task that a producer offered.
         *
         * @param task the task
         */
        void take(WheelTask task);
    }

    /** What {@link #clear} leaves in a slot: a task was there and has left. */
    private static final WheelTask LEFT = new WheelTask() {
        @Override
        protected void runClaimed() {
            throw new AssertionError("the ring's marker of a cleared slot never runs");
        }

        @Override
        protected void rejected(Throwable rejection) {
            throw new AssertionError("the ring's marker of a cleared slot is never handed over", rejection);
        }

        @Override
        public void run() {
            throw new AssertionError("the ring's marker of a cleared slot never runs");
        }
    };

    private final WheelTask[] tasks = new WheelTask[CAPACITY];
    /**
     * The head, the next slot the consumer reads, at {@link #HEAD_INDEX}: written only by the
     * consumer, once per drain, with release stores; read by every producer. Padded, so that its
     * writes do not evict the lines that producers read or write.
     */
    private final long[] headCell = new long[2 * HEAD_INDEX + 1];

    /** {@return the number of the next slot a drain reads: slots below it are free again} */
    long head() {
        return (long) HEAD.getAcquire(headCell, HEAD_INDEX);
    }

    /**
     * Fills slot {@code slot}, which the caller claimed (it is below {@code head() + CAPACITY}, and
     * no other caller has it); before publishing the task, tells it its deadline and the slot's
     * number as its sequence ({@link WheelTask#scheduled}).
     *
     * @param slot the slot's number
     * @param task the task, not null
     * @param deadline its deadline
     */
    void publish(long slot, WheelTask task, long deadline) {
        int s = index(slot);
        task.node = WheelTask.IN_RING - s; // first: a cancel that finds the task from now on clears its slot
        task.deadline = deadline;
        task.scheduled(slot);
        SLOT.setRelease(tasks, s, task);
    }

    /**
     * Takes a task whose state left {@code PENDING} out of its slot, so that it is not retained, if
     * it is there (published and not yet drained); the next drain skips the slot. Any thread, no lock:
     * a compare-and-set, which either this or the drain that takes the slot wins.
     *
     * @param task the task
     * @param node its {@link WheelTask#node} as read by the caller (maybe stale), which names a slot
     * @return whether the task was in that slot and this call took it out
     */
    boolean tryClear(WheelTask task, int node) {
        return SLOT.compareAndSet(tasks, WheelTask.IN_RING - node, task, LEFT);
    }

    /**
     * Consumer only: takes published tasks in slot order, up to {@code max} slots or the first slot
     * that is empty or claimed but not yet published, and gives each to {@code sink}, skipping
     * cleared slots.
     *
     * @param sink what to do with each task; must not call {@link #drain}
     * @param max the most slots to take
     * @return how many slots it took
     */
    int drain(Sink sink, int max) {
        long start = (long) HEAD.getOpaque(headCell, HEAD_INDEX);
        long h = start;
        try {
            for (long end = start + max; h != end; ) {
                int s = index(h);
                WheelTask task = (WheelTask) SLOT.getAcquire(tasks, s);
                if (task == null) {
                    break;
                }
                // A task is taken atomically, against a tryClear; a marker stays. Either null is
                // published to producers by the head's release store.
                if (task == LEFT) {
                    tasks[s] = null;
                } else {
                    task = (WheelTask) SLOT.getAndSet(tasks, s, (WheelTask) null);
                }
                h++;
                if (task != LEFT) {
                    sink.take(task);
                }
            }
        } finally {
            if (h != start) {
                HEAD.setRelease(headCell, HEAD_INDEX, h); // also if the sink threw: the slots taken stay taken
            }
        }
        return (int) (h - start);
    }

    /** Consumer only: whether the next slot holds a published task (a drain would take something). */
    boolean hasPublished() {
        return SLOT.getAcquire(tasks, index((long) HEAD.getOpaque(headCell, HEAD_INDEX))) != null;
    }

    /**
     * Where slot {@code slot} sits in the arrays: consecutive slots, which concurrent producers fill
     * at once, are spread over different cache lines (the slot number's low bits become the index's
     * high bits), so that they do not take each other's lines; every 16th slot shares a line.
     */
    private static int index(long slot) {
        int s = (int) slot;
        return (s & ((1 << LINE_BITS) - 1)) << (CAPACITY_BITS - LINE_BITS)
                | (s >>> LINE_BITS) & ((1 << (CAPACITY_BITS - LINE_BITS)) - 1);
    }
}
