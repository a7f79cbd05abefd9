package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.core.internal.Checks;
import io.github.radixwheel.core.internal.HandleWheel;
import io.github.radixwheel.core.internal.RadixEngine;
import java.util.Arrays;

/**
 * The two tiers of a future event list. The front is a calendar of day buckets that covers one
 * "year" of {@code buckets} days from the current day, so that a bucket holds a single day; its
 * width and bucket count follow the density of the pending events, as in Brown's calendar queue.
 * The radix wheel holds the events beyond that year, and they move into the front as the year
 * reaches them. Both tiers keep the nodes of one {@link HandleWheel}: an event in the front is a
 * node parked outside the wheel's slots ({@link RadixEngine#park}), linked into its bucket's list
 * through the node's own two links, so handles, keys and priorities live in one place.
 *
 * <p>A bucket keeps its events in delivery order, by (time, priority, scheduling order): a new
 * event finds its place by a walk back from the bucket's tail of at most {@link #WALK} steps. A
 * longer walk (many events of one time, or a width too wide) is not made: in a later day the event
 * goes to the bucket's back ({@code addFirst}: its front) and the bucket is marked out of order,
 * to be sorted, stably, once, when its day becomes current; in the current day the bucket's runs of
 * equal (time, priority) are described, each by its last node, and the event finds its place by a
 * binary search over them from then on.
 *
 * <p>Invariants: every front event's day (floor of {@code (time - origin) / width}, raised to the
 * current day) lies in {@code [cursorDay, cursorDay + buckets)}, every wheel event's beyond; every
 * key below the wheel's minimum allowed key has a day of the year, so that the wheel never needs a
 * key it has passed. The node's priority is the wheel's per-node {@code long}, its "alarm time".
 */
public final class EventListCalendar {
    private static final int NIL = RadixEngine.NIL;
    private static final int MIN_BUCKETS = 8;
    private static final int SAMPLES = 25;
    /** The longest walk back from a bucket's tail that an insertion makes. */
    private static final int WALK = 8;
    /** A day of more events than this, of several times, counts as a misfit per {@link #WALK} of them. */
    private static final int CROWDED = 32;
    /** The most the sampled width is stretched. */
    private static final double MAX_STRETCH = 1 << 20;
    private static final long[] NO_ENTRIES = {};

    private final HandleWheel<?> wheel;
    private int[] heads = new int[0];
    private int[] tails = new int[0];
    /** Whether a bucket's events may be out of delivery order; never the current day's once it is first. */
    private boolean[] unsorted = new boolean[0];
    private int mask;
    private double origin;
    private double width;
    private double scale;
    private long cursorDay;
    /** At most the day of every wheel event; {@link Long#MAX_VALUE} if the wheel is empty. */
    private long wheelMinDay = Long.MAX_VALUE;
    private int count;
    private int growAbove;
    private int shrinkBelow;
    /** Whether {@link #runs} describe the current day's bucket, which is then in order. */
    private boolean runsValid;
    /** The last node of each run of the current day, in order, in {@code runs[lo, hi)}. */
    private int[] runs = new int[MIN_BUCKETS];
    private int lo;
    private int hi;
    private double now;
    private long taken;
    /** {@link #taken} before which no misfit refit happens: refits cost O(n), once per n events taken. */
    private long refitAfter;
    /** Events moved from the wheel since the last refit: many mean a year too short. */
    private int migrations;
    /** Walks too long past events of other times since the last refit: many mean a width too wide. */
    private int misfits;
    /** What the sampled width is multiplied by: adapts to the two counts above. */
    private double stretch = 1;
    /** The width the last sample gave, before the stretch. */
    private double sampledWidth = 1;
    private final double[] sample = new double[SAMPLES];
    /** Sort space, and the list of nodes a relayout moves: entries with a node in their low 32 bits. */
    private long[] packed = NO_ENTRIES;
    private long[] packedBuffer = NO_ENTRIES;

    /**
     * @param wheel the wheel whose nodes both tiers keep; empty, its minimum allowed key that of {@code start}
     * @param start the current time
     */
    public EventListCalendar(HandleWheel<?> wheel, double start) {
        this.wheel = wheel;
        this.width = 1.0;
        this.now = start;
        layout(MIN_BUCKETS, width);
    }

