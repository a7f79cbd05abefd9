package io.github.radixwheel.testkit;

import java.util.function.Function;
import net.jqwik.api.state.ChangeDetector;

/**
 * Tells jqwik's shrinker which actions left the state as it was (queries, refused calls), so that
 * it drops them first: failures shrink to the few actions that matter.
 */
final class StateChange<S> implements ChangeDetector<S> {
    private final Function<S, String> digest;
    private String before;

    StateChange(Function<S, String> digest) {
        this.digest = digest;
    }

    @Override
    public void before(S state) {
        before = digest.apply(state);
    }

    @Override
    public boolean hasChanged(S state) {
        return !digest.apply(state).equals(before);
    }
}
