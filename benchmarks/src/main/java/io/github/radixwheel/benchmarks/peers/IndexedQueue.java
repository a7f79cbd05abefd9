package io.github.radixwheel.benchmarks.peers;

/**
 * A min-priority queue over the caller's dense {@code int} ids {@code [0, capacity)} with
 * {@code long} keys: the indexed heap of the textbooks, and the shape of
 * {@code IndexedTimingWheelQueue}. Shortest paths drive it directly; {@link IndexedQueueTimerAdapter}
 * makes timers of it. Not thread-safe.
 *
 * <p>The monotone queues (the radix ones) accept no key below the last key polled, which a
 * shortest-path search and a timer never ask for.
 */
public interface IndexedQueue {
    /** @return the queue's name, as the tables show it */
    String name();

    /** @return the number of ids queued */
    int size();

    /**
     * @param id an id in {@code [0, capacity)}
     * @return whether it is queued
     */
    boolean contains(int id);

    /**
     * @param id an id that is not queued
     * @param key its key
     */
    void add(int id, long key);

    /**
     * Adds {@code id}, or lowers its key if it is queued: Dijkstra's relaxation.
     *
     * @param id an id, queued with a key above {@code key} or not queued
     * @param key its new key
     */
    default void addOrDecreaseKey(int id, long key) {
        if (contains(id)) {
            changeKey(id, key);
        } else {
            add(id, key);
        }
    }

    /**
     * @param id a queued id
     * @param key its new key, higher or lower
     */
    void changeKey(int id, long key);

    /**
     * @param id any id in range
     * @return true if it was queued and now is not
     */
    boolean remove(int id);

    /** @return the least key; undefined if empty */
    long minKey();

    /** @return an id of least key, removed; undefined if empty */
    int pollMin();

    /** Empties the queue for a new search whose keys start at 0. */
    void reset();
}
