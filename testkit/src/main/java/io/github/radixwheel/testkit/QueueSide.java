package io.github.radixwheel.testkit;

import io.github.radixwheel.core.ElementConsumer;
import io.github.radixwheel.core.LevelBits;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/** Drives one queue (the real one or its reference) through the operations of a differential chain. */
final class QueueSide extends Side {
    /** Makes a new queue of this side's kind with these levels at this minimum ({@code >= 0}): the constructor under test. */
    private final BiFunction<LevelBits, Long, QueueApi<Long>> factory;
    /** The queue driven; replaced by {@link #restart}. */
    private QueueApi<Long> q;

    QueueSide(String name, BiFunction<LevelBits, Long, QueueApi<Long>> factory, QueueStart start,
            Runnable extraCheck) {
        super(name, start.nullEvery(), extraCheck);
        this.factory = factory;
        this.q = factory.apply(start.levelBits(), start.minAllowedKey());
    }

    @Override
    List<Long> liveHandles() {
        List<Long> out = new ArrayList<>();
        q.forEachInOrder((h, k, v) -> out.add(h));
        return out;
    }

    @Override
    String digest() {
        StringBuilder sb = new StringBuilder("size=").append(q.size()).append(" empty=").append(q.isEmpty())
                .append(" keys=").append(q.minAllowedKey()).append("..").append(q.maxAllowedKey()).append(" [");
        q.forEachInOrder((h, k, v) -> sb.append(nameOf(h)).append('@').append(k).append('=').append(v).append(' '));
        return sb.append(']').toString();
    }

    @Override
    void checkInvariants() {
        q.checkInvariants();
    }

    // ---------------------------------------------------------------- arguments, resolved on this side's state

    /** A key in {@code [minAllowedKey(), maxAllowedKey()]}, biased to level and slot edges. */
    long key(Point p) {
        long min = q.minAllowedKey();
        long max = q.maxAllowedKey();
        return p.resolve(RadixwheelArbitraries.keyEdges(q.levelBits(), min, max), min, max);
    }

    /** A key just out of range: below the minimum or above the maximum, or -1 and Long.MIN_VALUE. */
    long outOfRange(double u) {
        long min = q.minAllowedKey();
        long max = q.maxAllowedKey();
        List<Long> bad = List.of(min > 0 ? min - 1 : -1, max < Long.MAX_VALUE ? max + 1 : Long.MIN_VALUE, -1L);
        return bad.get((int) (u * bad.size()));
    }

    /** A target for {@code increaseMinAllowedKey}: keys in range, the least key and the next, beyond the range. */
    long target(Point p) {
        long min = q.minAllowedKey();
        long max = q.maxAllowedKey();
        List<Long> edges = new ArrayList<>(RadixwheelArbitraries.keyEdges(q.levelBits(), min, max));
        long least = q.isEmpty() ? min : q.minKey();
        edges.addAll(List.of(least, plus(least, 1), plus(max, 1), Long.MAX_VALUE, min - 1));
        return p.resolve(edges, min, max);
    }

    /** A new minimum for {@code reset}: around the current one, the ends of the keys, and negative (refused). */
    long resetKey(Point p) {
        long min = q.minAllowedKey();
        List<Long> edges = List.of(0L, 1L, Math.max(0, min - 1), min, plus(min, 1), Long.MAX_VALUE - 1,
                Long.MAX_VALUE, -1L, Long.MIN_VALUE);
        return p.resolve(edges, 0, Long.MAX_VALUE);
    }

    // ---------------------------------------------------------------- operations

    void add(long key) {
        Long value = nextValue();
        call("add(" + key + ")", () -> issued(q.add(key, value)));
    }

    void addFirst(long key) {
        Long value = nextValue();
        call("addFirst(" + key + ")", () -> issued(q.addFirst(key, value)));
    }

    void addBeside(long ref, boolean after) {
        Long value = nextValue();
        call((after ? "addAfter(" : "addBefore(") + nameOf(ref) + ")",
                () -> issued(after ? q.addAfter(ref, value) : q.addBefore(ref, value)));
    }

    void setValue(long h) {
        Long value = nextValue();
        call("setValue(" + nameOf(h) + ", " + value + ")", () -> q.setValue(h, value));
    }

    void remove(long h) {
        call("remove(" + nameOf(h) + ")", () -> q.remove(h));
    }

    void changeKey(long h, long key) {
        call("changeKey(" + nameOf(h) + ", " + key + ")", () -> {
            q.changeKey(h, key);
            return "done";
        });
    }

    /** Looks at one element and at the minimum; null handlers are refused. */
    void query(long h) {
        call("contains(" + nameOf(h) + ")", () -> q.contains(h));
        call("key(" + nameOf(h) + ")", () -> q.key(h));
        call("value(" + nameOf(h) + ")", () -> q.value(h));
        call("minKey()", q::minKey);
        call("minElement()", () -> nameOf(q.minElement()));
        call("increaseMinAllowedKey(null)", () -> {
            q.increaseMinAllowedKey(q.minAllowedKey() + 1, null);
            return "done";
        });
        call("pollMin(null)", () -> q.pollMin(null));
    }

