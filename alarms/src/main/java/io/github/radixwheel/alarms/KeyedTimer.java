package io.github.radixwheel.alarms;

import io.github.radixwheel.alarms.internal.DefaultThreads;
import io.github.radixwheel.alarms.internal.KeyedTimerAdvances;
import io.github.radixwheel.alarms.internal.KeyedTimerBatch;
import io.github.radixwheel.alarms.internal.KeyedTimerDispatch;
import io.github.radixwheel.alarms.internal.KeyedTimerHandOff;
import io.github.radixwheel.alarms.internal.KeyedTimerStripe;
import io.github.radixwheel.alarms.internal.KeyedTimerStripes;
import io.github.radixwheel.alarms.internal.TimerThread;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.internal.Checks;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/**
 * Timers identified by key, running in real time: connection keep-alive, cache expiry. Each key
 * has at most one pending arming; {@link #set} arms it, {@link #move} gives it a new deadline (a
 * heartbeat), {@link #remove} disarms it, and when its deadline has passed the key is disarmed and
 * handed to the {@code onExpired} callback.
 *
 * <p><b>Deadlines.</b> The timer has one clock for all keys, in nanoseconds: with its own thread,
 * the time elapsed since it was built, read from {@code System.nanoTime()} and only ever compared
 * by difference, so a negative or wrapping {@code nanoTime} changes nothing; with
 * {@link Builder#manualClock()}, a clock that starts at 0 and moves only through
 * {@link #advanceTo}. An arming made at clock {@code now} with delay {@code d} has the deadline
 * {@code now + d} ({@code now} if {@code d <= 0}), and expires when the clock reaches the start of a
 * tick after the deadline's tick. A delay too large to represent ({@code now + d} past
 * {@link Long#MAX_VALUE}) means never: such a key leaves only through {@code remove}, {@code drain}
 * or {@code close}.
 *
 * <p><b>Guarantees.</b> Each arming expires at most once and never before its deadline; with the
 * timer's own thread, at most about one tick plus scheduling latency after it. Expiries are
 * delivered in the order of their deadline's tick, across all keys, and within a tick in arming
 * order: exactly so for the calls of any one thread on the manual clock; in real time, in the order
 * of the clock readings of the arming calls (two calls that read the same nanosecond may swap).
 * With an executor of several threads, the batches of different advances may overlap.
 *
 * <p><b>No stale expiry.</b> An arming found expired stays armed until its callback is
 * <em>claimed</em>: on the thread that runs the callback (the executor's thread, if there is one),
 * immediately before calling it, and only if it is still the key's current arming. A {@code set},
 * {@code move} or {@code remove} made before the claim wins: the callback is skipped. After the
 * claim these calls say that they came too late: {@code set} returns {@code null} (it armed the key
 * anew), {@code move} and {@code remove} return {@code false}.
 *
 * <p><b>The manual clock.</b> {@link #advanceTo} is atomic with respect to every other method: a
 * concurrent call sees the clock and the expiries found either before it or after it, never some
 * keys advanced and others not. Without an executor its callbacks run on the calling thread, and
 * there they see the clock of the tick being fired (as {@link TimingWheel#advanceClock} does): an
 * arming they make with a deadline before the tick of the target fires later in the same call, in
 * its place. A nested {@code advanceTo} from a callback throws {@link IllegalStateException}. With
 * an executor, concurrent advances hand their batches to it in the order in which they found them,
 * and each returns only after the batches found before its own have been handed over; without
 * one, each runs the callbacks it found, side by side with the others. So with an executor that
 * waits for a batch to run, a callback that advances the clock waits for the advance that waits
 * for it: it must not (an {@code advanceTo} that does nothing, to a time not after the clock,
 * waits for nothing).
 *
 * <p><b>Threads.</b> Thread-safe: any thread may call any method, including from inside
 * {@code onExpired}. Callbacks run outside every internal lock. An exception from {@code onExpired}
 * goes to {@code onError} (by default printed to {@code System.err}) and the timer keeps running.
 * Each callback starts with its thread's interrupt cleared, and the thread that delivers a batch of
 * expiries (the timer's own, the caller of {@code advanceTo}, or the executor's) gets back the
 * interrupt status it had: an interrupt that a callback leaves reaches no other callback. A
 * key's {@code hashCode} and {@code equals} run under an internal lock, which is not reentrant: they
 * must not call the timer. A call that needs that lock, or every lock ({@code size}, {@code drain},
 * {@code close}, {@code advanceTo}), throws {@link IllegalStateException}, which may leave that
 * lock's keys unusable (thrown from inside their map); one that needs another key's lock can
 * deadlock. As for the keys of any hash map, they must also be consistent and must not throw: a
 * key whose {@code equals} throws as its expiry is claimed throws out of the delivery that claims
 * it ({@code advanceTo}'s, or the timer's own thread's, which then ends). A call's arguments are checked before the timer's state: a null key on a closed
 * timer throws {@link NullPointerException}.
 *
 * <p><b>Idle costs nothing.</b> The driving thread (by default a daemon of normal priority named
 * {@code radixwheel-keyed-timer-N}) parks until the next deadline or until an earlier arming
 * arrives; it does not wake every tick. {@link #close()} ends it promptly. Close every timer that
 * has its own thread: the thread keeps an unclosed timer, and every key in it, reachable.
 *
 * <p><b>Implementation note.</b> Keys are spread by hash over independently locked stripes (see
 * {@link Builder#stripes}); each holds a {@link TimingWheel} and a fastutil map from key to a dense
 * id, with the armings in primitive arrays. {@code set}, {@code move}, {@code remove}, {@code get}
 * and {@code containsKey} cost one hash lookup and O(1) wheel work under one stripe's lock, and
 * allocate nothing once the stripe's arrays have grown to the number of keys. A later deadline,
 * the usual heartbeat, does not touch the wheel: the key's alarm stays where it was and is re-armed
 * once when it fires early. {@code size}, {@code drain}, {@code close} and each advance take every
 * stripe's lock, in a fixed order; {@code size} is exact. An advance that finds expiries allocates
 * one batch for them.
 *
 * @param <K> the type of the keys; compared with {@code equals}/{@code hashCode}
 * @param <V> the type of the values; null values are allowed
 */
