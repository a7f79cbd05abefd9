package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.radixwheel.core.LevelBits;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A manual-clock {@link TimingWheelExecutor} side by side with a model of it: a sorted map of the
 * pending tasks on (tick, insertion number), a clock, and the rules of the executor's contract
 * written out plainly. Every operation is applied to both; the log of runs (which task, at which
 * clock, in order), every return value, every future's state and the pending count must agree.
 *
 * <p>Each task carries a {@link Step} that it performs when it runs: nothing, schedule another task,
 * cancel a task (itself included), throw, call {@code advanceTo} from inside, or shut the executor
 * down. With {@code queued}, due tasks go to a queue that {@link #runNext} drains one at a time, as
 * a task executor's thread would; otherwise they run inside {@code advanceTo}.
 */
final class ExecutorHarness {
    /** What a task does when it runs. */
    enum Kind { NONE, SCHEDULE, CANCEL, CANCEL_SELF, THROW, NESTED_ADVANCE, SHUTDOWN }

    /** One task's behaviour: its kind, a task number (CANCEL) and a delay (SCHEDULE). */
    record Step(Kind kind, int target, long delay) {
        @Override
        public String toString() {
            return kind + (kind == Kind.CANCEL ? " #" + target : kind == Kind.SCHEDULE ? " in " + delay : "");
        }
    }

    /** The model of one task. */
    private static final class Task {
        final int id;
        final long period; // 0 one-shot, > 0 fixed rate, < 0 minus a fixed delay
        final Step step;
        long deadline;
        /** Its submission order, kept by its later runs: -1 until first inserted. */
        long sequence = -1;
        String state = "pending"; // pending, handed, running, done, failed, cancelled, dropped
        boolean runThenCancelled;

        Task(int id, long deadline, long period, Step step) {
            this.id = id;
            this.deadline = deadline;
            this.period = period;
            this.step = step;
        }
    }

    final long tick;
    final LevelBits bits;
    final boolean queued;
    private final TimingWheelExecutor executor;
    private final Queue<Runnable> handed = new ArrayDeque<>();
    private final List<ScheduledFuture<?>> futures = new ArrayList<>();
    private final List<String> actualLog = new ArrayList<>();
    private final ExecutorTestSupport.Clock clock;
    /** Runs in which {@code now()} disagreed with the clock that {@code getDelay} measures. */
    private final List<String> nowMismatches = new ArrayList<>();

    // The model.
    private final List<Task> tasks = new ArrayList<>();
    private final TreeMap<long[], Task> wheel = new TreeMap<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
            : Long.compare(a[1], b[1]));
    private final Queue<Task> modelHanded = new ArrayDeque<>();
    private final List<String> modelLog = new ArrayList<>();
    private long insertions;
    long now;
    private boolean shutDown;
    /** Whether {@code shutdownNow} was called. */
    private boolean stopped;
    /** Whether the clock's reference task is still pending (until a shutdownNow drops it). */
    private boolean referencePending = true;
    /** Inside a model advance: the tick of the task running, else -1. */
    private long runningTick = -1;

    ExecutorHarness(long tick, LevelBits bits, boolean queued) {
        this.tick = tick;
        this.bits = bits;
        this.queued = queued;
        TimingWheelExecutor.Builder b = TimingWheelExecutor.builder().manualClock().tick(Duration.ofNanos(tick))
                .levelBits(bits);
        this.executor = (queued ? b.taskExecutor(handed::add) : b).build();
        this.clock = new ExecutorTestSupport.Clock(executor);
        insertions++; // the clock's reference task
    }

    int taskCount() {
        return tasks.size();
    }

    /**
     * Whether a periodic task is pending or handed over: a far advance would then run it once per
     * period (or per tick) up to the target, which may be 2^40 runs.
     */
    boolean periodicPending() {
        for (Task t : tasks) {
            if (t.period != 0 && (t.state.equals("pending") || t.state.equals("handed"))) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- operations on both

    void schedule(long delay, long period, Step step) {
        int id = tasks.size();
        boolean refused = shutDown;
        String actual;
        try {
            futures.add(period == 0 ? executor.schedule(body(id, step), delay, TimeUnit.NANOSECONDS)
                    : period > 0 ? executor.scheduleAtFixedRate(body(id, step), delay, period, TimeUnit.NANOSECONDS)
                    : executor.scheduleWithFixedDelay(body(id, step), delay, -period, TimeUnit.NANOSECONDS));
            actual = "scheduled";
        } catch (RejectedExecutionException e) {
            actual = "rejected";
        }
        assertEquals(refused ? "rejected" : "scheduled", actual);
        if (!refused) {
            modelSchedule(id, delay, period, step);
        }
    }

    void cancel(int id, boolean interrupt) {
        if (id >= tasks.size() || futures.get(id) == null) {
            return;
        }
        boolean actual = futures.get(id).cancel(interrupt);
        assertEquals(modelCancel(tasks.get(id)), actual, "cancel #" + id);
        Thread.interrupted(); // a cancel(true) of the task running on this thread sets it
    }

    void advance(long to) {
        executor.advanceTo(to);
        modelAdvance(to);
    }

    void runNext() {
        Runnable r = handed.poll();
        Task t = modelHanded.poll();
        assertEquals(t == null, r == null);
        if (r != null) {
            r.run();
            if (t.state.equals("handed")) {
                if (stopped) {
                    t.state = "cancelled"; // after shutdownNow, a task that is run is cancelled instead
                } else {
                    run(t, -1);
                }
            }
        }
    }

    void shutdown() {
        executor.shutdown();
        modelShutdown();
    }

    void shutdownNow() {
        Set<Runnable> actual = new HashSet<>(executor.shutdownNow());
        Set<Runnable> expected = new HashSet<>();
        if (!shutDown || referencePending) {
            expected.add((Runnable) clock.reference());
        }
        referencePending = false;
        shutDown = true;
        stopped = true;
        for (Task t : new ArrayList<>(wheel.values())) {
            t.state = "dropped";
            expected.add((Runnable) futures.get(t.id));
        }
        wheel.clear();
        assertEquals(expected, actual);
    }

    /** Compares everything observable, and checks the executor's invariants. */
    void check() {
        executor.checkInvariants();
        assertEquals(modelLog, actualLog, "runs");
        assertEquals(pending() + (referencePending ? 1 : 0), executor.pendingTasks(),
                "pending tasks (and the clock's reference)");
        assertEquals(now, clock.now(), "clock");
        assertEquals(now, executor.now(), "now()");
        assertEquals(List.of(), nowMismatches, "now() inside tasks, against the clock the task reads");
        for (Task t : tasks) {
            ScheduledFuture<?> f = futures.get(t.id);
            if (f == null) {
                continue; // refused
            }
            boolean done = t.state.equals("done") || t.state.equals("failed") || t.state.equals("cancelled");
            assertEquals(done, f.isDone(), "isDone #" + t.id + " (" + t.state + ")");
            assertEquals(t.state.equals("cancelled"), f.isCancelled(), "isCancelled #" + t.id);
            if (t.state.equals("failed")) {
                try {
                    f.get();
                    throw new AssertionError("#" + t.id + " should have failed");
                } catch (ExecutionException | InterruptedException expected) {
                    // as the model says
                }
            }
        }
    }

    @Override
    public String toString() {
        return "executor(tick " + tick + ", " + bits + (queued ? ", queued" : "") + ")";
    }

    // ---------------------------------------------------------------- the real tasks

    private Runnable body(int id, Step step) {
        return () -> {
            actualLog.add("#" + id + "@" + clock.now());
            if (executor.now() != clock.now()) {
                nowMismatches.add("#" + id + ": now() " + executor.now() + ", getDelay's clock " + clock.now());
            }
            switch (step.kind) {
                case SCHEDULE:
                    scheduleFromTask(step);
                    break;
                case CANCEL:
                    if (step.target < futures.size() && futures.get(step.target) != null) {
                        futures.get(step.target).cancel(false);
                    }
                    break;
                case CANCEL_SELF:
                    futures.get(id).cancel(false);
                    break;
                case THROW:
                    throw new IllegalStateException("task #" + id + " throws");
                case NESTED_ADVANCE:
                    executor.advanceTo(Long.MAX_VALUE);
                    break;
                case SHUTDOWN:
                    executor.shutdown();
                    break;
                default:
                    break;
            }
        };
    }

    private void scheduleFromTask(Step step) {
        try {
            futures.add(executor.schedule(body(futures.size(), new Step(Kind.NONE, 0, 0)), step.delay,
                    TimeUnit.NANOSECONDS));
        } catch (RejectedExecutionException e) {
            futures.add(null); // refused, as the model predicts; keeps the numbering
        }
    }

    // ---------------------------------------------------------------- the model

    private int pending() {
        int n = wheel.size();
        for (Task t : modelHanded) {
            if (t.state.equals("handed")) {
                n++;
            }
        }
        return n;
    }

    private long clockNow() {
        return runningTick >= 0 ? tickStart(runningTick) : now;
    }

    private long tickOf(long deadline) {
        return deadline == Long.MAX_VALUE ? Long.MAX_VALUE : deadline / tick;
    }

    /** The tick that contains clock time {@code time}: the clock's last value has a tick of its own. */
    private long clockTick(long time) {
        return time / tick;
    }

    private long tickStart(long t) {
        return t > Long.MAX_VALUE / tick ? Long.MAX_VALUE : t * tick;
    }

    private static long saturatedAdd(long a, long b) {
        long s = a + b;
        return s < a ? Long.MAX_VALUE : s;
    }

    private void modelSchedule(int id, long delay, long period, Step step) {
        Task t = new Task(id, saturatedAdd(clockNow(), Math.max(0, delay)), period, step);
        tasks.add(t);
        insert(t);
    }

    private void insert(Task t) {
        t.state = "pending";
        if (t.sequence < 0) {
            t.sequence = insertions;
        }
        insertions++;
        wheel.put(new long[] {tickOf(t.deadline), t.sequence}, t); // a later run keeps its first place
        if (queued && runningTick < 0 && tickOf(t.deadline) < clockTick(now)) {
            handOver(clockTick(now));
        }
    }

    private boolean modelCancel(Task t) {
        if (t.state.equals("pending") || t.state.equals("handed") || t.state.equals("dropped")) {
            wheel.values().remove(t);
            t.state = "cancelled";
            return true;
        }
        if (t.state.equals("running")) { // its outcome dropped, a periodic one not run again
            t.runThenCancelled = true;
            t.state = "cancelled";
            return true;
        }
        return false;
    }

    private void modelAdvance(long to) {
        if (to <= now) {
            return;
        }
        now = to;
        long bound = clockTick(to);
        if (queued) {
            handOver(bound);
            return;
        }
        while (!wheel.isEmpty() && wheel.firstKey()[0] < bound) {
            var e = wheel.pollFirstEntry();
            run(e.getValue(), e.getKey()[0]);
        }
    }

    private void handOver(long bound) {
        while (!wheel.isEmpty() && wheel.firstKey()[0] < bound) {
            Task t = wheel.pollFirstEntry().getValue();
            t.state = "handed";
            modelHanded.add(t);
        }
    }

    /** Runs a claimed task: inline within an advance at {@code tick}, or from the queue ({@code -1}). */
    private void run(Task t, long tickOfRun) {
        t.state = "running";
        long saved = runningTick;
        runningTick = tickOfRun;
        try {
            modelLog.add("#" + t.id + "@" + clockNow());
            boolean threw = false;
            switch (t.step.kind) {
                case SCHEDULE:
                    if (shutDown) {
                        tasks.add(new Task(tasks.size(), 0, 0, t.step)); // refused: keeps the numbering
                        tasks.get(tasks.size() - 1).state = "refused";
                    } else {
                        modelSchedule(tasks.size(), t.step.delay, 0, new Step(Kind.NONE, 0, 0));
                    }
                    break;
                case CANCEL:
                    if (t.step.target < tasks.size()) {
                        modelCancel(tasks.get(t.step.target));
                    }
                    break;
                case CANCEL_SELF:
                    modelCancel(t);
                    break;
                case THROW:
                    threw = true;
                    break;
                case NESTED_ADVANCE:
                    if (tickOfRun >= 0) {
                        threw = true; // refused inside an advance
                    } else {
                        modelAdvance(Long.MAX_VALUE); // from a queued run, a plain advance
                    }
                    break;
                case SHUTDOWN:
                    modelShutdown();
                    break;
                default:
                    break;
            }
            finishRun(t, threw);
        } finally {
            runningTick = saved;
        }
    }

    private void finishRun(Task t, boolean threw) {
        if (t.state.equals("cancelled")) {
            return; // cancelled during its run
        }
        if (t.period == 0 || threw) {
            t.state = threw ? "failed" : "done";
            return;
        }
        if (shutDown) {
            t.state = "cancelled";
            return;
        }
        long tickOfRun = tickOf(t.deadline);
        if (t.period > 0) {
            t.deadline = saturatedAdd(t.deadline, t.period);
        } else {
            long ranAfter = tickStart(tickOfRun == Long.MAX_VALUE ? tickOfRun : tickOfRun + 1);
            t.deadline = saturatedAdd(Math.max(clockNow(), ranAfter), -t.period);
        }
        insert(t);
    }

    private void modelShutdown() {
        shutDown = true;
        for (Task t : new ArrayList<>(wheel.values())) {
            if (t.period != 0) {
                wheel.values().remove(t);
                t.state = "cancelled";
            }
        }
        for (Task t : modelHanded) {
            if (t.period != 0 && t.state.equals("handed")) {
                t.state = "cancelled"; // waiting in the task executor, not yet started
            }
        }
    }
}
