package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * {@code TimingWheelQueue.toString}: the size, the allowed key range, and the first eight elements
 * in delivery order as {@code key=value}, with {@code ...} when more are queued.
 */
class QueueToStringTest {

    @Test
    void empty_showsSizeAndRange() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        assertEquals("TimingWheelQueue[size=0, allowed keys 0..19]", q.toString());
    }

    @Test
    void fewElements_showsAllInDeliveryOrder() {
        TimingWheelQueue<String> q = new TimingWheelQueue<>(LevelBits.of(2, 2));
        q.add(9, "c");
        q.add(1, "a");
        q.add(9, "d");
        q.addFirst(9, "b");
        assertEquals("TimingWheelQueue[size=4, allowed keys 0..19, first: 1=a, 9=b, 9=c, 9=d]", q.toString());
    }

    @Test
    void eightElements_showsAllWithoutEllipsis() {
        TimingWheelQueue<Integer> q = new TimingWheelQueue<>();
        for (int i = 8; i >= 1; i--) {
            q.add(i * 1000L, i);
        }
        assertEquals("TimingWheelQueue[size=8, allowed keys 0.." + Long.MAX_VALUE
                + ", first: 1000=1, 2000=2, 3000=3, 4000=4, 5000=5, 6000=6, 7000=7, 8000=8]", q.toString());
    }

    @Test
    void moreThanEight_showsTheFirstEightThenEllipsis() {
        TimingWheelQueue<Integer> q = new TimingWheelQueue<>();
        for (int i = 12; i >= 1; i--) {
            q.add(i * 1000L, i);
        }
        q.pollMin();
        assertEquals("TimingWheelQueue[size=11, allowed keys 1000.." + Long.MAX_VALUE
                + ", first: 2000=2, 3000=3, 4000=4, 5000=5, 6000=6, 7000=7, 8000=8, 9000=9, ...]", q.toString());
    }
}
