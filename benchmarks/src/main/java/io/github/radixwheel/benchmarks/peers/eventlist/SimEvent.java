package io.github.radixwheel.benchmarks.peers.eventlist;

/**
 * A simulation event as a simulator keeps it: an object with its time, priority and scheduling
 * number, which the comparison-based peers read to order it. {@link #next} is the intrusive link
 * of the calendar queue's bucket lists. The future event list keeps its own copies of time and
 * priority and reads none of these fields.
 */
public final class SimEvent {
    /** Identifies the event in the smoke test's comparison of the peers' orders. */
    public final int id;
    /** The time it is scheduled for. */
    public double time;
    /** Its priority among events of equal time, lower first. */
    public int priority;
    /** Its scheduling number among events of equal time and priority, lower first. */
    public long seq;
    /** The next event of its calendar bucket. */
    SimEvent next;

    /**
     * @param id the event's number
     */
    public SimEvent(int id) {
        this.id = id;
    }

    /**
     * The order of every peer: time (exactly, {@code -0.0 == 0.0}), then priority, then scheduling number.
     *
     * @param a an event
     * @param b another
     * @return whether {@code a} comes before {@code b}
     */
    static boolean before(SimEvent a, SimEvent b) {
        if (a.time != b.time) {
            return a.time < b.time;
        }
        if (a.priority != b.priority) {
            return a.priority < b.priority;
        }
        return a.seq < b.seq;
    }

    /**
     * {@link #before} as a comparator's result.
     *
     * @param a an event
     * @param b another
     * @return negative, zero or positive as {@code a} comes before, is, or comes after {@code b}
     */
    static int compare(SimEvent a, SimEvent b) {
        if (a.time != b.time) {
            return a.time < b.time ? -1 : 1;
        }
        if (a.priority != b.priority) {
            return a.priority < b.priority ? -1 : 1;
        }
        return Long.compare(a.seq, b.seq);
    }
}
