package io.github.radixwheel.alarms;

/**
 * Receives events from a {@code FutureEventList}, with primitive arguments so that taking an
 * event boxes nothing.
 *
 * @param <E> the type of the events
 */
@FunctionalInterface
public interface EventConsumer<E> {
    /**
     * Accepts one event.
     *
     * @param handle the event's handle; when the event is being taken it has already been removed
     * @param time the event's time
     * @param priority the event's priority (lower first among events of equal time)
     * @param event the event, never null
     */
    void accept(long handle, double time, int priority, E event);
}
