package io.github.radixwheel.alarms;

import static io.github.radixwheel.alarms.TimingWheelTestSupport.saturatedAdd;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A manual-clock {@link KeyedTimer} and a map model of it, driven in lockstep by
 * {@link KeyedTimerModelProperties}. The model applies the SPEC's rule directly: an arming made
 * at clock {@code now} with delay {@code d} has the deadline {@code now + max(d, 0)} (saturating),
 * and {@code advanceTo(t)} fires exactly the armings whose deadline lies before the start of the
 * tick that contains {@code t}.
 */
final class KeyedTimerHarness {
    /** The keys in play: few, so that operations keep meeting armed keys. */
    static final int KEYS = 12;

    /** What a callback does when it runs; {@code key} and {@code delay} serve some kinds. */
    record Step(Kind kind, int key, Duration delay) {
        @Override
        public String toString() {
            return kind + (kind.usesKey ? "(" + key + ")" : "") + (kind.usesDelay ? "(" + delay + ")" : "");
        }
    }

    enum Kind {
        NONE(false, false), SET(true, true), SET_SELF(false, true), MOVE(true, true), REMOVE(true, false),
        THROW(false, false), DRAIN(false, false), NESTED_ADVANCE(false, true);

        final boolean usesKey;
        final boolean usesDelay;

        Kind(boolean usesKey, boolean usesDelay) {
            this.usesKey = usesKey;
            this.usesDelay = usesDelay;
        }
    }

