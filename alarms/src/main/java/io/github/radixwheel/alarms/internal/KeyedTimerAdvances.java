package io.github.radixwheel.alarms.internal;

import io.github.radixwheel.alarms.KeyedTimer;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@link KeyedTimer#advanceTo} calls of one manual-clock timer that are delivering their
 * expiries, so that a call made from one of their callbacks can tell: a nested {@code advanceTo}
 * is refused, and an arming made by a callback that runs inline joins the batch being delivered.
 *
 * <p>Each thread keeps a stack of the advances it is delivering (one per timer, unless a callback
 * of one timer advances another). Arming calls look at it only while some advance of the timer is
 * delivering, which a counter tells them without a thread-local lookup.
 */
public final class KeyedTimerAdvances {
    /** One advance delivering on a thread. */
    private static final class Frame {
        public final KeyedTimerAdvances owner;
        /** The batch, if its callbacks run on this thread; null if they go to an executor. */
        public final KeyedTimerBatch<?, ?> inline;
        public final Frame outer;

        Frame(KeyedTimerAdvances owner, KeyedTimerBatch<?, ?> inline, Frame outer) {
            this.owner = owner;
            this.inline = inline;
            this.outer = outer;
        }
    }

    private static final ThreadLocal<Frame> FRAMES = new ThreadLocal<>();

    /** The frames of this timer, on every thread. */
    private final AtomicInteger delivering = new AtomicInteger();

    /** Whether the calling thread is inside an advance of this timer. */
    public boolean onThisThread() {
        return delivering.get() != 0 && frame() != null;
    }

    /** The batch that the calling thread is delivering inline for this timer, or null. */
    @SuppressWarnings("unchecked")
    public <K, V> KeyedTimerBatch<K, V> inlineOnThisThread() {
        if (delivering.get() == 0) {
            return null;
        }
        Frame f = frame();
        return f == null ? null : (KeyedTimerBatch<K, V>) f.inline;
    }

    /** Dispatches {@code batch} with this advance on the calling thread's stack. */
    public <K, V> void deliver(KeyedTimerBatch<K, V> batch, KeyedTimerDispatch<K, V> dispatch) {
        Frame outer = FRAMES.get();
        FRAMES.set(new Frame(this, dispatch.isInline() ? batch : null, outer));
        delivering.incrementAndGet();
        try {
            dispatch.dispatch(batch);
        } finally {
            delivering.decrementAndGet();
            if (outer == null) {
                FRAMES.remove();
            } else {
                FRAMES.set(outer);
            }
        }
    }

    private Frame frame() {
        for (Frame f = FRAMES.get(); f != null; f = f.outer) {
            if (f.owner == this) {
                return f;
            }
        }
        return null;
    }
}
