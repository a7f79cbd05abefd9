package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.alarms.KeyedTimer;
import it.unimi.dsi.fastutil.ints.IntArrays;
import java.util.Arrays;
import java.util.function.BiConsumer;

/**
 * The armings that {@link KeyedTimer#drain} took from every stripe at once, handed to its action
 * afterwards, outside the locks, in deadline order (then arming order).
 */
public final class KeyedTimerDrain<K, V> {
    private int size;
    private Object[] keys = new Object[16];
    private Object[] values = new Object[16];
    private long[] deadlines = new long[16];
    private long[] orders = new long[16];

    public void add(Object key, Object value, long deadline, long order) {
        if (size == keys.length) {
            int n = 2 * size;
            keys = Arrays.copyOf(keys, n);
            values = Arrays.copyOf(values, n);
            deadlines = Arrays.copyOf(deadlines, n);
            orders = Arrays.copyOf(orders, n);
        }
        keys[size] = key;
        values[size] = value;
        deadlines[size] = deadline;
        orders[size] = order;
        size++;
    }

    /**
     * Runs {@code action} on every arming. If it throws (an exception or an error), the remaining
     * armings are still handed over, and the first throwable is rethrown at the end with any later
     * ones suppressed.
     */
    @SuppressWarnings("unchecked")
    public void handOver(BiConsumer<? super K, ? super V> action) {
        int[] order = new int[size];
        Arrays.setAll(order, i -> i);
        IntArrays.stableSort(order, (a, b) -> {
            int c = Long.compare(deadlines[a], deadlines[b]);
            return c != 0 ? c : Long.compare(orders[a], orders[b]);
        });
        Throwable first = null;
        for (int i : order) {
            try {
                action.accept((K) keys[i], (V) values[i]);
            } catch (Throwable t) {
                if (first == null) {
                    first = t;
                } else {
                    first.addSuppressed(t);
                }
            }
        }
        if (first != null) {
            KeyedTimerDrain.<RuntimeException>rethrow(first);
        }
    }

    /** Rethrows {@code t} as it is, also a checked exception that an action threw without declaring it. */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void rethrow(Throwable t) throws T {
        throw (T) t;
    }
}
