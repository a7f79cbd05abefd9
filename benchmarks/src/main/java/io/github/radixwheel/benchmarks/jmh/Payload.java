package io.github.radixwheel.benchmarks.jmh;

/**
 * What a timer of the peer suite carries, as a user's timer carries a connection, a task or an
 * event: here only the index of the timer (connection, event) it belongs to, so that a firing can
 * be checked against the timer it was scheduled for. The benchmarks make one per timer index up
 * front ({@link #pool}), the same objects for every implementation, so that no implementation
 * allocates payloads and every implementation stores and clears the same references.
 */
public final class Payload {
    /** The index of the timer this payload belongs to, in {@code [0, N)}. */
    public final int timer;

    private Payload(int timer) {
        this.timer = timer;
    }

    /**
     * @param n the number of timer indices
     * @return {@code n} payloads, the one at index {@code i} belonging to timer {@code i}
     */
    public static Payload[] pool(int n) {
        Payload[] pool = new Payload[n];
        for (int i = 0; i < n; i++) {
            pool[i] = new Payload(i);
        }
        return pool;
    }
}
