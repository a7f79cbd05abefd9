package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.TimingWheel;
import java.util.function.Consumer;

/**
 * The state of a {@link RadixwheelActions#wheel()} chain: a {@code TimingWheel<Long>} and a
 * {@link ReferenceWheel ReferenceWheel&lt;Long&gt;} that have undergone the same operations. Each alarm's
 * value is the number of alarms added before it (or null, in chains that test null values). An
 * action of the chain may replace both wheels by new ones, built alike: {@link #real()} and
 * {@link #reference()} return the current ones.
 *
 * <p>An action of your own may read both structures, and may change them as long as it changes
 * both alike; the chain's checks then go on from the new state, and its actions pick what
 * you added as they pick their own (the transcripts name it in delivery order at the next action).
 */
public final class DifferentialWheel {
    private TimingWheel<Long> real;
    private ReferenceWheel<Long> reference;
    final WheelSide realSide;
    final WheelSide referenceSide;
    private int actions;

    DifferentialWheel(WheelStart start, InvariantCheck<? super TimingWheel<Long>> check) {
        this.realSide = new WheelSide("real", (config, at) -> WheelApi.of(real = new TimingWheel<>(config, at)), start,
                () -> check.check(real));
        this.referenceSide = new WheelSide("reference",
                (config, at) -> WheelApi.of(reference = new ReferenceWheel<>(config, at)), start, () -> { });
    }

    /** {@return the wheel under test: the current one} */
    public TimingWheel<Long> real() {
        return real;
    }

    /** {@return the current reference model, which has undergone the same operations} */
    public ReferenceWheel<Long> reference() {
        return reference;
    }

    /** {@return the number of actions run so far} */
    public int actions() {
        return actions;
    }

    /** Runs {@code op} on both sides, checking after each step, then compares their transcripts. */
    void run(String action, Consumer<WheelSide> op) {
        actions++;
        for (WheelSide side : new WheelSide[] {realSide, referenceSide}) {
            side.begin(action);
            op.accept(side);
            side.afterStep(action);
        }
        Transcripts.assertSame(action, realSide.takeLog(), referenceSide.takeLog());
    }

    /** {@return the configuration and the real wheel, then the last calls made on it, with their arguments and results} */
    @Override
    public String toString() {
        return real.config() + " " + real + "\n" + realSide.recentCalls();
    }
}
