package io.github.radixwheel.testkit;

import io.github.radixwheel.alarms.EventConsumer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/** Drives one future event list (the real one or its reference) through the operations of a differential chain. */
final class EventListSide extends Side {
    /** Priorities that a handler's step picks from, besides the delivered event's and its neighbours. */
    private static final int[] PRIORITIES = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE};

    /** Makes a new list of this side's kind at a start: the constructor under test. */
    private final DoubleFunction<EventListApi<Long>> factory;
    /** A pending event's handle in another list of this side's kind. */
    private final long foreign;
    /** The list driven; replaced by {@link #restart}. */
    private EventListApi<Long> l;

    EventListSide(String name, DoubleFunction<EventListApi<Long>> factory, double start, long foreign,
            Runnable extraCheck) {
        super(name, 0, extraCheck);
        this.factory = factory;
        this.l = factory.apply(start);
        this.foreign = foreign;
    }

    @Override
    List<Long> liveHandles() {
        List<Long> out = new ArrayList<>();
        l.forEachInOrder((h, t, p, e) -> out.add(h));
        return out;
    }

    @Override
    String digest() {
        StringBuilder sb = new StringBuilder("now=").append(l.now()).append(" size=").append(l.size())
                .append(" empty=").append(l.isEmpty()).append(" [");
        l.forEachInOrder((h, t, p, e) -> sb.append(nameOf(h)).append('@').append(t).append('/').append(p).append('=')
                .append(e).append(' '));
        return sb.append(']').toString();
    }

    @Override
    void checkInvariants() {
        l.checkInvariants();
    }

    // ---------------------------------------------------------------- arguments, resolved on this side's state

    /** A valid time, unless the choice is {@code -0.0} and the clock is past zero. */
    double time(TimeChoice c) {
        double now = l.now();
        return switch (c.kind()) {
            case NOW -> now;
            case PENDING -> {
                List<Long> live = liveHandles();
                yield live.isEmpty() ? now : l.time(live.get((int) (c.u() * live.size())));
            }
            case DRAWN -> TimeChoice.drawn(now, c.seed());
            case MINUS_ZERO -> -0.0;
        };
    }

    /** A time that {@code add} refuses: NaN, or before now (by one ulp, far, {@code -0.0}, negative, {@code -∞}). */
    double invalidTime(double u) {
        double now = l.now();
        List<Double> bad = new ArrayList<>(List.of(Double.NaN, Double.NEGATIVE_INFINITY, -Double.MIN_VALUE, -1.0));
        if (now > 0) {
            bad.addAll(List.of(Math.nextDown(now), now / 2, -0.0, 0.0));
        }
        return bad.get((int) (u * bad.size()));
    }

    /** A clock for {@code reset}: zero, around now, the ends of the finite times, and refused ones. */
    double resetTime(double u) {
        double now = l.now();
        List<Double> times = List.of(0.0, -0.0, now, Math.nextUp(now), now / 2, now * 2, now + 1, 1.0,
                Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY, -1.0, -Double.MIN_VALUE);
        return times.get((int) (u * times.size()));
    }

    // ---------------------------------------------------------------- operations

    /** {@code add(time, event)} if {@code priority} is null, else {@code add(time, priority, event)}. */
    void add(double time, Integer priority) {
        Long event = nextValue();
        if (priority == null) {
            call("add(" + time + ")", () -> issued(l.add(time, event)));
        } else {
            call("add(" + time + ", " + priority + ")", () -> issued(l.add(time, priority, event)));
        }
    }

    void addFirst(double time, int priority) {
        Long event = nextValue();
        call("addFirst(" + time + ", " + priority + ")", () -> issued(l.addFirst(time, priority, event)));
    }

    void addBeside(long ref, boolean after) {
        Long event = nextValue();
        call((after ? "addAfter(" : "addBefore(") + nameOf(ref) + ")",
                () -> issued(after ? l.addAfter(ref, event) : l.addBefore(ref, event)));
    }

    void setEvent(long h) {
        Long event = nextValue();
        call("setEvent(" + nameOf(h) + ", " + event + ")", () -> l.setEvent(h, event));
    }

    void remove(long h) {
        call("remove(" + nameOf(h) + ")", () -> l.remove(h));
    }

    void reschedule(long h, double time) {
        call("reschedule(" + nameOf(h) + ", " + time + ")", () -> {
            l.reschedule(h, time);
            return "done";
        });
    }

    /** Every scheduling call with a refused time, a null event, or both, and the other refused arguments. */
    void invalid(double u, long ref) {
        double bad = invalidTime(u);
        double good = l.now();
        add(bad, null);
        add(bad, 1);
        addFirst(bad, -1);
        reschedule(ref, bad);
        call("add(" + good + ", null)", () -> issued(l.add(good, null)));
        call("add(" + good + ", 0, null)", () -> issued(l.add(good, 0, null)));
        call("add(" + bad + ", 0, null)", () -> issued(l.add(bad, 0, null)));
        call("addFirst(" + bad + ", 0, null)", () -> issued(l.addFirst(bad, 0, null)));
        call("addBefore(" + nameOf(ref) + ", null)", () -> issued(l.addBefore(ref, null)));
        call("addAfter(" + nameOf(ref) + ", null)", () -> issued(l.addAfter(ref, null)));
        call("setEvent(" + nameOf(ref) + ", null)", () -> l.setEvent(ref, null));
        call("pollFirst(null)", () -> l.pollFirst(null));
        call("forEachInOrder(null)", () -> {
            l.forEachInOrder(null);
            return "done";
        });
        double[] badStarts = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1.0, -Double.MIN_VALUE};
        reset(badStarts[(int) (u * badStarts.length)]);
    }

    /** Every call that takes a handle, with a stale one, a made-up one and one of another list. */
    void badHandles(double u) {
        List<Long> stale = new ArrayList<>(handles);
        stale.removeAll(liveHandles());
        long[] bad = {stale.isEmpty() ? 0L : stale.get((int) (u * stale.size())), foreign, 0L, -1L, Long.MAX_VALUE};
        for (long h : bad) {
            String name = h == foreign ? "foreign" : nameOf(h);
            call("contains(" + name + ")", () -> l.contains(h));
            call("remove(" + name + ")", () -> l.remove(h));
            call("time(" + name + ")", () -> l.time(h));
            call("priority(" + name + ")", () -> l.priority(h));
            call("event(" + name + ")", () -> l.event(h));
            call("setEvent(" + name + ")", () -> l.setEvent(h, -1L));
            call("addBefore(" + name + ")", () -> issued(l.addBefore(h, -1L)));
            call("addAfter(" + name + ")", () -> issued(l.addAfter(h, -1L)));
            call("reschedule(" + name + ")", () -> {
                l.reschedule(h, l.now());
                return "done";
            });
        }
    }

    /** Looks at one event and at the first. */
    void query(long h) {
        call("contains(" + nameOf(h) + ")", () -> l.contains(h));
        call("time(" + nameOf(h) + ")", () -> l.time(h));
        call("priority(" + nameOf(h) + ")", () -> l.priority(h));
        call("event(" + nameOf(h) + ")", () -> l.event(h));
        call("firstHandle()", () -> nameOf(l.firstHandle()));
        call("firstTime()", l::firstTime);
        call("peekFirst()", l::peekFirst);
        call("now()/size()/isEmpty()", () -> l.now() + "/" + l.size() + "/" + l.isEmpty());
    }

    /** Lists the events, then tries one modification from inside the iteration: refused, except a remove that finds nothing. */
    void inOrder(double a) {
        call("forEachInOrder", () -> {
            List<String> all = new ArrayList<>();
            l.forEachInOrder((h, t, p, e) -> all.add(nameOf(h) + "@" + t + "/" + p + "=" + e + " " + l.contains(h)));
            return all;
        });
        long ref = pick(a, true);
        long any = pick(a, false);
        int kind = (int) (a * 14);
        call("forEachInOrder(modifying " + kind + ")", () -> {
            l.forEachInOrder((h, t, p, e) -> {
                double now = l.now();
                switch (kind) {
                    case 0 -> l.add(now, -1L);
                    case 1 -> l.add(now, p, -1L);
                    case 2 -> l.addFirst(t, p, -1L);
                    case 3 -> l.addBefore(ref, -1L);
                    case 4 -> l.addAfter(ref, -1L);
                    case 5 -> l.remove(ref);
                    case 6 -> l.reschedule(ref, now);
                    case 7 -> l.setEvent(ref, -1L);
                    case 8 -> l.pollFirst();
                    case 9 -> l.pollFirst((h2, t2, p2, e2) -> { });
                    case 10 -> l.clear();
                    case 11 -> l.reset(now);
                    case 12 -> l.trimToSize();
                    default -> log("remove(" + nameOf(any) + ") inside forEachInOrder -> " + l.remove(any));
                }
            });
            return "done";
        });
    }

    /**
     * Goes on with a new list at {@code start}, or with the same list if the constructor refuses
     * {@code start}; the old list's handles stay in the pool of issued ones, foreign to the new list.
     */
    void restart(double start) {
        call("new list at " + start, () -> {
            l = factory.apply(start);
            return "done";
        });
    }

    void clear() {
        call("clear()", () -> {
            l.clear();
            return "done";
        });
    }

    void reset(double now) {
        call("reset(" + now + ")", () -> {
            l.reset(now);
            return "done";
        });
    }

    void trim() {
        call("trimToSize()", () -> {
            l.trimToSize();
            return "done";
        });
    }

    void pollFirst() {
        call("pollFirst()", l::pollFirst);
    }

    /** {@code pollFirst} whose action runs {@code step}. */
    void pollFirst(Reentry step) {
        call("pollFirst(action " + step + ")", () -> l.pollFirst(handler(List.of(step))));
    }

    /** A simulator's loop: up to {@code n} calls of {@code pollFirst(action)}; the i-th delivery runs the script's i-th step. */
    void run(int n, List<Reentry> script) {
        EventConsumer<Long> handler = handler(script);
        call("run(" + n + ", " + script + ")", () -> {
            int taken = 0;
            while (taken < n && l.pollFirst(handler)) {
                taken++;
            }
            return taken;
        });
    }

    private EventConsumer<Long> handler(List<Reentry> script) {
        int[] calls = {0};
        return (h, t, p, e) -> {
            int i = calls[0]++;
            log("deliver " + nameOf(h) + "@" + t + "/" + p + "=" + e + " now=" + l.now() + " contains=" + l.contains(h)
                    + " size=" + l.size());
            Reentry step = i < script.size() ? script.get(i) : Reentry.NOTHING;
            inHandler(() -> reenter(step, p));
            afterStep("delivery " + i + " (" + step + ")");
        };
    }

    /** One step inside the action of {@code pollFirst}, which delivered an event of priority {@code priority}. */
    private void reenter(Reentry step, int priority) {
        double now = l.now();
        double a = step.a();
        double b = step.b();
        switch (step.kind()) {
            case NONE -> { }
            case ADD_AT_CURRENT -> add(now, b < 0.2 ? null : priority(b, priority));
            case ADD -> add(TimeChoice.drawn(now, seed(a)), b < 0.2 ? null : priority(b, priority));
            case ADD_OUT_OF_RANGE -> add(invalidTime(a), priority);
            case ADD_FIRST_AT_CURRENT -> addFirst(now, b < 0.5 ? priority : priority(b, priority));
            case ADD_FIRST -> addFirst(TimeChoice.drawn(now, seed(a)), priority(b, priority));
            case ADD_BEFORE -> addBeside(pick(a, b >= 0.1), false);
            case ADD_AFTER -> addBeside(pick(a, b >= 0.1), true);
            case REMOVE -> remove(pick(a, true));
            case REMOVE_STALE -> remove(pick(a, false));
            case CHANGE_KEY -> reschedule(pick(a, true), b < 0.5 ? now : TimeChoice.drawn(now, seed(b)));
            case SET_VALUE -> setEvent(pick(a, true));
            case CLEAR -> clear();
            case RESET -> reset(a < 0.5 ? now * b : now + b);
            case THROW -> throw new HandlerFailure();
            case NESTED -> {
                call("nested pollFirst()", l::pollFirst);
                call("nested pollFirst(action)", () -> l.pollFirst((h, t, p, e) -> log("nested delivery")));
            }
            case QUERY -> query(pick(a, true));
            case IN_ORDER -> inOrder(a);
            case TRIM -> trim();
        }
    }

    /** A priority picked by {@code b}: the delivered one, its neighbours, zero and the extremes. */
    private static int priority(double b, int delivered) {
        int[] choices = new int[PRIORITIES.length + 3];
        System.arraycopy(PRIORITIES, 0, choices, 3, PRIORITIES.length);
        choices[0] = delivered;
        choices[1] = delivered == Integer.MIN_VALUE ? delivered : delivered - 1;
        choices[2] = delivered == Integer.MAX_VALUE ? delivered : delivered + 1;
        return choices[(int) (b * choices.length)];
    }

    private static long seed(double fraction) {
        return (long) (fraction * 1000);
    }
}
