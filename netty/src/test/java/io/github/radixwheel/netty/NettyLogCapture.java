package io.github.radixwheel.netty;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Netty's logging, as the tests see it: a default {@link InternalLoggerFactory} whose loggers pass
 * everything to the factory it replaced, except the warnings and errors of a logger that a test
 * {@linkplain #start captures}, which it records instead (so that expected stack traces stay out of
 * the build log).
 *
 * <p>It must be installed before the timer's classes first log: like Netty's own classes, they keep
 * the logger that the default factory gave them when they were loaded, so a factory set later would
 * see nothing. {@link NettyLogCaptureInstaller}, which JUnit loads before any test runs, installs it
 * once for the test JVM; {@link #start} checks that it is in place.
 */
final class NettyLogCapture extends InternalLoggerFactory {
    private static final Set<String> RECORDED_LEVELS = Set.of("warn", "error");
    private static final Method NEW_INSTANCE = newInstanceMethod();

    private static NettyLogCapture installed;

    private final InternalLoggerFactory replaced;
    /** The capture that is open, or null; guarded by the class. */
    private static Capture open;

    private NettyLogCapture(InternalLoggerFactory replaced) {
        this.replaced = replaced;
    }

    /** A warning or error that a captured logger received. */
    record Entry(String level, String message, Throwable cause) {}

    /** Makes this Netty's default logger factory, once. */
    static synchronized void install() {
        if (installed == null) {
            installed = new NettyLogCapture(InternalLoggerFactory.getDefaultFactory());
            InternalLoggerFactory.setDefaultFactory(installed);
        }
    }

    /**
     * Starts recording the warnings and errors of the logger named after {@code source}, until the
     * capture is closed. One capture at a time.
     */
    static synchronized Capture start(Class<?> source) {
        assertTrue(installed != null && InternalLoggerFactory.getDefaultFactory() == installed,
                "NettyLogCapture is not Netty's default logger factory: is junit-platform.properties on the class path?");
        if (open != null) {
            fail("a capture is open already");
        }
        open = new Capture(source.getName());
        return open;
    }

    private static synchronized Capture captureFor(String logger) {
        return open != null && open.logger.equals(logger) ? open : null;
    }

    private static synchronized void closed(Capture capture) {
        if (open == capture) {
            open = null;
        }
    }

    @Override
    protected InternalLogger newInstance(String name) {
        InternalLogger delegate;
        try {
            delegate = (InternalLogger) NEW_INSTANCE.invoke(replaced, name);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(e);
        }
        return (InternalLogger) Proxy.newProxyInstance(InternalLogger.class.getClassLoader(),
                new Class<?>[] {InternalLogger.class}, (proxy, method, args) -> {
                    Capture capture = RECORDED_LEVELS.contains(method.getName()) ? captureFor(name) : null;
                    if (capture != null) {
                        capture.record(method.getName(), args);
                        return null;
                    }
                    try {
                        return method.invoke(delegate, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static Method newInstanceMethod() {
        try {
            Method m = InternalLoggerFactory.class.getDeclaredMethod("newInstance", String.class);
            m.setAccessible(true); // protected: the replaced factory is not this class
            return m;
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The warnings and errors of one logger, recorded while open. */
    static final class Capture implements AutoCloseable {
        private final String logger;
        private final List<Entry> entries = new ArrayList<>();

        private Capture(String logger) {
            this.logger = logger;
        }

        private synchronized void record(String level, Object[] args) {
            String message = null;
            Throwable cause = null;
            for (Object arg : args) {
                if (arg instanceof String s && message == null) {
                    message = s;
                } else if (arg instanceof Throwable t) {
                    cause = t;
                }
            }
            entries.add(new Entry(level, message, cause));
            notifyAll();
        }

        /** {@return what was recorded so far} */
        synchronized List<Entry> entries() {
            return List.copyOf(entries);
        }

        /** Waits until at least {@code n} entries are recorded, failing after ten seconds; returns them all. */
        synchronized List<Entry> await(int n) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TimerTestSupport.WAIT_SECONDS);
            while (entries.size() < n) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    fail("timed out waiting for " + n + " log entries of " + logger + "; got " + entries);
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            return List.copyOf(entries);
        }

        @Override
        public void close() {
            closed(this);
        }
    }
}
