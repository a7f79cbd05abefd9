package io.github.radixwheel.testkit;

import io.github.radixwheel.core.ElementConsumer;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;

/** The public methods that {@code TimingWheelQueue} and {@link ReferenceQueue} share, so that one driver runs both. */
interface QueueApi<V> {
    LevelBits levelBits();

    int size();

    boolean isEmpty();

    long minAllowedKey();

    long maxAllowedKey();

    long add(long key, V value);

    long addFirst(long key, V value);

    long addBefore(long handle, V value);

    long addAfter(long handle, V value);

    boolean contains(long handle);

    boolean remove(long handle);

    long key(long handle);

    V value(long handle);

    V setValue(long handle, V value);

    void changeKey(long handle, long key);

    long minKey();

    long minElement();

    V pollMin();

    boolean pollMin(ElementConsumer<? super V> action);

    void increaseMinAllowedKey(long key, ElementConsumer<? super V> handler);

    void clear();

    void reset(long minAllowedKey);

    void trimToSize();

    void forEach(ElementConsumer<? super V> action);

    void forEachInOrder(ElementConsumer<? super V> action);

    void checkInvariants();

    static <V> QueueApi<V> of(TimingWheelQueue<V> q) {
        return new QueueApi<>() {
            @Override public LevelBits levelBits() { return q.levelBits(); }
            @Override public int size() { return q.size(); }
            @Override public boolean isEmpty() { return q.isEmpty(); }
            @Override public long minAllowedKey() { return q.minAllowedKey(); }
            @Override public long maxAllowedKey() { return q.maxAllowedKey(); }
            @Override public long add(long key, V value) { return q.add(key, value); }
            @Override public long addFirst(long key, V value) { return q.addFirst(key, value); }
            @Override public long addBefore(long handle, V value) { return q.addBefore(handle, value); }
            @Override public long addAfter(long handle, V value) { return q.addAfter(handle, value); }
            @Override public boolean contains(long handle) { return q.contains(handle); }
            @Override public boolean remove(long handle) { return q.remove(handle); }
            @Override public long key(long handle) { return q.key(handle); }
            @Override public V value(long handle) { return q.value(handle); }
            @Override public V setValue(long handle, V value) { return q.setValue(handle, value); }
            @Override public void changeKey(long handle, long key) { q.changeKey(handle, key); }
            @Override public long minKey() { return q.minKey(); }
            @Override public long minElement() { return q.minElement(); }
            @Override public V pollMin() { return q.pollMin(); }
            @Override public boolean pollMin(ElementConsumer<? super V> action) { return q.pollMin(action); }
            @Override public void increaseMinAllowedKey(long key, ElementConsumer<? super V> handler) {
                q.increaseMinAllowedKey(key, handler);
            }
            @Override public void clear() { q.clear(); }
            @Override public void reset(long minAllowedKey) { q.reset(minAllowedKey); }
            @Override public void trimToSize() { q.trimToSize(); }
            @Override public void forEach(ElementConsumer<? super V> action) { q.forEach(action); }
            @Override public void forEachInOrder(ElementConsumer<? super V> action) { q.forEachInOrder(action); }
            @Override public void checkInvariants() { q.checkInvariants(); }
        };
    }

    static <V> QueueApi<V> of(ReferenceQueue<V> q) {
        return new QueueApi<>() {
            @Override public LevelBits levelBits() { return q.levelBits(); }
            @Override public int size() { return q.size(); }
            @Override public boolean isEmpty() { return q.isEmpty(); }
            @Override public long minAllowedKey() { return q.minAllowedKey(); }
            @Override public long maxAllowedKey() { return q.maxAllowedKey(); }
            @Override public long add(long key, V value) { return q.add(key, value); }
            @Override public long addFirst(long key, V value) { return q.addFirst(key, value); }
            @Override public long addBefore(long handle, V value) { return q.addBefore(handle, value); }
            @Override public long addAfter(long handle, V value) { return q.addAfter(handle, value); }
            @Override public boolean contains(long handle) { return q.contains(handle); }
            @Override public boolean remove(long handle) { return q.remove(handle); }
            @Override public long key(long handle) { return q.key(handle); }
            @Override public V value(long handle) { return q.value(handle); }
            @Override public V setValue(long handle, V value) { return q.setValue(handle, value); }
            @Override public void changeKey(long handle, long key) { q.changeKey(handle, key); }
            @Override public long minKey() { return q.minKey(); }
            @Override public long minElement() { return q.minElement(); }
            @Override public V pollMin() { return q.pollMin(); }
            @Override public boolean pollMin(ElementConsumer<? super V> action) { return q.pollMin(action); }
            @Override public void increaseMinAllowedKey(long key, ElementConsumer<? super V> handler) {
                q.increaseMinAllowedKey(key, handler);
            }
            @Override public void clear() { q.clear(); }
            @Override public void reset(long minAllowedKey) { q.reset(minAllowedKey); }
            @Override public void trimToSize() { q.trimToSize(); }
            @Override public void forEach(ElementConsumer<? super V> action) { q.forEach(action); }
            @Override public void forEachInOrder(ElementConsumer<? super V> action) { q.forEachInOrder(action); }
            @Override public void checkInvariants() { q.checkInvariants(); }
        };
    }
}