public final class KeyedTimer<K, V> implements AutoCloseable {
    private static final AtomicInteger THREADS = new AtomicInteger();
    /** The deadline of an arming that never expires. */
    private static final long NEVER = Long.MAX_VALUE;
    /** What {@link #move} finds for a key that is not armed (alarm times are never negative). */
    private static final long NOT_ARMED = Long.MIN_VALUE;

    private final KeyedTimerStripes<K, V> stripes;
    private final long tickNanos;
    private final KeyedTimerDispatch<K, V> dispatch;
    /** The driving thread; null on the manual clock. */
    private final TimerThread driver;
    private final LongSupplier nanoTime;
    /** {@code nanoTime} when built: the real-time clock is the time elapsed since. */
    private final long origin;
    /** Manual clock: the arming order, one number per {@code set} or {@code move}. */
    private final AtomicLong armings = new AtomicLong();
    /** Manual clock: the {@code advanceTo} calls of this timer delivering callbacks. */
    private final KeyedTimerAdvances advances = new KeyedTimerAdvances();
    /** Manual clock with an executor: the order in which advances hand their batches over. */
    private final KeyedTimerHandOff handOff = new KeyedTimerHandOff();

    private volatile boolean closed;

    private KeyedTimer(Builder<K, V> b, BiConsumer<? super K, ? super V> onExpired) {
        this.tickNanos = b.tickNanos;
        this.dispatch = new KeyedTimerDispatch<>(onExpired, b.onError, b.executor);
        this.stripes = new KeyedTimerStripes<>(b.stripes > 0 ? b.stripes : defaultStripes(), tickNanos, b.levelBits,
                dispatch);
        this.nanoTime = b.nanoTime;
        if (b.manualClock) {
            this.origin = 0;
            this.driver = null;
        } else {
            this.origin = nanoTime.getAsLong();
            this.driver = new TimerThread(new Driven(), this::elapsedNanos, b.threadFactory != null ? b.threadFactory
                    : r -> DefaultThreads.make(r, "radixwheel-keyed-timer-" + THREADS.incrementAndGet(), true));
            driver.start(); // last: the thread may read every field
        }
    }

