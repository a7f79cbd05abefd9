package io.github.radixwheel.testkit;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import java.util.function.Consumer;

/**
 * The state of a {@link RadixwheelActions#queue()} chain: a {@code TimingWheelQueue<Long>} and a
 * {@link ReferenceQueue ReferenceQueue&lt;Long&gt;} that have undergone the same operations. Each element's
 * value is the number of elements added before it (or null, in chains that test null values).
 *
 * <p>An action of your own may read both structures, and may change them as long as it changes
 * both alike; the chain's checks then go on from the new state.
 */
public final class DifferentialQueue {
    private final TimingWheelQueue<Long> real;
    private final ReferenceQueue<Long> reference;
    final QueueSide realSide;
    final QueueSide referenceSide;
    private int actions;

    DifferentialQueue(LevelBits levelBits, long minAllowedKey, int nullEvery,
            InvariantCheck<? super TimingWheelQueue<Long>> check) {
        this.real = new TimingWheelQueue<>(levelBits, 0);
        this.reference = new ReferenceQueue<>(levelBits);
        real.reset(minAllowedKey);
        reference.reset(minAllowedKey);
        this.realSide = new QueueSide("real", QueueApi.of(real), nullEvery, () -> check.check(real));
        this.referenceSide = new QueueSide("reference", QueueApi.of(reference), nullEvery, () -> { });
    }

    /** {@return the queue under test} */
    public TimingWheelQueue<Long> real() {
        return real;
    }

    /** {@return the reference model, which has undergone the same operations} */
    public ReferenceQueue<Long> reference() {
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
    void run(String action, Consumer<QueueSide> op) {
        actions++;
        for (QueueSide side : new QueueSide[] {realSide, referenceSide}) {
            side.takeLog();
            op.accept(side);
            side.afterStep(action);
        }
        Transcripts.assertSame(action, realSide.takeLog(), referenceSide.takeLog());
    }

    /** {@return the level bits, the null values' pattern and the real queue} */
    @Override
    public String toString() {
        return real.levelBits() + " " + real;
    }
}
