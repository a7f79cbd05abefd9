package io.github.radixwheel.alarms.readme;

// README begin
import io.github.radixwheel.alarms.TimingWheelExecutor;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/** Fails every request that gets no answer within its timeout; most are answered in time. */
public final class RequestTimeouts implements AutoCloseable {
    private final ScheduledExecutorService timer;         // was: new ScheduledThreadPoolExecutor(1)
    private final Map<Long, ScheduledFuture<?>> waiting = new ConcurrentHashMap<>();
    private final LongConsumer onTimeout;

    public RequestTimeouts(LongConsumer onTimeout) {
        this(TimingWheelExecutor.builder().tick(Duration.ofMillis(1)).build(), onTimeout);
    }

    RequestTimeouts(ScheduledExecutorService timer, LongConsumer onTimeout) {  // tests pass a manual clock
        this.timer = timer;
        this.onTimeout = onTimeout;
    }

    public void sent(long requestId, Duration timeout) {
        waiting.put(requestId, timer.schedule(() -> {     // O(1), whatever the number waiting
            if (waiting.remove(requestId) != null) {
                onTimeout.accept(requestId);
            }
        }, timeout.toNanos(), TimeUnit.NANOSECONDS));
    }

    /** Returns false if the request had already timed out. */
    public boolean answered(long requestId) {
        ScheduledFuture<?> timeout = waiting.remove(requestId);
        return timeout != null && timeout.cancel(false);  // O(1); the task is not kept until its deadline
    }

    @Override
    public void close() {
        timer.shutdownNow();                              // the thread parks while nothing is due
    }
}
// README end
