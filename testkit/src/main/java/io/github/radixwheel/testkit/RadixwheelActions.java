package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.FutureEventList;
import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import java.util.Objects;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.state.ActionChainArbitrary;

/**
 * Differential action chains for jqwik's stateful testing: each runs the same random operations
 * on a real structure and on its reference model, compares every result, and checks the real
 * structure after every step.
 *
 * <p><b>What each action does.</b> It runs one operation (any public method, with arguments biased
 * to the edges: the least and greatest allowed key or time, slot and level boundaries, stale and
 * made-up handles, out-of-range values) first on the real structure, then on the reference. A
 * delivering call ({@code increaseMinAllowedKey}, {@code pollMin}, {@code advanceClock},
 * {@code firePastAlarms}, {@code advanceClockStopAtNextAlarm}, {@code fireNextAlarm}, and the event
 * list's {@code pollFirst}) gets a handler that follows a generated script: on each delivery it adds,
 * removes, re-keys or re-values elements, clears or resets the structure, queries it, iterates it
 * while trying to modify it, makes a nested delivering call, or throws. Each side records every
 * return value (handles named by the order in which they were issued), the type of every exception,
 * every delivery with the clock seen inside the handler, and its whole state after every step; the
 * action fails unless both records are equal.
 * After every step (each action and each operation inside a handler) the real structure's
 * {@code checkInvariants()} runs, then the {@link InvariantCheck} given, if any, then the reference's
 * own check.
 *
 * <p><b>Use.</b> <pre>{@code
 * @Property(seed = "42")
 * void queueMatchesItsReference(@ForAll("queues") ActionChain<DifferentialQueue> chain) {
 *     chain.run();
 * }
 *
 * @Provide
 * Arbitrary<ActionChain<DifferentialQueue>> queues() {
 *     return RadixwheelActions.queue();
 * }
 * }</pre>
 * A failure shrinks to a short sequence of actions (a few, typically) and shows where the two records
 * part: no action depends on the state when it is drawn, the configuration of a chain's structures
 * is an action rather than drawn per chain, and a failing chain shrinks by dropping actions rather
 * than by shrinking their arguments. To add checks of your own, pass an {@link InvariantCheck} (run
 * after every step, inside handlers too) or call {@code chain.withInvariant(...)} (run after every
 * action); to add actions of your own, call {@code withAction} on the {@link ActionChainArbitrary}
 * that each method returns (a fixed configuration shrinks best).
 */
public final class RadixwheelActions {
    private RadixwheelActions() {}

    /**
     * Chains on a {@code TimingWheelQueue} and a {@link ReferenceQueue}, up to 80 actions. Both queues
     * start as {@code new TimingWheelQueue<>()} does ({@link LevelBits#DEFAULT}, minimum 0) with every
     * third value null, and an action replaces both by new queues with level bits from
     * {@link RadixwheelArbitraries#levelBits()}, a first minimum from
     * {@link RadixwheelArbitraries#minAllowedKeys()} and values all present, all null or every third
     * null, or tries refused levels (a configuration drawn per chain instead would keep jqwik from
     * shrinking a failing chain). A failing chain shrinks by dropping actions; each action keeps the
     * arguments it was drawn with.
     *
     * @return the chains, to which you may add actions or change the number of actions
     */
    public static ActionChainArbitrary<DifferentialQueue> queue() {
        return QueueActions.chain(QueueStart.DEFAULT, QueueStart.starts(), InvariantCheck.NONE);
    }

    /**
     * Chains on a {@code TimingWheelQueue} and a {@link ReferenceQueue} of one configuration, up to 80
     * actions, with every third value null; an action replaces both by new queues of that
     * configuration, or tries refused levels. A failing chain shrinks by dropping actions. Each step's
     * {@code checkInvariants()} costs O(size + slots), so wide levels slow every step (with two
     * levels of 24 bits, a tenth of a second or more a step).
     *
     * @param levelBits the levels of both queues
     * @param minAllowedKey the first minimum of both queues, {@code >= 0}
     * @param check run on the real queue after every step, after its {@code checkInvariants()}
     * @return the chains, to which you may add actions or change the number of actions
     * @throws NullPointerException if {@code levelBits} or {@code check} is null
     * @throws IllegalArgumentException if {@code minAllowedKey < 0} or a level has more than 24 bits
     */
    public static ActionChainArbitrary<DifferentialQueue> queue(LevelBits levelBits, long minAllowedKey,
            InvariantCheck<? super TimingWheelQueue<Long>> check) {
        Objects.requireNonNull(check, "check is null");
        Levels.checkBuildable(Objects.requireNonNull(levelBits, "levelBits is null"));
        if (minAllowedKey < 0) {
            throw new IllegalArgumentException("minAllowedKey: " + minAllowedKey + " (expected: 0.." + Long.MAX_VALUE + ")");
        }
        QueueStart start = new QueueStart(levelBits, minAllowedKey, 3);
        return QueueActions.chain(start, Arbitraries.just(start), check);
    }

