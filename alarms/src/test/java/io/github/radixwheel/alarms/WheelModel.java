package io.github.radixwheel.alarms;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference model of a {@link TimingWheel}: the alarms in a list kept in firing order (by
 * interval, and within an interval by the place each insertion chose: the back for {@code add} and
 * {@code reschedule}, the front for {@code addFirst}, next to another alarm for
 * {@code addBefore}/{@code addAfter}), with interval arithmetic done in {@code BigInteger} so that
 * it shares nothing with the wheel's overflow-safe arithmetic. Deliberately naive: linear scans.
 */
final class WheelModel {
    private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);

    final long start;
    final long precision;
    final long lastInterval;
    long now;
    private final List<Long> order = new ArrayList<>();
    private final Map<Long, Long> times = new HashMap<>();

    WheelModel(long start, long precision) {
        this.start = start;
        this.precision = precision;
        this.now = start;
        this.lastInterval = intervalNum(Long.MAX_VALUE);
    }

    long intervalNum(long time) {
        BigInteger n = BigInteger.valueOf(time).subtract(BigInteger.valueOf(start))
                .divide(BigInteger.valueOf(precision));
        return n.min(MAX).longValueExact();
    }

    long intervalNumStart(long n) {
        return BigInteger.valueOf(start).add(BigInteger.valueOf(n).multiply(BigInteger.valueOf(precision)))
                .longValueExact();
    }

    long intervalStart(long time) {
        return intervalNumStart(intervalNum(time));
    }

    private long intervalOf(long handle) {
        return intervalNum(times.get(handle));
    }

    /** Inserts at the back of the alarm's interval. */
    void add(long handle, long at) {
        long n = intervalNum(at);
        int i = 0;
        while (i < order.size() && intervalOf(order.get(i)) <= n) {
            i++;
        }
        insert(i, handle, at);
    }

    /** Inserts at the front of the alarm's interval. */
    void addFirst(long handle, long at) {
        long n = intervalNum(at);
        int i = 0;
        while (i < order.size() && intervalOf(order.get(i)) < n) {
            i++;
        }
        insert(i, handle, at);
    }

    /** Inserts right before or after {@code ref}, at its time. */
    void addBeside(long handle, long ref, boolean after) {
        insert(order.indexOf(ref) + (after ? 1 : 0), handle, times.get(ref));
    }

    private void insert(int i, long handle, long at) {
        order.add(i, handle);
        times.put(handle, at);
    }

    boolean remove(long handle) {
        if (times.remove(handle) == null) {
            return false;
        }
        order.remove(Long.valueOf(handle));
        return true;
    }

    boolean contains(long handle) {
        return times.containsKey(handle);
    }

    long at(long handle) {
        return times.get(handle);
    }

    int size() {
        return order.size();
    }

    boolean isEmpty() {
        return order.isEmpty();
    }

    void clear() {
        order.clear();
        times.clear();
    }

    List<Long> handlesInOrder() {
        return new ArrayList<>(order);
    }

    /** The first alarm in firing order. */
    long first() {
        return order.get(0);
    }

    /** The next alarm {@code advanceClock(to)} fires, or null. */
    Long nextBefore(long to) {
        if (order.isEmpty() || intervalOf(order.get(0)) >= intervalNum(to)) {
            return null;
        }
        return order.get(0);
    }

    /** The next alarm {@code firePastAlarms} fires: the first of the current interval at or before now. */
    Long nextPast() {
        long current = intervalNum(now);
        for (long handle : order) {
            if (intervalOf(handle) != current) {
                return null;
            }
            if (times.get(handle) <= now) {
                return handle;
            }
        }
        return null;
    }

    long minInterval() {
        return intervalOf(order.get(0));
    }

    long minTime() {
        return times.values().stream().mapToLong(Long::longValue).min().orElseThrow();
    }

    long maxTimeInMinInterval() {
        long min = minInterval();
        return times.values().stream().mapToLong(Long::longValue).filter(at -> intervalNum(at) == min).max().orElseThrow();
    }
}
