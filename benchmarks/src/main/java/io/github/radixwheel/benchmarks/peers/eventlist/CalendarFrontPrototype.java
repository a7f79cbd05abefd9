package io.github.radixwheel.benchmarks.peers.eventlist;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import java.util.Arrays;

/**
 * Path (c) of the representation study: two tiers. A front of day buckets covering one "year" from
 * the current day (so a bucket holds a single day, with no later years to pass over), its width and
 * bucket count refitted to the density as Brown's calendar queue does; and the radix wheel, keyed by
 * the raw bits of each time, for the events beyond that year ({@code +∞}, far tails), which move
 * into the front as the year reaches them. Events are nodes in primitive arrays, as in
 * {@code FutureEventList} (nothing read from the event object), each bucket a list sorted by (time,
 * priority, scheduling order). See {@code EventListRepresentationBenchmark}.
 */
public final class CalendarFrontPrototype implements EventListPeer {
    private static final int NIL = -1;
    private static final int MIN_BUCKETS = 4;
    private static final int SAMPLES = 25;

    private final TimingWheelQueue<SimEvent> wheel = new TimingWheelQueue<>(LevelBits.of(13, 13, 13, 13, 11));
    private long[] keys;
    private int[] priorities;
    private int[] next;
    private SimEvent[] events;
    private int free;

    private int[] heads;
    private int[] tails;
    private int mask;
    private double scale; // 1 / width
    private double origin;
    private long cursorDay;
    private long wheelMinDay = Long.MAX_VALUE;
    private int frontSize;
    private int grow;
    private int shrink;
    private double now;
    private final double[] sample = new double[SAMPLES];

    /**
     * @param capacity the events to allocate room for
     */
    public CalendarFrontPrototype(int capacity) {
        int c = Math.max(capacity, 16);
        keys = new long[c];
        priorities = new int[c];
        next = new int[c];
        events = new SimEvent[c];
        for (int i = 0; i < c; i++) {
            next[i] = i + 1 < c ? i + 1 : NIL;
        }
        free = 0;
        layout(MIN_BUCKETS, 1.0);
    }

    private void layout(int buckets, double width) {
        heads = new int[buckets];
        tails = new int[buckets];
        Arrays.fill(heads, NIL);
        mask = buckets - 1;
        scale = 1 / width;
        origin = now;
        cursorDay = 0;
        grow = 2 * buckets;
        shrink = buckets / 2 - 2;
    }

    @Override
    public String name() {
        return "calendarFront";
    }

    private long day(double time) {
        return (long) ((time - origin) * scale);
    }

    @Override
    public void schedule(double time, int priority, SimEvent event) {
        long day = day(time);
        if (day - cursorDay > mask) {
            event.time = time;
            event.priority = priority;
            wheel.add(Double.doubleToRawLongBits(time + 0.0), event);
            if (day < wheelMinDay) {
                wheelMinDay = day;
            }
            return;
        }
        int n = allocate();
        keys[n] = Double.doubleToRawLongBits(time + 0.0);
        priorities[n] = priority;
        events[n] = event;
        link(n, (int) day & mask);
        if (++frontSize > grow) {
            relayout(2 * (mask + 1));
        }
    }

    private int allocate() {
        int n = free;
        if (n == NIL) {
            int old = keys.length;
            int c = old + (old >> 1);
            keys = Arrays.copyOf(keys, c);
            priorities = Arrays.copyOf(priorities, c);
            next = Arrays.copyOf(next, c);
            events = Arrays.copyOf(events, c);
            for (int i = old; i < c; i++) {
                next[i] = i + 1 < c ? i + 1 : NIL;
            }
            n = old;
        }
        free = next[n];
        return n;
    }