    /** {@return the current time: the start, the last reset or the time of the last event taken} */
    public double now() {
        return now;
    }

    /** {@return the number of events in both tiers} */
    public int size() {
        return count + wheel.size();
    }

    private int priority(int n) {
        return (int) wheel.alarmTimeOf(n);
    }

    private long day(long key) {
        long d = (long) ((EventListTimes.time(key) - origin) * scale);
        return d < cursorDay ? cursorDay : d; // days passed over empty are the current day's
    }

    /** Whether an event of {@code key} belongs to the front; else it belongs to the wheel. */
    public boolean inFront(long key) {
        return day(key) - cursorDay <= mask;
    }

    // ---------------------------------------------------------------- layout

    /** An empty front of {@code buckets} days of {@code newWidth} from the current time. */
    private void layout(int buckets, double newWidth) {
        if (heads.length < buckets) {
            heads = new int[buckets];
            tails = new int[buckets];
            unsorted = new boolean[buckets];
        }
        Arrays.fill(heads, 0, buckets, NIL);
        Arrays.fill(tails, 0, buckets, NIL);
        Arrays.fill(unsorted, 0, buckets, false);
        mask = buckets - 1;
        setWidth(newWidth);
        origin = now;
        cursorDay = 0;
        runsValid = false;
        lo = 0;
        hi = 0;
        growAbove = buckets;
        shrinkBelow = buckets / 4 - 2;
    }

    private void setWidth(double w) {
        width = Math.max(w, Double.MIN_NORMAL);
        scale = 1 / width; // 0 for an infinite width: every time is then the current day
    }

    // ---------------------------------------------------------------- linking in a bucket

    private void linkLast(int b, int n) {
        int t = tails[b];
        wheel.setParkedLinks(n, NIL, t);
        if (t == NIL) {
            heads[b] = n;
        } else {
            wheel.setParkedNext(t, n);
        }
        tails[b] = n;
    }

    private void linkFirst(int b, int n) {
        int h = heads[b];
        wheel.setParkedLinks(n, h, NIL);
        if (h == NIL) {
            tails[b] = n;
        } else {
            wheel.setParkedPrev(h, n);
        }
        heads[b] = n;
    }

    private void linkAfter(int b, int n, int ref) {
        int x = wheel.parkedNext(ref);
        wheel.setParkedLinks(n, x, ref);
        wheel.setParkedNext(ref, n);
        if (x == NIL) {
            tails[b] = n;
        } else {
            wheel.setParkedPrev(x, n);
        }
    }

    private void linkBefore(int b, int n, int ref) {
        int p = wheel.parkedPrev(ref);
        wheel.setParkedLinks(n, ref, p);
        wheel.setParkedPrev(ref, n);
        if (p == NIL) {
            heads[b] = n;
        } else {
            wheel.setParkedNext(p, n);
        }
    }

    private void unlinkFromBucket(int b, int n) {
        int p = wheel.parkedPrev(n);
        int x = wheel.parkedNext(n);
        if (p == NIL) {
            heads[b] = x;
        } else {
            wheel.setParkedNext(p, x);
        }
        if (x == NIL) {
            tails[b] = p;
        } else {
            wheel.setParkedPrev(x, p);
        }
    }

    // ---------------------------------------------------------------- placing and removing events

    /**
     * Places free node {@code n} with {@code key}, at the back of its (time, priority) group, or
     * with {@code first} at its front, in whichever tier the key belongs to.
     */
    public void insert(int n, long key, boolean first) {
        long d = day(key);
        if (d - cursorDay > mask) {
            if (first) {
                wheel.insertFirst(n, key);
            } else {
                wheel.insertLast(n, key);
            }
            if (d < wheelMinDay) {
                wheelMinDay = d;
            }
            return;
        }
        wheel.park(n, key);
        int b = (int) d & mask;
        if (d == cursorDay && runsValid) {
            insertCurrent(b, n, key, first);
        } else if (unsorted[b] || walkIn(b, n, key, first) <= 0) {
            if (d == cursorDay && !unsorted[b]) {
                describeRuns(b);
                insertCurrent(b, n, key, first);
            } else {
                unsorted[b] = true;
                if (first) {
                    linkFirst(b, n);
                } else {
                    linkLast(b, n);
                }
            }
        }
        added();
    }

