package io.github.radixwheel.benchmarks.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * A JMH auxiliary counter of the timers an invocation handled, for the workloads whose invocations
 * handle N timers (cancel-all, fire-all). JMH reports it as the secondary result
 * {@value Workload#TIMER_METRIC} (the field's name) in the benchmark's own mode, so in average-time
 * mode it reads in ns per timer; the primary score stays ns per invocation. The report shows the
 * per-timer figure for these workloads.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class TimerCounter {
    /**
     * Timers handled in the current iteration; JMH sets it to zero before each iteration and
     * reads it at the end.
     */
    public long timers;
}
