package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.core.internal.Checks;
import io.github.radixwheel.core.internal.HandleWheel;
import io.github.radixwheel.core.internal.RadixEngine;
import java.util.Arrays;

/**
 * The events of the current time: those whose key is the wheel's minimum allowed key, all in that
 * key's level-0 slot. The wheel keeps each key's events in scheduling order; this class keeps the
 * current time's in delivery order instead, as runs of one priority each, in ascending priority,
 * each run in scheduling order. Then the slot's head is the first event, as the wheel's own
 * removal of its minimum assumes.
 *
 * <p>Per run it keeps the priority and the last node, packed in a {@code long} (see {@link #run}),
 * sorted by priority: an event of the current time finds its place by a binary search over the
 * runs, and a run that starts or ends shifts the entries after it. Events of later times need
 * none of this: they stay in scheduling order until their time becomes current ({@link #activate}),
 * when they are checked and, if needed, put in priority order, once: each event that is out of
 * order moves to the back of its priority's run, or, with more than {@link #MAX_PARTITION_RUNS}
 * distinct priorities at that time, the time's events are sorted stably.
 *
 * <p>The entries are the logical indices {@code [lo, hi)} of {@code runs}, a circular array
 * ({@link #get}): runs that start at the top and end at the bottom, as in a hold loop at the current
 * time with rising priorities, slide round it in O(1) each, within an array no longer than the
 * capacity. The array is also the sort's space, and {@code buffer} its second half, both grown to
 * the largest time sorted (see {@link #trim}). The node's priority is the wheel's per-node
 * {@code long}, its "alarm time".
 */
public final class EventListGroup {
    private static final int NIL = RadixEngine.NIL;
    private static final int INITIAL = 8;
    private static final long[] NONE = {};
    /**
     * The most runs that {@link #activate} keeps while it moves events into their runs; with more
     * distinct priorities at one time it sorts them, in O(g log g).
     */
    static final int MAX_PARTITION_RUNS = 64;

    private final HandleWheel<?> wheel;
    private long[] runs = new long[INITIAL];
    private long[] buffer = NONE;
    /** The first run's logical index: {@code 0 <= lo < runs.length}, and {@code hi - lo <= runs.length}. */
    private int lo;
    private int hi;

    /**
     * @param wheel the wheel whose current time this keeps in order
     */
    public EventListGroup(HandleWheel<?> wheel) {
        this.wheel = wheel;
    }

    private static long run(int priority, int tail) {
        return ((long) priority << 32) | (tail & 0xFFFF_FFFFL);
    }

    private static int priorityOf(long run) {
        return (int) (run >> 32);
    }

    private static int tailOf(long run) {
        return (int) run;
    }

    /** The priority of a node. */
    public int priority(int node) {
        return (int) wheel.alarmTimeOf(node);
    }

    /** Forgets the runs: the current time has no event (after a clear or reset). */
    public void clear() {
        lo = 0;
        hi = 0;
    }

    /** Releases the sort's space, and run space beyond what the runs need. */
    public void trim() {
        buffer = NONE;
        relocate(Math.max(hi - lo, INITIAL), lo);
    }

    /** {@return the run at logical index {@code i}, in {@code [lo, hi)}} */
    private long get(int i) {
        return runs[slot(i)];
    }

    private void set(int i, long run) {
        runs[slot(i)] = run;
    }

    /** The array index of logical index {@code i}, which lies in {@code [lo, lo + runs.length)}. */
    private int slot(int i) {
        int length = runs.length;
        return i < length ? i : i - length;
    }

    // ---------------------------------------------------------------- placing events of the current time

    /**
     * Links free node {@code n}, of priority {@code priority}, at the back of its run (or, with
     * {@code first}, at its front) among the events of the current time {@code key}.
     */
    public void insert(int n, long key, int priority, boolean first) {
        int i = find(priority);
        if (i >= 0) {
            if (first) {
                wheel.insertBeside(n, runHead(i), false);
            } else {
                wheel.insertBeside(n, tailOf(get(i)), true);
                set(i, run(priority, n));
            }
            return;
        }
        int at = -i - 1;
        if (at == lo) {
            wheel.insertFirst(n, key); // before every run: the new lowest priority
        } else {
            wheel.insertBeside(n, tailOf(get(at - 1)), true);
        }
        insertRun(at, run(priority, n));
    }

    /** Links free node {@code n} beside node {@code ref} of the current time; it has {@code ref}'s priority. */
    public void insertBeside(int n, int ref, boolean after) {
        wheel.insertBeside(n, ref, after);
        if (after) {
            int i = find(priority(ref));
            if (tailOf(get(i)) == ref) {
                set(i, run(priorityOf(get(i)), n));
            }
        }
    }