    /**
     * Links {@code n} into bucket {@code b}, which is in order, at its place: after the last node
     * of lower (time, priority), or of equal unless {@code first}. Walks back from the tail.
     *
     * @return 1 if linked; if that takes more than {@link #WALK} steps, links nothing and returns 0
     *     when every event passed has {@code key} (a misfit otherwise: counted, -1)
     */
    private int walkIn(int b, int n, long key, boolean first) {
        int priority = priority(n);
        int p = tails[b];
        for (int steps = 0; steps <= WALK; steps++) {
            if (p == NIL) {
                linkFirst(b, n);
                return 1;
            }
            long k = wheel.key(p);
            if (k < key || k == key && (priority(p) < priority || priority(p) == priority && !first)) {
                linkAfter(b, n, p);
                return 1;
            }
            p = wheel.parkedPrev(p);
        }
        if (wheel.key(tails[b]) == key) {
            return 0; // ties: no width parts them
        }
        misfits++;
        return -1;
    }

    /** Appends {@code n} to bucket {@code b}, marking the bucket out of order if it lands before its tail. */
    private void append(int b, int n) {
        int t = tails[b];
        if (t != NIL && !unsorted[b]) {
            long k = wheel.key(t);
            long key = wheel.key(n);
            if (key < k || key == k && priority(n) < priority(t)) {
                unsorted[b] = true;
            }
        }
        linkLast(b, n);
    }

    /** Places free node {@code n} beside pending node {@code ref}, with its time and priority. */
    public void insertBeside(int n, int ref, boolean after) {
        long key = wheel.key(ref);
        long d = day(key);
        if (d - cursorDay > mask) {
            wheel.insertBeside(n, ref, after);
            return;
        }
        wheel.park(n, key);
        int b = (int) d & mask;
        if (after) {
            linkAfter(b, n, ref);
            if (runsValid && d == cursorDay) {
                int i = find(key, priority(ref));
                if (runs[i] == ref) {
                    runs[i] = n;
                }
            }
        } else {
            linkBefore(b, n, ref);
        }
        added();
    }

    private void added() {
        if (++count > growAbove) {
            relayout(2 * (mask + 1));
        }
    }

    /** Removes pending node {@code e} from its tier; it stays allocated. */
    public void unlink(int e) {
        long key = wheel.key(e);
        long d = day(key);
        if (d - cursorDay > mask) {
            wheel.unlink(e);
            return;
        }
        int b = (int) d & mask;
        if (runsValid && d == cursorDay) {
            int i = find(key, priority(e));
            if (runs[i] == e) {
                int p = wheel.parkedPrev(e);
                if (p != NIL && wheel.key(p) == key && priority(p) == priority(e)) {
                    runs[i] = p;
                } else {
                    removeRun(i);
                }
            }
        }
        unlinkFromBucket(b, e);
        wheel.unpark(e);
        if (--count < shrinkBelow) {
            relayout((mask + 1) / 2);
        }
    }

    // ---------------------------------------------------------------- the current day's runs

    /** Links {@code n} into the current day's bucket {@code b}, which is in order, and updates the runs. */
    private void insertCurrent(int b, int n, long key, boolean first) {
        int i = find(key, priority(n));
        if (i >= 0) {
            if (first) {
                linkBefore(b, n, i == lo ? heads[b] : wheel.parkedNext(runs[i - 1]));
            } else {
                linkAfter(b, n, runs[i]);
                runs[i] = n;
            }
            return;
        }
        int at = -i - 1;
        if (at == lo) {
            linkFirst(b, n);
        } else {
            linkAfter(b, n, runs[at - 1]);
        }
        insertRun(at, n);
    }

    /** {@return the index of the run of (key, priority), or {@code -(its place) - 1}} */
    private int find(long key, int priority) {
        int low = lo;
        int high = hi - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int r = runs[mid];
            long k = wheel.key(r);
            int c = k != key ? (k < key ? -1 : 1) : Integer.compare(priority(r), priority);
            if (c < 0) {
                low = mid + 1;
            } else if (c > 0) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -low - 1;
    }

