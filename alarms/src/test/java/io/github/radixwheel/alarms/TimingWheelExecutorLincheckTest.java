package io.github.radixwheel.alarms;

import io.github.radixwheel.core.LevelBits;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Options;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of {@link TimingWheelExecutor} with Lincheck, on the manual clock, in stress mode
 * and in model-checking mode: schedule, cancel, {@code advanceTo}, {@code pendingTasks}, and the
 * start of a due task. Lincheck runs random scenarios of a few operations on three threads, and
 * known ones first, and checks that every result is explained by some sequential order of the
 * calls.
 *
 * <p>Due tasks go to a task executor that only queues them, and {@link #runNext} runs the oldest,
 * as a task executor's thread would: the start of a task (its claim) is an operation of its own,
 * as the contract makes it (a cancel before the start wins). Running tasks inside
 * {@code advanceTo} would make that call many steps, which no sequential order of whole calls can
 * explain. Tasks are numbered in the order in which they were scheduled; {@code schedule} calls
 * are serialized by the test (to number them), the other operations run concurrently with them and
 * with each other.
 */
@Param(name = "delay", gen = IntGen.class, conf = "0:5")
@Param(name = "to", gen = IntGen.class, conf = "1:9")
@Param(name = "task", gen = IntGen.class, conf = "0:3")
public class TimingWheelExecutorLincheckTest {
    /** The tasks handed to the task executor, oldest first. */
    private final Queue<Runnable> handed = new ConcurrentLinkedQueue<>();
    /** Held by {@link #advanceTo} while it hands tasks over, and by {@link #runNext} to take one. */
    private final Object handingOver = new Object();
    /** What ran: each task records its name. */
    private final List<String> ran = new ArrayList<>();
    /** A 2 ns tick and a 16-tick wheel, extended: deadlines cross levels. */
    private final TimingWheelExecutor executor = TimingWheelExecutor.builder().manualClock()
            .tick(Duration.ofNanos(2)).levelBits(LevelBits.of(2, 2)).taskExecutor(handed::add).build();
    /**
     * The futures, in the order of the {@code schedule} calls: a call schedules and appends under
     * this list's lock, so list order is the order in which the tasks entered the executor.
     */
    private final List<ScheduledFuture<?>> futures = new ArrayList<>();

    /** Lincheck makes a fresh instance per scenario, sequential or concurrent. */
    public TimingWheelExecutorLincheckTest() {
    }

    /** Schedules task number n (the n-th scheduled) with the delay; returns n. */
    @Operation
    public int schedule(@Param(name = "delay") int delay) {
        synchronized (futures) {
            int n = futures.size();
            futures.add(executor.schedule(new Task(ran, "#" + n), delay, TimeUnit.NANOSECONDS));
            return n;
        }
    }

    /** A task that records its name: a class, not a lambda, whose fields Lincheck's agent can see. */
    private static final class Task implements Runnable {
        private final List<String> ran;
        private final String name;

        Task(List<String> ran, String name) {
            this.ran = ran;
            this.name = name;
        }

        @Override
        public void run() {
            ran.add(name);
        }
    }

    /**
     * Cancels task number {@code task}, if that many were scheduled. Never in parallel with
     * {@link #runNext}: a cancel that wins a task while it runs returns true (as a
     * {@code ScheduledThreadPoolExecutor}'s does), and a {@code pendingTasks} between the run's
     * start and that cancel reads 0, which no sequential order of whole calls explains (a 100-iteration
     * stress run found it). That no start follows a winning cancel is checked where the start is an
     * operation of its own ({@code TimerCoreRingLincheckTest}).
     */
    @Operation(nonParallelGroup = "run")
    public Boolean cancel(@Param(name = "task") int task) {
        ScheduledFuture<?> f;
        synchronized (futures) {
            f = task < futures.size() ? futures.get(task) : null;
        }
        return f == null ? null : f.cancel(false);
    }

    /**
     * Advances, holding {@link #handingOver}: the advance hands its due tasks over one at a time, and
     * a task executor's thread that took the first before the next was handed over would see a
     * part of the advance, which no sequential order of whole calls explains (a 40-iteration model
     * check found it). A real task executor starts each task as it is handed over; this one
     * publishes an advance's tasks to {@link #runNext} as a whole.
     */
    @Operation
    public void advanceTo(@Param(name = "to") int to) {
        synchronized (handingOver) {
            executor.advanceTo(to);
        }
    }

    @Operation
    public int pendingTasks() {
        return executor.pendingTasks();
    }

    /**
     * Runs the oldest handed-over task, as a one-thread task executor would. A cancel that wins while
     * the task runs drops its outcome, as a {@code ScheduledThreadPoolExecutor}'s does: no sequential
     * order of whole calls has a cancel inside a run, and the caller sees what a cancel before the
     * run leaves (the task cancelled, no result), so such a run reports "skipped". (That a task never
     * starts after its cancel returned true is checked where the claim is an operation of its own:
     * {@code TimerCoreRingLincheckTest}.)
     *
     * @return "#n" for task number n if it ran and its outcome stands, "skipped" if it had been
     *     cancelled before or while it ran, "none" if nothing was handed over
     */
    @Operation(nonParallelGroup = "run")
    public String runNext() {
        Runnable r;
        synchronized (handingOver) {
            r = handed.poll();
        }
        if (r == null) {
            return "none";
        }
        int before = ran.size();
        r.run();
        if (ran.size() == before) {
            return "skipped";
        }
        return ((Future<?>) r).isCancelled() ? "skipped" : ran.get(before);
    }

    private static <O extends Options<O, ?>> O withKnownScenarios(O options) {
        // A cancel racing with the advance that finds the task due, then its start.
        options.addCustomScenario(new ExecutionScenario(List.of(actor("schedule", 1)),
                List.of(List.of(actor("advanceTo", 5)), List.of(actor("pendingTasks"), actor("pendingTasks"))),
                List.of(actor("runNext"), actor("pendingTasks")), null));
        // Two threads schedule in the same tick while a third advances past it.
        options.addCustomScenario(new ExecutionScenario(List.of(),
                List.of(List.of(actor("schedule", 0), actor("schedule", 3)), List.of(actor("schedule", 0)),
                        List.of(actor("advanceTo", 9))),
                List.of(actor("runNext"), actor("runNext"), actor("runNext"), actor("pendingTasks")), null));
        // Found by the stress mode before the manual clock moved under the core's lock: a schedule that
        // read the clock before a concurrent advance moved it, but entered the wheel after the advance
        // had taken the earlier task, ran out of order.
        options.addCustomScenario(new ExecutionScenario(List.of(actor("schedule", 2)),
                List.of(List.of(actor("schedule", 1)), List.of(actor("advanceTo", 5))),
                List.of(actor("runNext"), actor("runNext")), null));
        // Found by a 400-iteration stress run then: an advance that found the clock already moved by a
        // concurrent one returned before that one had handed its tasks over.
        options.addCustomScenario(new ExecutionScenario(List.of(actor("schedule", 3), actor("schedule", 0)),
                List.of(List.of(actor("pendingTasks"), actor("runNext")), List.of(actor("advanceTo", 6)),
                        List.of(actor("advanceTo", 5), actor("pendingTasks"))),
                List.of(actor("runNext"), actor("runNext")), null));
        // Found by a 300-iteration stress run: a schedule that read the clock after a concurrent
        // advance moved it returned before that advance had handed its due task over, so a runNext
        // after it found nothing.
        options.addCustomScenario(new ExecutionScenario(List.of(actor("pendingTasks")),
                List.of(List.of(actor("schedule", 1), actor("runNext")),
                        List.of(actor("schedule", 2), actor("advanceTo", 5))),
                List.of(actor("cancel", 1), actor("runNext")), null));
        // Found by a 150-iteration stress run: a cancel that won while the task ran returned true
        // after the run had recorded the task as run.
        options.addCustomScenario(new ExecutionScenario(List.of(actor("schedule", 1), actor("advanceTo", 6)),
                List.of(List.of(actor("runNext")), List.of(actor("cancel", 0))), List.of(actor("pendingTasks")), null));
        return options;
    }

    private static Actor actor(String operation, Object... arguments) {
        for (Method m : TimingWheelExecutorLincheckTest.class.getMethods()) {
            if (m.getName().equals(operation) && m.getParameterCount() == arguments.length) {
                return new Actor(m, List.of(arguments), false, false, false, false, false);
            }
        }
        throw new IllegalArgumentException(operation);
    }

    @Test
    void everyOperation_stressMode_isLinearizable() {
        withKnownScenarios(new StressOptions())
                .iterations(Integer.getInteger("radixwheel.lincheck.stressIterations", 50))
                .invocationsPerIteration(1_000)
                .threads(3).actorsPerThread(3).actorsBefore(3).actorsAfter(2)
                .check(TimingWheelExecutorLincheckTest.class);
    }

    @Test
    void everyOperation_modelChecking_isLinearizable() {
        withKnownScenarios(new ModelCheckingOptions())
                .iterations(Integer.getInteger("radixwheel.lincheck.modelCheckingIterations", 6))
                .invocationsPerIteration(200)
                .threads(3).actorsPerThread(3).actorsBefore(3).actorsAfter(2)
                .check(TimingWheelExecutorLincheckTest.class);
    }
}
