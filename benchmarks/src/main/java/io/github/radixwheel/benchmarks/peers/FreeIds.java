package io.github.radixwheel.benchmarks.peers;

/**
 * Timer ids {@code [0, capacity)} for the adapters whose peer hands out objects rather than ids.
 * The free ids sit on a stack, so the id of a fired or cancelled timer is the next one handed out,
 * as Agrona reuses its own. Whether an id is pending is the peer's to say (is its entry queued?),
 * so there is no per-id state here.
 */
public final class FreeIds {
    private final int[] free;
    private int count;

    /** @param capacity the most ids pending at once */
    public FreeIds(int capacity) {
        free = new int[capacity];
        for (int i = 0; i < capacity; i++) {
            free[i] = capacity - 1 - i;
        }
        count = capacity;
    }

    /**
     * @return a free id, now pending; ids never used come in increasing order
     * @throws IllegalStateException if every id is pending
     */
    public int take() {
        if (count == 0) {
            throw new IllegalStateException("all " + free.length + " timer ids are pending");
        }
        return free[--count];
    }

    /** @param id a pending id, now free */
    public void give(int id) {
        free[count++] = id;
    }

    /**
     * @param id any value
     * @return whether it is an id of this range, pending or not
     */
    public boolean inRange(long id) {
        return id >= 0 && id < free.length;
    }
}
