package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.internal.Checks;
import io.github.radixwheel.core.internal.RadixEngine;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The radix wheel of a {@link TimerCore}: task objects keyed by tick number, delivered in (tick,
 * insertion) order. Not thread-safe; the core calls it under its lock.
 *
 * <p>Each task knows its node ({@link WheelTask#node}), so a removal is O(1) with no lookup and no
 * handle: the engine's key and links (16 bytes) plus one reference here (4 bytes, compressed) per
 * node of capacity. A task taken out of the engine to be handed to a task executor may keep its
 * node ({@link #pollMinKeepingNode}) until it is claimed or cancelled, so that a shutdown still
 * finds it ({@link #forEach}). Capacity grows by half; freed nodes are reused last in, first out, so that a
 * schedule after a cancel touches warm lines. A node's task reference is cleared when the task
 * leaves, so a cancelled task is not retained.
 */
final class TaskWheel {
    private static final int NIL = RadixEngine.NIL;
    private static final int MIN_GROWTH = 16;

    private final RadixEngine engine;
    private WheelTask[] tasks;
    /** Nodes at or above this one have never been handed out. */
    private int highWater;
    private int freeHead = NIL;

    /**
     * @param levelBits the levels, extended to 63 bits so that every tick number fits
     * @param initialCapacity nodes allocated up front
     */
    TaskWheel(LevelBits levelBits, int initialCapacity) {
        this.engine = new RadixEngine(levelBits.extendToMaxNumBits(), initialCapacity);
        this.tasks = new WheelTask[initialCapacity];
    }

    int size() {
        return engine.size();
    }

    boolean isEmpty() {
        return engine.size() == 0;
    }

    /** The least tick the wheel accepts: that of the last task polled, or 0. */
    long minAllowedTick() {
        return engine.minAllowedKey();
    }

    /** Adds a task that is in no wheel at {@code tick}, raised to {@link #minAllowedTick()} if below. */
    void add(WheelTask task, long tick) {
        int e = allocate();
        tasks[e] = task;
        task.node = e;
        engine.insertLast(e, Math.max(tick, engine.minAllowedKey()));
    }

    /** Removes a task that holds a node of this wheel, in the engine or handed over. O(1). */
    void remove(WheelTask task) {
        int e = task.node;
        if (engine.isLinked(e)) {
            engine.unlink(e);
        }
        free(e);
        task.node = WheelTask.OFF_WHEEL;
    }

    /** Whether a task that holds a node of this wheel is in the engine, not handed over. */
    boolean isLinked(WheelTask task) {
        return engine.isLinked(task.node);
    }

    /** {@return the tick of the first task, or {@link Long#MAX_VALUE} if empty} */
    long minTick() {
        int e = engine.minNode();
        return e == NIL ? Long.MAX_VALUE : engine.key(e);
    }

    /**
     * Takes the first task out of the engine, keeping its node; the wheel must not be empty. Its
     * tick becomes the least allowed.
     */
    WheelTask pollMinKeepingNode() {
        return tasks[engine.pollMinNode()];
    }

    /** Removes and returns the first task; the wheel must not be empty. Its tick becomes the least allowed. */
    WheelTask pollMin() {
        int e = engine.pollMinNode();
        WheelTask task = tasks[e];
        free(e);
        task.node = WheelTask.OFF_WHEEL;
        return task;
    }

    /**
     * Visits every task that holds a node, in the engine or handed over, in no particular order;
     * {@code visitor} must not change the wheel. O(capacity).
     */
    void forEach(Consumer<WheelTask> visitor) {
        for (int e = 0; e < highWater; e++) {
            if (tasks[e] != null) {
                visitor.accept(tasks[e]);
            }
        }
    }

    /**
     * Checks the engine, that each node's task names it, and the free list.
     *
     * @return the number of tasks handed over (holding a node outside the engine)
     */
    int checkInvariants() {
        engine.checkInvariants();
        int handed = 0;
        for (int e = 0; e < highWater; e++) {
            WheelTask task = tasks[e];
            if (task != null && task.node != e || task == null && engine.isLinked(e)) {
                throw Checks.state("task wheel: node " + e + " holds task " + task
                        + (task == null ? " but is linked" : " whose node is " + task.node));
            }
            if (task != null && !engine.isLinked(e)) {
                handed++;
            }
        }
        int free = 0;
        for (int e = freeHead; e != NIL; e = engine.nextFree(e)) {
            if (e < 0 || e >= highWater || tasks[e] != null || ++free > highWater) {
                throw Checks.state("task wheel: free list broken at node " + e);
            }
        }
        if (engine.size() + handed + free != highWater) {
            throw Checks.state("task wheel: " + engine.size() + " linked + " + handed + " handed over + " + free
                    + " free != " + highWater + " nodes handed out");
        }
        return handed;
    }

    private int allocate() {
        int e = freeHead;
        if (e != NIL) {
            freeHead = engine.nextFree(e);
            return e;
        }
        if (highWater == tasks.length) {
            grow();
        }
        return highWater++;
    }

    private void free(int e) {
        tasks[e] = null;
        engine.setNext(e, freeHead);
        freeHead = e;
    }

    private void grow() {
        int old = tasks.length;
        if (old >= RadixEngine.MAX_CAPACITY) {
            throw Checks.state("capacity exhausted: " + old + " pending tasks (expected: at most "
                    + RadixEngine.MAX_CAPACITY + ")");
        }
        int capacity = (int) Math.min(RadixEngine.MAX_CAPACITY, (long) old + Math.max(MIN_GROWTH, old >>> 1));
        engine.resize(capacity);
        tasks = Arrays.copyOf(tasks, capacity);
    }
}
