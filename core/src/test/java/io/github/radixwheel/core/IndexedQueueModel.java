package io.github.radixwheel.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The reference model of an {@link IndexedTimingWheelQueue}: a {@code TreeMap} from (key, insertion
 * number) to id, so that its iteration order is exactly the delivery order the contract promises.
 */
final class IndexedQueueModel {
    /** A position in delivery order. */
    record Position(long key, long seq) implements Comparable<Position> {
        @Override
        public int compareTo(Position o) {
            int byKey = Long.compare(key, o.key);
            return byKey != 0 ? byKey : Long.compare(seq, o.seq);
        }
    }

    private final TreeMap<Position, Integer> order = new TreeMap<>();
    private final Map<Integer, Position> byId = new HashMap<>();
    private long nextSeq;
    long minAllowedKey;

    /** Adds {@code id}, which must be absent, at the back of {@code key}'s order. */
    void add(int id, long key) {
        Position p = new Position(key, nextSeq++);
        order.put(p, id);
        byId.put(id, p);
    }

    boolean remove(int id) {
        Position p = byId.remove(id);
        if (p == null) {
            return false;
        }
        order.remove(p);
        return true;
    }

    void changeKey(int id, long key) {
        remove(id);
        add(id, key);
    }

    boolean contains(int id) {
        return byId.containsKey(id);
    }

    long key(int id) {
        return byId.get(id).key();
    }

    int size() {
        return order.size();
    }

    boolean isEmpty() {
        return order.isEmpty();
    }

    int minId() {
        return order.firstEntry().getValue();
    }

    long minKey() {
        return order.firstKey().key();
    }

    /** The first id in delivery order if its key is below {@code key}, else null. */
    Integer firstBelow(long key) {
        return order.isEmpty() || order.firstKey().key() >= key ? null : order.firstEntry().getValue();
    }

    void clear() {
        order.clear();
        byId.clear();
    }

    List<Integer> idsInOrder() {
        return new ArrayList<>(order.values());
    }

    /** Each id with its key. */
    TreeMap<Integer, Long> contents() {
        TreeMap<Integer, Long> out = new TreeMap<>();
        byId.forEach((id, p) -> out.put(id, p.key()));
        return out;
    }
}
