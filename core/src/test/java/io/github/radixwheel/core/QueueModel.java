package io.github.radixwheel.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The reference model of a {@link TimingWheelQueue}: a {@code TreeMap} ordered by (key, insertion
 * number), so its iteration order is exactly the delivery order the contract promises.
 */
final class QueueModel {
    /** A position in delivery order. */
    record Position(long key, long seq) implements Comparable<Position> {
        @Override
        public int compareTo(Position o) {
            int byKey = Long.compare(key, o.key);
            return byKey != 0 ? byKey : Long.compare(seq, o.seq);
        }
    }

    private final TreeMap<Position, Long> order = new TreeMap<>();
    private final Map<Long, Position> byHandle = new HashMap<>();
    private long nextSeq;
    long minAllowedKey;

    void add(long handle, long key) {
        Position p = new Position(key, nextSeq++);
        order.put(p, handle);
        byHandle.put(handle, p);
    }

    boolean remove(long handle) {
        Position p = byHandle.remove(handle);
        if (p == null) {
            return false;
        }
        order.remove(p);
        return true;
    }

    void changeKey(long handle, long key) {
        remove(handle);
        add(handle, key);
    }

    boolean contains(long handle) {
        return byHandle.containsKey(handle);
    }

    long key(long handle) {
        return byHandle.get(handle).key();
    }

    int size() {
        return order.size();
    }

    boolean isEmpty() {
        return order.isEmpty();
    }

    long minKey() {
        return order.firstKey().key();
    }

    long keyOf(long handle) {
        return byHandle.get(handle).key();
    }

    long minHandle() {
        return order.firstEntry().getValue();
    }

    /** Removes and returns the first element in delivery order if its key is below {@code key}, else null. */
    Long pollBelow(long key) {
        if (order.isEmpty() || order.firstKey().key() >= key) {
            return null;
        }
        Long handle = order.pollFirstEntry().getValue();
        byHandle.remove(handle);
        return handle;
    }

    void clear() {
        order.clear();
        byHandle.clear();
    }

    List<Long> handlesInOrder() {
        return new ArrayList<>(order.values());
    }
}