    /** Links node {@code n} into bucket {@code b}, after every node of lower or equal (time, priority). */
    private void link(int n, int b) {
        int tail = tails[b];
        next[n] = NIL;
        if (heads[b] == NIL) {
            heads[b] = n;
            tails[b] = n;
        } else if (!before(n, tail)) {
            next[tail] = n;
            tails[b] = n;
        } else if (before(n, heads[b])) {
            next[n] = heads[b];
            heads[b] = n;
        } else {
            int p = heads[b];
            while (!before(n, next[p])) {
                p = next[p];
            }
            next[n] = next[p];
            next[p] = n;
        }
    }

    private boolean before(int a, int b) {
        return keys[a] < keys[b] || keys[a] == keys[b] && priorities[a] < priorities[b];
    }

    @Override
    public SimEvent pollFirst() {
        while (true) {
            if (frontSize == 0) {
                if (wheel.isEmpty()) {
                    return null;
                }
                cursorDay = wheelMinDay;
            }
            if (cursorDay + mask >= wheelMinDay) {
                enterFromWheel();
            }
            int b = (int) cursorDay & mask;
            int h = heads[b];
            if (h != NIL) {
                heads[b] = next[h];
                if (next[h] == NIL) {
                    tails[b] = NIL;
                }
                now = Double.longBitsToDouble(keys[h]);
                SimEvent e = events[h];
                events[h] = null;
                next[h] = free;
                free = h;
                if (--frontSize < shrink) {
                    relayout((mask + 1) / 2);
                }
                return e;
            }
            cursorDay++;
        }
    }

    /** Moves the wheel's events whose day the year now reaches into the front. */
    private void enterFromWheel() {
        while (!wheel.isEmpty()) {
            long day = day(Double.longBitsToDouble(wheel.minKey()));
            if (day - cursorDay > mask) {
                wheelMinDay = day;
                return;
            }
            SimEvent e = wheel.pollMin();
            int n = allocate();
            keys[n] = Double.doubleToRawLongBits(e.time + 0.0);
            priorities[n] = e.priority;
            events[n] = e;
            link(n, (int) day & mask);
            frontSize++;
        }
        wheelMinDay = Long.MAX_VALUE;
    }

    /**
     * Refits the width to the first events and lays the front out again with {@code buckets}
     * buckets. The new year still reaches the front's last event: the wheel cannot take back a key
     * below the least it has given out.
     */
    private void relayout(int buckets) {
        if (buckets < MIN_BUCKETS) {
            return;
        }
        double width = sampleWidth();
        long last = Long.MIN_VALUE;
        for (int h : heads) {
            for (int n = h; n != NIL; n = next[n]) {
                last = Math.max(last, keys[n]);
            }
        }
        int[] oldHeads = heads;
        int[] oldNext = next.clone();
        layout(buckets, width);
        if (last != Long.MIN_VALUE) {
            double lastTime = Double.longBitsToDouble(last);
            while (day(lastTime) > mask) {
                width = Math.max(width * 1.5, (lastTime - now) / buckets);
                layout(buckets, width);
            }
        }
        for (int h : oldHeads) {
            for (int n = h; n != NIL; n = oldNext[n]) {
                link(n, (int) day(Double.longBitsToDouble(keys[n])) & mask);
            }
        }
        if (!wheel.isEmpty()) {
            wheelMinDay = day(Double.longBitsToDouble(wheel.minKey()));
        }
    }

    /** Three times the mean gap among the first events, large gaps left out; the old width if none. */
    private double sampleWidth() {
        int count = 0;
        long day = cursorDay;
        for (int k = 0; k <= mask && count < SAMPLES; k++, day++) {
            for (int n = heads[(int) day & mask]; n != NIL && count < SAMPLES; n = next[n]) {
                sample[count++] = Double.longBitsToDouble(keys[n]);
            }
        }
        double old = 1 / scale;
        if (count < 2) {
            return old;
        }
        return CalendarQueue.widthOf(sample, count, old);
    }

    @Override
    public double now() {
        return now;
    }

    @Override
    public int size() {
        return frontSize + wheel.size();
    }
}