    /** Twice the processors, rounded up to a power of two, at most 64. */
    private static int defaultStripes() {
        int wanted = Math.min(64, 2 * Runtime.getRuntime().availableProcessors());
        return Integer.highestOneBit(wanted - 1) << 1;
    }

    /**
     * A builder whose key and value types are those of the first {@code onError} handler or of the
     * {@code onExpired} callback: {@code KeyedTimer.builder().build((Integer id, Conn c) -> c.close())}
     * makes a {@code KeyedTimer<Integer, Conn>}.
     *
     * @param <K> the type of the keys
     * @param <V> the type of the values
     * @return a builder with a 1 ms tick, {@link LevelBits#DEFAULT}, callbacks on the timer's
     *     thread, and errors printed to {@code System.err}
     */
    public static <K, V> Builder<K, V> builder() {
        return new Builder<>();
    }

    /**
     * Arms {@code key}, or re-arms it, replacing its value and deadline. Allocates nothing once the
     * key's stripe has room for it.
     *
     * @param key the key
     * @param value the value handed to {@code onExpired}, possibly null
     * @param delay how long from now until the key expires; {@code <= 0} expires at the next tick;
     *     too large to represent: never
     * @return the value of the arming this replaced, if that arming was still pending (it will now
     *     never expire); else {@code null}, which includes a key whose expiry was already claimed
     * @throws NullPointerException if {@code key} or {@code delay} is null
     * @throws IllegalStateException if the timer is closed
     */
    public V set(K key, V value, Duration delay) {
        Checks.requireNonNull(key, "key");
        long delayNanos = delayNanos(Checks.requireNonNull(delay, "delay"));
        KeyedTimerStripe<K, V> s = stripes.of(key);
        KeyedTimerBatch<K, V> advance = inlineAdvance();
        long t = armingTime(advance);
        V replaced;
        long at;
        s.lock.lock();
        try {
            requireOpen("set");
            long order = armingOrder(t);
            long deadline = deadline(advance != null ? t : Math.max(t, s.now()), delayNanos);
            int id = s.idOf(key);
            replaced = id < 0 ? null : s.value(id);
            if (advance != null && isDueIn(advance, s, deadline)) {
                s.armInBatch(id, key, value, deadline, order, advance);
                at = KeyedTimerStripe.UNCHANGED;
            } else {
                at = id < 0 ? s.arm(key, value, deadline, order) : s.replace(id, value, deadline, order);
            }
        } finally {
            s.lock.unlock();
        }
        wakeIfEarlier(at);
        return replaced;
    }

