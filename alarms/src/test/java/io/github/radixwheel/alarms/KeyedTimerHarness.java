package io.github.radixwheel.alarms;

import io.github.radixwheel.alarms.internal.KeyedTimerBatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.LevelBits;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A manual-clock {@link KeyedTimer} and a map model of it, driven in lockstep by
 * {@link KeyedTimerModelProperties}. The model applies the contract directly: an arming made at
 * clock {@code now} with delay {@code d} has the deadline {@code now + max(d, 0)} (never, if that
 * overflows); {@code advanceTo(t)} fires the armings whose deadline lies before the start of the
 * tick that contains {@code t}, one at a time, the next being the one with the least (deadline
 * tick, arming number) among those still armed, so that callbacks that re-arm, move or remove keys
 * change what comes next; inside a callback the clock is the start of the firing tick (or the
 * clock before the advance, if later); a nested {@code advanceTo} throws.
 *
 * <p>With {@code queued}, the timer's executor only queues batches: {@code advanceTo} marks the due
 * armings found, in firing order, and {@link #deliver} claims one at a time, delivering it only if
 * it is still the key's current arming; between those, every other call may supersede it.
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

    /** One arming: its value, deadline and arming number, and whether an advance found it. */
    record Armed(long value, long deadline, long number, boolean found) {
        Armed(long value, long deadline, long number) {
            this(value, deadline, number, false);
        }
    }

    /** An arming that an advance found, in a queued batch. */
    record Found(int key, long number) {}

    /** One {@code advanceTo} delivering: its clock before, its due bound, and its callbacks' script. */
    private static final class Frame {
        final long from;
        final long dueBefore;
        final List<Step> script;
        long clock;
        int calls;

        Frame(long from, long dueBefore, List<Step> script) {
            this.from = from;
            this.dueBefore = dueBefore;
            this.script = script;
            this.clock = from;
        }
    }

    final long tick;
    final int stripes;
    final LevelBits bits;
    final boolean queued;
    final KeyedTimer<Integer, Long> timer;
    /** Queued: the timer's batches, and the model's, in the same order. */
    private final Deque<Runnable> batches = new ArrayDeque<>();
    private final Deque<Deque<Found>> modelBatches = new ArrayDeque<>();
    /** Queued: the arming {@link #deliver} expects the callback for, and that callback's step. */
    private Found expected;
    private Step expectedStep;
    final Map<Integer, Armed> model = new HashMap<>();
    long now;
    private long nextValue;
    private long nextNumber;
    private Frame frame;
    private final List<Integer> expectedErrors = new ArrayList<>();
    private final List<Integer> errors = new ArrayList<>();
    private final List<Throwable> unexpected = new ArrayList<>();
    int firings;

    KeyedTimerHarness(long tick, LevelBits bits, int stripes, boolean queued) {
        this.tick = tick;
        this.bits = bits;
        this.stripes = stripes;
        this.queued = queued;
        KeyedTimer.Builder<Integer, Long> builder = KeyedTimer.<Integer, Long>builder()
                .manualClock()
                .tick(Duration.ofNanos(tick))
                .levelBits(bits)
                .stripes(stripes)
                .onError(this::onError);
        if (queued) {
            builder.executor(batches::add);
        }
        this.timer = builder.build(this::onExpired);
    }

    // ---------------------------------------------------------------- top-level operations

    void set(int key, Duration delay) {
        long value = nextValue++;
        Armed replaced = model.put(key, new Armed(value, deadline(delay), nextNumber++));
        assertEquals(replaced == null ? null : replaced.value, timer.set(key, value, delay), "set " + key);
    }

    void move(int key, Duration delay) {
        Armed armed = model.get(key);
        assertEquals(armed != null, timer.move(key, delay), "move " + key);
        if (armed != null) {
            model.put(key, new Armed(armed.value, deadline(delay), nextNumber++));
        }
    }

    void remove(int key) {
        assertEquals(model.remove(key) != null, timer.remove(key), "remove " + key);
    }

    void get(int key) {
        Armed armed = model.get(key);
        assertEquals(armed == null ? null : armed.value, timer.get(key), "get " + key);
    }

    void advance(long to, List<Step> script) {
        if (queued) {
            advanceQueued(to);
            return;
        }
        long dueBefore = to > now ? to - to % tick : Long.MIN_VALUE;
        Frame f = new Frame(now, dueBefore, script);
        now = Math.max(now, to);
        frame = f;
        try {
            timer.advanceTo(to);
        } finally {
            frame = null;
        }
        for (Map.Entry<Integer, Armed> e : model.entrySet()) {
            assertTrue(e.getValue().deadline >= dueBefore, "due at " + to + " but did not fire: " + e);
        }
    }

    /** Queued: the due armings not yet found become a batch, in firing order. */
    private void advanceQueued(long to) {
        long dueBefore = to > now ? to - to % tick : Long.MIN_VALUE;
        now = Math.max(now, to);
        Deque<Found> batch = new ArrayDeque<>();
        model.entrySet().stream().filter(e -> !e.getValue().found && e.getValue().deadline < dueBefore)
                .sorted(Comparator.comparing((Map.Entry<Integer, Armed> e) -> e.getValue().deadline / tick)
                        .thenComparing(e -> e.getValue().number))
                .forEach(e -> batch.add(new Found(e.getKey(), e.getValue().number)));
        for (Found f : batch) {
            Armed a = model.get(f.key);
            model.put(f.key, new Armed(a.value, a.deadline, a.number, true));
        }
        int before = batches.size();
        timer.advanceTo(to);
        assertEquals(batch.isEmpty() ? before : before + 1, batches.size(), "batches queued by advanceTo " + to);
        if (!batch.isEmpty()) {
            modelBatches.add(batch);
        }
    }

    /** Queued: claims the next found arming of the oldest batch, as an executor thread would. */
    void deliver(Step step) {
        while (!batches.isEmpty()) {
            KeyedTimerBatch<?, ?> batch = (KeyedTimerBatch<?, ?>) batches.peek();
            Found next = modelBatches.peek().poll();
            if (next == null) {
                assertFalse(batch.deliverNext(), "the batch has more than the model's");
                batches.poll();
                modelBatches.poll();
                continue;
            }
            Armed a = model.get(next.key);
            expected = a != null && a.number == next.number ? next : null;
            expectedStep = step;
            int firedBefore = firings;
            assertTrue(batch.deliverNext(), "the batch has fewer than the model's");
            assertEquals(expected != null ? firedBefore + 1 : firedBefore, firings,
                    expected != null ? "not delivered: " + next : "stale, but delivered: " + next);
            expected = null;
            return;
        }
    }

    void drain() {
        List<Map.Entry<Integer, Armed>> expected = new ArrayList<>(model.entrySet());
        expected.sort(Comparator.comparing((Map.Entry<Integer, Armed> e) -> e.getValue().deadline)
                .thenComparing(e -> e.getValue().number));
        List<String> drained = new ArrayList<>();
        timer.drain((k, v) -> drained.add(k + "=" + v));
        assertEquals(expected.stream().map(e -> e.getKey() + "=" + e.getValue().value).toList(), drained, "drain");
        model.clear();
    }

    /** Compares everything observable with the model, and the timer's invariants. */
    void check() {
        assertEquals(List.of(), unexpected, "unexpected callback failures");
        assertEquals(expectedErrors, errors, "keys reported to onError");
        assertEquals(model.size(), timer.size(), "size");
        for (int k = 0; k < KEYS; k++) {
            assertEquals(model.containsKey(k), timer.containsKey(k), "containsKey " + k);
            Armed armed = model.get(k);
            assertEquals(armed == null ? null : armed.value, timer.get(k), "get " + k);
        }
        timer.checkInvariants();
    }

    /** The model's deadline for an arming made now (inside a callback: at the firing tick's clock). */
    long deadline(Duration delay) {
        return KeyedTimerTest.deadline(frame != null ? frame.clock : now, delay);
    }

    /** The time at which the earliest armed key fires, or the clock if none is armed. */
    long firstFiring() {
        long min = model.values().stream().mapToLong(Armed::deadline).min().orElse(now);
        long next = min - min % tick + tick;
        return next < min ? Long.MAX_VALUE : next;
    }

    /** The arming the current advance must fire next: least (deadline tick, number) among the due. */
    private Map.Entry<Integer, Armed> nextDue(Frame f) {
        return model.entrySet().stream().filter(e -> e.getValue().deadline < f.dueBefore)
                .min(Comparator.comparing((Map.Entry<Integer, Armed> e) -> e.getValue().deadline / tick)
                        .thenComparing(e -> e.getValue().number))
                .orElse(null);
    }

    // ---------------------------------------------------------------- callbacks

    private void onExpired(Integer key, Long value) {
        if (queued) {
            onExpiredQueued(key, value);
            return;
        }
        try {
            Frame f = frame;
            assertNotNull(f, "fired outside advanceTo: " + key);
            Map.Entry<Integer, Armed> expected = nextDue(f);
            assertNotNull(expected, "fired although nothing is due: " + key + "=" + value);
            assertEquals(expected.getKey() + "=" + expected.getValue().value, key + "=" + value, "next to fire");
            model.remove(key);
            firings++;
            f.clock = Math.max(f.from, expected.getValue().deadline / tick * tick);
            Step step = f.calls < f.script.size() ? f.script.get(f.calls) : new Step(Kind.NONE, 0, Duration.ZERO);
            f.calls++;
            run(step, key);
        } catch (Boom boom) {
            throw boom;
        } catch (Throwable t) {
            unexpected.add(t);
        }
    }

    private void onExpiredQueued(Integer key, Long value) {
        try {
            assertNotNull(expected, "delivered without a claim expected: " + key + "=" + value);
            assertEquals(expected.key + "=" + model.get(expected.key).value, key + "=" + value, "delivered");
            model.remove(key);
            firings++;
            run(expectedStep, key);
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
                long to = KeyedTimerTest.deadline(now, step.delay);
                if (queued) {
                    advance(to, List.of()); // on an executor's thread this is no nested call
                } else {
                    assertThrows(IllegalStateException.class, () -> timer.advanceTo(to), "nested advanceTo");
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
        return "KeyedTimerHarness[tick=" + tick + ", bits=" + bits + ", stripes=" + stripes + ", queued=" + queued
                + ", now=" + now
                + ", model=" + model + "]";
    }
}
