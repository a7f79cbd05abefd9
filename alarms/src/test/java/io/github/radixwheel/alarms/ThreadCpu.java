package io.github.radixwheel.alarms;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * A thread's CPU time, from {@code ThreadMXBean.getThreadCpuTime(long)}, reached through a method
 * handle for the reason {@link ThreadAllocation} gives: the alarms module's tests compile inside the
 * module, which reads no {@code java.management}.
 */
final class ThreadCpu {
    private static final Object BEAN;
    private static final MethodHandle CPU_TIME;

    static {
        try {
            BEAN = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            CPU_TIME = MethodHandles.publicLookup()
                    .findVirtual(Class.forName("java.lang.management.ThreadMXBean"), "getThreadCpuTime",
                            MethodType.methodType(long.class, long.class))
                    .asType(MethodType.methodType(long.class, Object.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ThreadCpu() {}

    /** {@return the CPU time of {@code thread} so far, in nanoseconds} */
    static long of(Thread thread) {
        try {
            return (long) CPU_TIME.invokeExact(BEAN, thread.getId());
        } catch (Throwable e) {
            throw new AssertionError("the thread CPU time counter failed", e);
        }
    }
}
