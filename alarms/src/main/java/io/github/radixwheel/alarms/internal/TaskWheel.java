package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.internal.Checks;
import io.github.radixwheel.core.internal.OccupancyBitmap;
import io.github.radixwheel.core.internal.RadixEngine;
import java.util.function.Consumer;

/**
 * The radix wheel of a {@link TimerCore}: tasks keyed by the tick of their deadline, raised to the
 * least allowed tick, and delivered in (tick, insertion) order. Not thread-safe; the core calls it
 * under its lock.
 *
 * <p>Intrusive: each task carries its own links ({@link WheelTask#next}, {@link WheelTask#prev}),
 * and its tick is computed from its {@link WheelTask#deadline}, so the wheel keeps no array per
 * task and the task keeps no second time. A task costs its own object's bytes and nothing more, a
 * cancel is O(1) with no lookup, and taking a due task touches that task and a slot's head, where
 * a wheel of node arrays touches three arrays (the node's key, its links, its task reference).
 *
 * <p>Level {@code i} holds the tasks whose tick agrees with the least allowed tick in every bit
 * above level {@code i}'s bits and differs from it in one of them (level 0: or in none); the slot
 * is the tick's bits of that level. So no level's slots wrap, each tick lies in exactly one slot,
 * and the first occupied slot of the lowest occupied level holds the least ticks. Taking the first
 * task from a slot above level 0 first raises the least allowed tick to that slot's start and moves
 * the slot's tasks down, in their order: the tasks of one tick stay in insertion order. A slot is a
 * list with its head in {@link #heads} and its tail in {@link #tails}, so that appending a task
 * touches only the tail, the task added last, and not the head, added up to a turn of the wheel
 * before and long gone from the cache when many tasks are pending.
 *
 * <p>A task taken out to be handed to a task executor ({@link #pollMinToHandOver}) waits in a
 * list of its own until it is claimed or cancelled, so that a shutdown still finds it
 * ({@link #forEach}). A task that leaves has its links cleared, and no other task refers to it, so
 * a cancelled task is not retained.
 */
final class TaskWheel {
    private final long tickNanos;
    private final int numLevels;
    /** Per level, the tick bits below its slot index. */
    private final int[] shift;
    /** Per level, its number of slots minus one. */
    private final int[] mask;
    /** For the highest bit in which a tick differs from the least allowed one: the tick's level. */
    private final byte[] levelOfBit = new byte[64];
    private final WheelTask[][] heads;
    private final WheelTask[][] tails;
    private final OccupancyBitmap[] occupied;
    /** Bit {@code i} set iff level {@code i} holds a task. */
    private long occupiedLevels;
    /** The least tick the wheel accepts: that of the last task polled, or 0. */
    private long min;
    private int size;
    /** The first task in delivery order while known; null if unknown or empty. */
    private WheelTask first;
    /** {@link #first}'s tick, while it is known. */
    private long firstTick;
    /** The head of the circular list of tasks handed over, or null. */
    private WheelTask handed;
    /** The number of tasks in {@link #handed}. */
    private int handedOver;

    /**
     * @param levelBits the levels, extended to 63 bits so that every tick number fits
     * @param tickNanos the length of a tick, positive: a deadline's tick is {@code deadline / tickNanos}
     * @throws IllegalArgumentException if a level has more than {@link RadixEngine#MAX_LEVEL_BITS} bits
     */
    TaskWheel(LevelBits levelBits, long tickNanos) {
        this.tickNanos = tickNanos;
        LevelBits bits = levelBits.extendToMaxNumBits();
        numLevels = bits.numLevels();
        shift = new int[numLevels];
        mask = new int[numLevels];
        heads = new WheelTask[numLevels][];
        tails = new WheelTask[numLevels][];
        occupied = new OccupancyBitmap[numLevels];
        int sum = 0;
        for (int i = 0; i < numLevels; i++) {
            int b = bits.bits(i);
            if (b > RadixEngine.MAX_LEVEL_BITS) {
                throw Checks.outOfRange("bits of level " + i + " in " + levelBits, b, 1, RadixEngine.MAX_LEVEL_BITS);
            }
            shift[i] = sum;
            mask[i] = (1 << b) - 1;
            heads[i] = new WheelTask[1 << b];
            tails[i] = new WheelTask[1 << b];
            occupied[i] = new OccupancyBitmap(1 << b);
            for (int bit = sum; bit < sum + b; bit++) {
                levelOfBit[bit] = (byte) i;
            }
            sum += b;
        }
    }

