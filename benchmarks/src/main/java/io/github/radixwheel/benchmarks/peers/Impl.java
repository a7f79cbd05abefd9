package io.github.radixwheel.benchmarks.peers;

import com.github.benmanes.caffeine.cache.CaffeineTimerWheelAdapter;
import org.apache.kafka.server.util.timer.KafkaTimingWheelAdapter;

/**
 * The timer implementations of the peer suite, in the order the tables list them; {@link #param()}
 * is the value of the benchmarks' {@code impl} parameter. What each lacks is said here once: the
 * benchmarks refuse an impossible combination in their set-up, and the report prints "n/a".
 *
 * <p><b>Configurations</b>, the same for every workload and size N:
 * <ul>
 *   <li>radixwheel: {@code TimingWheel}, precision 1, start 0, {@code LevelBits.DEFAULT}.
 *   <li>Agrona: tick resolution 1 (exact), {@link #agronaSpokes(int) N / 16 spokes} (at least 64,
 *       at most 2^16) of initially 32 deadlines each: about 16 timers per spoke when deadlines
 *       span at least as many ticks as there are spokes.
 *   <li>Kafka: tick 1, 20 buckets per level ({@code SystemTimer}'s defaults), overflow wheels as
 *       Kafka adds them.
 *   <li>Caffeine: one time unit = 2^30 ns, a level-0 bucket, so firing is exact. Caffeine's levels
 *       end at 2^48 ns = 2^18 units; later deadlines share its overflow bucket, which is re-sorted
 *       as the clock moves (with a 2^20-unit horizon about three quarters of the timers start
 *       there, as in a cache whose entries expire 3 to 13 days ahead).
 *   <li>The heaps and queues: capacity N.
 * </ul>
 *
 * <p><b>Payloads.</b> Every timer carries a payload object, stored where the peer's users store
 * theirs: radixwheel's alarm values; an Agrona {@code Long2ObjectHashMap} by timer id beside
 * Agrona's wheel; a field of Kafka's task, Caffeine's node value and the JDK queues' elements; an
 * {@code Object[]} by id beside the indexed heaps. Each adapter's javadoc says how it clears them.
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
    FASTUTIL("fastutil", true, true, false),
    /** A hand-written indexed binary heap ({@link DaryHeap}). */
    BINARY_HEAP("BinaryHeap", true, true, false),
    /** A hand-written indexed 4-ary heap ({@link DaryHeap}). */
    FOUR_ARY_HEAP("4-aryHeap", true, true, false);

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

    /** @return the name used as the {@code impl} parameter and as the tables' column header */
    public String param() {
        return param;
    }

    /** @return whether the peer moves a pending timer natively (else: cancel and schedule anew) */
    public boolean hasReschedule() {
        return reschedule;
    }

    /** @return whether the peer answers "when is the earliest deadline?" exactly, and so can take the next timer */
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
        StringBuilder names = new StringBuilder();
        for (Impl impl : values()) {
            if (impl.param.equals(param)) {
                return impl;
            }
            names.append(names.length() == 0 ? "" : ", ").append(impl.param);
        }
        throw new IllegalArgumentException("impl: " + param + " (expected: one of " + names + ")");
    }

    /**
     * @param size the number of timers the workload keeps
     * @return Agrona's spokes for it: {@code size / 16} rounded up to a power of two, in {@code [64, 2^16]}
     */
    public static int agronaSpokes(int size) {
        int wanted = Math.max(64, Math.min(1 << 16, size / 16));
        return Integer.highestOneBit(wanted - 1) << 1;
    }

    /**
     * @param capacity the most timers the workload keeps pending at once
     * @param listener receives each fired timer and its payload
     * @return a new adapter, configured as the class doc says
     */
    public TimerAdapter create(int capacity, TimerListener listener) {
        switch (this) {
            case RADIXWHEEL:
                return new RadixWheelAdapter(listener);
            case AGRONA:
                return new AgronaAdapter(1, agronaSpokes(capacity), AGRONA_TICK_ALLOCATION, capacity, listener);
            case KAFKA:
                return new KafkaTimingWheelAdapter(KAFKA_WHEEL_SIZE, capacity, listener);
            case CAFFEINE:
                return new CaffeineTimerWheelAdapter(CAFFEINE_UNIT_SHIFT, capacity, listener);
            case DELAY_QUEUE:
                return new DelayQueueAdapter(capacity, listener);
            case PRIORITY_QUEUE:
                return new PriorityQueueAdapter(capacity, listener);
            case FASTUTIL:
                return new IndexedQueueTimerAdapter(new FastutilHeap(capacity), capacity, listener);
            case BINARY_HEAP:
                return new IndexedQueueTimerAdapter(new DaryHeap(capacity, 2), capacity, listener);
            default:
                return new IndexedQueueTimerAdapter(new DaryHeap(capacity, 4), capacity, listener);
        }
    }
}
