package io.github.radixwheel.benchmarks;

import com.github.benmanes.caffeine.cache.CaffeineTimerWheelAdapter;
import io.github.radixwheel.benchmarks.peers.AgronaAdapter;
import io.github.radixwheel.benchmarks.peers.DelayQueueAdapter;
import io.github.radixwheel.benchmarks.peers.IndexedHeapAdapter;
import io.github.radixwheel.benchmarks.peers.PriorityQueueAdapter;
import io.github.radixwheel.benchmarks.peers.RadixWheelAdapter;
import io.github.radixwheel.benchmarks.peers.TimerAdapter;
import org.apache.kafka.server.util.timer.KafkaTimingWheelAdapter;

/**
 * The virtual-clock implementations of the peer suite, in the order the reports list them. The
 * {@link #param()} names are the values of the benchmarks' {@code impl} parameter.
 *
 * <p>What each lacks is stated here once, and both the benchmarks (which refuse an impossible
 * combination in their set-up) and {@link Report} (which marks its cell "n/a") read it from
 * here; see {@link Workload#whyNot}.
 *
 * <p><b>Configurations</b>, chosen once for every workload and size:
 * <ul>
 *   <li>radixwheel: {@code TimingWheel}, precision 1, start 0, {@code LevelBits.DEFAULT}.
 *   <li>Agrona: tick resolution 1 (exact), {@link #agronaSpokes(int) N / 16 spokes} (at least 64,
 *       at most 2^16) of initially 32 deadlines each: a wheel sized for N, about 16 timers per
 *       spoke when deadlines span at least as many ticks as there are spokes.
 *   <li>Kafka: tick 1, 20 buckets per level ({@code SystemTimer}'s defaults), overflow wheels as
 *       Kafka adds them.
 *   <li>Caffeine: one time unit = 2^30 ns, a level-0 bucket, so firing is exact. Caffeine's
 *       levels end at 2^48 ns = 2^18 units; later deadlines share its single overflow bucket,
 *       which is re-sorted as the clock moves. With the suite's 2^20-unit horizon (churn,
 *       cancel-all, the dense sets) about three quarters of the timers start there, as they
 *       would in a cache whose entries expire 3 to 13 days ahead.
 *   <li>Netty is thread-driven and measured apart ({@link NettyBenchmark}, {@link EndToEnd}).
 *   <li>DelayQueue, PriorityQueue, fastutil: initial capacity N.
 * </ul>
 */
public enum Impl {
    /** radixwheel's {@code TimingWheel}. */
    RADIXWHEEL("radixwheel", true, true, false),
    /** Agrona's {@code DeadlineTimerWheel}. */
    AGRONA("Agrona", false, false, false),
    /** Kafka's hierarchical {@code TimingWheel}. */
    KAFKA("Kafka", true, false, false),
    /** Caffeine's {@code TimerWheel}. */
    CAFFEINE("Caffeine", true, false, false),
    /** {@code java.util.concurrent.DelayQueue}. */
    DELAY_QUEUE("DelayQueue", false, true, true),
    /** {@code java.util.PriorityQueue}. */
    PRIORITY_QUEUE("PriorityQueue", false, true, true),
    /** fastutil's indexed binary heap. */
    FASTUTIL("fastutil", true, true, false);

    /** Every {@code impl} parameter value, in report order; the benchmarks' {@code @Param} lists the same. */
    public static final String ALL = "radixwheel,Agrona,Kafka,Caffeine,DelayQueue,PriorityQueue,fastutil";

    /** Agrona's initial deadlines per spoke. */
    public static final int AGRONA_TICK_ALLOCATION = 32;
    /** Kafka's buckets per wheel level. */
    public static final int KAFKA_WHEEL_SIZE = 20;
    /** Caffeine's time unit, as a power of two of nanoseconds. */
    public static final int CAFFEINE_UNIT_SHIFT = 30;

    private final String param;
    private final boolean reschedule;
    private final boolean nextExpiry;
    private final boolean linearCancel;

    Impl(String param, boolean reschedule, boolean nextExpiry, boolean linearCancel) {
        this.param = param;
        this.reschedule = reschedule;
        this.nextExpiry = nextExpiry;
        this.linearCancel = linearCancel;
    }

    /** @return the name used as the {@code impl} parameter and as the report's column header */
    public String param() {
        return param;
    }

    /** @return whether the peer moves a pending timer natively (else: cancel + schedule anew) */
    public boolean hasReschedule() {
        return reschedule;
    }

    /** @return whether the peer answers "when is the earliest deadline?" exactly */
    public boolean hasNextExpiry() {
        return nextExpiry;
    }

    /** @return whether cancelling an arbitrary timer is a linear scan ({@code remove(Object)}) */
    public boolean hasLinearCancel() {
        return linearCancel;
    }

    /**
     * @param param an {@code impl} parameter value
     * @return the implementation it names
     * @throws IllegalArgumentException if it names none
     */
    public static Impl of(String param) {
        for (Impl impl : values()) {
            if (impl.param.equals(param)) {
                return impl;
            }
        }
        throw new IllegalArgumentException("unknown impl: " + param + " (expected one of " + ALL + ")");
    }

    /**
     * @param size the number of timers the workload keeps
     * @return Agrona's spokes for it: {@code size / 16} rounded up to a power of two, in {@code [64, 2^16]}
     */
    public static int agronaSpokes(int size) {
        int wanted = Math.max(64, Math.min(1 << 16, Math.max(1, size / 16)));
        return Integer.highestOneBit(wanted - 1) << 1;
    }

    /**
     * @param size the most timers the workload keeps pending at once
     * @param listener receives each fired timer
     * @return a new adapter, configured as the class doc says
     */
    public TimerAdapter create(int size, TimerAdapter.Listener listener) {
        switch (this) {
            case RADIXWHEEL:
                return new RadixWheelAdapter(listener);
            case AGRONA:
                return new AgronaAdapter(1, agronaSpokes(size), AGRONA_TICK_ALLOCATION, listener);
            case KAFKA:
                return new KafkaTimingWheelAdapter(KAFKA_WHEEL_SIZE, size, listener);
            case CAFFEINE:
                return new CaffeineTimerWheelAdapter(CAFFEINE_UNIT_SHIFT, size, listener);
            case DELAY_QUEUE:
                return new DelayQueueAdapter(size, listener);
            case PRIORITY_QUEUE:
                return new PriorityQueueAdapter(size, listener);
            case FASTUTIL:
                return new IndexedHeapAdapter(size, listener);
            default:
                throw new AssertionError(this);
        }
    }
}
