package io.github.radixwheel.core;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Bytes allocated by the current thread, from HotSpot's allocation counter
 * ({@code com.sun.management.ThreadMXBean.getCurrentThreadAllocatedBytes()}).
 *
 * <p>The core module's tests compile inside the module, which reads no {@code java.management}; they
 * run on the class path, which reads everything. So the counter is reached through a method handle,
 * whose exact call boxes nothing.
 */
final class ThreadAllocation {
    private static final Object BEAN;
    private static final MethodHandle ALLOCATED;

    static {
        try {
            BEAN = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            ALLOCATED = MethodHandles.publicLookup()
                    .findVirtual(Class.forName("com.sun.management.ThreadMXBean"), "getCurrentThreadAllocatedBytes",
                            MethodType.methodType(long.class))
                    .asType(MethodType.methodType(long.class, Object.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ThreadAllocation() {}

    /** The bytes the current thread has allocated so far. */
    static long allocatedBytes() {
        try {
            return (long) ALLOCATED.invokeExact(BEAN);
        } catch (Throwable e) {
            throw new AssertionError("the thread allocation counter failed", e);
        }
    }

    /**
     * Runs {@code work} {@code windows} times and returns the least bytes this thread allocated in
     * one run: JIT compilation and first-use effects can allocate a few kilobytes once, while code
     * that allocates per operation does so in every run.
     */
    static long leastOf(int windows, Runnable work) {
        long least = Long.MAX_VALUE;
        for (int window = 0; window < windows; window++) {
            long before = allocatedBytes();
            work.run();
            least = Math.min(least, allocatedBytes() - before);
        }
        return least;
    }
}