    static final class Boom extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Boom() {
            super("boom", null, false, false);
        }
    }

    record Armed(long value, long deadline) {}

    /** One {@code advanceTo} in progress: what it must still fire, and its callbacks' script. */
    private static final class Frame {
        final Map<Integer, Armed> due;
        final List<Step> script;
        final long[] lastTickByStripe;
        int calls;

        Frame(Map<Integer, Armed> due, List<Step> script, int stripes) {
            this.due = due;
            this.script = script;
            this.lastTickByStripe = new long[stripes];
            Arrays.fill(lastTickByStripe, Long.MIN_VALUE);
        }
    }

    final long tick;
    final int stripes;
    final LevelBits bits;
    final KeyedTimer<Integer, Long> timer;
    final Map<Integer, Armed> model = new HashMap<>();
    long now;
    private long nextValue;
    private final Deque<Frame> frames = new ArrayDeque<>();
    private final List<Integer> expectedErrors = new ArrayList<>();
    private final List<Integer> errors = new ArrayList<>();
    private final List<Throwable> unexpected = new ArrayList<>();
    int firings;

    KeyedTimerHarness(long tick, LevelBits bits, int stripes) {
        this.tick = tick;
        this.bits = bits;
        this.stripes = stripes;
        this.timer = KeyedTimer.<Integer, Long>builder()
                .manualClock()
                .tick(Duration.ofNanos(tick))
                .levelBits(bits)
                .stripes(stripes)
                .onError(this::onError)
                .build(this::onExpired);
    }

    // ---------------------------------------------------------------- top-level operations

    void set(int key, Duration delay) {
        long value = nextValue++;
        timer.set(key, value, delay);
        model.put(key, new Armed(value, deadline(delay)));
    }

    void move(int key, Duration delay) {
        Armed armed = model.get(key);
        assertEquals(armed != null, timer.move(key, delay), "move " + key);
        if (armed != null) {
            model.put(key, new Armed(armed.value, deadline(delay)));
        }
    }

    void remove(int key) {
        assertEquals(model.remove(key) != null, timer.remove(key), "remove " + key);
    }

    void advance(long to, List<Step> script) {
        Map<Integer, Armed> due = new HashMap<>();
        if (to > now) {
            long tickStart = to - to % tick;
            for (Iterator<Map.Entry<Integer, Armed>> it = model.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<Integer, Armed> e = it.next();
                if (e.getValue().deadline < tickStart) {
                    due.put(e.getKey(), e.getValue());
                    it.remove();
                }
            }
            now = to;
        }
        frames.push(new Frame(due, script, stripes));
        try {
            timer.advanceTo(to);
        } finally {
            frames.pop();
        }
        assertEquals(Map.of(), due, "armings due at " + to + " that did not fire");
    }

    void drain() {
        Map<Integer, Long> drained = new HashMap<>();
        List<Long> deadlines = new ArrayList<>();
        timer.drain((k, v) -> {
            assertEquals(null, drained.put(k, v), "drained twice: " + k);
            Armed armed = model.get(k);
            assertNotNull(armed, "drained although not armed: " + k);
            deadlines.add(armed.deadline);
        });
        Map<Integer, Long> expected = new HashMap<>();
        model.forEach((k, a) -> expected.put(k, a.value));
        assertEquals(expected, drained, "drain");
        for (int i = 1; i < deadlines.size(); i++) {
            assertTrue(deadlines.get(i - 1) <= deadlines.get(i), "drain out of deadline order: " + deadlines);
        }
        model.clear();
    }

    /** Compares everything observable with the model, and the timer's invariants. */
    void check() {
        assertEquals(List.of(), unexpected, "unexpected callback failures");
        assertEquals(expectedErrors, errors, "keys reported to onError");
        assertEquals(model.size(), timer.size(), "size");
        for (int k = 0; k < KEYS; k++) {
            assertEquals(model.containsKey(k), timer.containsKey(k), "containsKey " + k);
        }
        timer.checkInvariants();
    }

    /** The model's deadline for an arming made now. */
    long deadline(Duration delay) {
        return KeyedTimerTest.deadline(now, delay);
    }

    /** The time at which the earliest armed key fires, or the clock if none is armed. */
    long firstFiring() {
        long min = model.values().stream().mapToLong(Armed::deadline).min().orElse(now);
        long next = min - min % tick + tick;
        return next < min ? Long.MAX_VALUE : next;
    }

    // ---------------------------------------------------------------- callbacks

    private void onExpired(Integer key, Long value) {
        try {
            Frame f = frames.peek();
            assertNotNull(f, "fired outside advanceTo: " + key);
            Armed armed = f.due.remove(key);
            assertNotNull(armed, "fired although not due, or twice: " + key);
            assertEquals(armed.value, value, "value of " + key);
            firings++;
            // Within one stripe, expiries come in the order of their deadlines' ticks.
            int stripe = (key ^ (key >>> 16)) & (stripes - 1);
            long deadlineTick = armed.deadline / tick;
            assertTrue(deadlineTick >= f.lastTickByStripe[stripe], "expiry out of order: " + key);
            f.lastTickByStripe[stripe] = deadlineTick;
            Step step = f.calls < f.script.size() ? f.script.get(f.calls) : new Step(Kind.NONE, 0, Duration.ZERO);
            f.calls++;
            run(step, key);
        } catch (Boom boom) {
            throw boom;
        } catch (Throwable t) {
            unexpected.add(t);
        }
    }

    private void run(Step step, int key) {
        switch (step.kind) {
            case NONE -> { }
            case SET -> set(step.key, step.delay);
            case SET_SELF -> set(key, step.delay);
            case MOVE -> move(step.key, step.delay);
            case REMOVE -> remove(step.key);
            case DRAIN -> drain();
            case NESTED_ADVANCE -> {
                if (frames.size() == 1) {
                    advance(Math.min(deadline(step.delay), saturatedAdd(now, 1_000 * tick)), List.of());
                }
            }
            case THROW -> {
                expectedErrors.add(key);
                throw new Boom();
            }
            default -> throw new AssertionError(step.kind);
        }
    }

    private void onError(Integer key, Throwable t) {
        if (t instanceof Boom) {
            errors.add(key);
        } else {
            unexpected.add(t);
        }
    }

    @Override
    public String toString() {
        return "KeyedTimerHarness[tick=" + tick + ", bits=" + bits + ", stripes=" + stripes + ", now=" + now
                + ", model=" + model + "]";
    }
}
