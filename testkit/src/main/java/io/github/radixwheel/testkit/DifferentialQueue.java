package io.github.radixwheel.testkit;

import io.github.radixwheel.core.TimingWheelQueue;
import java.util.function.Consumer;

/**
 * The state of a {@link RadixwheelActions#queue()} chain: a {@code TimingWheelQueue<Long>} and a
 * {@link ReferenceQueue ReferenceQueue&lt;Long&gt;} that have undergone the same operations. Each element's
 * value is the number of elements added before it (or null, in chains that test null values). An
 * action of the chain may replace both queues by new ones, built alike: {@link #real()} and
 * {@link #reference()} return the current ones.
 *
 * <p>An action of your own may read both structures, and may change them as long as it changes
 * both alike; the chain's checks then go on from the new state, and its actions pick what
 * you added as they pick their own (the transcripts name it in delivery order at the next action).
 */
public final class DifferentialQueue {
    private TimingWheelQueue<Long> real;
    private ReferenceQueue<Long> reference;
    final QueueSide realSide;
    final QueueSide referenceSide;
    private int actions;

    DifferentialQueue(QueueStart start, InvariantCheck<? super TimingWheelQueue<Long>> check) {
        // Room for no element up front, so that the real queue grows; the minimum is >= 0, which reset accepts.
        this.realSide = new QueueSide("real", (levelBits, min) -> {
            TimingWheelQueue<Long> q = new TimingWheelQueue<>(levelBits, 0);
            q.reset(min);
            return QueueApi.of(real = q);
        }, start, () -> check.check(real));
        this.referenceSide = new QueueSide("reference", (levelBits, min) -> {
            ReferenceQueue<Long> q = new ReferenceQueue<>(levelBits);
            q.reset(min);
            return QueueApi.of(reference = q);
        }, start, () -> { });
    }

    /** {@return the queue under test: the current one} */
    public TimingWheelQueue<Long> real() {
        return real;
    }

    /** {@return the current reference model, which has undergone the same operations} */
    public ReferenceQueue<Long> reference() {
        return reference;
    }

    /** {@return the number of actions run so far} */
    public int actions() {
        return actions;
    }

    /** Runs {@code op} on both sides, checking after each step, then compares their transcripts. */
    void run(String action, Consumer<QueueSide> op) {
        actions++;
        for (QueueSide side : new QueueSide[] {realSide, referenceSide}) {
            side.begin(action);
            op.accept(side);
            side.afterStep(action);
        }
        Transcripts.assertSame(action, realSide.takeLog(), referenceSide.takeLog());
    }

    /** {@return the level bits and the real queue, then the last calls made on it, with their arguments and results} */
    @Override
    public String toString() {
        return real.levelBits() + " " + real + "\n" + realSide.recentCalls();
    }
}
