package io.github.radixwheel.alarms.readme;

// README begin
import io.github.radixwheel.alarms.KeyedTimer;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/** A cache whose entries expire a time-to-live after they were put. */
public final class TtlCache<K, V> implements AutoCloseable {
    /** One put; compared by identity, so an expiry removes only the entry it was armed for. */
    static final class Entry<V> {
        final V value;

        Entry(V value) {
            this.value = value;
        }
    }

    private final ConcurrentHashMap<K, Entry<V>> entries = new ConcurrentHashMap<>();
    final KeyedTimer<K, Entry<V>> expiry;

    public TtlCache() {
        this(KeyedTimer.builder());
    }

    TtlCache(KeyedTimer.Builder<K, Entry<V>> builder) {   // tests pass .manualClock()
        expiry = builder.build((key, entry) -> entries.remove(key, entry));
    }

    public void put(K key, V value, Duration ttl) {
        Entry<V> entry = new Entry<>(value);
        entries.compute(key, (k, old) -> {                // map and timer change together
            expiry.set(k, entry, ttl);
            return entry;
        });
    }

    public V get(K key) {
        Entry<V> entry = entries.get(key);
        return entry == null ? null : entry.value;
    }

    @Override
    public void close() {
        expiry.close();
    }
}
// README end
