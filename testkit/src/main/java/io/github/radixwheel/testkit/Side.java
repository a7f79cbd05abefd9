package io.github.radixwheel.testkit;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One side of a differential run: the structure under test or its reference, driven by the same
 * operations. Each side names its handles by the order in which they were issued ({@code #0, #1,
 * …}), so the two sides' transcripts are equal exactly when they behave alike, and records every
 * result, exception, delivery and state in its transcript.
 */
abstract class Side {
    private final String name;
    /** Every n-th value is null (0: none, 1: all); changed when a chain replaces the structure. */
    private int nullEvery;
    private final Runnable extraCheck;
    /** Handle of each id. */
    final List<Long> handles = new ArrayList<>();
    private final Map<Long, Integer> ids = new HashMap<>();
    private List<String> log = new ArrayList<>();
    /** The last {@link #RECENT} lines of the calls made, with the actions that made them. */
    private final ArrayDeque<String> recent = new ArrayDeque<>();
    /** How many lines {@link #recentCalls()} shows. */
    private static final int RECENT = 40;
    /** How many handlers of this side are running: a planned failure passes through their calls only. */
    private int handlerDepth;

    /**
     * @param name "real" or "reference", for messages
     * @param nullEvery every n-th value is null (0: none, 1: all)
     * @param extraCheck the user's check, run after each step
     */
    Side(String name, int nullEvery, Runnable extraCheck) {
        this.name = name;
        this.nullEvery = nullEvery;
        this.extraCheck = extraCheck;
    }

    String name() {
        return name;
    }

    /** Starts a new transcript; returns the previous one. */
    List<String> takeLog() {
        List<String> out = log;
        log = new ArrayList<>();
        return out;
    }

    void log(String line) {
        log.add(line);
        remember("    " + line);
    }

    /**
     * Starts an action: a new transcript, and the action's name among the recent calls. Elements that
     * an action of the user's own added since the last action (to both sides alike) are named first,
     * in delivery order, so that this action may pick them and the two sides name them alike.
     */
    void begin(String action) {
        takeLog();
        remember("  " + action + ":");
        for (long handle : liveHandles()) {
            if (!ids.containsKey(handle)) {
                log("added by an action of your own: " + issued(handle));
            }
        }
    }

    private void remember(String line) {
        if (recent.size() == RECENT) {
            recent.removeFirst();
        }
        recent.addLast(line);
    }

    /** {@return the last calls made on this side, with their arguments and results, one per line} */
    String recentCalls() {
        return "calls made on the " + name + " side (the last " + RECENT + " lines at most):\n"
                + String.join("\n", recent);
    }

    /** From now on, every {@code n}-th value is null (0: none, 1: all). */
    void nullEvery(int n) {
        nullEvery = n;
    }

    /** {@code ""}, or which values are null, for a description. */
    static String describeNulls(int nullEvery) {
        return switch (nullEvery) {
            case 0 -> "";
            case 1 -> ", values null";
            case 3 -> ", every third value null";
            default -> ", every " + nullEvery + "-th value null";
        };
    }

    /** The value of the next element: its id, or null for every {@code nullEvery}-th. */
    Long nextValue() {
        int n = handles.size();
        return nullEvery != 0 && n % nullEvery == 0 ? null : (long) n;
    }

    /** Names a handle just issued; a handle issued twice is a reuse, and the transcript says so. */
    String issued(long handle) {
        Integer old = ids.get(handle);
        ids.put(handle, handles.size());
        handles.add(handle);
        return old == null ? "#" + (handles.size() - 1) : "#" + (handles.size() - 1) + " REUSING #" + old;
    }

    /** {@code #id} of a handle this side issued, 0 for the null handle, else "?" (never equal across sides). */
    String nameOf(long handle) {
        Integer id = ids.get(handle);
        return id != null ? "#" + id : handle == 0 ? "0" : "?" + handle;
    }

    /** A handle picked by fraction: of the live ones in order, or of all ever issued (mostly stale), or 0. */
    long pick(double fraction, boolean live) {
        List<Long> pool = live ? liveHandles() : handles;
        if (pool.isEmpty()) {
            pool = handles;
        }
        return pool.isEmpty() ? 0L : pool.get((int) (fraction * pool.size()));
    }

    /** The live handles in delivery order. */
    abstract List<Long> liveHandles();

    /** One line that describes the whole observable state. */
    abstract String digest();

    /** The structure's {@code checkInvariants()}. */
    abstract void checkInvariants();

    /** Runs a call and records its result, or the type of what it threw; a handler's planned failure passes. */
    void call(String what, Supplier<Object> call) {
        Object result;
        try {
            result = call.get();
        } catch (HandlerFailure planned) {
            log(what + " -> handler failed");
            if (handlerDepth > 0) {
                throw planned;
            }
            return;
        } catch (RuntimeException e) {
            log(what + " -> " + e.getClass().getSimpleName());
            return;
        }
        log(what + " -> " + result);
    }

    /** Runs a handler's body, inside which a planned failure propagates. */
    void inHandler(Runnable body) {
        handlerDepth++;
        try {
            body.run();
        } finally {
            handlerDepth--;
        }
    }

    /** After each step: the structure's invariants, the user's check, then the state into the transcript. */
    void afterStep(String step) {
        try {
            checkInvariants();
        } catch (IllegalStateException e) {
            throw new AssertionError(name + " checkInvariants() failed after " + step + ": " + e.getMessage(), e);
        }
        extraCheck.run();
        log.add("  " + digest()); // the state goes into the transcript, not among the calls
    }

    /** {@code lo + fraction × (hi - lo)} rounded down, exactly; {@code lo} if {@code hi <= lo}. */
    static long between(long lo, long hi, double fraction) {
        if (hi <= lo) {
            return lo;
        }
        BigInteger span = BigInteger.valueOf(hi).subtract(BigInteger.valueOf(lo));
        BigInteger offset = new BigDecimal(span).multiply(BigDecimal.valueOf(fraction))
                .setScale(0, RoundingMode.FLOOR).toBigInteger();
        return BigInteger.valueOf(lo).add(offset).longValueExact();
    }

    /** {@code a + b} for {@code b >= 0}, saturating at {@link Long#MAX_VALUE}. */
    static long plus(long a, long b) {
        return Levels.saturatedAdd(a, b);
    }
}