    /**
     * Gives an armed key a new deadline, keeping its value. Allocates nothing; a deadline later
     * than the key's alarm (the usual heartbeat) only stores it.
     *
     * @param key the key
     * @param delay how long from now until the key expires; {@code <= 0} expires at the next tick;
     *     too large to represent: never
     * @return true if the key was armed; false if not, including when its expiry has already been
     *     claimed (nothing changes)
     * @throws NullPointerException if {@code key} or {@code delay} is null
     * @throws IllegalStateException if the timer is closed
     */
    public boolean move(K key, Duration delay) {
        Checks.requireNonNull(key, "key");
        long delayNanos = delayNanos(Checks.requireNonNull(delay, "delay"));
        KeyedTimerStripe<K, V> s = stripes.of(key);
        KeyedTimerBatch<K, V> advance = inlineAdvance();
        long t = armingTime(advance);
        long at;
        s.lock.lock();
        try {
            requireOpen("move");
            int id = s.idOf(key);
            if (id < 0) {
                at = NOT_ARMED;
            } else {
                long order = armingOrder(t);
                long deadline = deadline(advance != null ? t : Math.max(t, s.now()), delayNanos);
                if (advance != null && isDueIn(advance, s, deadline)) {
                    s.armInBatch(id, key, s.value(id), deadline, order, advance);
                    at = KeyedTimerStripe.UNCHANGED;
                } else {
                    at = s.move(id, deadline, order);
                }
            }
        } finally {
            s.lock.unlock();
        }
        if (at == NOT_ARMED) {
            return false;
        }
        wakeIfEarlier(at);
        return true;
    }

    /**
     * Disarms {@code key}. Allocates nothing.
     *
     * @param key the key
     * @return true if it was armed; false if not, including when its expiry has already been
     *     claimed
     * @throws NullPointerException if {@code key} is null
     */
    public boolean remove(K key) {
        Checks.requireNonNull(key, "key");
        return stripes.of(key).withLock(key, 0, (s, k, unused) -> s.remove(k));
    }

    /**
     * Returns the value of a key's pending arming: one hash lookup under the key's stripe lock.
     *
     * @param key the key
     * @return the value of {@code key}'s pending arming, or {@code null} if it is not armed (or
     *     its value is null)
     * @throws NullPointerException if {@code key} is null
     */
    public V get(K key) {
        Checks.requireNonNull(key, "key");
        return stripes.of(key).withLock(key, 0, (s, k, unused) -> s.get(k));
    }

    /**
     * Tells whether a key is armed: one hash lookup under the key's stripe lock.
     *
     * @param key the key
     * @return whether {@code key} is armed (an expiry found but not yet claimed is still armed)
     * @throws NullPointerException if {@code key} is null
     */
    public boolean containsKey(K key) {
        Checks.requireNonNull(key, "key");
        return stripes.of(key).withLock(key, 0, (s, k, unused) -> s.containsKey(k));
    }

    /**
     * {@return the number of armed keys, exact: counted under every stripe's lock, O(stripes)}
     */
    public int size() {
        return stripes.withAllLocks(stripes::size);
    }

    /**
     * Disarms every key at once and then runs {@code action} on each, on the calling thread, in
     * deadline order. If {@code action} throws (an exception or an error), the remaining keys are
     * still handed over, and the first throwable is rethrown at the end with any later ones
     * suppressed.
     *
     * @param action receives each key and value
     * @throws NullPointerException if {@code action} is null
     */
    public void drain(BiConsumer<? super K, ? super V> action) {
        Checks.requireNonNull(action, "action");
        stripes.withAllLocks(stripes::drain).handOver(action);
    }

    /**
     * Manual clock only: moves the clock (which starts at 0) to {@code nanos} and fires every key
     * whose deadline lies before the start of the tick that contains {@code nanos}, in tick order
     * and within a tick in arming order; callbacks run on the calling thread, or on the configured
     * executor. Does nothing if {@code nanos} is not after the clock. Finding the expiries is
     * atomic; see the class documentation for callbacks that re-arm keys. With an executor, returns
     * once its batch, and that of every advance that found its expiries before it, has been handed
     * over (so it may wait for a concurrent advance's {@code execute}).
     *
     * @param nanos the new time
     * @throws IllegalStateException if the timer has its own thread, is closed, or if called from
     *     a callback of an {@code advanceTo} of this timer in progress on this thread
     */
    public void advanceTo(long nanos) {
        if (driver != null) {
            throw Checks.state("advanceTo needs a timer built with manualClock(); this one runs its own thread");
        }
        if (advances.onThisThread()) {
            throw Checks.state("advanceTo(" + nanos + ") called from a callback of advanceTo on the same timer");
        }
        Found<K, V> found = stripes.withAllLocks(() -> {
            requireOpen("advanceTo");
            if (nanos <= stripes.now()) {
                return null; // nothing to do, so no turn to wait for (a callback's call must not wait)
            }
            KeyedTimerBatch<K, V> batch = stripes.collect(nanos);
            return new Found<>(dispatch.isInline() ? 0 : handOff.nextTurn(), batch);
        });
        if (found == null) {
            return;
        }
        if (dispatch.isInline()) {
            deliver(found.batch); // concurrent advances deliver side by side, each on its own thread
        } else {
            handOff.inTurn(found.turn, () -> deliver(found.batch));
        }
    }

