package io.github.radixwheel.benchmarks.peers;

/**
 * A min-priority queue over the caller's dense {@code int} ids {@code [0, capacity)} with
 * {@code long} keys: the indexed heap of the textbooks, and the shape of
 * {@code IndexedTimingWheelQueue}. Shortest paths drive it directly; {@link IndexedQueueTimerAdapter}
 * makes timers of it. Not thread-safe.
 *
 * <p>The monotone queues (the radix ones) accept no key below the last key polled (jheaps: nor
 * below a least key removed), which a shortest-path search and a timer never ask for.
 */
public interface IndexedQueue {
    /** The {@code impl} parameter values of {@link #create}, in table order. */
    String[] IMPLS = {"IndexedTimingWheelQueue", "TimingWheelQueue", "BinaryHeap", "4-aryHeap", "fastutil", "jheaps"};

    /**
     * @param impl one of {@link #IMPLS}
     * @param capacity ids are {@code [0, capacity)}
     * @param maxKey the greatest key it will hold (jheaps' radix heap is sized by it)
     * @return an empty queue
     */
    static IndexedQueue create(String impl, int capacity, long maxKey) {
        switch (impl) {
            case "IndexedTimingWheelQueue":
                return new IndexedWheelQueue(capacity);
            case "TimingWheelQueue":
                return new HandleWheelQueue(capacity);
            case "BinaryHeap":
                return new DaryHeap(capacity, 2);
            case "4-aryHeap":
                return new DaryHeap(capacity, 4);
            case "fastutil":
                return new FastutilHeap(capacity);
            case "jheaps":
                return new JheapsRadixHeap(capacity, maxKey);
            default:
                throw new IllegalArgumentException("impl: " + impl + " (expected: one of " + String.join(", ", IMPLS) + ")");
        }
    }

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
