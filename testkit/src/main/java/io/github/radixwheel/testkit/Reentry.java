package io.github.radixwheel.testkit;

/**
 * What a handler does on one delivery, in a differential action chain. The fractions {@code a} and
 * {@code b} in {@code [0, 1)} pick an element (from the live ones in order) and a key or time (from
 * the range allowed at that moment), so that one script means the same on the real structure and on
 * its reference.
 */
record Reentry(Kind kind, double a, double b) {
    /** The operations a handler can make; each structure reads them in its own terms. */
    enum Kind {
        NONE, ADD_AT_CURRENT, ADD, ADD_OUT_OF_RANGE, ADD_FIRST_AT_CURRENT, ADD_FIRST, ADD_BEFORE, ADD_AFTER,
        REMOVE, REMOVE_STALE, CHANGE_KEY, SET_VALUE, CLEAR, RESET, THROW, NESTED, QUERY, IN_ORDER, TRIM
    }

    static final Reentry NOTHING = new Reentry(Kind.NONE, 0, 0);

    @Override
    public String toString() {
        return kind == Kind.NONE ? "-" : String.format("%s(%.2f,%.2f)", kind, a, b);
    }
}
