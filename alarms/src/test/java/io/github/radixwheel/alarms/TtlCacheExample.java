package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Example: a tiny cache whose entries expire, built on {@link KeyedTimer}.
 *
 * <p>The values live in a {@link ConcurrentHashMap}; a {@code KeyedTimer} holds one arming per
 * entry and removes the entry when it expires. Two details make it correct under concurrency:
 *
 * <ul>
 *   <li>The map holds a fresh {@code Entry} per {@code put}, compared by identity, and expiry
 *       removes a key only if it still maps to the entry that was armed ({@code remove(key,
 *       entry)}). A {@code put} made before the timer claims the expiry cancels it (the timer never
 *       delivers a replaced arming); one that lands between the claim and the callback's
 *       {@code remove} is left alone by that {@code remove}, even if the two values are equal.
 *   <li>{@code put} and {@code invalidate} update the map and the timer inside
 *       {@code ConcurrentHashMap.compute}, so concurrent puts of one key reach both in the same
 *       order, and the map never keeps an entry that no arming will expire. (The timer never calls
 *       back while holding its lock, so taking the map's lock first cannot deadlock.)
 * </ul>
 *
 * <p>The tests drive the timer on the manual clock with a 1 s tick: an entry put at time
 * {@code t} with a TTL of 10 s is still there at {@code t + 10 s} and gone from the first tick
 * after, {@code t + 11 s}.
 */
class TtlCacheExample {
    private static final long SECOND = 1_000_000_000L;

    /** A cache whose entries expire a time-to-live after they were put (or last refreshed). */
    static final class TtlCache<K, V> implements AutoCloseable {
        /** One put of a value; entries are compared by identity. */
        static final class Entry<V> {
            final V value;

            Entry(V value) {
                this.value = value;
            }
        }

        private final ConcurrentHashMap<K, Entry<V>> entries = new ConcurrentHashMap<>();
        private final KeyedTimer<K, Entry<V>> expiry;

        /** @param timer how to build the expiry timer: {@code KeyedTimer.builder()}, with options */
        TtlCache(KeyedTimer.Builder<K, Entry<V>> timer) {
            this.expiry = timer.build((key, entry) -> entries.remove(key, entry));
        }

        void put(K key, V value, Duration ttl) {
            Entry<V> entry = new Entry<>(value);
            entries.compute(key, (k, old) -> {
                expiry.set(k, entry, ttl);
                return entry;
            });
        }

        V get(K key) {
            Entry<V> entry = entries.get(key);
            return entry == null ? null : entry.value;
        }

        /** Sliding expiration: returns the value and restarts its TTL, or null if absent or expired. */
        V getAndRefresh(K key, Duration ttl) {
            Entry<V> entry = entries.get(key);
            return entry != null && expiry.move(key, ttl) ? entry.value : null;
        }

        void invalidate(K key) {
            entries.computeIfPresent(key, (k, old) -> {
                expiry.remove(k);
                return null;
            });
        }

        int size() {
            return entries.size();
        }

        /** The timer, so that tests can move its manual clock and count its armings. */
        KeyedTimer<K, Entry<V>> expiry() {
            return expiry;
        }

        @Override
        public void close() {
            expiry.close();
            entries.clear();
        }
    }

    private static TtlCache<String, String> manualCache() {
        return new TtlCache<>(KeyedTimer.<String, TtlCache.Entry<String>>builder()
                .manualClock()
                .tick(Duration.ofSeconds(1)));
    }

    @Test
    void put_entryLivesForItsTtl_thenExpiresAtTheNextTick() {
        TtlCache<String, String> cache = manualCache();
        cache.put("a", "A", Duration.ofSeconds(10));
        cache.put("b", "B", Duration.ofSeconds(20));

        cache.expiry().advanceTo(10 * SECOND); // exactly the TTL of "a": still there
        assertEquals("A", cache.get("a"));
        cache.expiry().advanceTo(11 * SECOND);
        assertNull(cache.get("a"));
        assertEquals("B", cache.get("b"));
        assertEquals(1, cache.size());

        cache.expiry().advanceTo(21 * SECOND);
        assertNull(cache.get("b"));
        assertEquals(0, cache.size());
        assertEquals(0, cache.expiry().size());
    }

    @Test
    void put_existingKey_replacesValueAndRestartsTtl() {
        TtlCache<String, String> cache = manualCache();
        cache.put("a", "A", Duration.ofSeconds(10));
        cache.expiry().advanceTo(5 * SECOND);
        cache.put("a", "A2", Duration.ofSeconds(10)); // now expires 15 s, at the tick of 16 s
        cache.expiry().advanceTo(15 * SECOND);
        assertEquals("A2", cache.get("a"));
        cache.expiry().advanceTo(16 * SECOND);
        assertNull(cache.get("a"));
    }

    @Test
    void getAndRefresh_keepsHotEntriesAlive_coldOnesExpire() {
        TtlCache<String, String> cache = manualCache();
        Duration ttl = Duration.ofSeconds(10);
        cache.put("hot", "H", ttl);
        cache.put("cold", "C", ttl);
        for (long t = 5; t <= 60; t += 5) {
            cache.expiry().advanceTo(t * SECOND);
            assertEquals("H", cache.getAndRefresh("hot", ttl));
            assertEquals(t >= 11 ? null : "C", cache.get("cold"));
        }
        cache.expiry().advanceTo(70 * SECOND); // last access at 60 s: expires at the tick of 71 s
        assertEquals("H", cache.get("hot"));
        cache.expiry().advanceTo(71 * SECOND);
        assertNull(cache.getAndRefresh("hot", ttl));
        assertEquals(0, cache.size());
    }

    @Test
    void invalidate_removesEntryAndItsArming() {
        TtlCache<String, String> cache = manualCache();
        cache.put("a", "A", Duration.ofSeconds(10));
        cache.invalidate("a");
        cache.invalidate("never-put");
        assertNull(cache.get("a"));
        assertEquals(0, cache.expiry().size());
        cache.expiry().advanceTo(5 * SECOND);
        cache.put("a", "A2", Duration.ofSeconds(10)); // not removed by the old arming's deadline
        cache.expiry().advanceTo(12 * SECOND);
        assertEquals("A2", cache.get("a"));
    }

    /**
     * An expiry has been found but its callback is still queued on the executor when the key is put
     * again, with an equal value: the put re-arms the key before the claim, so the queued callback
     * is skipped and the new entry stays.
     */
    @Test
    void expiryQueuedOnTheExecutor_aNewPutCancelsIt() {
        Queue<Runnable> callbacks = new ArrayDeque<>();
        TtlCache<String, String> cache = new TtlCache<>(KeyedTimer.<String, TtlCache.Entry<String>>builder()
                .manualClock()
                .tick(Duration.ofSeconds(1))
                .executor(callbacks::add));
        cache.put("a", "same", Duration.ofSeconds(1));
        cache.expiry().advanceTo(2 * SECOND); // the arming expires; its callback waits in the queue
        assertEquals(1, callbacks.size());
        cache.put("a", "same", Duration.ofSeconds(10));
        callbacks.poll().run(); // its claim fails: nothing is removed
        assertEquals("same", cache.get("a"));
        assertEquals(1, cache.expiry().size());

        cache.expiry().advanceTo(13 * SECOND);
        callbacks.poll().run();
        assertNull(cache.get("a"));
    }

    /**
     * Concurrent puts, refreshes and invalidations of the same keys: afterwards, once every TTL has
     * passed, the cache is empty. A map entry without a matching arming would stay forever.
     */
    @Test
    void concurrentPutsOfSameKeys_mapAndTimerStayInStep() throws Exception {
        TtlCache<Integer, Integer> cache = new TtlCache<>(KeyedTimer.<Integer, TtlCache.Entry<Integer>>builder()
                .manualClock()
                .tick(Duration.ofSeconds(1)));
        int threads = 4;
        CyclicBarrier start = new CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                SplittableRandom rnd = new SplittableRandom(31 + t);
                workers.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < 20_000; i++) {
                        int key = rnd.nextInt(64);
                        int op = rnd.nextInt(10);
                        if (op < 7) {
                            cache.put(key, i, Duration.ofSeconds(1 + rnd.nextInt(60)));
                        } else if (op < 9) {
                            cache.getAndRefresh(key, Duration.ofSeconds(1 + rnd.nextInt(60)));
                        } else {
                            cache.invalidate(key);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> w : workers) {
                w.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        }
        assertEquals(cache.size(), cache.expiry().size());
        assertTrue(cache.size() > 0);
        cache.expiry().advanceTo(62 * SECOND);
        assertEquals(0, cache.size());
        assertEquals(0, cache.expiry().size());
        cache.close();
    }
}