    /** Lists the elements, then tries to modify the queue from inside the iteration (refused). */
    void inOrder(double a) {
        List<String> all = new ArrayList<>();
        q.forEach((h, k, v) -> all.add(nameOf(h) + "@" + k + "=" + v));
        all.sort(null);
        log("forEach -> " + all);
        long ref = pick(a, true);
        call("forEachInOrder(modifying)", () -> {
            q.forEachInOrder((h, k, v) -> {
                switch ((int) (a * 5)) {
                    case 0 -> q.addBefore(ref, -1L);
                    case 1 -> q.remove(ref);
                    case 2 -> q.add(q.minAllowedKey(), -1L);
                    case 3 -> q.clear();
                    default -> q.increaseMinAllowedKey(q.minAllowedKey() + 1, (h2, k2, v2) -> { });
                }
            });
            return "done";
        });
    }

    /**
     * Goes on with a new queue built from {@code start}, or with the same queue if the constructor
     * refuses its levels; the old queue's handles stay in the pool of issued ones, foreign to the new
     * queue.
     */
    void restart(QueueStart start) {
        call("new queue " + start, () -> {
            q = factory.apply(start.levelBits(), start.minAllowedKey());
            nullEvery(start.nullEvery());
            return "done";
        });
    }

    void clear() {
        call("clear()", () -> {
            q.clear();
            return "done";
        });
    }

    void reset(long key) {
        call("reset(" + key + ")", () -> {
            q.reset(key);
            return "done";
        });
    }

    void trim() {
        call("trimToSize()", () -> {
            q.trimToSize();
            return "done";
        });
    }

    void pollMin() {
        call("pollMin()", q::pollMin);
    }

    /** {@code pollMin} whose action runs {@code step}. */
    void pollMin(Reentry step) {
        call("pollMin(action " + step + ")", () -> q.pollMin(handler(List.of(step), -1)));
    }

    /** {@code increaseMinAllowedKey(target)} whose handler runs the script's i-th step on its i-th delivery. */
    void increase(long target, List<Reentry> script) {
        call("increaseMinAllowedKey(" + target + ", " + script + ")", () -> {
            q.increaseMinAllowedKey(target, handler(script, target));
            return "done";
        });
    }

    /** A handler; {@code target} bounds the keys its steps choose ({@code -1}: just above the delivered key). */
    private ElementConsumer<Long> handler(List<Reentry> script, long target) {
        int[] calls = {0};
        return (h, k, v) -> {
            int i = calls[0]++;
            log("deliver " + nameOf(h) + "@" + k + "=" + v + " min=" + q.minAllowedKey() + " contains=" + q.contains(h));
            Reentry step = i < script.size() ? script.get(i) : Reentry.NOTHING;
            inHandler(() -> reenter(step, k, target < 0 ? plus(k, 1) : target));
            afterStep("delivery " + i + " (" + step + ")");
        };
    }

    /** One step inside a handler delivering key {@code current} of a call that goes up to {@code target}. */
    private void reenter(Reentry step, long current, long target) {
        long max = q.maxAllowedKey();
        long near = Math.min(max, plus(target, 3));
        double a = step.a();
        double b = step.b();
        switch (step.kind()) {
            case NONE -> { }
            case ADD_AT_CURRENT -> add(current);
            case ADD -> add(between(current, near, a));
            case ADD_OUT_OF_RANGE -> add(current > 0 ? current - 1 : plus(max, 1));
            case ADD_FIRST_AT_CURRENT -> addFirst(current);
            case ADD_FIRST -> addFirst(between(current, near, a));
            case ADD_BEFORE -> addBeside(pick(a, b >= 0.1), false);
            case ADD_AFTER -> addBeside(pick(a, b >= 0.1), true);
            case REMOVE -> remove(pick(a, true));
            case REMOVE_STALE -> remove(pick(a, false));
            case CHANGE_KEY -> changeKey(pick(a, true), between(current, b < 0.5 ? near : max, b));
            case SET_VALUE -> setValue(pick(a, true));
            case CLEAR -> clear();
            case RESET -> reset(a < 0.5 ? between(0, current, b) : between(current, near, b));
            case THROW -> throw new HandlerFailure();
            case NESTED -> {
                call("nested increaseMinAllowedKey", () -> {
                    q.increaseMinAllowedKey(target, (h, k, v) -> log("nested delivery"));
                    return "done";
                });
                call("nested pollMin()", q::pollMin);
                call("nested pollMin(action)", () -> q.pollMin((h, k, v) -> log("nested delivery")));
            }
            case QUERY -> query(pick(a, true));
            case IN_ORDER -> inOrder(a);
            case TRIM -> trim();
        }
    }
}
