package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link TimingWheelExecutor} on the real clock under several producer threads that schedule and
 * cancel at once, with tasks on the executor's thread or on a pool. Every check comes from return
 * values: a task whose {@code cancel} returned true never starts after that call returned (as a
 * {@code ScheduledThreadPoolExecutor}'s, a cancel may win a task that has just started) and its
 * future is cancelled; every other task runs exactly once and never before its deadline; nothing
 * stays pending; and cancelled tasks are not reachable from the executor (weak references clear
 * while it still runs).
 */
class TimingWheelExecutorStressTest {
    private static final int PRODUCERS = 3;
    private static final int TASKS_PER_PRODUCER = 20_000;
    private static final long MAX_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void producersScheduleAndCancel_everyTaskRunsOnceOnTimeUnlessCancelled(boolean pool) throws Exception {
        ExecutorService tasks = pool ? Executors.newFixedThreadPool(2) : null;
        TimingWheelExecutor.Builder b = TimingWheelExecutor.builder().tick(Duration.ofMillis(1));
        TimingWheelExecutor ex = (pool ? b.taskExecutor(tasks) : b).build();
        int n = PRODUCERS * TASKS_PER_PRODUCER;
        AtomicIntegerArray runs = new AtomicIntegerArray(n);
        AtomicLongArray ranAt = new AtomicLongArray(n);
        long[] deadline = new long[n];
        // Tickets from one counter order each run's start against the return of each winning cancel.
        AtomicLong tickets = new AtomicLong();
        AtomicLongArray startTicket = new AtomicLongArray(n);
        long[] cancelledTicket = new long[n]; // 0: no cancel of the task returned true
        AtomicReferenceArray<ScheduledFuture<?>> futures = new AtomicReferenceArray<>(n);
        AtomicIntegerArray startedCancelled = new AtomicIntegerArray(n);
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            int first = p * TASKS_PER_PRODUCER;
            producers.add(new Thread(() -> produce(ex, first,
                    new Runs(runs, ranAt, tickets, startTicket, futures, startedCancelled), deadline, cancelledTicket,
                    futures)));
        }
        producers.forEach(Thread::start);
        for (Thread t : producers) {
            t.join();
        }
        ex.close(); // shutdown: delayed tasks still run; then waits for them all
        if (tasks != null) {
            tasks.shutdown();
            assertTrue(tasks.awaitTermination(30, TimeUnit.SECONDS));
        }
        assertEquals(0, ex.pendingTasks());
        int ranCount = 0;
        int cancelledRunning = 0;
        for (int i = 0; i < n; i++) {
            if (cancelledTicket[i] != 0) {
                assertTrue(runs.get(i) <= 1, "task " + i + " ran " + runs.get(i) + " times");
                // A cancel may win a task between its start (its claim) and its body's first line (as
                // a ScheduledThreadPoolExecutor's may): the body then finds its future cancelled. That
                // the claim itself never follows a winning cancel is the Lincheck tests' to check.
                assertTrue(runs.get(i) == 0 || startTicket.get(i) < cancelledTicket[i] || startedCancelled.get(i) == 1,
                        "task " + i + " started after its cancel returned true");
                assertTrue(futures.get(i).isCancelled(), "task " + i);
                cancelledRunning += runs.get(i);
            } else {
                assertEquals(1, runs.get(i), "task " + i + " ran " + runs.get(i) + " times");
                assertTrue(ranAt.get(i) >= deadline[i], "task " + i + " ran " + (deadline[i] - ranAt.get(i))
                        + " ns early");
                ranCount++;
            }
        }
        assertTrue(ranCount > n / 4 && ranCount < n, "both outcomes occur: " + ranCount + " of " + n + " ran");
        assertTrue(cancelledRunning < n / 100, cancelledRunning + " cancels won a running task");
    }

    /** What a task's run records. */
    private record Runs(AtomicIntegerArray count, AtomicLongArray ranAt, AtomicLong tickets, AtomicLongArray startTicket,
            AtomicReferenceArray<ScheduledFuture<?>> futures, AtomicIntegerArray startedCancelled) {
        void ran(int id) {
            startTicket.set(id, tickets.incrementAndGet());
            // Then: a cancel that returned before that ticket was taken shows here.
            ScheduledFuture<?> f = futures.get(id); // null: not yet known to any canceller
            if (f != null && f.isCancelled()) {
                startedCancelled.set(id, 1);
            }
            ranAt.set(id, System.nanoTime());
            count.incrementAndGet(id);
        }
    }

    private static void produce(TimingWheelExecutor ex, int first, Runs runs, long[] deadline, long[] cancelledTicket,
            AtomicReferenceArray<ScheduledFuture<?>> futures) {
        SplittableRandom random = new SplittableRandom(first);
        List<ScheduledFuture<?>> mine = new ArrayList<>();
        for (int k = 0; k < TASKS_PER_PRODUCER; k++) {
            int id = first + k;
            long delay = random.nextLong(MAX_DELAY_NANOS);
            deadline[id] = System.nanoTime() + delay; // read before the executor's own reading
            ScheduledFuture<?> future = ex.schedule(() -> runs.ran(id), delay, TimeUnit.NANOSECONDS);
            mine.add(future);
            futures.set(id, future);
            if (random.nextBoolean()) {
                int victim = random.nextInt(mine.size());
                ScheduledFuture<?> f = mine.get(victim);
                if (f != null && f.cancel(random.nextBoolean())) {
                    cancelledTicket[first + victim] = runs.tickets().incrementAndGet();
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 1_000, 100_000})
    void cancelledTasks_areNotReachable_whileTheExecutorRuns(int pending) throws Exception {
        TimingWheelExecutor ex = TimingWheelExecutor.builder().build();
        try {
            for (int i = 0; i < pending; i++) {
                ex.schedule(() -> { }, 1 + i % 1000, TimeUnit.HOURS);
            }
            List<WeakReference<Runnable>> refs = new ArrayList<>();
            long[] sink = new long[1];
            for (int i = 0; i < 100; i++) {
                int id = i;
                Runnable task = () -> sink[0] += id; // capturing: a distinct object each time
                refs.add(new WeakReference<>(task));
                assertTrue(ex.schedule(task, 2, TimeUnit.HOURS).cancel(false));
            }
            for (int i = 0; i < 50 && refs.stream().anyMatch(r -> r.get() != null); i++) {
                System.gc();
                Thread.sleep(10);
            }
            assertEquals(0, refs.stream().filter(r -> r.get() != null).count(), "cancelled tasks still reachable");
            assertEquals(pending, ex.pendingTasks());
        } finally {
            ex.shutdownNow();
        }
        assertTrue(ex.awaitTermination(10, TimeUnit.SECONDS));
    }
}
