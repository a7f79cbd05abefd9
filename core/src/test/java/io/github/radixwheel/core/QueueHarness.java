package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

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
        QUERY(false);

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

    final LevelBits bits;
    final TimingWheelQueue<Long> q;
    final QueueModel model = new QueueModel();
    final Map<Long, Long> values = new HashMap<>();
    final List<Long> dead = new ArrayList<>();
    private long nextValue;

    QueueHarness(LevelBits bits, long start) {
        this.bits = bits;
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
        Long value = nextValue++;
        long h = q.add(key, value);
        assertFalse(model.contains(h), "handle reused while live");
        model.add(h, key);
        values.put(h, value);
    }

    void addOutOfRange(long key) {
        String before = q.toString();
        int size = q.size();
        assertThrows(IllegalArgumentException.class, () -> q.add(key, -1L));
        assertEquals(size, q.size());
        assertEquals(before, q.toString());
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
            case NESTED_INCREASE -> assertThrows(IllegalStateException.class,
                    () -> q.increaseMinAllowedKey(target, (h, k, v) -> { }));
            case NESTED_POLL -> assertThrows(IllegalStateException.class, q::pollMin);
            case QUERY -> query();
        }
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
    }

    @Override
    public String toString() {
        return bits + " " + q;
    }
}
