package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import java.util.function.Consumer;

/**
 * The state of a {@link RadixwheelActions#wheel()} chain: a {@code TimingWheel<Long>} and a
 * {@link ReferenceWheel ReferenceWheel&lt;Long&gt;} that have undergone the same operations. Each alarm's
 * value is the number of alarms added before it (or null, in chains that test null values).
 *
 * <p>An action of your own may read both structures, and may change them as long as it changes
 * both alike; the chain's checks then go on from the new state.
 */
public final class DifferentialWheel {
    private final TimingWheel<Long> real;
    private final ReferenceWheel<Long> reference;
    final WheelSide realSide;
    final WheelSide referenceSide;
    private int actions;

    DifferentialWheel(TimingWheelConfig config, long start, int nullEvery,
            InvariantCheck<? super TimingWheel<Long>> check) {
        this.real = new TimingWheel<>(config, start);
        this.reference = new ReferenceWheel<>(config, start);
        this.realSide = new WheelSide("real", WheelApi.of(real), nullEvery, () -> check.check(real));
        this.referenceSide = new WheelSide("reference", WheelApi.of(reference), nullEvery, () -> { });
    }

    /** {@return the wheel under test} */
    public TimingWheel<Long> real() {
        return real;
    }

    /** {@return the reference model, which has undergone the same operations} */
    public ReferenceWheel<Long> reference() {
        return reference;
    }

    /** {@return the number of actions run so far} */
    public int actions() {
        return actions;
    }

    /** The real side's state and the number of handles it issued: what an action may change. */
    String digest() {
        return realSide.handles.size() + " " + realSide.digest();
    }

    /** Runs {@code op} on both sides, checking after each step, then compares their transcripts. */
    void run(String action, Consumer<WheelSide> op) {
        actions++;
        for (WheelSide side : new WheelSide[] {realSide, referenceSide}) {
            side.takeLog();
            op.accept(side);
            side.afterStep(action);
        }
        Transcripts.assertSame(action, realSide.takeLog(), referenceSide.takeLog());
    }

    /** {@return the configuration and the real wheel} */
    @Override
    public String toString() {
        return real.config() + " " + real;
    }
}
