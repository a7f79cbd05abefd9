package io.github.radixwheel.alarms;

import io.github.radixwheel.alarms.internal.KeyedTimerBatch;

import io.github.radixwheel.core.LevelBits;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
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
 * Linearizability of {@link KeyedTimer} with Lincheck: every operation, {@code advanceTo} included,
 * on the manual clock with four stripes, in stress mode and in model-checking mode. Lincheck runs
 * random scenarios of a few operations on three threads, and five known scenarios first (three
 * from issue 12, two found by longer stress runs), and checks that every result is explained by
 * some sequential order of the calls.
 *
 * <p>Expiries go to an executor that only queues their batches, and {@link #deliver} claims and
 * delivers one expiry of the oldest batch: so each claim is an operation of its own, as the
 * contract makes it (a {@code set}, {@code move} or {@code remove} before the claim wins).
 * Delivering inside {@code advanceTo} would make that call two steps, which no sequential order of
 * whole calls can explain. What the sequential results must be is the model test's business
 * ({@link KeyedTimerModelProperties}); this test checks that concurrent calls agree with them.
 *
 * <p>The whole class takes about 25 s on two cores. A longer run sets the numbers of random
 * scenarios: {@code -Dradixwheel.lincheck.stressIterations=400} (default 50) and
 * {@code -Dradixwheel.lincheck.modelCheckingIterations=60} (default 6). Before the 0.2 changes both modes failed within
 * seconds on the first known scenario: {@code set(0)}, {@code set(3)} on one thread and
 * {@code advanceTo(5)} on another fired key 3 and left key 0 armed.
 */
@Param(name = "key", gen = IntGen.class, conf = "0:5")
@Param(name = "value", gen = IntGen.class, conf = "1:9")
@Param(name = "delay", gen = IntGen.class, conf = "0:4")
@Param(name = "to", gen = IntGen.class, conf = "1:9")
public class KeyedTimerLincheckTest {
    /** The batches of expiries handed to the executor, oldest first. */
    private final Queue<Runnable> batches = new ConcurrentLinkedQueue<>();
    /** What the callback received; {@link #deliver} runs it on its own thread. */
    private String delivered;
    /** A 2 ns tick and a 16-interval wheel: deadlines past the wheel's range are re-armed. */
    private final KeyedTimer<Integer, Integer> timer = KeyedTimer.<Integer, Integer>builder()
            .manualClock().tick(Duration.ofNanos(2)).levelBits(LevelBits.of(2, 2)).stripes(4).executor(batches::add)
            .build((k, v) -> delivered = k + "=" + v);

    /** Lincheck makes a fresh instance per scenario, sequential or concurrent. */
    public KeyedTimerLincheckTest() {
    }

    @Operation
    public Integer set(@Param(name = "key") int key, @Param(name = "value") int value, @Param(name = "delay") int delay) {
        return timer.set(key, value, Duration.ofNanos(delay));
    }

    @Operation
    public boolean move(@Param(name = "key") int key, @Param(name = "delay") int delay) {
        return timer.move(key, Duration.ofNanos(delay));
    }

    @Operation
    public boolean remove(@Param(name = "key") int key) {
        return timer.remove(key);
    }

    @Operation
    public Integer get(@Param(name = "key") int key) {
        return timer.get(key);
    }

    @Operation
    public boolean containsKey(@Param(name = "key") int key) {
        return timer.containsKey(key);
    }

    @Operation
    public int size() {
        return timer.size();
    }

    @Operation
    public void advanceTo(@Param(name = "to") int to) {
        timer.advanceTo(to);
    }

    @Operation
    public List<String> drain() {
        List<String> drained = new ArrayList<>();
        timer.drain((k, v) -> drained.add(k + "=" + v));
        return drained;
    }

    /**
     * Claims the next expiry of the oldest batch and runs its callback, as an executor's thread
     * would; batches are delivered one at a time, as by a one-thread executor.
     *
     * @return "key=value" if delivered, "skipped" if its arming was no longer current, "none"
     */
    @Operation(nonParallelGroup = "deliver")
    public String deliver() {
        for (Runnable r; (r = batches.peek()) != null; batches.poll()) {
            delivered = null;
            if (((KeyedTimerBatch<?, ?>) r).deliverNext()) {
                return delivered == null ? "skipped" : delivered;
            }
        }
        return "none";
    }

    /** The known scenarios, run before the random ones. */
    private static <O extends Options<O, ?>> O withKnownScenarios(O options) {
        // One thread arms key 0 then key 3 (other stripes) while another advances past their deadline.
        options.addCustomScenario(new ExecutionScenario(List.of(),
                List.of(List.of(actor("set", 0, 1, 2), actor("set", 3, 2, 2)), List.of(actor("advanceTo", 5))),
                List.of(actor("deliver"), actor("deliver"), actor("containsKey", 0), actor("containsKey", 3)), null));
        // size() while an advance fires two keys of different stripes.
        options.addCustomScenario(new ExecutionScenario(List.of(actor("set", 2, 8, 2), actor("set", 5, 5, 2)),
                List.of(List.of(actor("size")), List.of(actor("advanceTo", 5))),
                List.of(actor("deliver"), actor("deliver"), actor("size")), null));
        // Claims racing with set, move and remove of the same keys.
        options.addCustomScenario(new ExecutionScenario(
                List.of(actor("set", 1, 5, 0), actor("set", 2, 6, 0), actor("advanceTo", 3)),
                List.of(List.of(actor("deliver"), actor("deliver")),
                        List.of(actor("set", 1, 7, 4), actor("remove", 2)),
                        List.of(actor("move", 1, 2), actor("get", 2))),
                List.of(actor("deliver"), actor("get", 1), actor("advanceTo", 9), actor("deliver")), null));
        // Two advances: the later one must not return before the earlier one's expiries are handed over.
        options.addCustomScenario(new ExecutionScenario(List.of(actor("set", 3, 5, 3)),
                List.of(List.of(actor("advanceTo", 6), actor("deliver")), List.of(actor("advanceTo", 4))),
                List.of(actor("deliver")), null));
        // A set that replaced another thread's later arming must not drain before that thread's earlier one.
        options.addCustomScenario(new ExecutionScenario(List.of(),
                List.of(List.of(actor("set", 1, 1, 0), actor("set", 4, 6, 0)), List.of(actor("set", 4, 3, 0))),
                List.of(actor("drain")), null));
        return options;
    }

    private static Actor actor(String operation, Object... arguments) {
        for (Method m : KeyedTimerLincheckTest.class.getMethods()) {
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
                .check(KeyedTimerLincheckTest.class);
    }

    /** Explores interleavings systematically; few scenarios, as each invocation is costly. */
    @Test
    void everyOperation_modelChecking_isLinearizable() {
        withKnownScenarios(new ModelCheckingOptions())
                .iterations(Integer.getInteger("radixwheel.lincheck.modelCheckingIterations", 6))
                .invocationsPerIteration(200)
                .threads(3).actorsPerThread(3).actorsBefore(3).actorsAfter(2)
                .check(KeyedTimerLincheckTest.class);
    }
}
