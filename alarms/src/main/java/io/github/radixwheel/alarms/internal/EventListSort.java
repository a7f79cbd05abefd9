package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.core.internal.HandleWheel;

/**
 * Stable sorts for the event list: of packed {@code (priority << 32) | node} entries by priority,
 * the high 32 bits (signed, so {@code Integer.MIN_VALUE} first), and of nodes by (time,
 * priority). Stable, so that events of one time and priority keep the order they came in: their
 * scheduling order. Merge sort, bottom up, with insertion sort on short runs; O(n log n), O(n) when
 * already sorted, and they allocate nothing.
 */
final class EventListSort {
    private static final int RUN = 16;

    private EventListSort() {}

    /**
     * Sorts {@code a[0, n)}; {@code buffer} holds at least {@code n} entries and is overwritten.
     *
     * @return the array that holds the result: {@code a} or {@code buffer}
     */
    static long[] sort(long[] a, long[] buffer, int n) {
        for (int from = 0; from < n; from += RUN) {
            insertionSort(a, from, Math.min(n, from + RUN));
        }
        long[] src = a;
        long[] dst = buffer;
        for (int width = RUN; width < n; width <<= 1) {
            for (int from = 0; from < n; from += 2 * width) {
                int mid = Math.min(n, from + width);
                int to = Math.min(n, from + 2 * width);
                merge(src, dst, from, mid, to);
            }
            long[] t = src;
            src = dst;
            dst = t;
        }
        return src;
    }

    private static void insertionSort(long[] a, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            long x = a[i];
            int p = priority(x);
            int j = i - 1;
            while (j >= from && priority(a[j]) > p) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = x;
        }
    }

    private static void merge(long[] src, long[] dst, int from, int mid, int to) {
        if (mid == to || priority(src[mid - 1]) <= priority(src[mid])) {
            System.arraycopy(src, from, dst, from, to - from); // already in order
            return;
        }
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            // Ties take the left entry: it came first.
            if (j == to || i < mid && priority(src[i]) <= priority(src[j])) {
                dst[k] = src[i++];
            } else {
                dst[k] = src[j++];
            }
        }
    }

    /**
     * Sorts the entries {@code a[0, n)}, each a node in its low 32 bits, by the node's key, then its
     * priority (the wheel's alarm time); {@code buffer} holds at least {@code n} entries and is
     * overwritten.
     *
     * @return the array that holds the result: {@code a} or {@code buffer}
     */
    static long[] sortNodes(long[] a, long[] buffer, int n, HandleWheel<?> wheel) {
        for (int from = 0; from < n; from += RUN) {
            insertionSort(a, from, Math.min(n, from + RUN), wheel);
        }
        long[] src = a;
        long[] dst = buffer;
        for (int width = RUN; width < n; width <<= 1) {
            for (int from = 0; from < n; from += 2 * width) {
                int mid = Math.min(n, from + width);
                int to = Math.min(n, from + 2 * width);
                merge(src, dst, from, mid, to, wheel);
            }
            long[] t = src;
            src = dst;
            dst = t;
        }
        return src;
    }

    /** Whether the node of entry {@code a} sorts after that of entry {@code b}. */
    private static boolean after(long a, long b, HandleWheel<?> wheel) {
        long ka = wheel.key((int) a);
        long kb = wheel.key((int) b);
        return ka > kb || ka == kb && wheel.alarmTimeOf((int) a) > wheel.alarmTimeOf((int) b);
    }

    private static void insertionSort(long[] a, int from, int to, HandleWheel<?> wheel) {
        for (int i = from + 1; i < to; i++) {
            long x = a[i];
            int j = i - 1;
            while (j >= from && after(a[j], x, wheel)) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = x;
        }
    }

    private static void merge(long[] src, long[] dst, int from, int mid, int to, HandleWheel<?> wheel) {
        if (mid == to || !after(src[mid - 1], src[mid], wheel)) {
            System.arraycopy(src, from, dst, from, to - from); // already in order
            return;
        }
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            // Ties take the left entry: it came first.
            if (j == to || i < mid && !after(src[i], src[j], wheel)) {
                dst[k] = src[i++];
            } else {
                dst[k] = src[j++];
            }
        }
    }

    static int priority(long entry) {
        return (int) (entry >> 32);
    }
}