    private void insertRun(int at, int tail) {
        if (at == lo && lo > 0) {
            runs[--lo] = tail;
            return;
        }
        if (hi == runs.length) {
            runs = Arrays.copyOf(runs, Math.min(runs.length + (runs.length >> 1) + 1, Math.max(wheel.capacity(), hi + 1)));
        }
        System.arraycopy(runs, at, runs, at + 1, hi - at);
        runs[at] = tail;
        hi++;
    }

    private void removeRun(int i) {
        if (i == lo) {
            lo++;
        } else {
            System.arraycopy(runs, i + 1, runs, i, hi - i - 1);
            hi--;
        }
        if (lo == hi) {
            lo = 0;
            hi = 0;
        }
    }

    // ---------------------------------------------------------------- the first event

    /**
     * {@return the first event's node, or NIL if both tiers are empty} Moves the current day to the
     * first day with an event (days passed over hold none, and an event scheduled into one later
     * joins the current day), and puts that day in order.
     */
    public int first() {
        if (count == 0) {
            if (wheel.size() == 0) {
                return NIL;
            }
            reseat();
        }
        while (true) {
            int b = (int) cursorDay & mask;
            int h = heads[b];
            if (h != NIL) {
                if (!unsorted[b] || activate(b)) {
                    return heads[b];
                }
                continue; // refitted: look again
            }
            cursorDay++;
            runsValid = false;
            lo = 0;
            hi = 0;
            if (cursorDay + mask >= wheelMinDay) {
                enterFromWheel();
            }
        }
    }

    /**
     * Takes the first event: unlinks it from the front and moves the current time to its time.
     *
     * @return its node, no longer in either tier; the caller frees it
     */
    public int takeFirst() {
        int e = first();
        int b = (int) cursorDay & mask;
        int x = wheel.parkedNext(e);
        heads[b] = x;
        if (x == NIL) {
            tails[b] = NIL;
        } else {
            wheel.setParkedPrev(x, NIL);
        }
        if (runsValid && runs[lo] == e) {
            removeRun(lo);
        }
        now = EventListTimes.time(wheel.key(e));
        wheel.unpark(e);
        if (--count < shrinkBelow) {
            relayout((mask + 1) / 2);
        } else if (++taken >= refitAfter) {
            reviewFit();
        }
        return e;
    }

    /**
     * Once per {@code count} events taken: stretches the width if many events came from the wheel
     * (the year is too short), shrinks it back if few did and many walks were too long (days too
     * crowded), and samples it again if very many walks were too long.
     */
    private void reviewFit() {
        int threshold = (count >> 3) + WALK;
        if (migrations > threshold && stretch < MAX_STRETCH) {
            stretch *= 2; // a move from the wheel costs more than a crowded day
            relayout(mask + 1);
        } else if (migrations < threshold >> 2 && misfits > threshold && stretch > 1) {
            stretch /= 2;
            relayout(mask + 1);
        } else if (misfits > 4 * threshold) {
            relayout(mask + 1); // the density moved: sample it again
        } else {
            refitAfter = taken + Math.max(count, MIN_BUCKETS);
            migrations = 0;
            misfits = 0;
        }
    }

    /**
     * Puts the current day's bucket {@code b}, marked out of order, in order; or, if the bucket
     * shows that the width no longer fits the events, refits it instead.
     *
     * @return true if the bucket is in order; false if the front was refitted
     */
    private boolean activate(int b) {
        int g = 0;
        boolean oneTime = true;
        long k0 = wheel.key(heads[b]);
        for (int n = heads[b]; n != NIL; n = wheel.parkedNext(n)) {
            oneTime &= wheel.key(n) == k0;
            g++;
        }
        if (!oneTime && g > CROWDED) {
            misfits += g / WALK;
        }
        sortBucket(b, g, oneTime);
        unsorted[b] = false;
        return true;
    }

