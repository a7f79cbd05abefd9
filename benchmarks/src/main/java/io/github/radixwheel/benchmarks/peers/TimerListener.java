package io.github.radixwheel.benchmarks.peers;

/**
 * Receives each timer a {@link TimerAdapter} fires, with its payload: the callback a user's timer
 * runs, which gets the connection, task or event the timer was set for.
 */
@FunctionalInterface
public interface TimerListener {
    /**
     * @param id the fired timer's id, no longer pending
     * @param payload the payload the timer was scheduled with; neither the adapter nor its peer
     *     references it any more
     */
    void fired(long id, Object payload);
}
