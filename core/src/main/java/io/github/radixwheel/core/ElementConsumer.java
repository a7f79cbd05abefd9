package io.github.radixwheel.core;

/**
 * Receives elements from a {@link TimingWheelQueue}, with primitive arguments so that delivery
 * boxes nothing.
 *
 * @param <V> the type of the values
 */
@FunctionalInterface
public interface ElementConsumer<V> {
    /**
     * Accepts one element.
     *
     * @param handle the element's handle; when the element is being delivered it has already been
     *     removed, so the handle is no longer contained
     * @param key the element's key
     * @param value the element's value, possibly null
     */
    void accept(long handle, long key, V value);
}