    /**
     * Chains on a {@code TimingWheel} and a {@link ReferenceWheel}, up to 70 actions. Both wheels start
     * at 0 with {@link TimingWheelConfig#microsecondPrecision()} and every third value null, and an
     * action replaces both by new wheels with a configuration from
     * {@link RadixwheelArbitraries#timingWheelConfigs()}, a start from
     * {@link RadixwheelArbitraries#wheelStarts()} and values all present, all null or every third null,
     * or tries refused configurations (a configuration drawn per chain instead would keep jqwik from
     * shrinking a failing chain). A failing chain shrinks by dropping actions; each action keeps the
     * arguments it was drawn with.
     *
     * @return the chains, to which you may add actions or change the number of actions
     */
    public static ActionChainArbitrary<DifferentialWheel> wheel() {
        return WheelActions.chain(WheelStart.DEFAULT, WheelStart.starts(), InvariantCheck.NONE);
    }

    /**
     * Chains on a {@code TimingWheel} and a {@link ReferenceWheel} of one configuration and start, up
     * to 70 actions, with every third value null; an action replaces both by new wheels of that
     * configuration and start, or tries refused configurations. A failing chain shrinks by dropping
     * actions. Each step's {@code checkInvariants()} costs O(size + slots), so wide levels slow every
     * step (with two levels of 24 bits, a tenth of a second or more a step).
     *
     * @param config the configuration of both wheels
     * @param start the start of both wheels
     * @param check run on the real wheel after every step, after its {@code checkInvariants()}
     * @return the chains, to which you may add actions or change the number of actions
     * @throws NullPointerException if {@code config} or {@code check} is null
     * @throws IllegalArgumentException if a level has more than 24 bits
     */
    public static ActionChainArbitrary<DifferentialWheel> wheel(TimingWheelConfig config, long start,
            InvariantCheck<? super TimingWheel<Long>> check) {
        Objects.requireNonNull(check, "check is null");
        Levels.checkBuildable(Objects.requireNonNull(config, "config is null").levelBits());
        WheelStart first = new WheelStart(config, start, 3);
        return WheelActions.chain(first, Arbitraries.just(first), check);
    }

    /**
     * Chains on a {@code FutureEventList} and a {@link ReferenceEventList}, up to 70 actions. Both
     * lists start at 0.0, and an action replaces both by new lists at a start from
     * {@link RadixwheelArbitraries#eventListStarts()} (a start drawn per chain instead would keep
     * jqwik from shrinking a failing chain). Times come from
     * {@link RadixwheelArbitraries#eventTimes(double)} at the current time, or tie with a pending event,
     * or are {@code -0.0}; priorities lean to ties and to {@code Integer.MIN_VALUE} and
     * {@code Integer.MAX_VALUE}. A failing chain shrinks by dropping actions; each action keeps the
     * arguments it was drawn with.
     *
     * @return the chains, to which you may add actions or change the number of actions
     */
    public static ActionChainArbitrary<DifferentialEventList> eventList() {
        return EventListActions.chain(0.0, RadixwheelArbitraries.eventListStarts(), InvariantCheck.NONE);
    }

    /**
     * Chains on a {@code FutureEventList} and a {@link ReferenceEventList} that start at one time, up
     * to 70 actions; an action replaces both by new lists at that time.
     *
     * @param start the start of both lists: finite and not negative
     * @param check run on the real list after every step, after its {@code checkInvariants()}
     * @return the chains, to which you may add actions or change the number of actions
     * @throws NullPointerException if {@code check} is null
     * @throws IllegalArgumentException if {@code start} is NaN, infinite or negative
     */
    public static ActionChainArbitrary<DifferentialEventList> eventList(double start,
            InvariantCheck<? super FutureEventList<Long>> check) {
        Objects.requireNonNull(check, "check is null");
        if (!(start >= 0 && start < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("start: " + start + " (expected: a finite time >= 0.0)");
        }
        return EventListActions.chain(start, Arbitraries.just(start), check);
    }
}
