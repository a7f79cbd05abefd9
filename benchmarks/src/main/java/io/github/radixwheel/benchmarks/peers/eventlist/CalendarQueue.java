package io.github.radixwheel.benchmarks.peers.eventlist;

/**
 * Brown's calendar queue with resizing (R. Brown, "Calendar queues: a fast O(1) priority queue
 * implementation for the simulation event set problem", CACM 31(10), 1988), written from the
 * paper's description.
 *
 * <p>Time is cut into days of {@code width}; day {@code d} goes to bucket {@code d mod nbuckets},
 * a list sorted by (time, priority, scheduling number), so that a bucket holds the events of its
 * day in every "year" of {@code nbuckets} days. Taking the first event looks at the current day's
 * bucket, then the next day's, and so on; a head that belongs to a later year is passed over; after
 * a whole year with nothing due, a direct search over the bucket heads finds the least. When the
 * size passes twice the number of buckets, or falls below half of it less two, the calendar is
 * rebuilt with twice (half) the buckets and a new width: three times the mean separation of up to
 * 25 events taken from the front, after leaving out separations over twice the first mean.
 *
 * <p>Two details the paper leaves to the implementer: an event's day is {@code floor(time /
 * width)}, and a head is due when its day is the current day (an integer compare, so that rounding
 * cannot put an event in a bucket whose top it is below); and each bucket also keeps its last event,
 * so that an event at or after it is appended without a walk (ties, which a sorted insertion would
 * otherwise pass one by one, go to the back of their time). A width of 0 (every sampled event at one
 * time) keeps the old width. Events are linked through their own {@code next} field: nothing is
 * allocated per event.
 */
public final class CalendarQueue implements EventListPeer {
    private static final int MIN_BUCKETS = 2;
    private static final int MAX_SAMPLES = 25;

    private SimEvent[] heads;
    private SimEvent[] tails;
    private int mask;
    private double width;
    /** The day of the last event taken (of the start before any), and its bucket. */
    private long currentDay;
    private int lastBucket;
    private int size;
    private int top;
    private int bottom;
    private boolean resizing = true;
    private long nextSeq;
    private double now;
    private final double[] samples = new double[MAX_SAMPLES];
    private final SimEvent[] sampled = new SimEvent[MAX_SAMPLES];

    /** An empty calendar of two buckets of width 1, at time 0. */
    public CalendarQueue() {
        init(MIN_BUCKETS, 1.0);
    }

    private void init(int buckets, double newWidth) {
        heads = new SimEvent[buckets];
        tails = new SimEvent[buckets];
        mask = buckets - 1;
        width = newWidth;
        currentDay = day(now);
        lastBucket = (int) currentDay & mask;
        top = 2 * buckets;
        bottom = buckets / 2 - 2;
    }

    private long day(double time) {
        return (long) (time / width);
    }

    @Override
    public String name() {
        return EventListImpl.CALENDAR_QUEUE.param();
    }

    @Override
    public void schedule(double time, int priority, SimEvent event) {
        event.time = time;
        event.priority = priority;
        event.seq = nextSeq++;
        insert(event);
        if (++size > top && resizing) {
            resize(2 * (mask + 1));
        }
    }

    private void insert(SimEvent e) {
        int b = (int) day(e.time) & mask;
        SimEvent tail = tails[b];
        e.next = null;
        if (tail == null) {
            heads[b] = e;
            tails[b] = e;
        } else if (!SimEvent.before(e, tail)) {
            tail.next = e;
            tails[b] = e;
        } else if (SimEvent.before(e, heads[b])) {
            e.next = heads[b];
            heads[b] = e;
        } else {
            SimEvent p = heads[b];
            while (!SimEvent.before(e, p.next)) {
                p = p.next; // stops before the tail at the latest: e comes before it
            }
            e.next = p.next;
            p.next = e;
        }
    }

    @Override
    public SimEvent pollFirst() {
        if (size == 0) {
            return null;
        }
        int b = lastBucket;
        long day = currentDay;
        for (int k = 0; k <= mask; k++) {
            SimEvent h = heads[b];
            if (h != null && day(h.time) == day) {
                return take(b, day);
            }
            b = (b + 1) & mask;
            day++;
        }
        // A year with nothing due: the least head is the first event.
        int best = -1;
        for (int i = 0; i <= mask; i++) {
            if (heads[i] != null && (best < 0 || SimEvent.before(heads[i], heads[best]))) {
                best = i;
            }
        }
        return take(best, day(heads[best].time));
    }

    private SimEvent take(int b, long day) {
        SimEvent e = heads[b];
        heads[b] = e.next;
        if (e.next == null) {
            tails[b] = null;
        }
        e.next = null;
        lastBucket = b;
        currentDay = day;
        now = e.time;
        if (--size < bottom && resizing) {
            resize((mask + 1) / 2);
        }
        return e;
    }

    /** Rebuilds with {@code buckets} buckets and a width from a sample of the first events. */
    private void resize(int buckets) {
        if (buckets < MIN_BUCKETS) {
            return;
        }
        resizing = false;
        double newWidth = sampleWidth();
        SimEvent[] old = heads;
        init(buckets, newWidth);
        for (SimEvent head : old) {
            for (SimEvent e = head; e != null; ) {
                SimEvent next = e.next;
                insert(e);
                e = next;
            }
        }
        resizing = true;
    }

    /** Three times the mean separation of the first events, large gaps left out; the old width if none. */
    private double sampleWidth() {
        int n = size <= 5 ? size : Math.min(MAX_SAMPLES, 5 + size / 10);
        if (n < 2) {
            return width;
        }
        long savedDay = currentDay;
        int savedBucket = lastBucket;
        double savedNow = now;
        int savedSize = size;
        for (int i = 0; i < n; i++) {
            sampled[i] = pollFirst();
            samples[i] = sampled[i].time;
        }
        for (int i = 0; i < n; i++) {
            insert(sampled[i]);
            sampled[i] = null;
        }
        size = savedSize;
        currentDay = savedDay;
        lastBucket = savedBucket;
        now = savedNow;
        return widthOf(samples, n, width);
    }

    /**
     * Brown's width from the times of the first events: three times their mean separation, leaving
     * out separations over twice the first mean.
     *
     * @param times the first {@code n >= 2} events' times, in order
     * @param n how many
     * @param fallback what to return if that is not a positive finite width
     * @return the width
     */
    static double widthOf(double[] times, int n, double fallback) {
        double mean = (times[n - 1] - times[0]) / (n - 1);
        double sum = 0;
        int count = 0;
        for (int i = 1; i < n; i++) {
            double gap = times[i] - times[i - 1];
            if (gap <= 2 * mean) {
                sum += gap;
                count++;
            }
        }
        double w = count == 0 ? 0 : 3 * sum / count;
        return w > 0 && w < Double.POSITIVE_INFINITY ? w : fallback;
    }

    @Override
    public double now() {
        return now;
    }

    @Override
    public int size() {
        return size;
    }
}
