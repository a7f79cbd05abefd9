package io.github.radixwheel.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A chain's state, as jqwik prints it with a failure, shows the calls that the actions made, with
 * the arguments they resolved to and their results: an action's own description names only what
 * was drawn for it.
 */
class RecentCallsTest {

    @Test
    void eventListState_showsTheCallsWithTheirArguments() {
        DifferentialEventList lists = new DifferentialEventList(0.0, InvariantCheck.NONE);
        lists.run("add drawn 7 priority 2", side -> side.add(Double.POSITIVE_INFINITY, 2));
        lists.run("addFirst edge 0.5", side -> side.addFirst(1.5, Integer.MIN_VALUE));
        String state = lists.toString();
        assertTrue(state.startsWith(lists.real().toString() + "\n"), state);
        assertTrue(state.endsWith(String.join("\n",
                "calls made on the real side (the last 40 lines at most):",
                "  add drawn 7 priority 2:",
                "    add(Infinity, 2) -> #0",
                "  addFirst edge 0.5:",
                "    addFirst(1.5, -2147483648) -> #1")), state);
    }

    @Test
    void recentCalls_keepTheLastFortyLines() {
        DifferentialEventList lists = new DifferentialEventList(0.0, InvariantCheck.NONE);
        for (int i = 0; i < 30; i++) {
            double time = i;
            lists.run("add " + i, side -> side.add(time, null));
        }
        String[] lines = lists.toString().split("\n");
        assertEquals("    add(29.0) -> #29", lines[lines.length - 1]);
        assertEquals("  add 10:", lines[lines.length - 40], "the first of the last 40 lines");
        assertEquals("calls made on the real side (the last 40 lines at most):", lines[lines.length - 41]);
    }
}
