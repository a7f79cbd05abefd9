package io.github.radixwheel.alarms;

/**
 * Receives alarms from a {@link TimingWheel}, with primitive arguments so that firing boxes nothing.
 *
 * @param <V> the type of the alarm values
 */
@FunctionalInterface
public interface AlarmConsumer<V> {
    /**
     * Accepts one alarm.
     *
     * @param alarm the alarm's handle; when the alarm is firing it has already been removed
     * @param at the alarm's time
     * @param value the alarm's value, possibly null
     */
    void accept(long alarm, long at, V value);
}