    /** Describes the runs of the current day's bucket {@code b}, which is in order. O(its events). */
    private void describeRuns(int b) {
        lo = 0;
        hi = 0;
        for (int n = heads[b]; n != NIL; n = wheel.parkedNext(n)) {
            int x = wheel.parkedNext(n);
            if (x == NIL || wheel.key(x) != wheel.key(n) || priority(x) != priority(n)) {
                if (hi == runs.length) {
                    runs = Arrays.copyOf(runs, Math.min(runs.length + (runs.length >> 1) + 1,
                            Math.max(wheel.capacity(), hi + 1)));
                }
                runs[hi++] = n;
            }
        }
        runsValid = true;
    }

    /** Sorts bucket {@code b}'s {@code g} events stably by (time, priority) and relinks them in that order. */
    private void sortBucket(int b, int g, boolean oneTime) {
        long[] entries = sortSpace(g);
        int i = 0;
        for (int n = heads[b]; n != NIL; n = wheel.parkedNext(n)) {
            entries[i++] = ((long) priority(n) << 32) | (n & 0xFFFF_FFFFL);
        }
        long[] sorted = oneTime ? EventListSort.sort(entries, packedBuffer, g)
                : EventListSort.sortNodes(entries, packedBuffer, g, wheel);
        int previous = NIL;
        for (i = 0; i < g; i++) {
            int n = (int) sorted[i];
            wheel.setParkedLinks(n, i + 1 < g ? (int) sorted[i + 1] : NIL, previous);
            previous = n;
        }
        heads[b] = (int) sorted[0];
        tails[b] = previous;
    }

    /** Sort space for {@code g} entries, grown by half at a time up to the capacity: 16 bytes per entry. */
    private long[] sortSpace(int g) {
        if (packed.length < g) {
            int length = Math.max(g, Math.min(packed.length + (packed.length >> 1), wheel.capacity()));
            packed = new long[length];
            packedBuffer = new long[length];
        }
        return packed;
    }

    // ---------------------------------------------------------------- moving events between the tiers

    /** Moves the wheel's events whose days the year reaches into the front, in order. */
    private void enterFromWheel() {
        while (wheel.size() > 0) {
            int e = wheel.minNode();
            long key = wheel.key(e);
            long d = day(key);
            if (d - cursorDay > mask) {
                wheelMinDay = d;
                return;
            }
            migrations++;
            wheel.pollMinNode(); // e: the wheel's minimum allowed key rises to its key
            wheel.park(e, key);
            int b = (int) d & mask;
            if (runsValid && d == cursorDay) {
                insertCurrent(b, e, key, false);
            } else {
                append(b, e);
            }
            count++;
        }
        wheelMinDay = Long.MAX_VALUE;
    }

    /** The front is empty and the wheel is not: a new year from the current time that reaches the wheel's first event. */
    private void reseat() {
        int buckets = mask + 1;
        double first = EventListTimes.time(wheel.key(wheel.minNode()));
        double w = width;
        if (!((first - now) / w <= buckets / 2)) {
            w = (first - now) / (buckets / 2);
        }
        layout(buckets, w);
        wheelMinDay = day(wheel.key(wheel.minNode()));
        enterFromWheel();
    }

    /**
     * Lays the front out again with {@code buckets} buckets and a width fitted to its first events,
     * keeping every event's place in its (time, priority) group: events beyond the new year go back
     * to the wheel, in order, and the wheel's events the new year reaches come in.
     */
    private void relayout(int buckets) {
        if (buckets < MIN_BUCKETS) {
            buckets = MIN_BUCKETS;
        }
        refitAfter = taken + Math.max(count, MIN_BUCKETS);
        migrations = 0;
        misfits = 0;
        sampledWidth = sampleWidth();
        double w = sampledWidth * stretch;
        // The wheel cannot take a key below the least it has given out: empty it too, when that costs
        // no more than the front's own relayout, so that the new year need not reach that key.
        boolean takeWheel = wheel.size() <= count && wheel.minAllowedKey() > EventListTimes.key(now);
        long[] nodes = sortSpace(takeWheel ? count + wheel.size() : count);
        int n = 0;
        for (long d = cursorDay; n < count; d++) {
            for (int e = heads[(int) d & mask]; e != NIL; e = wheel.parkedNext(e)) {
                nodes[n++] = e;
            }
        }
        if (takeWheel) {
            while (wheel.size() > 0) {
                int e = wheel.pollMinNode();
                long key = wheel.key(e);
                wheel.park(e, key); // held outside the wheel for the moment: after the front's, in order
                nodes[n++] = e;
            }
        }
        if (wheel.size() == 0) {
            wheel.resetEmpty(EventListTimes.key(now)); // the wheel may take back any pending time
        }
        double floor = EventListTimes.time(wheel.minAllowedKey()); // every earlier time stays in the front
        for (int attempt = 0; ; attempt++) {
            layout(buckets, w);
            if (floor <= now || day(wheel.minAllowedKey()) <= mask) {
                break;
            }
            w = attempt == 0 ? (floor - now) / buckets : w * 2;
        }
        for (int i = 0; i < n; i++) {
            int e = (int) nodes[i];
            long key = wheel.key(e);
            long d = day(key);
            if (d > mask) {
                wheel.unpark(e);
                wheel.insertLast(e, key);
            } else {
                append((int) d & mask, e);
            }
        }
        count = wheel.parked();
        wheelMinDay = wheel.size() == 0 ? Long.MAX_VALUE : day(wheel.key(wheel.minNode()));
        if (wheelMinDay <= mask) {
            enterFromWheel();
        }
    }

