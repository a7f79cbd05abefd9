package io.github.radixwheel.benchmarks.peers.eventlist;

/**
 * A future event list as the simulator benchmarks drive it: schedule an event that is not pending,
 * take the first. Every implementation orders by (time, priority, scheduling order), with times
 * compared exactly.
 */
public interface EventListPeer {
    /** @return the name used as the {@code impl} parameter */
    String name();

    /**
     * Schedules an event that is not pending.
     *
     * @param time its time, {@code >= now()}
     * @param priority its priority
     * @param event the event
     */
    void schedule(double time, int priority, SimEvent event);

    /** @return the first event, now removed, or null if none is pending; {@link #now()} is then its time */
    SimEvent pollFirst();

    /** @return the time of the last event taken, or the start */
    double now();

    /** @return the number of pending events */
    int size();
}
