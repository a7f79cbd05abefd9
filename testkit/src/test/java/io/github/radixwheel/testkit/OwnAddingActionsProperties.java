package io.github.radixwheel.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.TimingWheelConfig;
import io.github.radixwheel.core.LevelBits;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;
import org.junit.jupiter.api.Test;

/**
 * An action of the user's own that adds to both structures alike: the chain goes on from the new
 * state, and its own actions pick, name and compare the elements so added as their own.
 */
class OwnAddingActionsProperties {
    @Property(tries = 40, seed = "20261128")
    void eventList_anOwnActionThatAddsAlike_letsTheChainGoOn(@ForAll("eventLists") ActionChain<DifferentialEventList> chain) {
        DifferentialEventList end = chain.run();
        assertEquals(end.reference().size(), end.real().size());
    }

    @Property(tries = 40, seed = "20261128")
    void wheel_anOwnActionThatAddsAlike_letsTheChainGoOn(@ForAll("wheels") ActionChain<DifferentialWheel> chain) {
        DifferentialWheel end = chain.run();
        assertEquals(end.reference().size(), end.real().size());
    }

    @Property(tries = 40, seed = "20261128")
    void queue_anOwnActionThatAddsAlike_letsTheChainGoOn(@ForAll("queues") ActionChain<DifferentialQueue> chain) {
        DifferentialQueue end = chain.run();
        assertEquals(end.reference().size(), end.real().size());
    }

    @Test
    void eventList_theElementsAddedAlikeAreNamedInOrder_andTheChainsOwnActionsUseThem() {
        DifferentialEventList d = new DifferentialEventList(0.0, InvariantCheck.NONE);
        d.real().add(2.0, 5, 99L);
        d.reference().add(2.0, 5, 99L);
        d.real().add(1.0, 99L);
        d.reference().add(1.0, 99L);
        d.run("remove the second", side -> side.remove(side.pick(0.5, true)));
        assertEquals(1, d.real().size());
        assertEquals(1.0, d.real().firstTime());
        assertTrue(d.realSide.recentCalls().contains("remove(#1) -> true"), d.realSide.recentCalls());
    }

    @Test
    void eventList_elementsAddedDifferently_failTheNextAction() {
        DifferentialEventList d = new DifferentialEventList(0.0, InvariantCheck.NONE);
        d.real().add(2.0, 5, 99L);
        d.reference().add(2.0, 6, 99L);
        assertThrows(AssertionError.class, () -> d.run("look", side -> side.query(side.pick(0.0, true))));
    }

    @Test
    void queue_madeUpHandlesAreNotNamedAsIfAdded() {
        DifferentialQueue d = new DifferentialQueue(new QueueStart(LevelBits.DEFAULT, 0, 0), InvariantCheck.NONE);
        d.run("look", side -> side.query(-1L));
        assertTrue(d.realSide.recentCalls().contains("contains(?-1) -> false"), d.realSide.recentCalls());
    }

    @Provide
    Arbitrary<ActionChain<DifferentialEventList>> eventLists() {
        return RadixwheelActions.eventList(1.5, InvariantCheck.NONE)
                .withAction(2, Action.just(Transformer.mutate("both add at now, priority 7", s -> {
                    s.real().add(s.real().now(), 7, 99L);
                    s.reference().add(s.reference().now(), 7, 99L);
                }))).withMaxTransformations(40);
    }

    @Provide
    Arbitrary<ActionChain<DifferentialWheel>> wheels() {
        return RadixwheelActions.wheel(TimingWheelConfig.of(3), -10, InvariantCheck.NONE)
                .withAction(2, Action.just(Transformer.mutate("both add at now", s -> {
                    s.real().add(s.real().now(), 99L);
                    s.reference().add(s.reference().now(), 99L);
                }))).withMaxTransformations(40);
    }

    @Provide
    Arbitrary<ActionChain<DifferentialQueue>> queues() {
        return RadixwheelActions.queue() // the default chains take actions of one's own too
                .withAction(2, Action.just(Transformer.mutate("both add at the minimum", s -> {
                    s.real().add(s.real().minAllowedKey(), 99L);
                    s.reference().add(s.reference().minAllowedKey(), 99L);
                }))).withMaxTransformations(40);
    }
}
