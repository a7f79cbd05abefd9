package io.github.radixwheel.core;

/**
 * Receives ids from an {@link IndexedTimingWheelQueue}, with primitive arguments so that delivery
 * boxes nothing.
 */
@FunctionalInterface
public interface IdConsumer {
    /**
     * Accepts one id.
     *
     * @param id the id; when it is being delivered it has already been removed, so it is no longer
     *     contained
     * @param key its key
     */
    void accept(int id, long key);
}
