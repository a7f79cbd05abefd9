package io.github.radixwheel.alarms.internal;

/**
 * The default driving threads of the timers: named, of normal priority and with the daemon status
 * given, whichever thread builds the timer ({@code new Thread} would take both from it, as
 * {@code Executors.defaultThreadFactory()} does not).
 */
public final class DefaultThreads {
    private DefaultThreads() {}

    /**
     * {@return a new, unstarted thread that runs {@code r}}
     *
     * @param r what it runs
     * @param name its name
     * @param daemon its daemon status
     */
    public static Thread make(Runnable r, String name, boolean daemon) {
        Thread t = new Thread(r, name);
        t.setDaemon(daemon);
        t.setPriority(Thread.NORM_PRIORITY);
        return t;
    }
}
