package io.github.radixwheel.benchmarks.peers.eventlist;

import umontreal.ssj.simevents.Event;

/**
 * An SSJ event that the hold model puts back into the list after it is taken, so that the
 * benchmark compares the lists and not the creation of event objects. It is moved through the
 * event list directly, not through SSJ's simulator, so it sets its own time and priority.
 */
public final class SsjEvent extends Event {
    /**
     * @param time its first time
     * @param priority its first priority, lower first
     */
    public SsjEvent(double time, double priority) {
        this.eventTime = time;
        this.priority = priority;
    }

    /**
     * Gives a taken event a new time and priority, before it is added again.
     *
     * @param time the new time
     * @param newPriority the new priority
     */
    public void reschedule(double time, double newPriority) {
        eventTime = time;
        priority = newPriority;
    }

    @Override
    public void actions() {
        // the benchmark only moves events through the list
    }
}
