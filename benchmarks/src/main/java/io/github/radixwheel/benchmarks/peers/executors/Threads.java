package io.github.radixwheel.benchmarks.peers.executors;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicReference;

/** A thread factory that makes one daemon thread and remembers it. */
final class Threads implements ThreadFactory {
    private final String name;
    private final AtomicReference<Thread> made = new AtomicReference<>();

    Threads(String name) {
        this.name = name;
    }

    @Override
    public Thread newThread(Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        if (!made.compareAndSet(null, t)) {
            throw new IllegalStateException(name + ": a second thread was asked for");
        }
        return t;
    }

    /** @return the thread made, or null */
    Thread made() {
        return made.get();
    }
}
