package io.github.radixwheel.alarms;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The reference model of a {@link FutureEventList}: a {@code TreeMap} keyed by (time, priority,
 * sequence) in delivery order. {@code add} and {@code reschedule} take the next sequence number
 * (the back of their group), {@code addFirst} the next one counting down from 0 (the front), and
 * {@code addBefore}/{@code addAfter} renumber the group of the event they stand beside. Times are
 * compared with {@link Double#compare} after {@code -0.0} is made {@code 0.0}. Obviously correct
 * rather than fast.
 */
final class EventListModel {
    /** A place in delivery order. */
    record Key(double time, int priority, long sequence) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            int c = Double.compare(time, o.time);
            if (c == 0) {
                c = Integer.compare(priority, o.priority);
            }
            return c != 0 ? c : Long.compare(sequence, o.sequence);
        }

        boolean sameGroup(Key o) {
            return Double.compare(time, o.time) == 0 && priority == o.priority;
        }
    }

    private final TreeMap<Key, Long> order = new TreeMap<>();
    private final Map<Long, Key> keys = new HashMap<>();
    private long nextSequence = 1;
    private long frontSequence = 0;
    double now;

    EventListModel(double start) {
        now = start + 0.0;
    }

    int size() {
        return order.size();
    }

    boolean isEmpty() {
        return order.isEmpty();
    }

    boolean contains(long handle) {
        return keys.containsKey(handle);
    }

    double time(long handle) {
        return keys.get(handle).time();
    }

    int priority(long handle) {
        return keys.get(handle).priority();
    }

    void add(long handle, double time, int priority) {
        put(handle, new Key(time + 0.0, priority, nextSequence++));
    }

    void addFirst(long handle, double time, int priority) {
        put(handle, new Key(time + 0.0, priority, frontSequence--));
    }

    /** Puts {@code handle} right before or after {@code ref}, in its group, renumbering the group. */
    void addBeside(long handle, long ref, boolean after) {
        Key refKey = keys.get(ref);
        List<Long> group = new ArrayList<>();
        for (Map.Entry<Key, Long> e : order.entrySet()) {
            if (e.getKey().sameGroup(refKey)) {
                group.add(e.getValue());
            }
        }
        group.add(group.indexOf(ref) + (after ? 1 : 0), handle);
        for (long h : group) {
            if (keys.containsKey(h)) {
                order.remove(keys.get(h));
            }
            put(h, new Key(refKey.time(), refKey.priority(), nextSequence++));
        }
    }

    void reschedule(long handle, double time) {
        int priority = remove(handle).priority();
        add(handle, time, priority);
    }

    /** {@return the key it had, or null if not contained} */
    Key remove(long handle) {
        Key k = keys.remove(handle);
        if (k != null) {
            order.remove(k);
        }
        return k;
    }

    /** {@return the first handle, or null if empty} */
    Long first() {
        return order.isEmpty() ? null : order.firstEntry().getValue();
    }

    /** Takes the first event and moves the clock to its time; returns its handle. */
    long pollFirst() {
        long h = first();
        now = time(h);
        remove(h);
        return h;
    }

    void clear() {
        order.clear();
        keys.clear();
    }

    List<Long> handlesInOrder() {
        return new ArrayList<>(order.values());
    }

    /** The distinct times pending, in order. */
    List<Double> times() {
        List<Double> out = new ArrayList<>();
        for (Key k : order.keySet()) {
            if (out.isEmpty() || Double.compare(out.get(out.size() - 1), k.time()) != 0) {
                out.add(k.time());
            }
        }
        return out;
    }

    private void put(long handle, Key key) {
        order.put(key, handle);
        keys.put(handle, key);
    }
}
