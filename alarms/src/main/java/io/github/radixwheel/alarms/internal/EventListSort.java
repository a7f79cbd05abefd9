package io.github.radixwheel.alarms.internal;

/**
 * A stable sort of packed {@code (priority << 32) | node} entries by priority, the high 32 bits
 * (signed, so {@code Integer.MIN_VALUE} first). Stable, so that entries of one priority keep the
 * order they came in: their scheduling order. Merge sort, bottom up, with insertion sort on short
 * runs; O(n log n), O(n) when already sorted, and it allocates nothing.
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

    static int priority(long entry) {
        return (int) (entry >> 32);
    }
}
