package io.mosaicod.server.auth;

import io.mosaicod.db.ApiKeyRecord;
import io.mosaicod.db.ApiKeys;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The keys the repository answered for lately, so that a busy client costs the repository one lookup per key every
 * {@link #FRESHNESS} rather than one per call. A revocation made anywhere (another server, {@code mosaicod api-key
 * revoke}) is therefore seen within {@link #FRESHNESS}; an expiry exactly when it comes, as an entry is never kept
 * past its key's expiry. Only keys that exist are kept, so the cache holds at most the repository's keys.
 */
final class KeyCache {
    /** How long an answer is trusted: the bound on how late a revocation takes effect on a server. */
    static final Duration FRESHNESS = Duration.ofSeconds(2);

    private record Entry(ApiKeyRecord key, long freshUntilNanos) {
    }

    private final ApiKeys keys;
    private final LongSupplier nanoTime;
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    KeyCache(ApiKeys keys, LongSupplier nanoTime) {
        this.keys = keys;
        this.nanoTime = nanoTime;
    }

    /** The key with this fingerprint, as the repository said at most {@link #FRESHNESS} ago. */
    Optional<ApiKeyRecord> find(String fingerprint) {
        long now = nanoTime.getAsLong();
        Entry entry = entries.get(fingerprint);
        if (entry != null && now - entry.freshUntilNanos() < 0) {
            return Optional.of(entry.key());
        }
        Optional<ApiKeyRecord> found = keys.find(fingerprint);
        found.ifPresentOrElse(key -> entries.put(fingerprint, new Entry(key, now + trustFor(key).toNanos())),
                () -> entries.remove(fingerprint));
        return found;
    }

    /** {@link #FRESHNESS}, or less when the key expires sooner: its state must not outlive its expiry. */
    private static Duration trustFor(ApiKeyRecord key) {
        if (key.state() != ApiKeyRecord.State.ACTIVE || key.expiresAt().isEmpty()) {
            return FRESHNESS;
        }
        Duration left = Duration.between(key.readAt(), key.expiresAt().get());
        return left.compareTo(FRESHNESS) < 0 ? left : FRESHNESS;
    }
}
