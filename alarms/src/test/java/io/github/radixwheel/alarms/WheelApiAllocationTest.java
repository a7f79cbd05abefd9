package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The (0.2) cost contract of {@link TimingWheel}: {@code fireNextAlarm} with a handler made up front,
 * {@code addFirst}, {@code addBefore}, {@code addAfter}, {@code setAlarmValue} and {@code reset}
 * allocate nothing once capacity suffices. Measured with the thread's allocation counter over
 * several windows of a warmed-up simulation loop; the least window counts, since JIT compilation can
 * allocate a few kilobytes once. A counterpart that boxes a {@code Long} per event shows that the
 * measurement sees allocation. Precision 1 at start 0 keeps no alarm times; precision 1000 does.
 * Measured the same way: {@code clear()} keeps a grown capacity, and {@code trimToSize()} brings an
 * emptied wheel back to its initial one.
 */
class WheelApiAllocationTest {
    private static final int LIVE = 512;
    private static final int EVENTS = 40_000;
    private static final int WINDOWS = 4;
    /** Far below one small object per event (16 bytes × {@link #EVENTS}). */
    private static final long TOLERANCE = EVENTS / 16;

    private final SplittableRandom random = new SplittableRandom(0xA1A2);
    private final Object value = new Object();
    private final Object otherValue = new Object();
    private final long[] alarms = new long[LIVE];
    private final Object[] boxes = new Object[16];
    private TimingWheel<Object> wheel;
    private boolean box;
    private long fired;
    private final AlarmConsumer<Object> onFired = this::fired;

    /** Each fired alarm schedules another, in one of four places, from inside the handler. */
    private void fired(long alarm, long at, Object v) {
        fired++;
        for (int i = 0; i < LIVE; i++) {
            if (alarms[i] == alarm) {
                long later = at + random.nextInt(5000);
                alarms[i] = switch (i & 3) {
                    case 0 -> wheel.add(later, v);
                    case 1 -> wheel.addFirst(at, v); // now, before the rest of this time
                    case 2 -> wheel.addBefore(alarms[(i + 1) & (LIVE - 1)], v);
                    default -> wheel.addAfter(alarms[(i + 1) & (LIVE - 1)], v);
                };
                if (box) {
                    boxes[i & 15] = Long.valueOf(at * 31 + i + 1024);
                }
                return;
            }
        }
        throw new AssertionError("fired an alarm this test does not hold: " + alarm);
    }

    private void fill() {
        for (int i = 0; i < LIVE; i++) {
            alarms[i] = wheel.add(wheel.now() + random.nextInt(5000), value);
        }
    }

    private void simulate(int events) {
        for (int e = 0; e < events; e++) {
            if (!wheel.fireNextAlarm(onFired)) {
                throw new AssertionError("the wheel ran dry");
            }
            long a = alarms[random.nextInt(LIVE)];
            if (wheel.setAlarmValue(a, otherValue) == null) {
                throw new AssertionError("lost a value");
            }
            wheel.setAlarmValue(a, value);
            if ((e & 4095) == 4095) {
                wheel.reset(wheel.now() + random.nextInt(1 << 20));
                fill();
            }
        }
    }

    @ParameterizedTest(name = "precision {0}")
    @ValueSource(longs = {1, 1000})
    void simulationLoop_allocatesNothingOnceCapacitySuffices(long precision) {
        wheel = new TimingWheel<>(TimingWheelConfig.of(precision), 0);
        fill();
        simulate(EVENTS); // grows the pool once and warms up the JIT
        long least = ThreadAllocation.leastOf(WINDOWS, () -> simulate(EVENTS));
        assertTrue(least < TOLERANCE, "allocated " + least + " bytes in " + EVENTS + " events");
        assertEquals(LIVE, wheel.size());
        assertTrue(fired >= 5L * EVENTS);
        wheel.checkInvariants();
    }

    @Test
    void reset_allocatesNothing() {
        wheel = new TimingWheel<>(TimingWheelConfig.of(1000), -5000);
        Runnable resets = () -> {
            for (int i = 0; i < EVENTS; i++) {
                long now = random.nextInt(1 << 30);
                wheel.reset(now);
                wheel.add(now + 3, value);
            }
        };
        resets.run(); // warm up the JIT
        long least = ThreadAllocation.leastOf(WINDOWS, resets);
        assertTrue(least < TOLERANCE, "allocated " + least + " bytes in " + EVENTS + " resets");
        wheel.checkInvariants();
    }

    @Test
    void trimToSize_emptiedWheel_isBackToItsInitialCapacity() {
        wheel = new TimingWheel<>(TimingWheelConfig.of(10), 0);
        for (int i = 0; i < 100_000; i++) {
            wheel.add(i, value);
        }
        wheel.clear();
        Runnable refill = () -> {
            for (int i = 0; i < 100_000; i++) {
                wheel.add(i, value);
            }
            wheel.clear();
        };
        refill.run(); // warm up
        assertTrue(ThreadAllocation.leastOf(WINDOWS, refill) < 1024, "clear() keeps the grown capacity");
        wheel.trimToSize();
        wheel.checkInvariants();
        // A wheel starts with room for 16 alarms: they fit again, the 17th grows the pool.
        Runnable sixteen = () -> {
            for (int i = 0; i < 16; i++) {
                wheel.add(i, value);
            }
            wheel.clear();
        };
        sixteen.run();
        assertTrue(ThreadAllocation.leastOf(WINDOWS, sixteen) < 256, "trimming went below the initial capacity");
        long seventeen = ThreadAllocation.leastOf(1, () -> {
            for (int i = 0; i < 17; i++) {
                wheel.add(i, value);
            }
        });
        assertTrue(seventeen >= 16 * 32, "the 17th alarm allocated only " + seventeen + " bytes");
        wheel.checkInvariants();
    }

    @Test
    void measurement_seesAllocation() {
        wheel = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        box = true;
        fill();
        simulate(EVENTS);
        long least = ThreadAllocation.leastOf(WINDOWS, () -> simulate(EVENTS));
        assertTrue(least >= 16L * EVENTS / 2, "saw only " + least + " bytes for " + EVENTS + " boxed longs");
    }
}
