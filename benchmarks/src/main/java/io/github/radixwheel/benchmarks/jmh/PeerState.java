package io.github.radixwheel.benchmarks.jmh;

import io.github.radixwheel.benchmarks.peers.Impl;
import io.github.radixwheel.benchmarks.peers.TimerAdapter;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What every peer-suite benchmark shares: the {@code impl} and {@code size} parameters, the
 * adapter, and the checks.
 *
 * <p>Inputs are {@value #INPUTS}-long primitive arrays read with {@code i & MASK}, so that the
 * measured loop does no random-number generation; at N = 2^20 every timer can still be picked.
 * A subclass's {@code @Setup(Level.Trial)} calls {@link #start(Workload)} first, which refuses a
 * combination that {@link Workload#whyNot} rules out by throwing.
 *
 * <p><b>Payloads.</b> Timer index {@code i} is scheduled with {@code payloads[i]} ({@link Payload},
 * made up front). The adapter's listener is {@link #onFired}, which reads each fired timer's
 * payload as a user's callback would, counts the firings (the workloads whose clock stays still
 * check that there are none) and sums their payloads' indices (fire-all checks the sum); the
 * workloads that need more from a firing extend it.
 */
@State(Scope.Thread)
public abstract class PeerState {
    /** The length of the input arrays; a power of two. */
    public static final int INPUTS = 1 << 20;
    /** {@code INPUTS - 1}. */
    public static final int MASK = INPUTS - 1;
    /** Deadlines of the dense sets (cancel-all, churn, next-expiry "dense") are uniform in [1, HORIZON]. */
    public static final long HORIZON = 1L << 20;

    /** The implementation, an {@link Impl#param()}. */
    @Param({"radixwheel", "Agrona", "Kafka", "Caffeine", "DelayQueue", "PriorityQueue", "fastutil", "BinaryHeap", "4-aryHeap"})
    public String impl;

    /** N, the number of timers; a power of two. */
    @Param({"1024", "16384", "131072", "1048576"})
    public int size;

    /** The adapter under test; built by {@link #start}. */
    TimerAdapter adapter;
    /** Timer index {@code i}'s payload; made by {@link #start}. */
    Payload[] payloads;
    /** The timers fired since the set-up, as the listener saw them. */
    long fired;
    /** The sum of the fired timers' payload indices. */
    long firedPayloadSum;
    /** The payload of the timer fired last. */
    Payload lastFired;

    /**
     * Checks the parameters and builds the adapter, with room for N timers, and N payloads.
     *
     * @param workload the workload about to be set up
     * @throws UnsupportedOperationException if {@code impl} cannot run it honestly at {@code size}
     * @throws IllegalArgumentException if {@code impl} is unknown or {@code size} is not a power of two
     */
    final void start(Workload workload) {
        if (size <= 0 || Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("size: " + size + " (expected: a power of two)");
        }
        Impl which = Impl.of(impl);
        workload.requireSupported(which, size);
        payloads = Payload.pool(size);
        adapter = which.create(size, this::onFired);
    }

    /**
     * The adapter's listener: one fired timer. Its payload is read as a user's callback reads it;
     * anything but a {@link Payload} (null included) fails the benchmark.
     *
     * @param id the fired timer's id
     * @param payload its payload
     */
    void onFired(long id, Object payload) {
        Payload p = (Payload) payload;
        fired++;
        firedPayloadSum += p.timer;
        lastFired = p;
    }

    /**
     * @param what what was counted
     * @param actual the count
     * @param expected what it must be
     * @throws IllegalStateException if they differ
     */
    final void expect(String what, long actual, long expected) {
        if (actual != expected) {
            throw new IllegalStateException(impl + " at N = " + size + ": " + what + " " + actual
                    + ", expected " + expected);
        }
    }
}