    /** {@return the number of tasks linked in the wheel (not those handed over)} */
    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** {@return the number of tasks taken out to be handed over and still in the wheel's list of them} */
    int handedOver() {
        return handedOver;
    }

    /** The least tick the wheel accepts: that of the last task polled, or 0. */
    long minAllowedTick() {
        return min;
    }

    /**
     * Adds a task that is in no wheel, at the tick of its {@link WheelTask#deadline} or, if that is
     * below, at {@link #minAllowedTick()}. O(1).
     */
    void add(WheelTask task) {
        long t = tickOf(task);
        task.node = WheelTask.IN_WHEEL;
        link(task, t);
        if (size++ == 0 || first != null && t < firstTick) {
            first = task;
            firstTick = t;
        }
    }

    /**
     * Adds a task that is in no wheel, as {@link #add} does, but in submission order among the tasks
     * of its slot ({@link WheelTask#sequence}): after those submitted before it, before the others.
     * For a task scheduled again, which keeps its first submission's place among the tasks of its
     * tick. O(1) plus a step for each task of its slot submitted before it.
     */
    void addInSubmissionOrder(WheelTask task) {
        long t = tickOf(task);
        task.node = WheelTask.IN_WHEEL;
        int level = levelOf(t);
        int slot = slotOf(level, t);
        long sequence = task.sequence();
        WheelTask after = heads[level][slot];
        while (after != null && after.sequence() < sequence) {
            after = after.next; // pass the tasks submitted before it
        }
        if (after == null) {
            link(task, t); // at the back
        } else {
            WheelTask prev = after.prev;
            task.prev = prev;
            task.next = after;
            after.prev = task;
            if (prev == null) {
                heads[level][slot] = task;
            } else {
                prev.next = task;
            }
        }
        if (size++ == 0 || first != null && t < firstTick) {
            first = task;
            firstTick = t;
        } else if (first != null && t == firstTick) {
            first = null; // it may come before the known first: found again when asked
        }
    }

    /**
     * The tick under which the wheel keeps a task: its deadline's, raised to the least allowed tick.
     * For a task in the wheel this is the tick it was added under, whatever the least allowed tick
     * has become since: a task added below it sits at it, and it cannot rise past a task in the wheel.
     */
    long tickOf(WheelTask task) {
        long d = task.deadline;
        return Math.max(d == TimerCore.NEVER ? Long.MAX_VALUE : d / tickNanos, min);
    }

    /** Removes a task that is in this wheel, linked or handed over. O(1). */
    void remove(WheelTask task) {
        if (task.node == WheelTask.IN_WHEEL) {
            unlinkFromSlot(task);
            size--;
            if (task == first) {
                first = null;
            }
        } else {
            handed = unlinkFromList(task, handed);
            handedOver--;
        }
        task.node = WheelTask.OFF_WHEEL;
    }

    /**
     * Removes {@code task} if it waits in the list of tasks handed over; does nothing if it is in no
     * wheel or linked (a task scheduled again after its run). O(1).
     */
    void releaseHandedOver(WheelTask task) {
        if (task.node == WheelTask.HANDED_OVER) {
            remove(task);
        }
    }

    /** Whether a task that is in this wheel is linked, not handed over. */
    boolean isLinked(WheelTask task) {
        return task.node == WheelTask.IN_WHEEL;
    }

    /**
     * {@return a tick no later than the first task's, or {@link Long#MAX_VALUE} if empty: the first
     * task's when it is known or lies in level 0, else the start of the first slot that holds it}
     * O(1): no walk of a slot, which above level 0 may hold most of the tasks.
     */
    long minTickLowerBound() {
        if (size == 0) {
            return Long.MAX_VALUE;
        }
        if (first != null) {
            return firstTick;
        }
        int level = Long.numberOfTrailingZeros(occupiedLevels);
        int slot = occupied[level].nextSetBit(0);
        if (level == 0) {
            first = heads[0][slot]; // a slot of level 0 holds one tick
            firstTick = tickOf(first);
            return firstTick;
        }
        return slotStart(level, slot);
    }

    /**
     * {@return whether a task lies at a tick before {@code bound}} Moves the first slot down while it
     * lies above level 0 and starts before {@code bound}, raising the least allowed tick to its start,
     * instead of walking it: O(1) amortized, since a task moves down at most once per level. The
     * caller must add no task before {@code bound} afterwards: {@code bound} is a tick that has
     * begun on the clock, and deadlines lie ahead of the clock.
     */
    boolean hasTickBefore(long bound) {
        while (minTickLowerBound() < bound) {
            if (first != null) {
                return true;
            }
            int level = Long.numberOfTrailingZeros(occupiedLevels);
            moveDown(level, occupied[level].nextSetBit(0));
        }
        return false;
    }

    /**
     * {@return the tick of the first task, or {@link Long#MAX_VALUE} if empty} O(1) when the first
     * task lies in level 0 or is known; otherwise a walk of the first slot, whose answer is kept.
     */
    long minTick() {
        if (size == 0) {
            return Long.MAX_VALUE;
        }
        if (first == null) {
            first = findFirst();
            firstTick = tickOf(first);
        }
        return firstTick;
    }

    /**
     * Takes the first task out to be handed over, keeping it in the wheel's list of such tasks; the
     * wheel must not be empty. Its tick becomes the least allowed.
     */
    WheelTask pollMinToHandOver() {
        WheelTask task = takeFirst();
        task.node = WheelTask.HANDED_OVER;
        handed = append(task, handed);
        handedOver++;
        return task;
    }

    /** Removes and returns the first task; the wheel must not be empty. Its tick becomes the least allowed. */
    WheelTask pollMin() {
        WheelTask task = takeFirst();
        task.node = WheelTask.OFF_WHEEL;
        return task;
    }

    /**
     * Visits every task in the wheel, linked or handed over, in no particular order; {@code visitor}
     * must not change the wheel. O(tasks + occupied bitmap words).
     */
    void forEach(Consumer<WheelTask> visitor) {
        for (long levels = occupiedLevels; levels != 0; levels &= levels - 1) {
            int level = Long.numberOfTrailingZeros(levels);
            for (int slot = occupied[level].nextSetBit(0); slot >= 0; slot = occupied[level].nextSetBit(slot + 1)) {
                for (WheelTask t = heads[level][slot]; t != null; ) {
                    WheelTask next = t.next;
                    visitor.accept(t);
                    t = next;
                }
            }
        }
        visitHanded(handed, visitor);
    }

    private static void visitHanded(WheelTask head, Consumer<WheelTask> visitor) {
        if (head != null) {
            WheelTask t = head;
            do {
                WheelTask next = t.next;
                visitor.accept(t);
                t = next;
            } while (t != head);
        }
    }

    /**
     * Checks every slot's list and bit, each task's place for its tick, the count, the known first
     * task and the list of tasks handed over.
     *
     * @return the number of tasks handed over
     */
    int checkInvariants() {
        int linked = 0;
        for (int level = 0; level < numLevels; level++) {
            occupied[level].checkSummary("task wheel level " + level);
            boolean any = false;
            for (int slot = 0; slot <= mask[level]; slot++) {
                WheelTask head = heads[level][slot];
                if (occupied[level].get(slot) != (head != null) || (tails[level][slot] == null) != (head == null)) {
                    throw Checks.state("task wheel: level " + level + " slot " + slot + " has bit "
                            + occupied[level].get(slot) + ", head " + head + " and tail " + tails[level][slot]);
                }
                if (head == null) {
                    continue;
                }
                any = true;
                if (head.prev != null) {
                    throw Checks.state("task wheel: level " + level + " slot " + slot + " head " + head + " has a prev");
                }
                for (WheelTask t = head; t != null; t = t.next) {
                    long tick = tickOf(t);
                    if (t.node != WheelTask.IN_WHEEL || levelOf(tick) != level || slotOf(level, tick) != slot
                            || (t.next == null ? tails[level][slot] != t : t.next.prev != t) || ++linked > size
                            || t.next != null && t.next.sequence() < t.sequence()) {
                        throw Checks.state("task wheel: task " + t + " (node " + t.node + ", tick " + tick
                                + ") misplaced in level " + level + " slot " + slot + " (least allowed tick " + min
                                + "), badly linked, or out of submission order");
                    }
                }
            }
            if (any != ((occupiedLevels & (1L << level)) != 0)) {
                throw Checks.state("task wheel: level " + level + " occupied " + any + " but its bit says otherwise");
            }
        }
        if (linked != size) {
            throw Checks.state("task wheel: " + linked + " tasks linked, size " + size);
        }
        if (first != null && (first != findFirst() || firstTick != tickOf(first))) {
            throw Checks.state("task wheel: the known first task " + first + " (tick " + firstTick + ") is not first");
        }
        int handedCount = 0;
        if (handed != null) {
            WheelTask t = handed;
            do {
                if (t.node != WheelTask.HANDED_OVER || t.next.prev != t) {
                    throw Checks.state("task wheel: handed-over list broken at " + t + " (node " + t.node + ")");
                }
                handedCount++;
                t = t.next;
            } while (t != handed);
        }
        if (handedCount != handedOver) {
            throw Checks.state("task wheel: " + handedCount + " tasks handed over, count " + handedOver);
        }
        return handedCount;
    }

    // ---------------------------------------------------------------- levels and slots

    private int levelOf(long tick) {
        long x = tick ^ min;
        return x == 0 ? 0 : levelOfBit[63 - Long.numberOfLeadingZeros(x)];
    }

    /** The first tick of {@code slot} of {@code level}, a level above 0, in the least allowed tick's block. */
    private long slotStart(int level, int slot) {
        int blockBits = level + 1 < numLevels ? shift[level + 1] : 63;
        long blockMask = -1L >>> (64 - blockBits);
        return (min & ~blockMask) | ((long) slot << shift[level]);
    }

    private int slotOf(int level, long tick) {
        return (int) (tick >>> shift[level]) & mask[level];
    }

    private void link(WheelTask task, long tick) {
        int level = levelOf(tick);
        int slot = slotOf(level, tick);
        WheelTask[] t = tails[level];
        WheelTask tail = t[slot];
        task.prev = tail;
        task.next = null;
        if (tail == null) {
            heads[level][slot] = task;
            occupied[level].set(slot);
            occupiedLevels |= 1L << level;
        } else {
            tail.next = task;
        }
        t[slot] = task;
    }

    /**
     * Links {@code task} at the back of the circular list of tasks handed over that starts at
     * {@code head} (null: empty).
     *
     * @return the list's head afterwards
     */
    private static WheelTask append(WheelTask task, WheelTask head) {
        if (head == null) {
            task.next = task.prev = task;
            return task;
        }
        insertBefore(task, head); // before the head of a circular list: at its back
        return head;
    }

    /** Links {@code task} into a circular list just before {@code next}, a task of that list. */
    private static void insertBefore(WheelTask task, WheelTask next) {
        WheelTask prev = next.prev;
        task.prev = prev;
        task.next = next;
        prev.next = task;
        next.prev = task;
    }

    private void unlinkFromSlot(WheelTask task) {
        long t = tickOf(task);
        int level = levelOf(t);
        unlinkAt(task, level, slotOf(level, t));
    }

    /** Unlinks {@code task} from {@code slot} of {@code level}, where it lies. */
    private void unlinkAt(WheelTask task, int level, int slot) {
        WheelTask prev = task.prev;
        WheelTask next = task.next;
        if (prev == null) {
            heads[level][slot] = next;
        } else {
            prev.next = next;
        }
        if (next == null) {
            tails[level][slot] = prev;
        } else {
            next.prev = prev;
        }
        task.next = task.prev = null;
        if (prev == null && next == null && occupied[level].clear(slot)) {
            occupiedLevels &= ~(1L << level);
        }
    }

    /**
     * Unlinks {@code task} from the circular list of tasks handed over that starts at {@code head}
     * and clears its links.
     *
     * @return the list's head afterwards, null if it emptied
     */
    private static WheelTask unlinkFromList(WheelTask task, WheelTask head) {
        WheelTask next = task.next;
        WheelTask result = head;
        if (next == task) {
            result = null;
        } else {
            WheelTask prev = task.prev;
            prev.next = next;
            next.prev = prev;
            if (head == task) {
                result = next;
            }
        }
        task.next = task.prev = null;
        return result;
    }

    /** The first task in delivery order; the wheel is not empty. */
    private WheelTask findFirst() {
        int level = Long.numberOfTrailingZeros(occupiedLevels);
        WheelTask head = heads[level][occupied[level].nextSetBit(0)];
        if (level == 0) {
            return head; // a slot of level 0 holds one tick
        }
        WheelTask best = head;
        long bestTick = tickOf(head);
        for (WheelTask t = head.next; t != null; t = t.next) {
            long tick = tickOf(t);
            if (tick < bestTick) { // strictly less: of equal ticks the earlier in the list, inserted first, wins
                best = t;
                bestTick = tick;
            }
        }
        return best;
    }

    /**
     * Unlinks the first task, moving the first slot down first while it lies above level 0, and
     * raises the least allowed tick to its tick; the wheel is not empty.
     */
    private WheelTask takeFirst() {
        for (int level; (level = Long.numberOfTrailingZeros(occupiedLevels)) != 0; ) {
            moveDown(level, occupied[level].nextSetBit(0));
        }
        int slot = occupied[0].nextSetBit(0);
        WheelTask task = heads[0][slot];
        long tick = tickOf(task);
        unlinkAt(task, 0, slot);
        min = tick; // in level 0's block: no task changes level
        size--;
        first = heads[0][slot]; // the next of the same tick, or null: unknown
        firstTick = tick;
        return task;
    }

    /**
     * Raises the least allowed tick to the start of {@code slot} of {@code level}, the first occupied
     * slot of the lowest occupied level, and relinks its tasks, in order, into the levels below.
     */
    private void moveDown(int level, int slot) {
        WheelTask t = heads[level][slot];
        heads[level][slot] = null;
        tails[level][slot] = null;
        if (occupied[level].clear(slot)) {
            occupiedLevels &= ~(1L << level);
        }
        min = slotStart(level, slot);
        while (t != null) {
            WheelTask next = t.next;
            link(t, tickOf(t));
            t = next;
        }
    }
}
