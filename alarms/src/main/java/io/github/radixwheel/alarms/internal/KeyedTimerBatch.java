package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.alarms.KeyedTimer;
import io.github.radixwheel.alarms.TimingWheel;
import it.unimi.dsi.fastutil.ints.IntHeapPriorityQueue;
import java.util.Arrays;

/**
 * The armings that one advance of a {@link KeyedTimer} found due, delivered in firing order: by
 * the tick of their deadline, then by arming order, then by stripe and id (a tie only in real
 * time, between armings whose calls read the same clock value).
 *
 * <p>Found armings stay armed until {@link #deliverNext} claims each one, on the thread that runs
 * its callback, immediately before calling it (see {@link KeyedTimerStripe#claim}). A batch runs
 * on one thread at a time: the advancing thread, or an executor's thread to which it was handed
 * as a {@link Runnable}. While the advancing thread delivers it inline on the manual clock,
 * callbacks that re-arm a key with a deadline before {@link #dueBefore} {@link #add} to it; the
 * heap puts them in their place.
 */
public final class KeyedTimerBatch<K, V> implements Runnable {
    private static final int[] NONE = {};
    private static final long[] NO_TIMES = {};
    private static final Object[] NO_KEYS = {};

    private final KeyedTimerStripe<K, V>[] stripes;
    private final KeyedTimerDispatch<K, V> dispatch;
    private final long tickNanos;
    /** The clock before the advance. */
    private final long from;
    /** The start of the tick that the advance reached: due armings have deadlines before it. */
    public final long dueBefore;

    private int size;
    private int[] stripeOf = NONE;
    private int[] ids = NONE;
    private int[] generations = NONE;
    private long[] ticks = NO_TIMES;
    private long[] orders = NO_TIMES;
    private Object[] keys = NO_KEYS;
    /** Indices of the armings not yet delivered, in firing order; see {@link #queue()}. */
    private IntHeapPriorityQueue queue;
    /** The tick of the arming being delivered. */
    private long currentTick;

    public KeyedTimerBatch(KeyedTimerStripe<K, V>[] stripes, KeyedTimerDispatch<K, V> dispatch, long tickNanos,
            long from, long dueBefore) {
        this.stripes = stripes;
        this.dispatch = dispatch;
        this.tickNanos = tickNanos;
        this.from = from;
        this.dueBefore = dueBefore;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Adds found arming {@code (stripe, id, generation)}; the caller holds that stripe's lock. */
    public void add(int stripe, int id, int generation, long deadline, long order, Object key) {
        if (size == ids.length) {
            grow();
        }
        int i = size++;
        stripeOf[i] = stripe;
        ids[i] = id;
        generations[i] = generation;
        ticks[i] = deadline / tickNanos;
        orders[i] = order;
        keys[i] = key;
        if (queue != null) {
            queue.enqueue(i);
        }
    }

    /**
     * The clock that callbacks see while the arming being delivered fires: the start of its tick,
     * or the clock before the advance if that is later, as in {@link TimingWheel#advanceClock}.
     */
    public long callbackTime() {
        return Math.max(from, currentTick * tickNanos);
    }

    /**
     * Claims and delivers every arming in order; found armings that were superseded are skipped.
     * Each callback starts with the interrupt cleared, as a task of its own on a pool's worker
     * would, so that an interrupt that one leaves (a caught {@code InterruptedException} restored)
     * reaches no other; the thread then gets back the interrupt status it had.
     */
    @Override
    public void run() {
        boolean interrupted = Thread.interrupted();
        try {
            do {
                Thread.interrupted(); // what the last callback left
            } while (deliverNext());
        } finally {
            Thread.interrupted();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Claims the next arming in firing order and, if it was still current, runs its callback.
     *
     * @return false if none was left
     */
    public boolean deliverNext() {
        IntHeapPriorityQueue pending = queue();
        if (pending.isEmpty()) {
            return false;
        }
        int i = pending.dequeueInt();
        currentTick = ticks[i];
        Object value = claim(i);
        if (value != KeyedTimerStripe.STALE) {
            dispatch.deliver(key(i), value(value));
        }
        return true;
    }

    /**
     * The executor refused this batch: claims every arming and reports each that was still
     * current to {@code onError}, with {@code rejection}.
     */
    public void reject(Throwable rejection) {
        IntHeapPriorityQueue pending = queue();
        while (!pending.isEmpty()) {
            int i = pending.dequeueInt();
            if (claim(i) != KeyedTimerStripe.STALE) {
                dispatch.report(key(i), rejection);
            }
        }
    }

    private Object claim(int i) {
        return stripes[stripeOf[i]].withLock(this, i, KeyedTimerBatch::claim);
    }

    private static <K, V> Object claim(KeyedTimerStripe<K, V> stripe, KeyedTimerBatch<K, V> batch, long i) {
        return stripe.claim(batch.ids[(int) i], batch.generations[(int) i]);
    }

    @SuppressWarnings("unchecked")
    private K key(int i) {
        return (K) keys[i];
    }

    @SuppressWarnings("unchecked")
    private V value(Object value) {
        return (V) value;
    }

    /** The armings not yet delivered, in firing order; made on first use, after the advance. */
    private IntHeapPriorityQueue queue() {
        if (queue == null) {
            int[] indices = new int[Math.max(size, 1)];
            Arrays.setAll(indices, i -> i);
            queue = new IntHeapPriorityQueue(indices, size, this::compare);
        }
        return queue;
    }

    private int compare(int a, int b) {
        int c = Long.compare(ticks[a], ticks[b]);
        if (c == 0) {
            c = Long.compare(orders[a], orders[b]);
        }
        if (c == 0) {
            c = Integer.compare(stripeOf[a], stripeOf[b]);
        }
        return c != 0 ? c : Integer.compare(ids[a], ids[b]);
    }

    private void grow() {
        int n = Math.max(8, 2 * ids.length);
        stripeOf = Arrays.copyOf(stripeOf, n);
        ids = Arrays.copyOf(ids, n);
        generations = Arrays.copyOf(generations, n);
        ticks = Arrays.copyOf(ticks, n);
        orders = Arrays.copyOf(orders, n);
        keys = Arrays.copyOf(keys, n);
    }
}
