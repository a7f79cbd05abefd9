package io.github.radixwheel.alarms;

import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import io.github.radixwheel.core.internal.Checks;
import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;

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
 * timer keeps running.
 *
 * <p><b>Idle costs nothing.</b> The driving thread, a daemon named {@code radixwheel-keyed-timer-N},
 * parks until the next deadline or until an earlier arming arrives; it does not wake every tick.
 * {@link #close()} ends it promptly.
 *
 * <p><b>Implementation note.</b> One lock guards a {@link TimingWheel} whose alarms carry the
 * armings, and a fastutil {@code Object2LongOpenHashMap} from key to alarm handle, so handles are
 * never boxed. {@code move}, {@code remove} and re-{@code set} of an armed key cost one hash lookup
 * and O(1) wheel work and allocate nothing; arming a new key allocates one small entry. A single
 * lock was measured against the alternatives in {@code KeyedTimerBenchmark}; see the README.
 *
 * @param <K> the type of the keys; compared with {@code equals}/{@code hashCode}
 * @param <V> the type of the values; null values are allowed
 */
public final class KeyedTimer<K, V> implements AutoCloseable {
    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final long NOT_ARMED = TimingWheelQueue.NULL_HANDLE;

    /** One arming: the key, its value and its true deadline (the alarm may sit earlier, see add). */
    private static final class Armed<K, V> {
        final K key;
        V value;
        long deadline;

        Armed(K key, V value, long deadline) {
            this.key = key;
            this.value = value;
            this.deadline = deadline;
        }
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wakeup = lock.newCondition();
    private final TimingWheel<Armed<K, V>> wheel;
    private final Object2LongOpenHashMap<K> handles = new Object2LongOpenHashMap<>();
    private final AlarmConsumer<Armed<K, V>> collect = this::collect;
    private final BiConsumer<? super K, ? super V> onExpired;
    private final BiConsumer<? super K, ? super Throwable> onError;
    private final Executor executor;
    private final long tickNanos;
    private final Thread thread;

    /** Guarded by {@link #lock}. */
    private boolean closed;
    /** When the driving thread will wake unasked; {@code Long.MIN_VALUE} while it is awake. */
    private long wakeAt = Long.MIN_VALUE;
    /** Armings that expired during the current advance, or null. */
    private List<Armed<K, V>> expired;
    /** Armings whose alarm fired before their deadline during the current advance, or null. */
    private List<Armed<K, V>> notYetDue;

    private KeyedTimer(Builder<K, V> b, BiConsumer<? super K, ? super V> onExpired) {
        this.onExpired = onExpired;
        this.onError = b.onError != null ? b.onError : KeyedTimer::printError;
        this.executor = b.executor;
        this.tickNanos = b.tickNanos;
        this.wheel = new TimingWheel<>(new TimingWheelConfig(tickNanos, b.levelBits), b.manualClock ? 0 : System.nanoTime());
        handles.defaultReturnValue(NOT_ARMED);
        if (b.manualClock) {
            thread = null;
        } else {
            thread = new Thread(this::drive, "radixwheel-keyed-timer-" + THREADS.incrementAndGet());
            thread.setDaemon(true);
            thread.start();
        }
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
        lock.lock();
        try {
            requireOpen("set");
            long alarm = handles.getLong(key);
            if (alarm != NOT_ARMED) {
                wheel.alarmValue(alarm).value = value;
                rearm(alarm, deadline(t, delayNanos));
            } else {
                long deadline = deadline(t, delayNanos);
                long at = Math.min(deadline, wheel.maxAllowedAlarmTime());
                handles.put(key, wheel.add(at, new Armed<>(key, value, deadline)));
                wakeIfEarlier(at);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Gives an armed key a new deadline, keeping its value.
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
        lock.lock();
        try {
            requireOpen("move");
            long alarm = handles.getLong(key);
            if (alarm == NOT_ARMED) {
                return false;
            }
            rearm(alarm, deadline(t, delayNanos));
            return true;
        } finally {
            lock.unlock();
        }
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
        lock.lock();
        try {
            long alarm = handles.removeLong(key);
            return alarm != NOT_ARMED && wheel.remove(alarm);
        } finally {
            lock.unlock();
        }
    }

    /**
     * @param key the key
     * @return whether {@code key} is armed
     * @throws NullPointerException if {@code key} is null
     */
    public boolean containsKey(K key) {
        Checks.requireNonNull(key, "key");
        lock.lock();
        try {
            return handles.containsKey(key);
        } finally {
            lock.unlock();
        }
    }

    /** @return the number of armed keys */
    public int size() {
        lock.lock();
        try {
            return handles.size();
        } finally {
            lock.unlock();
        }
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
        List<Armed<K, V>> all = new ArrayList<>();
        lock.lock();
        try {
            wheel.forEach((alarm, at, armed) -> all.add(armed));
            wheel.clear();
            handles.clear();
        } finally {
            lock.unlock();
        }
        all.sort(Comparator.comparingLong(armed -> armed.deadline));
        Throwable first = null;
        for (Armed<K, V> armed : all) {
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
        List<Armed<K, V>> fired;
        lock.lock();
        try {
            requireOpen("advanceTo");
            advanceWheel(nanos);
            fired = expired;
            expired = null;
        } finally {
            lock.unlock();
        }
        dispatch(fired);
    }

    /**
     * Stops the driving thread and disarms every key without running callbacks. Idempotent. Later
     * {@code set}, {@code move} and {@code advanceTo} throw {@link IllegalStateException}.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            wheel.clear();
            handles.clear();
            wakeup.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        lock.lock();
        try {
            return "KeyedTimer[size=" + handles.size() + ", tick=" + tickNanos + "ns"
                    + (thread == null ? ", manual clock at " + wheel.now() : ", thread " + thread.getName())
                    + (closed ? ", closed]" : "]");
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- inside the lock

    private void requireOpen(String method) {
        if (closed) {
            throw Checks.state(method + " called on a closed KeyedTimer");
        }
    }

    /** The deadline of an arming made at {@code t}: never before the wheel's clock. */
    private long deadline(long t, long delayNanos) {
        long base = Math.max(t, wheel.now());
        return delayNanos <= 0 ? base : Checks.saturatedAdd(base, delayNanos);
    }

    /** Moves an armed key's alarm to a new deadline (or as near it as the wheel reaches). */
    private void rearm(long alarm, long deadline) {
        long at = Math.min(deadline, wheel.maxAllowedAlarmTime());
        wheel.alarmValue(alarm).deadline = deadline;
        wheel.reschedule(alarm, at);
        wakeIfEarlier(at);
    }

    private void wakeIfEarlier(long at) {
        if (thread != null) {
            long firesAt = Checks.saturatedAdd(wheel.intervalStart(at), tickNanos);
            if (firesAt < wakeAt) {
                wakeup.signal();
            }
        }
    }

    /** Advances the wheel to {@code to}, gathering what expired into {@link #expired}. */
    private void advanceWheel(long to) {
        wheel.advanceClock(to, collect);
        if (notYetDue == null) {
            return;
        }
        // Armings beyond the wheel's range when armed: expire them now if due, else re-arm once.
        List<Armed<K, V>> pending = notYetDue;
        notYetDue = null;
        long firstUnfired = wheel.intervalStart(wheel.now());
        for (Armed<K, V> armed : pending) {
            if (armed.deadline < firstUnfired) {
                expire(armed);
            } else {
                handles.put(armed.key, wheel.add(Math.min(armed.deadline, wheel.maxAllowedAlarmTime()), armed));
            }
        }
    }

    /** Handles one alarm that fired during an advance. */
    private void collect(long alarm, long at, Armed<K, V> armed) {
        if (armed.deadline > at) {
            if (notYetDue == null) {
                notYetDue = new ArrayList<>();
            }
            notYetDue.add(armed);
        } else {
            expire(armed);
        }
    }

    private void expire(Armed<K, V> armed) {
        handles.removeLong(armed.key);
        if (expired == null) {
            expired = new ArrayList<>();
        }
        expired.add(armed);
    }

    // ---------------------------------------------------------------- the driving thread

    private long clock() {
        return thread == null ? Long.MIN_VALUE : System.nanoTime();
    }

    private void drive() {
        while (true) {
            List<Armed<K, V>> fired;
            lock.lock();
            try {
                while (true) {
                    if (closed) {
                        return;
                    }
                    advanceWheel(System.nanoTime());
                    if (expired != null) {
                        fired = expired;
                        expired = null;
                        break;
                    }
                    park();
                }
            } finally {
                wakeAt = Long.MIN_VALUE;
                lock.unlock();
            }
            dispatch(fired);
        }
    }

    /** Waits, holding the lock between waits, until the next alarm is due or an arming signals. */
    private void park() {
        long firesAt = Long.MAX_VALUE;
        if (!wheel.isEmpty() && wheel.minAlarmIntervalNum() < wheel.intervalNum(Long.MAX_VALUE)) {
            firesAt = wheel.nextAlarmFiresAt();
        }
        wakeAt = firesAt;
        try {
            if (firesAt == Long.MAX_VALUE) {
                wakeup.await();
            } else {
                long wait = firesAt - System.nanoTime();
                if (wait > 0) {
                    wakeup.awaitNanos(wait);
                }
            }
        } catch (InterruptedException e) {
            // Only close() stops the timer; it signals, so an interrupt just means look again.
        } finally {
            wakeAt = Long.MIN_VALUE;
        }
    }

    // ---------------------------------------------------------------- outside the lock

    private void dispatch(List<Armed<K, V>> fired) {
        if (fired == null) {
            return;
        }
        if (executor == null) {
            runCallbacks(fired);
            return;
        }
        try {
            executor.execute(() -> runCallbacks(fired));
        } catch (RuntimeException rejected) {
            for (Armed<K, V> armed : fired) {
                report(armed.key, rejected);
            }
        }
    }

    private void runCallbacks(List<Armed<K, V>> fired) {
        for (Armed<K, V> armed : fired) {
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
            printError(key, inHandler);
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