    /** What an advance found, and its turn to hand it to the executor (0 if callbacks run inline). */
    private record Found<K, V>(long turn, KeyedTimerBatch<K, V> batch) {
    }

    private void deliver(KeyedTimerBatch<K, V> batch) {
        if (batch != null) {
            advances.deliver(batch, dispatch);
        }
    }

    /**
     * Stops the driving thread and disarms every key without running callbacks. Idempotent. Later
     * {@code set}, {@code move} and {@code advanceTo} throw {@link IllegalStateException}.
     *
     * <p>Does not wait for callbacks: a thread that is delivering expiries may still finish the
     * callback it has begun after this returns; every claim after this one fails.
     */
    @Override
    public void close() {
        stripes.withAllLocks(() -> {
            closed = true;
            stripes.clear();
            return null;
        });
        if (driver != null) {
            driver.wake();
        }
    }

    /**
     * Test support: checks every stripe's invariants and that they share one clock.
     *
     * @throws IllegalStateException naming the first violation found
     */
    void checkInvariants() {
        stripes.withAllLocks(() -> {
            stripes.checkInvariants();
            return null;
        });
    }

    @Override
    public String toString() {
        return stripes.withAllLocks(() -> "KeyedTimer[size=" + stripes.size() + ", tick=" + tickNanos + "ns, stripes="
                + stripes.count() + (driver == null ? ", manual clock at " + stripes.now() : ", thread "
                + driver.thread().getName()) + (closed ? ", closed]" : "]"));
    }

    // ---------------------------------------------------------------- clocks

    private void requireOpen(String method) {
        if (closed) {
            throw Checks.state(method + " called on a closed KeyedTimer");
        }
    }

    /** On the manual clock, the batch this thread is delivering inline for this timer, or null. */
    private KeyedTimerBatch<K, V> inlineAdvance() {
        return driver == null ? advances.inlineOnThisThread() : null;
    }

    /**
     * The time an arming is made at, before the stripe's clock is consulted: the real-time clock;
     * inside an inline advance, the clock of the tick being fired; else 0 (the stripe's clock wins).
     */
    private long armingTime(KeyedTimerBatch<K, V> advance) {
        return driver != null ? elapsedNanos() : advance != null ? advance.callbackTime() : 0;
    }

    /**
     * The arming order of a {@code set} or {@code move} made at time {@code t}: in real time the
     * clock reading; on the manual clock the next number of one counter. The caller holds the key's
     * stripe lock, where the arming takes effect, so that arming order agrees with the order in
     * which armings take effect: one that replaced another thread's arming comes after it, and
     * after every arming that the other thread made before.
     */
    private long armingOrder(long t) {
        return driver != null ? t : armings.incrementAndGet();
    }

    /** The real-time clock: nanoseconds since the timer was built. */
    long elapsedNanos() {
        return nanoTime.getAsLong() - origin;
    }

    /** The deadline of an arming made at {@code base} (not negative) with the given delay. */
    static long deadline(long base, long delayNanos) {
        if (delayNanos <= 0) {
            return base;
        }
        long deadline = base + delayNanos;
        return deadline < 0 ? NEVER : deadline;
    }