    /** Three times the mean gap between the first events, large gaps left out; the last sample's if none fits. */
    private double sampleWidth() {
        int wanted = count <= 5 ? count : Math.min(SAMPLES, 5 + count / 10);
        int n = 0;
        for (long d = cursorDay; n < wanted && d - cursorDay <= mask; d++) {
            for (int e = heads[(int) d & mask]; e != NIL && n < wanted; e = wheel.parkedNext(e)) {
                sample[n++] = EventListTimes.time(wheel.key(e));
            }
        }
        if (n < 2) {
            return sampledWidth;
        }
        Arrays.sort(sample, 0, n);
        double mean = (sample[n - 1] - sample[0]) / (n - 1);
        double sum = 0;
        int gaps = 0;
        for (int i = 1; i < n; i++) {
            double gap = sample[i] - sample[i - 1];
            if (gap <= 2 * mean) {
                sum += gap;
                gaps++;
            }
        }
        double w = gaps == 0 ? 0 : 3 * sum / gaps;
        return w > 0 && w < Double.POSITIVE_INFINITY ? w : sampledWidth;
    }

    // ---------------------------------------------------------------- whole-list operations

    /** Visits the front's events, day by day from the current one, each bucket in list order. */
    public void forEachInFront(RadixEngine.NodeVisitor visitor) {
        int seen = 0;
        for (long d = cursorDay; seen < count; d++) {
            for (int e = heads[(int) d & mask]; e != NIL; e = wheel.parkedNext(e)) {
                visitor.visit(e, wheel.key(e));
                seen++;
            }
        }
    }

    /** Frees every front event (their handles go stale), leaving the wheel to its owner. */
    public void clearFront() {
        for (int b = 0; b <= mask; b++) {
            for (int e = heads[b]; e != NIL; ) {
                int x = wheel.parkedNext(e);
                wheel.unpark(e);
                wheel.release(e);
                e = x;
            }
        }
        count = 0;
        layout(mask + 1, width);
        wheelMinDay = Long.MAX_VALUE;
    }

    /** After the wheel was reset to {@code time}, with the front cleared: a new year from there. */
    public void reset(double time) {
        now = time;
        layout(mask + 1, width);
        wheelMinDay = Long.MAX_VALUE;
    }

    /**
     * After the wheel was cleared, with the front cleared: nothing is pending, and the wheel may take
     * any time again (it may have passed times of the new year).
     */
    public void cleared() {
        wheel.resetEmpty(EventListTimes.key(now));
        wheelMinDay = Long.MAX_VALUE;
    }

    /** Releases sort and run space, and buckets beyond the current year. */
    public void trim() {
        packed = NO_ENTRIES;
        packedBuffer = NO_ENTRIES;
        runs = Arrays.copyOf(runs, Math.max(hi, MIN_BUCKETS));
        heads = Arrays.copyOf(heads, mask + 1);
        tails = Arrays.copyOf(tails, mask + 1);
        unsorted = Arrays.copyOf(unsorted, mask + 1);
    }

    // ---------------------------------------------------------------- checks

