package io.github.radixwheel.benchmarks.peers;

import java.util.concurrent.TimeUnit;
import org.agrona.DeadlineTimerWheel;
import org.agrona.collections.Hashing;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * Agrona's {@link DeadlineTimerWheel}: a single-level hashed wheel of {@code ticksPerWheel} spokes,
 * each a {@code long[]} block of deadlines that grows (for every spoke at once) when one spoke
 * fills; timers of later rounds share a spoke with the current round's.
 *
 * <p><b>Driving it.</b> {@link #schedule} is {@code scheduleTimer(deadline)}, {@link #cancel} is
 * {@code cancelTimer(id)}. {@link #advanceTo} calls {@code poll(now, handler, Integer.MAX_VALUE)}
 * in a loop for as long as the poll moves the wheel to a new tick ({@code currentTickTime()}
 * changes). Each {@code poll} scans the current tick's spoke block only, fires the deadlines
 * {@code <= now} in it, and then moves to the next tick if the current one has ended
 * ({@code now >= currentTickTime()}). A jump of {@code k} ticks therefore costs {@code k + 1}
 * polls, each scanning a whole spoke block, even across empty ticks.
 *
 * <p><b>Exactness.</b> The last poll visits the tick that contains {@code now}, after the loop has
 * entered it, so firing is exact at any tick resolution. The loop common in Agrona users' code,
 * {@code while (currentTickTime() <= now) poll(...)}, stops as soon as the wheel enters the tick
 * that contains {@code now}, before polling it: timers due in that tick then fire only on a later
 * call, up to one tick late (with a 1-unit resolution, every timer whose deadline equals
 * {@code now} would wait). The contract test caught exactly that.
 *
 * <p><b>Missing.</b> No reschedule (only cancel + schedule, which gives a new id), no next-expiry
 * query (only a full {@code forEach}), so no way to take the next timer either.
 *
 * <p><b>Ids</b> are Agrona's own: the deadline's position (spoke, index in the spoke), reused by
 * later timers.
 *
 * <p><b>Payloads.</b> Agrona's wheel holds deadlines only, so its users keep a map from timer id
 * to what the timer is for; this adapter keeps an Agrona {@link Long2ObjectHashMap} from timer id
 * to payload, as Aeron Cluster's {@code WheelTimerService} keeps an Agrona {@code Long2LongHashMap}
 * from timer id to correlation id. {@link #schedule} puts the id, {@link #cancel} and the expiry
 * handler remove it (the expiry handler hands the removed payload on). A plain {@code Object[]}
 * is not what a user would write: an id is {@code (spoke << 32) | index}, and the index range of
 * every spoke doubles when one spoke fills, so a dense index into an array would change with the
 * wheel's growth. The map is sized up front for the adapter's capacity at Agrona's default load
 * factor, so it never resizes in a benchmark: open addressing, no allocation per operation.
 */
public final class AgronaAdapter extends TimerAdapter implements DeadlineTimerWheel.TimerHandler {
    private final DeadlineTimerWheel wheel;
    private final Long2ObjectHashMap<Object> payloads;

    /**
     * @param tickResolution ticks (time units) per Agrona tick, a power of two
     * @param ticksPerWheel spokes, a power of two
     * @param initialTickAllocation deadlines per spoke up front, a power of two
     * @param capacity the most timers pending at once, for which the payload map is sized
     * @param listener receives each fired timer
     */
    public AgronaAdapter(long tickResolution, int ticksPerWheel, int initialTickAllocation, int capacity,
            TimerListener listener) {
        super(listener);
        this.wheel = new DeadlineTimerWheel(TimeUnit.NANOSECONDS, 0L, tickResolution, ticksPerWheel, initialTickAllocation);
        this.payloads = new Long2ObjectHashMap<>((int) Math.ceil(capacity / (double) Hashing.DEFAULT_LOAD_FACTOR),
                Hashing.DEFAULT_LOAD_FACTOR);
    }

    @Override
    public String name() {
        return "Agrona DeadlineTimerWheel";
    }

    @Override
    public long schedule(long deadline, Object payload) {
        checkSchedule(deadline, payload);
        long id = wheel.scheduleTimer(deadline);
        payloads.put(id, payload);
        return id;
    }

    @Override
    public boolean cancel(long id) {
        if (!wheel.cancelTimer(id)) {
            return false;
        }
        payloads.remove(id);
        return true;
    }

    @Override
    public boolean reschedule(long id, long deadline) {
        throw unsupported("reschedule",
                "a timer can only be cancelled and scheduled anew, under a new id");
    }

    @Override
    protected void fireDue(long now) {
        long tickEnd;
        do {
            tickEnd = wheel.currentTickTime();
            wheel.poll(now, this, Integer.MAX_VALUE);
        } while (wheel.currentTickTime() != tickEnd);
    }

    @Override
    public boolean onTimerExpiry(TimeUnit timeUnit, long now, long timerId) {
        fired(timerId, payloads.remove(timerId));
        return true;
    }

    @Override
    public long nextExpiry() {
        throw unsupported("next-expiry query", "only forEach over every deadline slot of the wheel");
    }

    @Override
    public long fireNext() {
        throw unsupported("way to take the next timer", "it has no next-expiry query");
    }

    @Override
    public int size() {
        return (int) wheel.timerCount();
    }

    /** @return the wheel and the payload map */
    @Override
    public Object structure() {
        return new Object[] {wheel, payloads};
    }
}