    /** Unlinks node {@code n} of the current time. */
    public void unlink(int n) {
        int p = priority(n);
        int i = find(p);
        if (tailOf(get(i)) == n) {
            int prev = wheel.previous(n);
            if (prev != NIL && priority(prev) == p) {
                set(i, run(p, prev));
            } else {
                removeRun(i);
            }
        }
        wheel.unlink(n);
    }

    /** After the wheel's removal of its minimum took {@code n}, the head of the current time. */
    public void tookHead(int n) {
        if (hi > lo && tailOf(get(lo)) == n) {
            removeRun(lo);
        }
    }

    private int runHead(int i) {
        return i == lo ? wheel.firstAtMin() : wheel.next(tailOf(get(i - 1)));
    }

    /** {@return the index of the run of {@code priority}, or {@code -(its place) - 1}} */
    private int find(int priority) {
        int low = lo;
        int high = hi - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int p = priorityOf(get(mid));
            if (p < priority) {
                low = mid + 1;
            } else if (p > priority) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -low - 1;
    }

    /**
     * Puts a run at logical index {@code at}, shifting the shorter side by one (round the circular
     * array): O(1) at either end. A full array first grows by half, up to the capacity, which the
     * runs never exceed (each has an event).
     */
    private void insertRun(int at, long entry) {
        if (hi - lo == runs.length) {
            at = relocate(grownLength(hi - lo + 1), at);
        }
        if (at - lo < hi - at) {
            if (lo == 0) { // so that lo - 1 is a logical index still
                lo += runs.length;
                hi += runs.length;
                at += runs.length;
            }
            shiftDown(lo, at);
            lo--;
            set(at - 1, entry);
        } else {
            shiftUp(at, hi);
            hi++;
            set(at, entry);
        }
    }

    private void removeRun(int i) {
        if (i - lo < hi - i - 1) {
            shiftUp(lo, i);
            lo++;
            if (lo == runs.length) {
                lo = 0;
                hi -= runs.length;
            }
        } else {
            shiftDown(i + 1, hi);
            hi--;
        }
        if (lo == hi) {
            lo = 0;
            hi = 0;
        }
    }

    /**
     * Moves the entries at logical indices {@code [from, to)} one place down, to {@code [from - 1,
     * to - 1)}: a block copy per stretch that does not wrap round the array, so that a run started
     * or ended in the middle of many costs a memory move, not a loop over them.
     */
    private void shiftDown(int from, int to) {
        long[] r = runs;
        for (int i = from; i < to; ) {
            int source = slot(i);
            int target = slot(i - 1);
            int n = Math.min(to - i, r.length - Math.max(source, target));
            System.arraycopy(r, source, r, target, n);
            i += n;
        }
    }

    /** Moves the entries at logical indices {@code [from, to)} one place up, to {@code [from + 1, to + 1)}. */
    private void shiftUp(int from, int to) {
        long[] r = runs;
        for (int i = to; i > from; ) {
            int source = slot(i - 1); // the last entry of the stretch
            int target = slot(i);
            int n = Math.min(i - from, Math.min(source, target) + 1);
            System.arraycopy(r, source - n + 1, r, target - n + 1, n);
            i -= n;
        }
    }

    private void appendRun(int priority, int n) {
        if (hi > lo && priorityOf(get(hi - 1)) == priority) {
            set(hi - 1, run(priority, n));
            return;
        }
        if (hi - lo == runs.length) {
            relocate(grownLength(hi - lo + 1), hi);
        }
        set(hi++, run(priority, n));
    }

    /**
     * The length to grow to for {@code needed} entries: by half, but never past the wheel's capacity
     * (a time has at most that many events); with the sort's buffer, 16 bytes per event of capacity.
     */
    private int grownLength(int needed) {
        return Math.max(needed, Math.min(runs.length + (runs.length >> 1), wheel.capacity()));
    }

    /**
     * Moves the runs to the start of a new array of {@code length} entries, in order.
     *
     * @return where logical index {@code at} went
     */
    private int relocate(int length, int at) {
        long[] to = new long[length];
        int n = hi - lo;
        for (int i = 0; i < n; i++) {
            to[i] = get(lo + i);
        }
        runs = to;
        int moved = at - lo;
        lo = 0;
        hi = n;
        return moved;
    }

    // ---------------------------------------------------------------- a new current time

