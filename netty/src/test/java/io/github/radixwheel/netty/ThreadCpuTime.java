package io.github.radixwheel.netty;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The CPU time of a thread, from {@code java.lang.management.ThreadMXBean.getThreadCpuTime(long)}.
 *
 * <p>The netty module's tests compile inside the module, which reads no {@code java.management};
 * they run on the class path, which reads everything. So the bean is reached through method handles.
 */
final class ThreadCpuTime {
    private static final Object BEAN;
    private static final MethodHandle SUPPORTED;
    private static final MethodHandle ENABLE;
    private static final MethodHandle CPU_TIME;

    static {
        try {
            Class<?> beanType = Class.forName("java.lang.management.ThreadMXBean");
            BEAN = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            SUPPORTED = lookup.findVirtual(beanType, "isThreadCpuTimeSupported", MethodType.methodType(boolean.class))
                    .asType(MethodType.methodType(boolean.class, Object.class));
            ENABLE = lookup.findVirtual(beanType, "setThreadCpuTimeEnabled",
                    MethodType.methodType(void.class, boolean.class))
                    .asType(MethodType.methodType(void.class, Object.class, boolean.class));
            CPU_TIME = lookup.findVirtual(beanType, "getThreadCpuTime", MethodType.methodType(long.class, long.class))
                    .asType(MethodType.methodType(long.class, Object.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ThreadCpuTime() {}

    /** {@return whether this JVM measures threads' CPU time}; if it can, turns the measurement on. */
    static boolean enable() {
        try {
            if (!(boolean) SUPPORTED.invokeExact(BEAN)) {
                return false;
            }
            ENABLE.invokeExact(BEAN, true);
            return true;
        } catch (Throwable e) {
            throw new AssertionError("ThreadMXBean failed", e);
        }
    }

    /** {@return the CPU time {@code thread} has used, in nanoseconds, or -1 if it has ended} */
    static long of(Thread thread) {
        try {
            return (long) CPU_TIME.invokeExact(BEAN, thread.getId());
        } catch (Throwable e) {
            throw new AssertionError("ThreadMXBean failed", e);
        }
    }
}
