package io.github.radixwheel.benchmarks;

import java.lang.management.ManagementFactory;

/** Bytes allocated by the current thread, from its allocation counter. */
public final class ThreadAllocation {
    private ThreadAllocation() {
    }

    /**
     * Runs {@code work} {@code windows} times and returns the least bytes this thread allocated in
     * one run. JIT (re)compilation and first-use effects can allocate a few kilobytes once; code
     * that allocates per operation does so in every run.
     *
     * @param windows how many runs, positive
     * @param work the measured work
     * @return the least bytes allocated by one run
     */
    public static long leastOf(int windows, Runnable work) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        long least = Long.MAX_VALUE;
        for (int window = 0; window < windows; window++) {
            long before = threads.getThreadAllocatedBytes(thread);
            work.run();
            least = Math.min(least, threads.getThreadAllocatedBytes(thread) - before);
        }
        return least;
    }
}
