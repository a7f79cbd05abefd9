package io.github.radixwheel.benchmarks.peers.executors;

import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import java.util.function.IntConsumer;

/**
 * One delayed task: a request's timeout, carrying its payload, a {@link Runnable} for the executors
 * and a {@link TimerTask} for the Netty timers, so that every implementation runs the same object.
 */
public final class Request implements Runnable, TimerTask {
    private final int id;
    private final Object payload;
    private final IntConsumer onRun;

    /**
     * @param id the task's number, handed to {@code onRun}
     * @param payload the object the task carries
     * @param onRun what running it does
     */
    public Request(int id, Object payload, IntConsumer onRun) {
        this.id = id;
        this.payload = payload;
        this.onRun = onRun;
    }

    /** @return the payload */
    public Object payload() {
        return payload;
    }

    @Override
    public void run() {
        onRun.accept(id);
    }

    @Override
    public void run(Timeout timeout) {
        onRun.accept(id);
    }
}
