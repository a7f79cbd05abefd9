package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.TreeMap;
import org.junit.jupiter.api.function.Executable;

/** An {@link IndexedTimingWheelQueue} and its {@link IndexedQueueModel}, driven in lockstep by the model test. */
final class IndexedQueueHarness {
    /** What a handler does on one delivery; fractions pick ids and keys relative to the state. */
    record Step(Kind kind, double a, double b) {
        @Override
        public String toString() {
            return kind + (kind.usesFractions ? String.format("(%.2f,%.2f)", a, b) : "");
        }
    }

    enum Kind {
        NONE(false), ADD_AT_CURRENT(true), READD_DELIVERED(false), ADD(true), ADD_OR_DECREASE(true),
        ADD_BELOW_MIN(true), REMOVE_PENDING(true), CHANGE_KEY_PENDING(true), CLEAR(false), RESET(true),
        THROW(false), NESTED_INCREASE(false), NESTED_POLL(false), QUERY(false);

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
    final int capacity;
    final IndexedTimingWheelQueue q;
    final IndexedQueueModel model = new IndexedQueueModel();

    IndexedQueueHarness(int capacity, LevelBits bits, long start) {
        this.bits = bits;
        this.capacity = capacity;
        this.q = new IndexedTimingWheelQueue(capacity, bits);
        q.increaseMinAllowedKey(start, (id, key) -> {
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

    /** The ids not in the queue. */
    List<Integer> absentIds() {
        List<Integer> out = new ArrayList<>();
        for (int id = 0; id < capacity; id++) {
            if (!model.contains(id)) {
                out.add(id);
            }
        }
        return out;
    }

    void add(int id, long key) {
        if (model.contains(id)) {
            rejected(IllegalArgumentException.class, () -> q.add(id, key));
            return;
        }
        q.add(id, key);
        model.add(id, key);
    }

    void addOrDecreaseKey(int id, long key) {
        boolean changes = !model.contains(id) || key < model.key(id);
        assertEquals(changes, q.addOrDecreaseKey(id, key), "addOrDecreaseKey");
        if (changes) {
            model.changeKey(id, key);
        }
    }

    /** A call that must throw {@code type} and change nothing. */
    void rejected(Class<? extends Throwable> type, Executable call) {
        String text = q.toString();
        TreeMap<Integer, Long> contents = contents();
        assertThrows(type, call);
        assertEquals(text, q.toString(), "a rejected call changed the queue");
        assertEquals(contents, contents(), "a rejected call changed the queue");
    }

    void remove(int id) {
        assertEquals(model.remove(id), q.remove(id), "remove");
    }

    void changeKey(int id, long key) {
        if (model.contains(id)) {
            q.changeKey(id, key);
            model.changeKey(id, key);
        } else {
            rejected(IllegalArgumentException.class, () -> q.changeKey(id, key));
        }
    }

    void pollMin() {
        if (model.isEmpty()) {
            rejected(NoSuchElementException.class, q::pollMin);
            return;
        }
        int id = model.minId();
        long key = model.minKey();
        model.remove(id);
        assertEquals(id, q.pollMin(), "pollMin");
        model.minAllowedKey = key;
    }

    void query() {
        if (model.isEmpty()) {
            rejected(NoSuchElementException.class, q::minId);
            rejected(NoSuchElementException.class, q::minKey);
        } else {
            assertEquals(model.minId(), q.minId(), "minId");
            assertEquals(model.minKey(), q.minKey(), "minKey");
        }
    }

    void clear() {
        model.clear();
        q.clear();
    }

    void reset(long key) {
        if (key < 0) {
            rejected(IllegalArgumentException.class, () -> q.reset(key));
            return;
        }
        model.clear();
        model.minAllowedKey = key;
        q.reset(key);
    }

    /** Polls every id, comparing the whole delivery order with the model's. */
    void drain() {
        List<Integer> expected = model.idsInOrder();
        List<Integer> seen = new ArrayList<>();
        while (!q.isEmpty()) {
            seen.add(q.pollMin());
        }
        assertEquals(expected, seen, "delivery order");
        if (!expected.isEmpty()) {
            model.minAllowedKey = model.key(expected.get(expected.size() - 1));
        }
        model.clear();
    }

    /** Raises the minimum; the i-th delivery runs {@code script.get(i)} inside the handler. */
    void increase(long target, List<Step> script) {
        int[] deliveries = {0};
        try {
            q.increaseMinAllowedKey(target, (id, k) -> {
                Integer expected = model.firstBelow(target);
                assertNotNull(expected, "delivered an unexpected id " + id);
                assertEquals(expected, id, "delivery order");
                assertEquals(model.key(expected), k, "delivered key");
                assertEquals(k, q.minAllowedKey(), "minAllowedKey inside the handler");
                model.remove(id);
                model.minAllowedKey = k;
                assertFalse(q.contains(id), "a delivered id is still contained");
                int i = deliveries[0]++;
                runStep(i < script.size() ? script.get(i) : new Step(Kind.NONE, 0, 0), id, k, target);
            });
        } catch (Boom expected) {
            return; // the id stays removed; every other stays; the minimum stays at its key
        }
        assertNull(model.firstBelow(target), "an id below the new minimum was not delivered");
        model.minAllowedKey = Math.max(model.minAllowedKey, target);
    }

    private void runStep(Step step, int delivered, long current, long target) {
        List<Integer> pending = model.idsInOrder();
        List<Integer> absent = absentIds();
        long near = Math.min(max(), target < Long.MAX_VALUE - 4 ? target + 3 : Long.MAX_VALUE);
        switch (step.kind()) {
            case NONE -> { }
            case ADD_AT_CURRENT -> {
                if (!absent.isEmpty()) {
                    add(absent.get((int) (step.a() * absent.size())), current);
                }
            }
            case READD_DELIVERED -> {
                if (!model.contains(delivered)) {
                    add(delivered, current);
                }
            }
            case ADD -> {
                if (!absent.isEmpty()) {
                    add(absent.get((int) (step.a() * absent.size())), current + (long) (step.b() * (double) (near - current)));
                }
            }
            case ADD_OR_DECREASE -> {
                if (capacity > 0) {
                    addOrDecreaseKey((int) (step.a() * capacity), current + (long) (step.b() * (double) (near - current)));
                }
            }
            case ADD_BELOW_MIN -> {
                if (current > 0 && capacity > 0) {
                    int id = (int) (step.a() * capacity);
                    rejected(IllegalArgumentException.class, () -> q.add(id, current - 1));
                    rejected(IllegalArgumentException.class, () -> q.addOrDecreaseKey(id, current - 1));
                }
            }
            case REMOVE_PENDING -> {
                if (!pending.isEmpty()) {
                    remove(pending.get((int) (step.a() * pending.size())));
                }
            }
            case CHANGE_KEY_PENDING -> {
                if (!pending.isEmpty()) {
                    changeKey(pending.get((int) (step.a() * pending.size())),
                            current + (long) (step.b() * (double) (max() - current)));
                }
            }
            case CLEAR -> clear();
            // Lower or higher than the key being delivered, or past the target.
            case RESET -> reset(step.a() < 0.5 ? (long) (step.b() * (double) current)
                    : current + (long) (step.b() * (double) (near - current)));
            case THROW -> throw new Boom();
            case NESTED_INCREASE -> rejected(IllegalStateException.class,
                    () -> q.increaseMinAllowedKey(target, (i, k) -> { }));
            case NESTED_POLL -> rejected(IllegalStateException.class, q::pollMin);
            case QUERY -> query();
        }
        q.checkInvariants();
    }

    private TreeMap<Integer, Long> contents() {
        TreeMap<Integer, Long> out = new TreeMap<>();
        q.forEach((id, key) -> assertNull(out.put(id, key), "forEach visited " + id + " twice"));
        return out;
    }

    /** The ids that toString shows, in its order. */
    private List<Integer> shownIds() {
        List<Integer> out = new ArrayList<>();
        String text = q.toString();
        int first = text.indexOf("first: ");
        if (first >= 0) {
            for (String part : text.substring(first + "first: ".length(), text.length() - 1).split(", ")) {
                if (!part.equals("...")) {
                    out.add(Integer.parseInt(part.substring(0, part.indexOf('@'))));
                }
            }
        }
        return out;
    }

    /** The invariant checked after every action. */
    void check() {
        q.checkInvariants();
        assertEquals(model.size(), q.size(), "size");
        assertEquals(model.isEmpty(), q.isEmpty(), "isEmpty");
        assertEquals(model.minAllowedKey, q.minAllowedKey(), "minAllowedKey");
        assertEquals(model.contents(), contents(), "forEach");
        for (int id = 0; id < capacity; id++) {
            assertEquals(model.contains(id), q.contains(id), "contains");
            if (model.contains(id)) {
                assertEquals(model.key(id), q.key(id), "key");
            }
        }
        List<Integer> order = model.idsInOrder();
        assertEquals(order.subList(0, Math.min(8, order.size())), shownIds(), "toString's first ids");
        assertTrue(q.toString().endsWith(order.size() > 8 ? ", ...]" : "]"));
        if (!model.isEmpty()) {
            assertEquals(model.minId(), q.minId(), "minId");
        }
        // Iterating must leave the queue mutable: a forEach that throws CME on a modification changes nothing.
        if (capacity > 0 && !model.contains(0) && !model.isEmpty()) {
            rejected(ConcurrentModificationException.class, () -> q.forEach((id, key) -> q.add(0, q.minAllowedKey())));
        }
    }

    @Override
    public String toString() {
        return bits + " " + q;
    }
}