    /** {@code d} in nanoseconds; 0 if negative, {@link Long#MAX_VALUE} if too large for a long. */
    static long delayNanos(Duration d) {
        long seconds = d.getSeconds();
        if (seconds < 0) {
            return 0;
        }
        if (seconds > (Long.MAX_VALUE - d.getNano()) / 1_000_000_000L) {
            return Long.MAX_VALUE;
        }
        return seconds * 1_000_000_000L + d.getNano();
    }

    /** Whether an arming made by a callback of {@code advance} falls due within that advance. */
    private static boolean isDueIn(KeyedTimerBatch<?, ?> advance, KeyedTimerStripe<?, ?> s, long deadline) {
        // The second test only matters if another thread advanced the clock meanwhile.
        return deadline < advance.dueBefore || s.isPast(deadline);
    }

    // ---------------------------------------------------------------- the driving thread

    private void wakeIfEarlier(long at) {
        if (driver != null && at != KeyedTimerStripe.UNCHANGED) {
            // An alarm fires at the end of its tick.
            driver.wakeIfEarlier(Checks.saturatedAdd(at - at % tickNanos, tickNanos));
        }
    }

    /** What the driving thread sees of the timer. */
    private final class Driven implements TimerThread.Driven {
        @Override
        public boolean runDue(long now) {
            KeyedTimerBatch<K, V> batch = stripes.withAllLocks(() -> closed ? null : stripes.collect(now));
            if (batch == null) {
                return false;
            }
            dispatch.dispatch(batch);
            return true;
        }

        @Override
        public long nextDueTime(long now) {
            return stripes.nextFireTime(); // armings happen under the stripes' locks: the look saw them all
        }

        @Override
        public boolean isFinished() {
            return closed;
        }
    }

    /**
     * Configures a {@link KeyedTimer}. Not thread-safe; each {@link #build} makes a new timer.
     *
     * @param <K> the type of the keys
     * @param <V> the type of the values
     */
    public static final class Builder<K, V> {
        private static final Duration MAX_TICK = Duration.ofNanos(Long.MAX_VALUE);

        private long tickNanos = 1_000_000L;
        private LevelBits levelBits = LevelBits.DEFAULT;
        private Executor executor;
        private boolean manualClock;
        private BiConsumer<? super K, ? super Throwable> onError;
        private int stripes;
        private ThreadFactory threadFactory;
        private LongSupplier nanoTime = System::nanoTime;

        private Builder() {}

        /**
         * Sets the tick.
         *
         * @param tick the precision of deadlines and the period of the driving thread; default 1 ms
         * @return this builder
         * @throws NullPointerException if {@code tick} is null
         * @throws IllegalArgumentException if {@code tick} is shorter than 1 ns or longer than
         *     {@link Long#MAX_VALUE} ns
         */
        public Builder<K, V> tick(Duration tick) {
            Checks.requireNonNull(tick, "tick");
            if (tick.isNegative() || tick.isZero() || tick.compareTo(MAX_TICK) > 0) {
                throw Checks.argument("tick: " + tick + " (expected: 1.." + Long.MAX_VALUE + " ns)");
            }
            this.tickNanos = tick.toNanos();
            return this;
        }

        /**
         * Sets the levels of each stripe's wheel.
         *
         * @param levelBits the levels of the wheel beneath; default {@link LevelBits#DEFAULT}
         * @return this builder
         * @throws NullPointerException if {@code levelBits} is null
         */
        public Builder<K, V> levelBits(LevelBits levelBits) {
            this.levelBits = Checks.requireNonNull(levelBits, "levelBits");
            return this;
        }