    /**
     * After the wheel's removal of its minimum took {@code e}, the first event in scheduling order
     * of the new current time {@code key}, whose other events now sit in that key's level-0 slot:
     * puts them in delivery order and returns the event to deliver, {@code e} unless a later one of
     * its time has a lower priority (then {@code e} goes back, and the first in order is taken).
     * O(g) for the g events of the time if their priorities ascend in scheduling order; else
     * O(g log r), r the number of distinct priorities among them, up to {@link #MAX_PARTITION_RUNS},
     * and O(g log g) beyond.
     */
    public int activate(int e, long key) {
        clear();
        int previousPriority = priority(e);
        for (int n = wheel.firstAtMin(); n != NIL; n = wheel.next(n)) {
            int p = priority(n);
            if (p < previousPriority) {
                return partitionAndTake(e, key, n);
            }
            appendRun(p, n);
            previousPriority = p;
        }
        return e;
    }

    /**
     * The events of the time are in priority order up to node {@code from}, which has a lower
     * priority than the one before it: puts {@code e} back in front, then moves each later event
     * that is out of order to the back of its priority's run, found by a binary search over the
     * runs, and takes the first event. Each run keeps scheduling order. A new run in the middle
     * shifts the entries on one side, so beyond {@link #MAX_PARTITION_RUNS} runs the time's events
     * are sorted instead ({@link #sortAndTake}).
     */
    private int partitionAndTake(int e, long key, int from) {
        wheel.insertFirst(e, key);
        int pe = priority(e);
        if (hi == lo || priorityOf(get(lo)) != pe) {
            insertRun(lo, run(pe, e)); // e has the lowest priority of those before from
        }
        for (int n = from; n != NIL; ) {
            int next = wheel.next(n);
            int p = priority(n);
            if (p >= priorityOf(get(hi - 1))) {
                appendRun(p, n); // in place: after every event placed so far
            } else if (hi - lo >= MAX_PARTITION_RUNS) {
                return sortAndTake(key); // a stable sort keeps the order of what is placed already
            } else {
                wheel.unlink(n);
                insert(n, key, p, false);
            }
            n = next;
        }
        int first = wheel.pollMinNode();
        tookHead(first);
        return first;
    }

    /** Sorts the events of the current time {@code key} stably by priority, then takes the first. */
    private int sortAndTake(long key) {
        int count = 0;
        for (int n = wheel.firstAtMin(); n != NIL; n = wheel.next(n)) {
            if (count == runs.length) {
                runs = Arrays.copyOf(runs, grownLength(count + 1)); // the entries so far start at 0
            }
            runs[count++] = run(priority(n), n);
        }
        if (buffer.length < count) {
            buffer = new long[Math.max(count, Math.min(buffer.length + (buffer.length >> 1), wheel.capacity()))];
        }
        long[] sorted = EventListSort.sort(runs, buffer, count);
        for (int i = 0; i < count; i++) {
            int n = tailOf(sorted[i]);
            wheel.unlink(n);
            wheel.insertLast(n, key);
        }
        int runsFound = 0;
        for (int i = 0; i < count; i++) {
            if (i + 1 == count || priorityOf(sorted[i]) != priorityOf(sorted[i + 1])) {
                runs[runsFound++] = sorted[i]; // the run's last node
            }
        }
        lo = 0;
        hi = runsFound;
        int first = wheel.pollMinNode();
        tookHead(first);
        return first;
    }

    // ---------------------------------------------------------------- checks

    /**
     * Checks that the current time's events are in delivery order and that the runs describe them
     * exactly. O(events of the current time); allocates nothing unless it fails.
     *
     * @throws IllegalStateException naming the first violation
     */
    public void check() {
        if (lo < 0 || lo > hi || lo >= Math.max(1, runs.length) || hi - lo > runs.length) {
            throw Checks.state("runs of the current time: [" + lo + ", " + hi + ") of " + runs.length);
        }
        int i = lo;
        for (int n = wheel.firstAtMin(); n != NIL; n = wheel.next(n)) {
            int p = priority(n);
            if (i == hi || priorityOf(get(i)) != p) {
                throw Checks.state("event node " + n + " of the current time, priority " + p
                        + ", is not in the run it belongs to (run " + i + " of [" + lo + ", " + hi + "))");
            }
            if (tailOf(get(i)) == n) {
                i++;
                int next = wheel.next(n);
                if (next != NIL && priority(next) <= p) {
                    throw Checks.state("run of priority " + p + " ends at node " + n + " but node " + next
                            + " of priority " + priority(next) + " follows it");
                }
            }
        }
        if (i != hi) {
            throw Checks.state("runs [" + i + ", " + hi + ") describe no event of the current time");
        }
    }
}
