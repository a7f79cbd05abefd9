package io.github.radixwheel.netty;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Shared helpers of the {@link RadixWheelTimer} tests: timers whose threads the test can see and
 * which are all stopped after each test, and bounded waits. Real-time bounds are generous (seconds
 * where milliseconds are expected) so that a loaded CI machine does not make a test flaky.
 */
final class TimerTestSupport {
    static final long MS = 1_000_000L;
    /** How long a test waits for something that should happen within milliseconds. */
    static final long WAIT_SECONDS = 10;

    private TimerTestSupport() {}

    /** Makes timers, remembers their threads, and stops them all at the end of a test. */
    static final class Timers {
        private final List<RadixWheelTimer> timers = new ArrayList<>();
        private final List<Thread> threads = new ArrayList<>();

        /** A timer with a {@code tickMillis} tick and no limit, whose tasks run on its thread. */
        RadixWheelTimer timer(long tickMillis) {
            return timer(tickMillis, 0, null);
        }

        /** A timer with a {@code tickMillis} tick and the given limit and task executor. */
        synchronized RadixWheelTimer timer(long tickMillis, long maxPendingTimeouts, Executor taskExecutor) {
            RadixWheelTimer timer = new RadixWheelTimer(threadFactory(), tickMillis, TimeUnit.MILLISECONDS,
                    maxPendingTimeouts, taskExecutor);
            timers.add(timer);
            return timer;
        }

        /** Remembers a timer that the test made itself, to stop it at the end. */
        synchronized <T extends RadixWheelTimer> T track(T timer) {
            timers.add(timer);
            return timer;
        }

        /** A factory of daemon threads named {@code radixwheel-test-timer-N}, each remembered. */
        ThreadFactory threadFactory() {
            return runnable -> {
                synchronized (this) {
                    Thread t = new Thread(runnable, "radixwheel-test-timer-" + threads.size());
                    t.setDaemon(true);
                    threads.add(t);
                    return t;
                }
            };
        }

        /** {@return how many threads the factories made} */
        synchronized int threadsMade() {
            return threads.size();
        }

        /** {@return the thread that the {@code i}-th timer's factory made} */
        synchronized Thread thread(int i) {
            return threads.get(i);
        }

        /**
         * Stops every timer made or tracked (a second stop of one the test stopped is harmless), on
         * another thread, failing if that takes more than {@link #WAIT_SECONDS}: a timer whose
         * {@code stop()} hangs fails its test instead of stalling the build.
         */
        void stopAll() throws InterruptedException {
            List<RadixWheelTimer> toStop;
            synchronized (this) {
                toStop = new ArrayList<>(timers);
                timers.clear();
            }
            Thread stopper = new Thread(() -> toStop.forEach(RadixWheelTimer::stop), "radixwheel-test-stopper");
            stopper.setDaemon(true);
            stopper.start();
            stopper.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
            if (stopper.isAlive()) {
                fail("stop() did not return within " + WAIT_SECONDS + " s");
            }
        }
    }

    /** Waits for {@code latch}, failing after {@link #WAIT_SECONDS}. */
    static void await(CountDownLatch latch, String what) throws InterruptedException {
        assertTrue(latch.await(WAIT_SECONDS, TimeUnit.SECONDS), "timed out waiting for " + what
                + " (" + latch.getCount() + " left)");
    }

    /** Polls {@code condition} until it holds, failing after {@link #WAIT_SECONDS}. */
    static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("timed out waiting for " + what);
            }
            Thread.sleep(1);
        }
    }

    /**
     * Waits until {@code thread} is seen in {@code state} ten times in a row, a millisecond apart,
     * failing after {@link #WAIT_SECONDS}. One sighting is not enough: a timer's thread also parks
     * for a few microseconds at a time while it waits for the timer's lock.
     */
    static void awaitState(Thread thread, Thread.State state) throws InterruptedException {
        awaitSteadily(() -> thread.getState() == state, thread, "stay " + state);
    }

    /** As {@link #awaitState}, for either {@code WAITING} or {@code TIMED_WAITING}. */
    static void awaitParked(Thread thread) throws InterruptedException {
        awaitSteadily(() -> isParked(thread), thread, "stay parked");
    }

    private static void awaitSteadily(BooleanSupplier condition, Thread thread, String what)
            throws InterruptedException {
        int[] inARow = {0};
        awaitTrue(() -> (inARow[0] = condition.getAsBoolean() ? inARow[0] + 1 : 0) >= 10,
                thread.getName() + " to " + what + " (it is " + thread.getState() + ")");
    }

    /** {@return whether {@code thread} waits, with or without a timeout} */
    static boolean isParked(Thread thread) {
        Thread.State s = thread.getState();
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING;
    }
}
