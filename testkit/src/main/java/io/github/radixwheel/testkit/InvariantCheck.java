package io.github.radixwheel.testkit;

/**
 * A check of your own that a differential action chain runs on the real structure after every
 * step: after each action and after each operation made from inside a handler, right after the
 * structure's {@code checkInvariants()}. It reads the structure and throws (an
 * {@link AssertionError}, typically) to fail the property; it must not modify the structure.
 *
 * @param <T> the real structure's type
 */
@FunctionalInterface
public interface InvariantCheck<T> {
    /** Checks nothing. */
    InvariantCheck<Object> NONE = structure -> { };

    /**
     * Checks the structure after a step.
     *
     * @param structure the real structure, which must not be modified
     */
    void check(T structure);
}
