package io.github.radixwheel.benchmarks.peers.eventlist;

import java.util.Arrays;

/**
 * A 4-ary min-heap on (time, priority, scheduling number), as a simulator's author would write it
 * for speed: the keys in parallel primitive arrays, so that a sift compares without reading an
 * event, and the events in a fourth. O(log n) per operation; grows by doubling.
 */
public final class FourAryEventHeap implements EventListPeer {
    private double[] times;
    private int[] priorities;
    private long[] seqs;
    private SimEvent[] events;
    private int size;
    private long nextSeq;
    private double now;

    /**
     * @param capacity the initial capacity
     */
    public FourAryEventHeap(int capacity) {
        int c = Math.max(16, capacity);
        times = new double[c];
        priorities = new int[c];
        seqs = new long[c];
        events = new SimEvent[c];
    }

    @Override
    public String name() {
        return EventListImpl.FOUR_ARY_HEAP.param();
    }

    @Override
    public void schedule(double time, int priority, SimEvent event) {
        if (size == times.length) {
            grow();
        }
        long seq = nextSeq++;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            double pt = times[parent];
            if (pt < time || pt == time && priorities[parent] <= priority) {
                break; // the parent comes first: on a tie its number is lower than the new one
            }
            move(parent, i);
            i = parent;
        }
        place(i, time, priority, seq, event);
    }

    @Override
    public SimEvent pollFirst() {
        if (size == 0) {
            return null;
        }
        SimEvent first = events[0];
        now = times[0];
        int last = --size;
        if (last > 0) {
            siftDown(times[last], priorities[last], seqs[last], events[last], last);
        }
        events[last] = null;
        return first;
    }

    /** Puts the former last element, now outside the heap of {@code n} elements, in from the root. */
    private void siftDown(double time, int priority, long seq, SimEvent event, int n) {
        int i = 0;
        while (true) {
            int first = (i << 2) + 1;
            if (first >= n) {
                break;
            }
            int end = Math.min(first + 4, n);
            int best = first;
            for (int c = first + 1; c < end; c++) {
                if (less(c, best)) {
                    best = c;
                }
            }
            double bt = times[best];
            if (time < bt || time == bt && (priority < priorities[best] || priority == priorities[best] && seq < seqs[best])) {
                break;
            }
            move(best, i);
            i = best;
        }
        place(i, time, priority, seq, event);
    }

    private boolean less(int a, int b) {
        double ta = times[a];
        double tb = times[b];
        if (ta != tb) {
            return ta < tb;
        }
        if (priorities[a] != priorities[b]) {
            return priorities[a] < priorities[b];
        }
        return seqs[a] < seqs[b];
    }

    private void move(int from, int to) {
        times[to] = times[from];
        priorities[to] = priorities[from];
        seqs[to] = seqs[from];
        events[to] = events[from];
    }

    private void place(int i, double time, int priority, long seq, SimEvent event) {
        times[i] = time;
        priorities[i] = priority;
        seqs[i] = seq;
        events[i] = event;
    }

    private void grow() {
        int c = 2 * times.length;
        times = Arrays.copyOf(times, c);
        priorities = Arrays.copyOf(priorities, c);
        seqs = Arrays.copyOf(seqs, c);
        events = Arrays.copyOf(events, c);
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
