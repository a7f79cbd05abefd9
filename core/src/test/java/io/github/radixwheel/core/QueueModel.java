package io.github.radixwheel.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference model of a {@link TimingWheelQueue}: the handles in a list kept in delivery order
 * (by key, and within a key by the place each insertion chose: the back for {@code add} and
 * {@code changeKey}, the front for {@code addFirst}, next to another element for
 * {@code addBefore}/{@code addAfter}). Deliberately naive: every operation is a linear scan.
 */
final class QueueModel {
    private final List<Long> order = new ArrayList<>();
    private final Map<Long, Long> keys = new HashMap<>();
    long minAllowedKey;

    /** Inserts at the back of {@code key}'s elements. */
    void add(long handle, long key) {
        int at = 0;
        while (at < order.size() && keys.get(order.get(at)) <= key) {
            at++;
        }
        insert(at, handle, key);
    }

    /** Inserts at the front of {@code key}'s elements. */
    void addFirst(long handle, long key) {
        int at = 0;
        while (at < order.size() && keys.get(order.get(at)) < key) {
            at++;
        }
        insert(at, handle, key);
    }

    /** Inserts right before or after {@code ref}, with its key. */
    void addBeside(long handle, long ref, boolean after) {
        insert(order.indexOf(ref) + (after ? 1 : 0), handle, keys.get(ref));
    }

    private void insert(int at, long handle, long key) {
        order.add(at, handle);
        keys.put(handle, key);
    }

    boolean remove(long handle) {
        if (keys.remove(handle) == null) {
            return false;
        }
        order.remove(Long.valueOf(handle));
        return true;
    }

    void changeKey(long handle, long key) {
        remove(handle);
        add(handle, key);
    }

    boolean contains(long handle) {
        return keys.containsKey(handle);
    }

    int size() {
        return order.size();
    }

    boolean isEmpty() {
        return order.isEmpty();
    }

    long minKey() {
        return keys.get(order.get(0));
    }

    long keyOf(long handle) {
        return keys.get(handle);
    }

    long minHandle() {
        return order.get(0);
    }

    /** Removes and returns the first element in delivery order if its key is below {@code key}, else null. */
    Long pollBelow(long key) {
        if (order.isEmpty() || minKey() >= key) {
            return null;
        }
        Long handle = order.remove(0);
        keys.remove(handle);
        return handle;
    }

    void clear() {
        order.clear();
        keys.clear();
    }

    List<Long> handlesInOrder() {
        return new ArrayList<>(order);
    }
}
