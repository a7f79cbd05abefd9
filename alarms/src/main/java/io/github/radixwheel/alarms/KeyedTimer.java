package io.github.radixwheel.alarms;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.internal.Checks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Timers identified by key, running in real time: connection keep-alive, cache expiry. Each key
 * has at most one deadline; {@link #set} arms it, {@link #move} moves its deadline (a heartbeat),
 * {@link #remove} disarms it, and when its deadline passes the key is disarmed and handed to the
 * {@code onExpired} callback.
 *
 * <p><b>Guarantees.</b> Each arming of a key expires at most once and never before its deadline
 * ({@code now + delay} when armed). With the timer's own thread it expires at the first tick
 * boundary after its deadline's tick ends, so at most about one tick plus scheduling latency late.
 * A delay {@code <= 0} expires at the next tick. With {@link Builder#manualClock()} time moves
 * only through {@link #advanceTo}, which fires exactly as {@link TimingWheel#advanceClock} does.
 *
 * <p><b>Threads.</b> Thread-safe: any thread may call any method, including from inside
 * {@code onExpired}. Callbacks run outside every internal lock, on the timer's thread (or the
 * thread calling {@code advanceTo}), or on the configured {@link Executor}. An exception from
 * {@code onExpired} goes to {@code onError} (by default printed to {@code System.err}) and the
 * timer keeps running. A key's {@code hashCode} and {@code equals} run under a stripe lock, which
 * is not reentrant: they must not call the timer (such a call throws
 * {@link IllegalStateException}).
 *
 * <p><b>Idle costs nothing.</b> The driving thread, a daemon named {@code radixwheel-keyed-timer-N},
 * parks until the next deadline or until an earlier arming arrives; it does not wake every tick.
 * {@link #close()} ends it promptly. Close every timer that has its own thread: the thread keeps
 * an unclosed timer, and every key in it, reachable.
 *
 * <p><b>Implementation note.</b> Keys are spread by hash over independently locked stripes (see
 * {@link Builder#stripes}); each holds a {@link TimingWheel} whose alarms carry the armings and a
 * fastutil {@code Object2LongOpenHashMap} from key to alarm handle, so handles are never boxed.
 * {@code move}, {@code remove} and re-{@code set} of an armed key cost one hash lookup and O(1)
 * wheel work under one stripe's lock and allocate nothing; arming a new key allocates one small
 * entry. A later deadline, the usual heartbeat, does not touch the wheel at all: the key's alarm
 * stays where it was, and when it fires early the driving thread re-arms it once for the latest
 * deadline (so a key that beats every second with a 30 s timeout costs the thread one re-arm per
 * 30 s, not 30 wheel moves). The driving thread advances each stripe in turn.
 *
 * <p><b>Why stripes and not a command queue.</b> In {@code KeyedTimerBenchmark} (10^6 keys, two
 * threads on one timer) a single lock gave about half the one-thread throughput; stripes whose
 * lock blocks at once gave 1.05 M heartbeats/s; stripes that spin briefly before blocking (the
 * critical sections are a few hundred nanoseconds, a park costs microseconds) gave 1.97 M/s, near
 * two independent timers' 2.5 M/s. Batching commands through a queue was not chosen, because
 * {@code move} and {@code remove} must answer whether the key was armed. The stripe lock is a
 * {@link StripeLock}, whose release has no fence, so that a heartbeat does not wait for its own
 * deadline store to reach the cache.
 *
 * @param <K> the type of the keys; compared with {@code equals}/{@code hashCode}
 * @param <V> the type of the values; null values are allowed
 */
public final class KeyedTimer<K, V> implements AutoCloseable {
    private static final AtomicInteger THREADS = new AtomicInteger();

    private final KeyedTimerStripe<K, V>[] stripes;
    private final int stripeMask;
    private final BiConsumer<? super K, ? super V> onExpired;
    private final BiConsumer<? super K, ? super Throwable> onError;
    private final Executor executor;
    private final long tickNanos;
    private final Thread thread;

    private volatile boolean closed;
    /**
     * When the parked driving thread will wake unasked; {@code Long.MIN_VALUE} while it looks at
     * the stripes or runs callbacks (see {@link #drive}).
     */
    private volatile long wakeAt = Long.MIN_VALUE;
    /** The earliest alarm time armed since the driving thread began its current look. */
    private final AtomicLong earliestArmed = new AtomicLong(Long.MAX_VALUE);

    @SuppressWarnings("unchecked")
    private KeyedTimer(Builder<K, V> b, BiConsumer<? super K, ? super V> onExpired) {
        this.onExpired = onExpired;
        this.onError = b.onError != null ? b.onError : KeyedTimer::printError;
        this.executor = b.executor;
        this.tickNanos = b.tickNanos;
        long start = b.manualClock ? 0 : System.nanoTime();
        int count = b.stripes > 0 ? b.stripes : defaultStripes();
        this.stripes = (KeyedTimerStripe<K, V>[]) new KeyedTimerStripe<?, ?>[count];
        for (int i = 0; i < count; i++) {
            stripes[i] = new KeyedTimerStripe<>(tickNanos, b.levelBits, start);
        }
        this.stripeMask = count - 1;
        if (b.manualClock) {
            thread = null;
        } else {
            thread = new Thread(this::drive, "radixwheel-keyed-timer-" + THREADS.incrementAndGet());
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Twice the processors, rounded up to a power of two, at most 64. */
    private static int defaultStripes() {
        int wanted = Math.min(64, 2 * Runtime.getRuntime().availableProcessors());
        return Integer.highestOneBit(wanted - 1) << 1;
    }

    /**
     * @param <K> the type of the keys
     * @param <V> the type of the values
     * @return a builder with a 1 ms tick, {@link LevelBits#DEFAULT}, callbacks on the timer's
     *     thread, and errors printed to {@code System.err}
     */
    public static <K, V> Builder<K, V> builder() {
        return new Builder<>();
    }

    private KeyedTimerStripe<K, V> stripe(Object key) {
        int h = key.hashCode();
        return stripes[(h ^ (h >>> 16)) & stripeMask];
    }

    /**
     * Arms {@code key}, or re-arms it, replacing its value and deadline.
     *
     * @param key the key
     * @param value the value handed to {@code onExpired}, possibly null
     * @param delay how long from now until the key expires; {@code <= 0} expires at the next tick
     * @throws NullPointerException if {@code key} or {@code delay} is null
     * @throws IllegalStateException if the timer is closed
     */
    public void set(K key, V value, Duration delay) {
        Checks.requireNonNull(key, "key");
        long delayNanos = nanos(Checks.requireNonNull(delay, "delay"));
        long t = clock();
        KeyedTimerStripe<K, V> s = stripe(key);
        long at;
        s.lock.lock();
        try {
            requireOpen("set");
            at = s.set(key, value, t, delayNanos);
        } finally {
            s.lock.unlock();
        }
        wakeIfEarlier(s, at);
    }

    /**
     * Gives an armed key a new deadline, keeping its value. Allocates nothing.
     *
     * @param key the key
     * @param delay how long from now until the key expires; {@code <= 0} expires at the next tick
     * @return true if the key was armed, false if not (nothing changes)
     * @throws NullPointerException if {@code key} or {@code delay} is null
     * @throws IllegalStateException if the timer is closed
     */
    public boolean move(K key, Duration delay) {
        Checks.requireNonNull(key, "key");
        long delayNanos = nanos(Checks.requireNonNull(delay, "delay"));
        long t = clock();
        KeyedTimerStripe<K, V> s = stripe(key);
        long at;
        s.lock.lock();
        try {
            requireOpen("move");
            at = s.move(key, t, delayNanos);
        } finally {
            s.lock.unlock();
        }
        if (at == KeyedTimerStripe.NOT_ARMED) {
            return false;
        }
        wakeIfEarlier(s, at);
        return true;
    }

    /**
     * Disarms {@code key}.
     *
     * @param key the key
     * @return true if it was armed
     * @throws NullPointerException if {@code key} is null
     */
    public boolean remove(K key) {
        Checks.requireNonNull(key, "key");
        KeyedTimerStripe<K, V> s = stripe(key);
        s.lock.lock();
        try {
            return s.remove(key);
        } finally {
            s.lock.unlock();
        }
    }

    /**
     * @param key the key
     * @return whether {@code key} is armed
     * @throws NullPointerException if {@code key} is null
     */
    public boolean containsKey(K key) {
        Checks.requireNonNull(key, "key");
        KeyedTimerStripe<K, V> s = stripe(key);
        s.lock.lock();
        try {
            return s.containsKey(key);
        } finally {
            s.lock.unlock();
        }
    }

    /** @return the number of armed keys (a sum over the stripes, each read under its lock) */
    public int size() {
        int size = 0;
        for (KeyedTimerStripe<K, V> s : stripes) {
            s.lock.lock();
            try {
                size += s.size();
            } finally {
                s.lock.unlock();
            }
        }
        return size;
    }

    /**
     * Disarms every key and runs {@code action} on each, on the calling thread, in deadline order.
     * If {@code action} throws (an exception or an error), the remaining keys are still handed over,
     * and the first throwable is rethrown at the end with any later ones suppressed.
     *
     * @param action receives each key and value
     * @throws NullPointerException if {@code action} is null
     */
    public void drain(BiConsumer<? super K, ? super V> action) {
        Checks.requireNonNull(action, "action");
        List<KeyedTimerStripe.Armed<K, V>> all = new ArrayList<>();
        forEachStripe(s -> s.drainInto(all));
        all.sort(Comparator.comparingLong(armed -> armed.deadline));
        Throwable first = null;
        for (KeyedTimerStripe.Armed<K, V> armed : all) {
            try {
                action.accept(armed.key, armed.value);
            } catch (Throwable t) {
                if (first == null) {
                    first = t;
                } else {
                    first.addSuppressed(t);
                }
            }
        }
        if (first instanceof RuntimeException) {
            throw (RuntimeException) first;
        }
        if (first instanceof Error) {
            throw (Error) first;
        }
    }

    /**
     * Manual clock only: moves the clock (which starts at 0) to {@code nanos} and fires, on the
     * calling thread (or the configured executor), every key whose deadline lies before the start of
     * the tick that contains {@code nanos}. Does nothing if {@code nanos} is not after the clock.
     *
     * @param nanos the new time
     * @throws IllegalStateException if the timer has its own thread, or is closed
     */
    public void advanceTo(long nanos) {
        if (thread != null) {
            throw Checks.state("advanceTo needs a timer built with manualClock(); this one runs its own thread");
        }
        requireOpen("advanceTo");
        dispatch(advanceAll(nanos));
    }

    /**
     * Stops the driving thread and disarms every key without running callbacks. Idempotent. Later
     * {@code set}, {@code move} and {@code advanceTo} throw {@link IllegalStateException}.
     *
     * <p>Does not wait for callbacks: a thread that is delivering expiries (the timer's, an
     * {@code Executor}'s, or an {@code advanceTo} caller's) may still finish the callback it has
     * begun, or is just beginning, after this returns; it skips the rest of its batch.
     */
    @Override
    public void close() {
        closed = true;
        forEachStripe(KeyedTimerStripe::clear);
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    /**
     * Test support: checks every stripe's invariants (see {@link KeyedTimerStripe#checkInvariants}).
     *
     * @throws IllegalStateException naming the first violation found
     */
    void checkInvariants() {
        forEachStripe(KeyedTimerStripe::checkInvariants);
    }

    /** Runs {@code action} on each stripe in turn, under that stripe's lock. */
    private void forEachStripe(Consumer<KeyedTimerStripe<K, V>> action) {
        for (KeyedTimerStripe<K, V> s : stripes) {
            s.lock.lock();
            try {
                action.accept(s);
            } finally {
                s.lock.unlock();
            }
        }
    }

    @Override
    public String toString() {
        return "KeyedTimer[size=" + size() + ", tick=" + tickNanos + "ns, stripes=" + stripes.length
                + (thread == null ? ", manual clock at " + stripes[0].now() : ", thread " + thread.getName())
                + (closed ? ", closed]" : "]");
    }

    private void requireOpen(String method) {
        if (closed) {
            throw Checks.state(method + " called on a closed KeyedTimer");
        }
    }

    // ---------------------------------------------------------------- the driving thread

    private long clock() {
        return thread == null ? Long.MIN_VALUE : System.nanoTime();
    }

    /**
     * Called after arming an alarm at {@code at}: leaves a hint for a driving thread that is looking
     * at the stripes, and wakes a parked one if the alarm fires before it planned to wake.
     */
    private void wakeIfEarlier(KeyedTimerStripe<K, V> s, long at) {
        if (thread == null) {
            return;
        }
        long h;
        while (at < (h = earliestArmed.get()) && !earliestArmed.compareAndSet(h, at)) {
            // lost a race with another arming; retry against its value
        }
        long planned = wakeAt;
        // An alarm fires after its own time, so only one before the planned wake needs a look.
        if (at < planned && s.fireTime(at) < planned) {
            LockSupport.unpark(thread);
        }
    }

    private List<KeyedTimerStripe.Armed<K, V>> advanceAll(long to) {
        List<KeyedTimerStripe.Armed<K, V>> fired = null;
        for (KeyedTimerStripe<K, V> s : stripes) {
            s.lock.lock();
            try {
                fired = s.advance(to, fired);
            } finally {
                s.lock.unlock();
            }
        }
        return fired;
    }

    /**
     * Advances every stripe to the time now, runs what expired, and parks until the earliest
     * deadline. While it looks at the stripes or runs callbacks, {@code wakeAt} is
     * {@code MIN_VALUE}, so armings do not unpark it (under a stream of armings that would keep it
     * spinning); they lower {@link #earliestArmed} instead, which it reads after publishing the
     * wake time: an arming its look missed is either in that hint or sees the published wake time
     * and unparks it (an unpark before the park is remembered).
     */
    private void drive() {
        while (!closed) {
            // A callback may have left the interrupt flag set: parks would return at once, and the
            // next callbacks would start interrupted. close() unparks, it never interrupts.
            Thread.interrupted();
            wakeAt = Long.MIN_VALUE;
            earliestArmed.set(Long.MAX_VALUE);
            List<KeyedTimerStripe.Armed<K, V>> fired = advanceAll(System.nanoTime());
            if (fired != null) {
                dispatch(fired);
                continue;
            }
            long next = Long.MAX_VALUE;
            for (KeyedTimerStripe<K, V> s : stripes) {
                s.lock.lock();
                try {
                    next = Math.min(next, s.nextFireTime());
                } finally {
                    s.lock.unlock();
                }
            }
            wakeAt = next;
            long armed = earliestArmed.get();
            if (armed != Long.MAX_VALUE && stripes[0].fireTime(armed) < next) {
                continue; // armed during the look, maybe after its stripe was read
            }
            if (closed) {
                return;
            }
            if (next == Long.MAX_VALUE) {
                LockSupport.park(this);
            } else {
                long wait = waitNanos(next, System.nanoTime());
                if (wait > 0) {
                    LockSupport.parkNanos(this, wait);
                }
            }
        }
    }

    /**
     * Nanoseconds from {@code now} until {@code next}, 0 if none, saturating: {@code nanoTime} may
     * be negative, and a far deadline minus a negative now would overflow into a busy loop.
     */
    static long waitNanos(long next, long now) {
        if (next <= now) {
            return 0;
        }
        long wait = next - now;
        return wait > 0 ? wait : Long.MAX_VALUE;
    }

    // ---------------------------------------------------------------- outside the locks

    private void dispatch(List<KeyedTimerStripe.Armed<K, V>> fired) {
        if (fired == null) {
            return;
        }
        if (executor == null) {
            runCallbacks(fired);
            return;
        }
        try {
            executor.execute(() -> runCallbacks(fired));
        } catch (Throwable rejected) {
            // A RejectedExecutionException, or an Error such as "unable to create native thread":
            // report every key rather than let it end the driving thread.
            for (KeyedTimerStripe.Armed<K, V> armed : fired) {
                report(armed.key, rejected);
            }
        }
    }

    private void runCallbacks(List<KeyedTimerStripe.Armed<K, V>> fired) {
        for (KeyedTimerStripe.Armed<K, V> armed : fired) {
            if (closed) {
                return; // close() disarmed these too
            }
            try {
                onExpired.accept(armed.key, armed.value);
            } catch (Throwable t) {
                report(armed.key, t);
            }
        }
    }

    private void report(K key, Throwable t) {
        try {
            onError.accept(key, t);
        } catch (Throwable inHandler) {
            try {
                printError(key, inHandler);
            } catch (Throwable unprintable) {
                // e.g. the key's toString() throws: a failure to report must not end the thread
            }
        }
    }

    private static void printError(Object key, Throwable t) {
        System.err.println("KeyedTimer: onExpired failed for key " + key);
        t.printStackTrace();
    }

    private static long nanos(Duration d) {
        if (d.getSeconds() >= Long.MAX_VALUE / 1_000_000_000L) {
            return Long.MAX_VALUE;
        }
        if (d.getSeconds() <= Long.MIN_VALUE / 1_000_000_000L + 1) {
            return Long.MIN_VALUE;
        }
        return d.toNanos();
    }

    /**
     * Configures a {@link KeyedTimer}. Not thread-safe; each {@link #build} makes a new timer.
     *
     * @param <K> the type of the keys
     * @param <V> the type of the values
     */
    public static final class Builder<K, V> {
        private long tickNanos = 1_000_000L;
        private LevelBits levelBits = LevelBits.DEFAULT;
        private Executor executor;
        private boolean manualClock;
        private BiConsumer<? super K, ? super Throwable> onError;
        private int stripes;

        private Builder() {}

        /**
         * @param tick the precision of deadlines and the period of the driving thread; default 1 ms
         * @return this builder
         * @throws NullPointerException if {@code tick} is null
         * @throws IllegalArgumentException if {@code tick} is shorter than 1 ns
         */
        public Builder<K, V> tick(Duration tick) {
            Checks.requireNonNull(tick, "tick");
            long nanos = nanos(tick);
            if (nanos <= 0) {
                throw Checks.argument("tick: " + tick + " (expected: at least 1 ns)");
            }
            this.tickNanos = nanos;
            return this;
        }

        /**
         * @param levelBits the levels of the wheel beneath; default {@link LevelBits#DEFAULT}
         * @return this builder
         * @throws NullPointerException if {@code levelBits} is null
         */
        public Builder<K, V> levelBits(LevelBits levelBits) {
            this.levelBits = Checks.requireNonNull(levelBits, "levelBits");
            return this;
        }

        /**
         * @param executor where expiry callbacks run; default the timer's own thread (or the
         *     thread calling {@code advanceTo})
         * @return this builder
         * @throws NullPointerException if {@code executor} is null
         */
        public Builder<K, V> executor(Executor executor) {
            this.executor = Checks.requireNonNull(executor, "executor");
            return this;
        }

        /**
         * @param stripes how many independently locked parts the keys are spread over, a power of
         *     two; more stripes let more threads arm keys at once, each costs a wheel (about 140 KB
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
         * @param onError receives each exception thrown by {@code onExpired}, with its key; default
         *     prints to {@code System.err}
         * @return this builder
         * @throws NullPointerException if {@code onError} is null
         */
        public Builder<K, V> onError(BiConsumer<? super K, ? super Throwable> onError) {
            this.onError = Checks.requireNonNull(onError, "onError");
            return this;
        }

        /**
         * @param onExpired receives each key that expires, with its value
         * @return a new timer; unless {@link #manualClock()} was chosen, its thread is running
         * @throws NullPointerException if {@code onExpired} is null
         * @throws IllegalArgumentException if a level of the level bits has more than 24 bits
         */
        public KeyedTimer<K, V> build(BiConsumer<? super K, ? super V> onExpired) {
            return new KeyedTimer<>(this, Checks.requireNonNull(onExpired, "onExpired"));
        }
    }
}
