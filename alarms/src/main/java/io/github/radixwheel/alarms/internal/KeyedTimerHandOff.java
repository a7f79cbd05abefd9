package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.alarms.KeyedTimer;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Puts the {@link KeyedTimer#advanceTo} calls of a manual-clock timer with an executor in one
 * line: each hands its batch to the executor after every advance found before it has handed over
 * its own, and returns only then. So the executor receives the batches in the order of their
 * ticks, and when {@code advanceTo} returns, every expiry due before its target has been handed
 * over, whichever concurrent advance found it.
 *
 * <p>An advance finds its expiries holding every stripe's lock, and takes its turn there, so turns
 * follow the order in which advances found their expiries. Waiting happens after those locks are
 * released: only a thread whose hand-off is slow (an executor that blocks in {@code execute}, or
 * one that runs tasks on the calling thread) makes the next advance wait.
 */
public final class KeyedTimerHandOff {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition turnEnded = lock.newCondition();
    /** Turns given out; written holding every stripe's lock. */
    private long given;
    /** The last turn that has ended; guarded by {@link #lock}. */
    private long ended;

    /** {@return the next turn} The caller holds every stripe's lock. */
    public long nextTurn() {
        return ++given;
    }

    /**
     * Waits until every earlier turn has ended, runs {@code handOver}, then ends turn {@code turn},
     * even if {@code handOver} throws. Interrupts do not stop the wait (a turn left unended would
     * stop every later advance); the interrupt status is kept.
     */
    public void inTurn(long turn, Runnable handOver) {
        lock.lock();
        try {
            while (ended != turn - 1) {
                turnEnded.awaitUninterruptibly();
            }
        } finally {
            lock.unlock();
        }
        try {
            handOver.run();
        } finally {
            lock.lock();
            try {
                ended = turn;
                turnEnded.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
