package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.function.Executable;

/** A {@link TimingWheelQueue} and its {@link QueueModel}, driven in lockstep by the model test. */
final class QueueHarness {
    /** What a handler does on one delivery; fractions pick elements and keys relative to the state. */
    record Step(Kind kind, double a, double b) {
        @Override
        public String toString() {
            return kind + (kind.usesFractions ? String.format("(%.2f,%.2f)", a, b) : "");
        }
    }

    enum Kind {
        NONE(false), ADD_AT_CURRENT(false), ADD(true), ADD_BELOW_MIN(false), REMOVE_PENDING(true),
        CHANGE_KEY_PENDING(true), CLEAR(false), THROW(false), NESTED_INCREASE(false), NESTED_POLL(false),
        QUERY(false), ADD_FIRST_AT_CURRENT(false), ADD_FIRST(true), ADD_BEFORE_PENDING(true),
        ADD_AFTER_PENDING(true), SET_VALUE_PENDING(true), RESET(true), IN_ORDER(false), TRIM(false);

        final boolean usesFractions;

        Kind(boolean usesFractions) {
            this.usesFractions = usesFractions;
        }
    }

    static final class Boom extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Boom() {
            super("boom", null, false, false);
        }
    }

    /**
     * Which values are null: a queue that has never stored a non-null value skips clearing entries,
     * so the model runs both with and without values, and switching between them.
     */
    enum Values {
        ALL, EVERY_THIRD_NULL, FIRST_EIGHT_NULL, ALL_NULL;

        Long value(long n) {
            boolean isNull = switch (this) {
                case ALL -> false;
                case EVERY_THIRD_NULL -> n % 3 == 0;
                case FIRST_EIGHT_NULL -> n < 8;
                case ALL_NULL -> true;
            };
            return isNull ? null : n;
        }
    }

    final LevelBits bits;
    final Values valueMode;
    final TimingWheelQueue<Long> q;
    final QueueModel model = new QueueModel();
    final Map<Long, Long> values = new HashMap<>();
    final List<Long> dead = new ArrayList<>();
    private long nextValue;

    QueueHarness(LevelBits bits, long start, Values valueMode) {
        this.bits = bits;
        this.valueMode = valueMode;
        this.q = new TimingWheelQueue<>(bits, 0);
        q.increaseMinAllowedKey(start, (h, k, v) -> {
            throw new AssertionError("empty queue delivered");
        });
        model.minAllowedKey = start;
    }

    long min() {
        return q.minAllowedKey();
    }

    long max() {
        return q.maxAllowedKey();
    }

    void add(long key) {
        Long value = valueMode.value(nextValue++);
        long h = q.add(key, value);
        assertFalse(model.contains(h), "handle reused while live");
        model.add(h, key);
        values.put(h, value);
    }

    void addFirst(long key) {
        Long value = valueMode.value(nextValue++);
        long h = q.addFirst(key, value);
        assertFalse(model.contains(h), "handle reused while live");
        model.addFirst(h, key);
        values.put(h, value);
    }

    /** {@code addBefore} or {@code addAfter} of {@code ref}, which may be stale (then refused). */
    void addBeside(long ref, boolean after) {
        if (!model.contains(ref)) {
            rejected(IllegalArgumentException.class, () -> q.addBefore(ref, -1L));
            rejected(IllegalArgumentException.class, () -> q.addAfter(ref, -1L));
            return;
        }
        Long value = valueMode.value(nextValue++);
        long h = after ? q.addAfter(ref, value) : q.addBefore(ref, value);
        assertFalse(model.contains(h), "handle reused while live");
        assertEquals(model.keyOf(ref), q.key(h), "the key of the element beside");
        model.addBeside(h, ref, after);
        values.put(h, value);
    }

    void setValue(long h) {
        if (!model.contains(h)) {
            rejected(IllegalArgumentException.class, () -> q.setValue(h, -1L));
            return;
        }
        Long value = valueMode.value(nextValue++);
        assertEquals(values.get(h), q.setValue(h, value), "setValue returns the old value");
        values.put(h, value);
    }

    void addOutOfRange(long key) {
        rejected(IllegalArgumentException.class, () -> q.add(key, -1L));
        rejected(IllegalArgumentException.class, () -> q.addFirst(key, -1L));
    }

    /** A call that must throw {@code type} and change nothing. */
    void rejected(Class<? extends Throwable> type, Executable call) {
        String before = q.toString();
        List<String> order = inOrder();
        assertThrows(type, call);
        assertEquals(before, q.toString(), "a rejected call changed the queue");
        assertEquals(order, inOrder(), "a rejected call changed the queue");
    }

    /** The elements as "handle:key=value" in the order forEachInOrder gives them. */
    private List<String> inOrder() {
        List<String> out = new ArrayList<>();
        q.forEachInOrder((h, k, v) -> out.add(h + ":" + k + "=" + v));
        return out;
    }

    /** forEachInOrder against the model's order; a modification from inside the walk is refused. */
    void checkOrder() {
        List<String> expected = new ArrayList<>();
        for (long h : model.handlesInOrder()) {
            expected.add(h + ":" + model.keyOf(h) + "=" + values.get(h));
        }
        assertEquals(expected, inOrder(), "forEachInOrder");
        if (!model.isEmpty()) {
            long first = model.minHandle();
            rejected(ConcurrentModificationException.class, () -> q.forEachInOrder((h, k, v) -> q.addBefore(first, -1L)));
        }
    }

    void reset(long key) {
        if (key < 0) {
            rejected(IllegalArgumentException.class, () -> q.reset(key));
            return;
        }
        for (long h : model.handlesInOrder()) {
            retire(h);
        }
        model.clear();
        model.minAllowedKey = key;
        q.reset(key);
    }

    void trim() {
        q.trimToSize();
    }

    void remove(long h) {
        boolean expected = model.remove(h);
        assertEquals(expected, q.remove(h), "remove");
        if (expected) {
            retire(h);
        }
    }

    void changeKey(long h, long key) {
        if (model.contains(h)) {
            q.changeKey(h, key);
            model.changeKey(h, key);
        } else {
            assertThrows(IllegalArgumentException.class, () -> q.changeKey(h, key));
        }
    }

    void pollMin() {
        if (model.isEmpty()) {
            assertThrows(NoSuchElementException.class, q::pollMin);
            return;
        }
        long h = model.minHandle();
        long key = model.keyOf(h);
        model.remove(h);
        assertEquals(values.get(h), q.pollMin(), "pollMin value");
        model.minAllowedKey = key;
        retire(h);
    }

    /** pollMin with an action that runs {@code step}. */
    void pollMinWith(Step step) {
        if (model.isEmpty()) {
            assertFalse(q.pollMin((h, k, v) -> {
                throw new AssertionError("the action of pollMin on an empty queue ran");
            }));
            return;
        }
        long expected = model.minHandle();
        long key = model.keyOf(expected);
        int[] calls = {0};
        try {
            assertTrue(q.pollMin((h, k, v) -> {
                calls[0]++;
                assertEquals(expected, h, "pollMin's element");
                assertEquals(key, k, "pollMin's key");
                assertEquals(values.get(h), v, "pollMin's value");
                assertEquals(k, q.minAllowedKey(), "minAllowedKey inside the action");
                assertFalse(q.contains(h), "a polled element is still contained");
                model.remove(h);
                model.minAllowedKey = k;
                retire(h);
                runStep(step, k, k == Long.MAX_VALUE ? k : k + 1);
            }));
        } catch (Boom thrown) {
            assertEquals(1, calls[0]);
            return;
        }
        assertEquals(1, calls[0], "pollMin calls its action once");
    }

    void query() {
        if (model.isEmpty()) {
            assertThrows(NoSuchElementException.class, q::minKey);
            assertThrows(NoSuchElementException.class, q::minElement);
        } else {
            assertEquals(model.minKey(), q.minKey(), "minKey");
            assertEquals(model.minHandle(), q.minElement(), "minElement");
        }
    }

    void clear() {
        for (long h : model.handlesInOrder()) {
            retire(h);
        }
        model.clear();
        q.clear();
    }

    /** Raises the minimum; the i-th delivery runs {@code script.get(i)} inside the handler. */
    void increase(long target, List<Step> script) {
        int[] deliveries = {0};
        try {
            q.increaseMinAllowedKey(target, (h, k, v) -> {
                Long expected = model.isEmpty() ? null : model.minHandle();
                assertTrue(expected != null && model.keyOf(expected) < target, "delivered an unexpected element");
                assertEquals(expected, h, "delivery order");
                assertEquals(model.keyOf(expected), k, "delivered key");
                assertEquals(values.get(h), v, "delivered value");
                assertEquals(k, q.minAllowedKey(), "minAllowedKey inside the handler");
                model.remove(h);
                model.minAllowedKey = k;
                retire(h);
                assertFalse(q.contains(h), "a delivered element is still contained");
                int i = deliveries[0]++;
                runStep(i < script.size() ? script.get(i) : new Step(Kind.NONE, 0, 0), k, target);
            });
        } catch (Boom expected) {
            return; // the element stays removed; every other stays; the minimum stays at its key
        }
        assertNull(model.pollBelow(target), "an element below the new minimum was not delivered");
        model.minAllowedKey = Math.max(model.minAllowedKey, target);
    }

    private void runStep(Step step, long current, long target) {
        List<Long> pending = model.handlesInOrder();
        switch (step.kind()) {
            case NONE -> { }
            case ADD_AT_CURRENT -> add(current);
            case ADD -> {
                long hi = Math.min(max(), target < Long.MAX_VALUE - 4 ? target + 3 : Long.MAX_VALUE);
                add(current + (long) (step.a() * (double) (hi - current)));
            }
            case ADD_BELOW_MIN -> {
                if (current > 0) {
                    addOutOfRange(current - 1);
                }
            }
            case REMOVE_PENDING -> {
                if (!pending.isEmpty()) {
                    remove(pending.get((int) (step.a() * pending.size())));
                }
            }
            case CHANGE_KEY_PENDING -> {
                if (!pending.isEmpty()) {
                    long key = current + (long) (step.b() * (double) (max() - current));
                    changeKey(pending.get((int) (step.a() * pending.size())), key);
                }
            }
            case CLEAR -> clear();
            case THROW -> throw new Boom();
            case NESTED_INCREASE -> rejected(IllegalStateException.class,
                    () -> q.increaseMinAllowedKey(target, (h, k, v) -> { }));
            case NESTED_POLL -> {
                rejected(IllegalStateException.class, q::pollMin);
                rejected(IllegalStateException.class, () -> q.pollMin((h, k, v) -> { }));
            }
            case QUERY -> query();
            case ADD_FIRST_AT_CURRENT -> addFirst(current);
            case ADD_FIRST -> {
                long hi = Math.min(max(), target < Long.MAX_VALUE - 4 ? target + 3 : Long.MAX_VALUE);
                addFirst(current + (long) (step.a() * (double) (hi - current)));
            }
            case ADD_BEFORE_PENDING, ADD_AFTER_PENDING -> {
                if (!pending.isEmpty()) {
                    addBeside(pending.get((int) (step.a() * pending.size())), step.kind() == Kind.ADD_AFTER_PENDING);
                } else if (!dead.isEmpty()) {
                    addBeside(dead.get((int) (step.a() * dead.size())), step.b() < 0.5);
                }
            }
            case SET_VALUE_PENDING -> {
                if (!pending.isEmpty()) {
                    setValue(pending.get((int) (step.a() * pending.size())));
                }
            }
            // Lower than the key being delivered, or above it (maybe past the target).
            case RESET -> reset(step.a() < 0.5 ? (long) (step.b() * (double) current)
                    : current + (long) (step.b() * (double) (Math.min(max(), target < Long.MAX_VALUE - 4
                            ? target + 3 : Long.MAX_VALUE) - current)));
            case IN_ORDER -> checkOrder();
            case TRIM -> trim();
        }
        q.checkInvariants();
    }

    private void retire(long h) {
        values.remove(h);
        if (dead.size() < 64) {
            dead.add(h);
        } else {
            dead.set((int) (h & 63), h);
        }
    }

    /** The invariant checked after every action. */
    void check() {
        q.checkInvariants();
        assertEquals(model.size(), q.size(), "size");
        assertEquals(model.isEmpty(), q.isEmpty(), "isEmpty");
        assertEquals(model.minAllowedKey, q.minAllowedKey(), "minAllowedKey");
        for (long h : model.handlesInOrder()) {
            assertTrue(q.contains(h), "a live element is not contained");
            assertEquals(model.keyOf(h), q.key(h), "key");
            assertEquals(values.get(h), q.value(h), "value");
        }
        for (long h : dead) {
            assertFalse(q.contains(h), "a removed element is still contained");
        }
        checkOrder();
    }

    @Override
    public String toString() {
        return bits + " " + valueMode + " " + q;
    }
}
