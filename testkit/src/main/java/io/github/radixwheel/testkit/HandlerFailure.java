package io.github.radixwheel.testkit;

/** What a throwing handler of a differential action chain throws; both sides must let it through unchanged. */
final class HandlerFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    HandlerFailure() {
        super("a handler failed on purpose", null, false, false);
    }
}
