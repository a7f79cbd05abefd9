package io.github.radixwheel.benchmarks;

/**
 * The element of the object-based peers ({@link java.util.PriorityQueue}): a mutable key and a
 * payload reference. The benchmarks keep the payload null and reuse entries, so that no peer
 * allocates per operation either; identity equality (no {@code equals} override) is what
 * {@code PriorityQueue.remove(Object)} needs.
 */
final class KeyedEntry implements Comparable<KeyedEntry> {
    long key;
    Object value;

    KeyedEntry(long key) {
        this.key = key;
    }

    @Override
    public int compareTo(KeyedEntry o) {
        return Long.compare(key, o.key);
    }
}
