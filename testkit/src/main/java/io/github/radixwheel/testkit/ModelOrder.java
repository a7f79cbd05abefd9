package io.github.radixwheel.testkit;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The state every reference model keeps: entries grouped by a sorted key, each group a list in
 * delivery order, a map from handle to entry, and the guard that tells a handler's call and an
 * iteration apart. Deliberately plain: a {@link TreeMap} of {@link ArrayList}s and linear scans.
 *
 * @param <K> the sort key: a key, an interval number, or a (time, priority) pair
 * @param <P> what an entry carries besides its key
 */
final class ModelOrder<K extends Comparable<K>, P> {
    /** Handles are unique across every model of the JVM, so no model mistakes another's handle for its own. */
    private static final AtomicLong NEXT_HANDLE = new AtomicLong(0x5EED_0000_0001L);

    /** One element: its handle (fixed), key and payload (changed by re-keying and setting). */
    static final class Entry<K, P> {
        final long handle;
        K key;
        P payload;

        Entry(long handle, K key, P payload) {
            this.handle = handle;
            this.key = key;
            this.payload = payload;
        }
    }

    private enum Guard { IDLE, DELIVERING, ITERATING }

    private final TreeMap<K, List<Entry<K, P>>> groups = new TreeMap<>();
    private final Map<Long, Entry<K, P>> byHandle = new HashMap<>();
    private Guard guard = Guard.IDLE;

    int size() {
        return byHandle.size();
    }

    /** The entry of a handle, or null. */
    Entry<K, P> find(long handle) {
        return byHandle.get(handle);
    }

    /** @throws IllegalArgumentException naming {@code name} if {@code handle} is not contained */
    Entry<K, P> live(String name, long handle) {
        Entry<K, P> e = byHandle.get(handle);
        if (e == null) {
            throw new IllegalArgumentException(name + ": " + handle + " (expected: a live handle of this structure)");
        }
        return e;
    }

    /** Adds at the back (or the front) of {@code key}'s group; returns the new handle. */
    long add(K key, P payload, boolean first) {
        Entry<K, P> e = new Entry<>(NEXT_HANDLE.getAndIncrement(), key, payload);
        List<Entry<K, P>> group = groups.computeIfAbsent(key, k -> new ArrayList<>());
        group.add(first ? 0 : group.size(), e);
        byHandle.put(e.handle, e);
        return e.handle;
    }

    /** Adds next to {@code ref}, with its key; returns the new handle. */
    long addBeside(Entry<K, P> ref, P payload, boolean after) {
        Entry<K, P> e = new Entry<>(NEXT_HANDLE.getAndIncrement(), ref.key, payload);
        List<Entry<K, P>> group = groups.get(ref.key);
        group.add(group.indexOf(ref) + (after ? 1 : 0), e);
        byHandle.put(e.handle, e);
        return e.handle;
    }

    void remove(Entry<K, P> e) {
        List<Entry<K, P>> group = groups.get(e.key);
        group.remove(e);
        if (group.isEmpty()) {
            groups.remove(e.key);
        }
        byHandle.remove(e.handle);
    }

    /** Moves {@code e} to the back of {@code key}'s group, keeping its handle. */
    void move(Entry<K, P> e, K key) {
        remove(e);
        e.key = key;
        groups.computeIfAbsent(key, k -> new ArrayList<>()).add(e);
        byHandle.put(e.handle, e);
    }

    /** The first entry in delivery order, or null. */
    Entry<K, P> first() {
        return groups.isEmpty() ? null : groups.firstEntry().getValue().get(0);
    }

    /** The entries of the least key, in delivery order (empty if none). */
    List<Entry<K, P>> firstGroup() {
        return groups.isEmpty() ? List.of() : List.copyOf(groups.firstEntry().getValue());
    }

    /** A copy of every entry, in delivery order. */
    List<Entry<K, P>> inOrder() {
        List<Entry<K, P>> out = new ArrayList<>();
        groups.values().forEach(out::addAll);
        return out;
    }

    void clear() {
        groups.clear();
        byHandle.clear();
    }

    // ---------------------------------------------------------------- the guard

    /** @throws IllegalStateException if a handler of this structure is running */
    void requireNotDelivering(String method) {
        if (guard == Guard.DELIVERING) {
            throw new IllegalStateException(method + " called from inside a handler of this structure");
        }
    }

    /** @throws ConcurrentModificationException if an iteration is under way */
    void requireMutable() {
        if (guard == Guard.ITERATING) {
            throw new ConcurrentModificationException("modified from inside forEach or forEachInOrder");
        }
    }

    /** For a call that runs handlers: refuses a nested call, then a call from an iteration. */
    void beginDelivery(String method) {
        requireNotDelivering(method);
        requireMutable();
        guard = Guard.DELIVERING;
    }

    void endDelivery() {
        guard = Guard.IDLE;
    }

    /** Hands each entry, in delivery order, to {@code visit}, during which nothing may be modified. */
    void iterate(java.util.function.Consumer<Entry<K, P>> visit) {
        Guard saved = guard;
        guard = Guard.ITERATING;
        try {
            for (Entry<K, P> e : inOrder()) {
                visit.accept(e);
            }
        } finally {
            guard = saved;
        }
    }

    /** @throws IllegalStateException if the groups and the handle map disagree */
    void check() {
        int n = 0;
        for (Map.Entry<K, List<Entry<K, P>>> group : groups.entrySet()) {
            if (group.getValue().isEmpty()) {
                throw new IllegalStateException("empty group " + group.getKey());
            }
            for (Entry<K, P> e : group.getValue()) {
                if (!e.key.equals(group.getKey()) || byHandle.get(e.handle) != e) {
                    throw new IllegalStateException("entry " + e.handle + " is misfiled under " + group.getKey());
                }
                n++;
            }
        }
        if (n != byHandle.size()) {
            throw new IllegalStateException(n + " entries in groups but " + byHandle.size() + " handles");
        }
    }
}
