package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link TimingWheelExecutor} on the real clock, with tasks that run for a while and threads that
 * cancel them as they run, with and without an interrupt, on the executor's thread, on a pool, or on
 * a worker thread that never clears its interrupt.
 * Every check comes from return values and what the tasks saw: at most one cancel of a task returns
 * true, and then its future is cancelled and its body never started after that cancel returned;
 * otherwise it ran once and completed with its result; no task sees an interrupt unless a
 * {@code cancel(true)} of that task won (an interrupt meant for one run never reaches another);
 * nothing stays pending.
 */
class TimingWheelExecutorCancelRunningStressTest {
    private static final int TASKS = 3_000;
    private static final int CANCELLERS = 2;
    private static final long MAX_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(30);
    private static final long RUN_NANOS = TimeUnit.MICROSECONDS.toNanos(30);

    /**
     * @param where {@code "thread"}: the executor's own thread; {@code "pool"}: a thread pool, whose
     *     workers clear the interrupt before each task; {@code "worker"}: one thread that runs what
     *     it is given and never clears the interrupt, so only the executor can
     */
    @ParameterizedTest
    @ValueSource(strings = {"thread", "pool", "worker"})
    void cancelsOfRunningTasks_winOnceInterruptOnlyTheirRunAndLoseNothing(String where) throws Exception {
        ExecutorService pool = where.equals("pool") ? Executors.newFixedThreadPool(2) : null;
        KeepingWorker worker = where.equals("worker") ? new KeepingWorker() : null;
        TimingWheelExecutor.Builder b = TimingWheelExecutor.builder().tick(Duration.ofMillis(1));
        TimingWheelExecutor ex = (pool != null ? b.taskExecutor(pool) : worker != null ? b.taskExecutor(worker) : b)
                .build();
        AtomicLong tickets = new AtomicLong();
        AtomicLongArray startTicket = new AtomicLongArray(TASKS);
        AtomicIntegerArray startedCancelled = new AtomicIntegerArray(TASKS);
        AtomicIntegerArray runs = new AtomicIntegerArray(TASKS);
        AtomicIntegerArray interruptedRuns = new AtomicIntegerArray(TASKS); // runs that saw an interrupt
        AtomicIntegerArray wins = new AtomicIntegerArray(TASKS);
        AtomicIntegerArray interruptingWins = new AtomicIntegerArray(TASKS);
        AtomicLongArray winTicket = new AtomicLongArray(TASKS);
        AtomicReferenceArray<ScheduledFuture<Integer>> futures = new AtomicReferenceArray<>(TASKS);
        AtomicIntegerArray lastStarted = new AtomicIntegerArray(1); // the cancellers' favourite target
        SplittableRandom random = new SplittableRandom(0xCA9CE1);
        for (int i = 0; i < TASKS; i++) {
            int id = i;
            futures.set(i, ex.schedule(() -> {
                startTicket.set(id, tickets.incrementAndGet());
                ScheduledFuture<Integer> self = futures.get(id); // null: not yet known to any canceller
                if (self != null && self.isCancelled()) {
                    startedCancelled.set(id, 1); // a cancel won it between its claim and here
                }
                runs.incrementAndGet(id);
                lastStarted.set(0, id);
                boolean interrupted = Thread.currentThread().isInterrupted();
                for (long end = System.nanoTime() + RUN_NANOS; !interrupted && System.nanoTime() < end; ) {
                    LockSupport.parkNanos(RUN_NANOS / 4); // returns at once when interrupted
                    interrupted = Thread.currentThread().isInterrupted();
                }
                if (interrupted) {
                    interruptedRuns.incrementAndGet(id);
                }
                return id;
            }, random.nextLong(MAX_DELAY_NANOS), TimeUnit.NANOSECONDS));
        }
        List<Thread> cancellers = new ArrayList<>();
        for (int c = 0; c < CANCELLERS; c++) {
            SplittableRandom r = random.split();
            cancellers.add(new Thread(() -> {
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                while (ex.pendingTasks() > 0 && System.nanoTime() < until) {
                    int id = r.nextInt(4) == 0 ? r.nextInt(TASKS) : lastStarted.get(0); // mostly the one running
                    boolean interrupt = r.nextBoolean();
                    if (futures.get(id).cancel(interrupt)) {
                        winTicket.set(id, tickets.incrementAndGet());
                        wins.incrementAndGet(id);
                        if (interrupt) {
                            interruptingWins.incrementAndGet(id);
                        }
                    }
                    LockSupport.parkNanos(r.nextLong(RUN_NANOS)); // spread the cancels over the runs
                }
            }));
        }
        cancellers.forEach(Thread::start);
        for (Thread t : cancellers) {
            t.join();
        }
        ex.close();
        if (pool != null) {
            pool.shutdown();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS));
        }
        if (worker != null) {
            worker.stop();
        }
        assertEquals(0, ex.pendingTasks());
        int cancelledWhileRunning = 0;
        int ran = 0;
        for (int i = 0; i < TASKS; i++) {
            ScheduledFuture<Integer> f = futures.get(i);
            assertTrue(runs.get(i) <= 1, "task " + i + " ran " + runs.get(i) + " times");
            assertTrue(wins.get(i) <= 1, "task " + i + ": " + wins.get(i) + " cancels returned true");
            if (wins.get(i) == 1) {
                assertTrue(f.isCancelled() && f.isDone(), "task " + i);
                assertThrows(CancellationException.class, f::get, "task " + i);
                // A cancel may win a task between its start (its claim) and its body's first line: the
                // body then finds its future cancelled (that no claim follows a winning cancel is the
                // Lincheck tests' to check).
                assertTrue(runs.get(i) == 0 || startTicket.get(i) < winTicket.get(i) || startedCancelled.get(i) == 1,
                        "task " + i + " started after its cancel returned true");
                cancelledWhileRunning += runs.get(i);
            } else {
                assertFalse(f.isCancelled(), "task " + i);
                assertEquals(1, runs.get(i), "task " + i + " did not run");
                assertEquals(i, f.get(), "task " + i);
                ran++;
            }
            if (interruptedRuns.get(i) != 0) {
                assertEquals(1, interruptingWins.get(i), "task " + i + " saw an interrupt meant for another run");
            }
        }
        assertTrue(ran > 0 && cancelledWhileRunning > 0, ran + " ran, " + cancelledWhileRunning
                + " were cancelled while running: both must occur for the test to mean anything");
    }

    /** A task executor of one thread that runs its tasks in turn and leaves its interrupt flag alone. */
    private static final class KeepingWorker implements Executor {
        private final ConcurrentLinkedQueue<Runnable> queue = new ConcurrentLinkedQueue<>();
        private volatile boolean stopped;
        private final Thread thread = new Thread(this::work, "keeping-worker");

        KeepingWorker() {
            thread.start();
        }

        @Override
        public void execute(Runnable task) {
            queue.add(task);
            LockSupport.unpark(thread);
        }

        private void work() {
            while (!stopped || !queue.isEmpty()) {
                Runnable task = queue.poll();
                if (task != null) {
                    task.run();
                } else {
                    LockSupport.parkNanos(50_000); // at once while the flag is set: no harm, it only polls
                }
            }
        }

        void stop() throws InterruptedException {
            stopped = true;
            LockSupport.unpark(thread);
            thread.join(30_000);
            assertFalse(thread.isAlive());
        }
    }
}
