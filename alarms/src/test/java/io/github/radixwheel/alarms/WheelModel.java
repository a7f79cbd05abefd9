package io.github.radixwheel.alarms;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The reference model of a {@link TimingWheel}: alarms in a {@code TreeMap} ordered by (interval,
 * insertion number), with interval arithmetic done in {@code BigInteger} so that it shares nothing
 * with the wheel's overflow-safe arithmetic.
 */
final class WheelModel {
    record Position(long interval, long seq) implements Comparable<Position> {
        @Override
        public int compareTo(Position o) {
            int c = Long.compare(interval, o.interval);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    record Alarm(long at, long seq) {}

    private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);

    final long start;
    final long precision;
    final long lastInterval;
    long now;
    private final TreeMap<Position, Long> order = new TreeMap<>();
    private final Map<Long, Alarm> alarms = new HashMap<>();
    private long nextSeq;

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

    void add(long handle, long at) {
        Alarm a = new Alarm(at, nextSeq++);
        alarms.put(handle, a);
        order.put(new Position(intervalNum(at), a.seq()), handle);
    }

    boolean remove(long handle) {
        Alarm a = alarms.remove(handle);
        if (a == null) {
            return false;
        }
        order.remove(new Position(intervalNum(a.at()), a.seq()));
        return true;
    }

    boolean contains(long handle) {
        return alarms.containsKey(handle);
    }

    long at(long handle) {
        return alarms.get(handle).at();
    }

    int size() {
        return alarms.size();
    }

    boolean isEmpty() {
        return alarms.isEmpty();
    }

    void clear() {
        alarms.clear();
        order.clear();
    }

    List<Long> handlesInOrder() {
        return new ArrayList<>(order.values());
    }

    /** The next alarm {@code advanceClock(to)} fires, or null. */
    Long nextBefore(long to) {
        if (order.isEmpty() || order.firstKey().interval() >= intervalNum(to)) {
            return null;
        }
        return order.firstEntry().getValue();
    }

    /** The next alarm {@code firePastAlarms} fires: the first of the current interval at or before now. */
    Long nextPast() {
        long current = intervalNum(now);
        for (Map.Entry<Position, Long> e : order.entrySet()) {
            if (e.getKey().interval() != current) {
                return null;
            }
            if (alarms.get(e.getValue()).at() <= now) {
                return e.getValue();
            }
        }
        return null;
    }

    long minInterval() {
        return order.firstKey().interval();
    }

    long minTime() {
        return alarms.values().stream().mapToLong(Alarm::at).min().orElseThrow();
    }

    long maxTimeInMinInterval() {
        long min = minInterval();
        return alarms.values().stream().mapToLong(Alarm::at).filter(at -> intervalNum(at) == min).max().orElseThrow();
    }
}
