package io.github.radixwheel.alarms.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.radixwheel.alarms.KeyedTimer;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The README's TTL cache, on the manual clock with the default 1 ms tick. */
class TtlCacheTest {
    private static final long MILLI = 1_000_000L;

    @Test
    void put_entryLivesForItsTtl_aNewerPutRestartsIt() {
        try (TtlCache<String, String> cache = new TtlCache<>(KeyedTimer.<String, TtlCache.Entry<String>>builder().manualClock())) {
            cache.put("a", "A", Duration.ofMillis(10));
            cache.put("b", "B", Duration.ofMillis(10));
            cache.expiry.advanceTo(5 * MILLI);
            cache.put("b", "B2", Duration.ofMillis(10));  // expires at 15 ms now
            cache.expiry.advanceTo(10 * MILLI);
            assertEquals("A", cache.get("a"));
            cache.expiry.advanceTo(11 * MILLI);
            assertNull(cache.get("a"));
            assertEquals("B2", cache.get("b"));
            cache.expiry.advanceTo(16 * MILLI);
            assertNull(cache.get("b"));
            assertEquals(0, cache.expiry.size());
        }
    }

    @Test
    void ownThread_putAndGet() {
        try (TtlCache<Integer, String> cache = new TtlCache<>()) {
            cache.put(1, "one", Duration.ofHours(1));
            assertEquals("one", cache.get(1));
            assertNull(cache.get(2));
        }
    }
}
