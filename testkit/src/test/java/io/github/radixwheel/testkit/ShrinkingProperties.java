package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.FutureEventList;
import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.FalsifiedSample;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;
import net.jqwik.api.state.ActionChain;

/**
 * Every chain of {@link RadixwheelActions} shrinks a failure to a few actions. Each property here runs
 * chains under a check that fails as soon as the structure holds more than three elements; a hook
 * ({@link ExpectShortShrunkChain}) turns the property's expected failure into a success if jqwik
 * shrank the failing chain to at most {@value #MAX_SHRUNK_ACTIONS} actions, and into a failure that
 * names the shrunk actions otherwise (or if the check never failed, or something else failed).
 * The no-argument chains get the check through {@code withInvariant}, the overloads as an
 * {@link InvariantCheck}.
 */
class ShrinkingProperties {
    /** The most actions a shrunk failure of "at most three elements" may keep. */
    static final int MAX_SHRUNK_ACTIONS = 6;
    /** Starts the message of every failure of the check, which is what the hook expects. */
    static final String MARKER = "deliberate failure: ";

    private static void atMostThree(int size) {
        if (size > 3) {
            throw new AssertionError(MARKER + "size " + size + " > 3");
        }
    }

    @Property(tries = 100, seed = "20261127")
    @AddLifecycleHook(ExpectShortShrunkChain.class)
    void queueShrinks(@ForAll("queues") ActionChain<DifferentialQueue> chain) {
        chain.withInvariant(s -> atMostThree(s.real().size())).run();
    }

    @Property(tries = 100, seed = "20261127")
    @AddLifecycleHook(ExpectShortShrunkChain.class)
    void queueWithACheckShrinks(@ForAll("queuesWithACheck") ActionChain<DifferentialQueue> chain) {
        chain.run();
    }

    @Property(tries = 100, seed = "20261127")
    @AddLifecycleHook(ExpectShortShrunkChain.class)
    void wheelShrinks(@ForAll("wheels") ActionChain<DifferentialWheel> chain) {
        chain.withInvariant(s -> atMostThree(s.real().size())).run();
    }

    @Property(tries = 100, seed = "20261127")
    @AddLifecycleHook(ExpectShortShrunkChain.class)
    void wheelWithACheckShrinks(@ForAll("wheelsWithACheck") ActionChain<DifferentialWheel> chain) {
        chain.run();
    }

    @Property(tries = 100, seed = "20261127")
    @AddLifecycleHook(ExpectShortShrunkChain.class)
    void eventListShrinks(@ForAll("eventLists") ActionChain<DifferentialEventList> chain) {
        chain.withInvariant(s -> atMostThree(s.real().size())).run();
    }

    @Property(tries = 100, seed = "20261127")
    @AddLifecycleHook(ExpectShortShrunkChain.class)
    void eventListWithACheckShrinks(@ForAll("eventListsWithACheck") ActionChain<DifferentialEventList> chain) {
        chain.run();
    }

    @Provide
    Arbitrary<ActionChain<DifferentialQueue>> queues() {
        return RadixwheelActions.queue();
    }

    @Provide
    Arbitrary<ActionChain<DifferentialQueue>> queuesWithACheck() {
        return RadixwheelActions.queue(LevelBits.of(2, 2, 2), 5,
                (TimingWheelQueue<Long> q) -> atMostThree(q.size()));
    }

    @Provide
    Arbitrary<ActionChain<DifferentialWheel>> wheels() {
        return RadixwheelActions.wheel();
    }

    @Provide
    Arbitrary<ActionChain<DifferentialWheel>> wheelsWithACheck() {
        return RadixwheelActions.wheel(new TimingWheelConfig(3, LevelBits.of(2, 2, 2)), -10,
                (TimingWheel<Long> w) -> atMostThree(w.size()));
    }

    @Provide
    Arbitrary<ActionChain<DifferentialEventList>> eventLists() {
        return RadixwheelActions.eventList();
    }

    @Provide
    Arbitrary<ActionChain<DifferentialEventList>> eventListsWithACheck() {
        return RadixwheelActions.eventList(2.5, (FutureEventList<Long> l) -> atMostThree(l.size()));
    }

    /**
     * Expects the property to fail by the check, and its shrunk chain (the only parameter) to keep at
     * most {@link #MAX_SHRUNK_ACTIONS} actions; reports success then, and a failure that lists the
     * shrunk actions otherwise.
     */
    static final class ExpectShortShrunkChain implements AroundPropertyHook {
        @Override
        public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
            PropertyExecutionResult result = property.execute();
            if (result.status() != PropertyExecutionResult.Status.FAILED) {
                return result.mapToFailed("expected the check to fail, but the property ended " + result.status());
            }
            Throwable failure = result.throwable().orElseThrow();
            if (!causedByTheCheck(failure)) {
                return result.mapToFailed(new AssertionError("expected the check to fail, but this failed", failure));
            }
            Optional<? extends FalsifiedSample> sample = result.shrunkSample();
            if (sample.isEmpty()) {
                sample = result.originalSample();
            }
            List<Object> parameters = sample.orElseThrow().parameters();
            List<String> actions = ((ActionChain<?>) parameters.get(0)).transformations();
            if (actions.size() > MAX_SHRUNK_ACTIONS) {
                return result.mapToFailed("the failing chain shrank to " + actions.size() + " actions (expected: at most "
                        + MAX_SHRUNK_ACTIONS + "): " + actions);
            }
            return result.mapToSuccessful();
        }

        private static boolean causedByTheCheck(Throwable t) {
            for (Throwable c = t; c != null; c = c.getCause()) {
                if (c.getMessage() != null && c.getMessage().contains(MARKER)) {
                    return true;
                }
            }
            return false;
        }
    }
}