    /**
     * Checks the front: links, days, counts, the current day's order and runs; and that every
     * wheel event lies beyond the year. O(size + buckets); allocates nothing unless it fails.
     *
     * @throws IllegalStateException naming the first violation
     */
    public void check() {
        if (wheel.parked() != count) {
            throw Checks.state("front: " + count + " events counted but " + wheel.parked() + " nodes parked");
        }
        if (!(origin <= now) || cursorDay < 0 || !(scale >= 0) || Integer.bitCount(mask + 1) != 1) {
            throw Checks.state("front: origin " + origin + ", now " + now + ", day " + cursorDay + ", scale " + scale
                    + ", " + (mask + 1) + " buckets");
        }
        long nowKey = EventListTimes.key(now);
        int seen = 0;
        for (int b = 0; b <= mask; b++) {
            int previous = NIL;
            for (int e = heads[b]; e != NIL; e = wheel.parkedNext(e)) {
                long key = wheel.key(e);
                long d = day(key);
                if (!wheel.isLinked(e) || wheel.parkedPrev(e) != previous || key < nowKey
                        || key > EventListTimes.INFINITY_KEY || d - cursorDay > mask || ((int) d & mask) != b) {
                    throw Checks.state("front: node " + e + " with key " + key + " (day " + d + ") in bucket " + b
                            + " after node " + previous + " (its prev link: " + wheel.parkedPrev(e) + "), day "
                            + cursorDay + ", now key " + nowKey);
                }
                previous = e;
                if (++seen > count) {
                    throw Checks.state("front: more events in the buckets than the " + count + " counted");
                }
            }
            if (!unsorted[b]) {
                checkOrder(b);
            }
            if (tails[b] != previous) {
                throw Checks.state("front: bucket " + b + " ends at node " + previous + " but its tail is " + tails[b]);
            }
        }
        if (seen != count) {
            throw Checks.state("front: " + seen + " events in the buckets, " + count + " counted");
        }
        if (runsValid) {
            if (unsorted[(int) cursorDay & mask]) {
                throw Checks.state("front: runs described for a current day out of order");
            }
            checkRuns();
        } else if (hi != lo) {
            throw Checks.state("front: runs [" + lo + ", " + hi + ") for a day without runs");
        }
        wheel.forEach(this::checkWheelEvent);
        if (wheel.size() > 0 && wheelMinDay > day(wheel.key(wheel.minNode()))) {
            throw Checks.state("front: the wheel's first day is " + day(wheel.key(wheel.minNode())) + ", not at least "
                    + wheelMinDay);
        }
        if (wheel.minAllowedKey() > nowKey && day(wheel.minAllowedKey()) - cursorDay > mask) {
            throw Checks.state("front: the wheel's minimum allowed key " + wheel.minAllowedKey() + " is beyond the year");
        }
    }

    private void checkWheelEvent(long handle, long key, long priority, Object event) {
        if (day(key) - cursorDay <= mask) {
            throw Checks.state("front: wheel event " + handle + " with key " + key + " lies in the year");
        }
    }

    private void checkOrder(int b) {
        for (int e = heads[b]; e != NIL; e = wheel.parkedNext(e)) {
            int x = wheel.parkedNext(e);
            if (x != NIL && (wheel.key(x) < wheel.key(e) || wheel.key(x) == wheel.key(e) && priority(x) < priority(e))) {
                throw Checks.state("front: bucket " + b + ", not marked out of order, is out of order at node " + e);
            }
        }
    }

    private void checkRuns() {
        int b = (int) cursorDay & mask;
        int i = lo;
        for (int e = heads[b]; e != NIL; e = wheel.parkedNext(e)) {
            int x = wheel.parkedNext(e);
            boolean last = x == NIL || wheel.key(x) != wheel.key(e) || priority(x) != priority(e);
            if (last) {
                if (i >= hi || runs[i] != e) {
                    throw Checks.state("front: node " + e + " ends a run, but run " + i + " of [" + lo + ", " + hi
                            + ") says " + (i < hi ? runs[i] : NIL));
                }
                i++;
            }
        }
        if (i != hi) {
            throw Checks.state("front: runs [" + i + ", " + hi + ") describe no event of the current day");
        }
    }
}
