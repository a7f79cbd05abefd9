package io.github.radixwheel.benchmarks.peers.eventlist;

import nl.tudelft.simulation.dsol.formalisms.eventscheduling.AbstractSimEvent;

/**
 * A DSOL event that the hold model reschedules after it is taken, so that the benchmark compares
 * the lists and not the creation of event objects. Its id, DSOL's last tie-breaker, is its
 * creation number.
 */
public final class DsolEvent extends AbstractSimEvent<Double> {
    private static final long serialVersionUID = 1L;

    /**
     * @param time its first time
     * @param priority its first priority, DSOL's 1 to 10, higher first
     */
    public DsolEvent(double time, short priority) {
        super(time, priority);
    }

    /**
     * Gives a taken event a new time and priority, before it is added again.
     *
     * @param time the new time
     * @param newPriority the new priority
     */
    public void reschedule(double time, short newPriority) {
        absoluteExecutionTime = time;
        priority = newPriority;
    }

    @Override
    public void execute() {
        // the benchmark only moves events through the list
    }
}
