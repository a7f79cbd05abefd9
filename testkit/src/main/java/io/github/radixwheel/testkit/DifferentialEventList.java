package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.FutureEventList;
import java.util.function.Consumer;

/**
 * The state of a {@link RadixwheelActions#eventList()} chain: a {@code FutureEventList<Long>} and a
 * {@link ReferenceEventList ReferenceEventList&lt;Long&gt;} that have undergone the same operations. Each
 * event is the number of events scheduled before it ({@code -1} for events of calls that must be
 * refused). An action of the chain may replace both lists by new ones, built alike: {@link #real()}
 * and {@link #reference()} return the current ones.
 *
 * <p>An action of your own may read both lists, and may change them as long as it changes both
 * alike; the chain's checks then go on from the new state, and its actions pick what
 * you added as they pick their own (the transcripts name it in delivery order at the next action).
 */
public final class DifferentialEventList {
    private FutureEventList<Long> real;
    private ReferenceEventList<Long> reference;
    /** Lists of each kind that hold one pending event, whose handle is foreign to the lists under test. */
    private final FutureEventList<Long> otherReal = new FutureEventList<>();
    private final ReferenceEventList<Long> otherReference = new ReferenceEventList<>();
    final EventListSide realSide;
    final EventListSide referenceSide;
    private int actions;

    DifferentialEventList(double start, InvariantCheck<? super FutureEventList<Long>> check) {
        this.realSide = new EventListSide("real", s -> EventListApi.of(real = new FutureEventList<>(s)), start,
                otherReal.add(1.0, -1L), () -> check.check(real));
        this.referenceSide = new EventListSide("reference",
                s -> EventListApi.of(reference = new ReferenceEventList<>(s)), start, otherReference.add(1.0, -1L),
                () -> { });
    }

    /** {@return the event list under test} */
    public FutureEventList<Long> real() {
        return real;
    }

    /** {@return the reference model, which has undergone the same operations} */
    public ReferenceEventList<Long> reference() {
        return reference;
    }

    /** {@return the number of actions run so far} */
    public int actions() {
        return actions;
    }

    /** Runs {@code op} on both sides, checking after each step, then compares their transcripts. */
    void run(String action, Consumer<EventListSide> op) {
        actions++;
        for (EventListSide side : new EventListSide[] {realSide, referenceSide}) {
            side.begin(action);
            op.accept(side);
            side.afterStep(action);
        }
        Transcripts.assertSame(action, realSide.takeLog(), referenceSide.takeLog());
    }

    /** {@return the real list, then the last calls made on it, with their arguments and results} */
    @Override
    public String toString() {
        return real + "\n" + realSide.recentCalls();
    }
}
