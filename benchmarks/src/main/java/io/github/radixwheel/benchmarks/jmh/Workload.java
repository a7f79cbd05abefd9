package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.benchmarks.peers.Impl;

/**
 * The workloads of the peer suite, each named by its JMH benchmark ({@code Class.method}), with the
 * unit its table cell shows and the combinations that cannot be run honestly.
 *
 * <p>{@link #whyNot} is the one place that says which implementation cannot run which workload:
 * each benchmark's set-up calls {@link #requireSupported}, which throws (JMH reports the failure
 * and moves on, so no number is produced), and the report prints the same reason in the cell.
 */
public enum Workload {
    /** 1. Schedule N timers, then cancel all of them; ns per timer. */
    CANCEL_ALL("CancelAllBenchmark.cancelAll", "1. schedule N, cancel all", Unit.TIMER),
    /** 2. Cancel a random timer, schedule a new one, at N live; ns per (cancel + schedule). */
    CHURN("ChurnBenchmark.churn", "2. churn at N live", Unit.OPERATION),
    /**
     * 2b. The same with the clock moving: cancel a random timer unless it has fired, schedule one at
     * now + T, a tick every K operations; ns per operation.
     */
    CHURN_MOVING_CLOCK("ChurnMovingClockBenchmark.churn", "2b. churn with a moving clock", Unit.OPERATION),
    /** 3. Schedule N random deadlines, advance until all have fired; ns per timer. */
    FIRE_ALL("FireAllBenchmark.fireAll", "3. fire-all", Unit.TIMER),
    /** 4. Move one timer to now + T per heartbeat, a tick every K heartbeats; ns per heartbeat. */
    KEEP_ALIVE("KeepAliveBenchmark.heartbeat", "4. keep-alive reschedule", Unit.OPERATION),
    /** 5. The simulator's step: take the next event, schedule its successor; ns per event. */
    HOLD("HoldBenchmark.hold", "5. hold model (simulator step)", Unit.OPERATION),
    /** 6a. The next-expiry query on an unchanged set. */
    NEXT_EXPIRY("NextExpiryBenchmark.query", "6. next-expiry query", Unit.OPERATION),
    /** 6b. Cancel the earliest timer, query, schedule it again: a query no cache can answer. */
    NEXT_EXPIRY_AFTER_CANCEL("NextExpiryBenchmark.cancelFirstQueryReschedule",
            "6. cancel first, query, re-schedule", Unit.OPERATION);

    /** What one reported nanosecond figure is per. */
    public enum Unit {
        /** The primary score: ns per benchmark invocation. */
        OPERATION("op"),
        /**
         * The secondary score {@value #TIMER_METRIC} (a JMH aux counter): ns per timer
         * scheduled, cancelled or fired, because one invocation handles a number of timers that
         * depends on N (or, for the hold model, on ties).
         */
        TIMER("timer");

        private final String per;

        Unit(String per) {
            this.per = per;
        }

        /** @return "op" or "timer", as in "ns/timer" */
        public String per() {
            return per;
        }
    }

    /** The name of {@link TimerCounter}'s secondary result in JMH's output: its field's name. */
    public static final String TIMER_METRIC = "timers";

    /**
     * Above this N, cancel-all is skipped for peers whose cancel is a linear scan: N cancels of
     * about N/2 comparisons each take minutes per invocation at N = 2^20.
     */
    public static final int LINEAR_CANCEL_ALL_LIMIT = 1 << 16;

    private final String benchmark;
    private final String label;
    private final Unit unit;

    Workload(String benchmark, String label, Unit unit) {
        this.benchmark = benchmark;
        this.label = label;
        this.unit = unit;
    }

    /** @return the JMH benchmark, {@code SimpleClassName.method} */
    public String benchmark() {
        return benchmark;
    }

    /** @return the label the report shows */
    public String label() {
        return label;
    }

    /** @return what the reported time is per */
    public Unit unit() {
        return unit;
    }

    /**
     * @param benchmark a JMH benchmark name, fully qualified or {@code SimpleClassName.method}
     * @return the workload it measures, or null if it is not one of these
     */
    public static Workload ofBenchmark(String benchmark) {
        for (Workload w : values()) {
            if (benchmark.equals(w.benchmark) || benchmark.endsWith("." + w.benchmark)) {
                return w;
            }
        }
        return null;
    }

    /**
     * @param impl an implementation
     * @param size the number of timers
     * @return null if {@code impl} can run this workload at {@code size}; otherwise the short
     *     reason the report prints in the cell, e.g. "n/a (peer lacks next-expiry query)"
     */
    public String whyNot(Impl impl, int size) {
        switch (this) {
            case HOLD:
            case NEXT_EXPIRY:
            case NEXT_EXPIRY_AFTER_CANCEL:
                return impl.hasNextExpiry() ? null : "n/a (peer lacks next-expiry query)";
            case CANCEL_ALL:
                return impl.hasLinearCancel() && size > LINEAR_CANCEL_ALL_LIMIT
                        ? "skipped (O(N) cancel: N²/2 scans)" : null;
            default:
                return null;
        }
    }

    /**
     * Refuses a combination that cannot be measured honestly.
     *
     * @param impl an implementation
     * @param size the number of timers
     * @throws UnsupportedOperationException if {@link #whyNot} gives a reason; the message explains it
     */
    public void requireSupported(Impl impl, int size) {
        String why = whyNot(impl, size);
        if (why == null) {
            return;
        }
        String detail;
        if (!impl.hasNextExpiry() && why.startsWith("n/a")) {
            detail = impl.param() + " has no exact next-expiry query (see its adapter's javadoc),"
                    + " and emulating one would misrepresent its cost";
        } else {
            detail = impl.param() + " cancels with remove(Object), a linear scan: cancelling all "
                    + size + " timers takes about N²/2 = " + ((long) size * size / 2)
                    + " comparisons per invocation (minutes); it is measured up to N = " + LINEAR_CANCEL_ALL_LIMIT;
        }
        throw new UnsupportedOperationException(label + " with " + impl.param() + " at N = " + size + ": "
                + why + ". " + detail + ".");
    }
}