        /**
         * Sets where expiry callbacks run.
         *
         * @param executor where expiry callbacks run, one batch of expiries per task; default the
         *     timer's own thread (or the thread calling {@code advanceTo}). If it refuses a batch
         *     (throws from {@code execute}), each key of the batch whose arming it still holds is
         *     disarmed and reported to {@code onError} with that exception, and the timer keeps
         *     running; a key armed again meanwhile keeps its new arming
         * @return this builder
         * @throws NullPointerException if {@code executor} is null
         */
        public Builder<K, V> executor(Executor executor) {
            this.executor = Checks.requireNonNull(executor, "executor");
            return this;
        }

        /**
         * Sets the factory of the driving thread.
         *
         * @param threadFactory makes the driving thread (its name, daemon status, or a virtual
         *     thread); default a daemon thread of normal priority named
         *     {@code radixwheel-keyed-timer-N}. Not used with {@link #manualClock()}
         * @return this builder
         * @throws NullPointerException if {@code threadFactory} is null
         */
        public Builder<K, V> threadFactory(ThreadFactory threadFactory) {
            this.threadFactory = Checks.requireNonNull(threadFactory, "threadFactory");
            return this;
        }

        /**
         * Sets the number of stripes.
         *
         * @param stripes how many independently locked parts the keys are spread over, a power of
         *     two; more stripes let more threads arm keys at once, each costs a wheel (about 60 KB
         *     with the default level bits). Default: twice the processors, rounded up to a power of
         *     two, at most 64
         * @return this builder
         * @throws IllegalArgumentException if {@code stripes} is not a power of two in [1, 1024]
         */
        public Builder<K, V> stripes(int stripes) {
            if (stripes < 1 || stripes > 1024 || Integer.bitCount(stripes) != 1) {
                throw Checks.argument("stripes: " + stripes + " (expected: a power of two in 1..1024)");
            }
            this.stripes = stripes;
            return this;
        }

        /**
         * No thread: time starts at 0 and moves only through {@link KeyedTimer#advanceTo}.
         *
         * @return this builder
         */
        public Builder<K, V> manualClock() {
            this.manualClock = true;
            return this;
        }

        /**
         * Sets the receiver of the exceptions thrown by expiry callbacks.
         *
         * @param <K1> the type of the keys, narrowed to what {@code onError} accepts
         * @param onError receives each exception thrown by {@code onExpired} (or by the executor
         *     refusing a batch), with its key; default prints to {@code System.err}. What
         *     {@code onError} itself throws is printed to {@code System.err}, and the timer keeps
         *     running
         * @return this builder
         * @throws NullPointerException if {@code onError} is null
         */
        public <K1 extends K> Builder<K1, V> onError(BiConsumer<? super K1, ? super Throwable> onError) {
            Checks.requireNonNull(onError, "onError");
            @SuppressWarnings("unchecked")
            Builder<K1, V> self = (Builder<K1, V>) this;
            self.onError = onError;
            return self;
        }

        /** Test support: the source of {@code System.nanoTime()} readings of the driving thread's clock. */
        Builder<K, V> nanoTime(LongSupplier nanoTime) {
            this.nanoTime = Checks.requireNonNull(nanoTime, "nanoTime");
            return this;
        }

        /**
         * Builds the timer and, unless the clock is manual, starts its driving thread.
         *
         * @param <K1> the type of the keys, as {@code onExpired} accepts them
         * @param <V1> the type of the values, as {@code onExpired} accepts them
         * @param onExpired receives each key that expires, with its value
         * @return a new timer; unless {@link #manualClock()} was chosen, its thread is running
         * @throws NullPointerException if {@code onExpired} is null, or the thread factory returns
         *     null
         * @throws IllegalArgumentException if a level of the level bits has more than 24 bits, or the
         *     thread factory returns a thread already started
         */
        public <K1 extends K, V1 extends V> KeyedTimer<K1, V1> build(BiConsumer<? super K1, ? super V1> onExpired) {
            Checks.requireNonNull(onExpired, "onExpired");
            @SuppressWarnings("unchecked")
            Builder<K1, V1> self = (Builder<K1, V1>) this;
            return new KeyedTimer<>(self, onExpired);
        }
    }
}
