package io.github.radixwheel.alarms.internal;

/**
 * A task of the core's own tests: the test or the driving thread runs it through the core
 * ({@link #runClaimed}), never through {@link #run}, and the core never refuses it.
 */
abstract class CoreTestTask extends WheelTask {
    @Override
    protected void rejected(Throwable rejection) {
        throw new AssertionError(rejection);
    }

    @Override
    public void run() {
        throw new AssertionError("run by the core, not through run()");
    }
}
