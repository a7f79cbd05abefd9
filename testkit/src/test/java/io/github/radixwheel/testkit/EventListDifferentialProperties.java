package io.github.radixwheel.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.FutureEventList;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;
import org.junit.jupiter.api.Test;

/**
 * {@code FutureEventList} against {@link ReferenceEventList}: random sequences of every operation,
 * refused ones and new lists at other starts included, with actions that use the list and actions
 * that throw, every result compared and {@code checkInvariants()} after every step
 * ({@link RadixwheelActions#eventList()}).
 */
class EventListDifferentialProperties {
    /** Calls of the check of one's own in the current try (tries run one at a time). */
    private static int checks;

    @Property(tries = 200, seed = "20261129")
    void eventListMatchesItsReference(@ForAll("chains") ActionChain<DifferentialEventList> chain) {
        chain.run();
    }

    /** The overload: a start, a check of the user's own after every step, and an action of the user's own. */
    @Property(tries = 10, seed = "20261129")
    void eventListWithACheckAndAnActionOfOnesOwn(@ForAll("ownChains") ActionChain<DifferentialEventList> chain) {
        checks = 0;
        DifferentialEventList end = chain.run();
        assertTrue(checks >= end.actions(), checks + " checks for " + end.actions() + " actions");
        assertEquals(end.reference().size(), end.real().size());
    }

    @Test
    void eventList_refusesAnInvalidStartOrANullCheck() {
        for (double start : new double[] {Double.NaN, Double.POSITIVE_INFINITY, -1.0, -Double.MIN_VALUE}) {
            assertThrows(IllegalArgumentException.class, () -> RadixwheelActions.eventList(start, l -> { }));
        }
        assertThrows(NullPointerException.class, () -> RadixwheelActions.eventList(0.0, null));
    }

    @Provide
    Arbitrary<ActionChain<DifferentialEventList>> chains() {
        return RadixwheelActions.eventList();
    }

    @Provide
    Arbitrary<ActionChain<DifferentialEventList>> ownChains() {
        return RadixwheelActions.eventList(2.5, (FutureEventList<Long> l) -> {
            checks++;
            assertTrue(l.isEmpty() || l.firstTime() >= l.now(), "the first event is never before now()");
        }).withAction(1, Action.just("both take one", Transformer.mutate("both take one", s -> {
            Long taken = s.real().pollFirst();
            assertEquals(s.reference().pollFirst(), taken);
            assertEquals(s.reference().now(), s.real().now());
        }))).withMaxTransformations(40);
    }
}
