package io.github.radixwheel.alarms.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.alarms.TimingWheel;
import io.github.radixwheel.alarms.TimingWheelConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's simulation loop on {@code fireNextAlarm}: events fire in time order, equal times in
 * the order {@code addFirst} and {@code addBefore} give them, and {@code reset} replays the same run
 * on the same wheel.
 */
class ShopSimulationTest {

    @Test
    void run_eventsFireInTimeOrderAndEqualTimesInTheirPriorityOrder() {
        ShopSimulation shop = new ShopSimulation();
        List<String> expected = List.of(
                "0 ARRIVE A", "0 START",
                "5 ARRIVE B",
                "10 FINISH A", "10 START", "10 ARRIVE C",  // A's finish, then B's start, before C arrives
                "20 FINISH B", "20 START",
                "30 FINISH C", "30 ARRIVE D", "30 START", "30 LAST_CALL", "30 CLOSE", "30 ARRIVE E",
                "30 turned away E",
                "40 FINISH D");
        assertEquals(expected, shop.run());
        assertEquals(40, shop.events.now());
        assertTrue(shop.events.isEmpty());
        shop.events.checkInvariants();
        assertEquals(expected, shop.run(), "a second replication on the same wheel, after reset");
        assertEquals(40, shop.events.now());
    }

    @Test
    void withoutThePriorities_theOrderDiffers() {
        // The same events added at the back: C arrives before A's finish frees the machine at 10.
        TimingWheel<String> events = new TimingWheel<>(TimingWheelConfig.of(1), 0);
        events.add(10, "arrive C");
        events.add(10, "finish A");
        List<String> fired = new ArrayList<>();
        while (events.fireNextAlarm((alarm, now, e) -> fired.add(e))) {
        }
        assertEquals(List.of("arrive C", "finish A"), fired);
    }
}
