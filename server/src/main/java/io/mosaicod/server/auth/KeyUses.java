package io.mosaicod.server.auth;

import io.mosaicod.db.ApiKeys;
import io.mosaicod.db.RepositoryException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Notes in the repository when each key was last used, for {@code mosaicod api-key list}: at most once per
 * {@link #INTERVAL} per key and server, not a write per call. The note is a courtesy to the operator: when the
 * repository cannot take it, the call goes on and a later use notes it.
 */
final class KeyUses {
    /** The precision of a key's last use. */
    static final Duration INTERVAL = Duration.ofMinutes(1);
    private static final Logger LOG = LoggerFactory.getLogger(KeyUses.class);

    private final ApiKeys keys;
    private final LongSupplier nanoTime;
    private final Map<String, Long> notedAtNanos = new ConcurrentHashMap<>();

    KeyUses(ApiKeys keys, LongSupplier nanoTime) {
        this.keys = keys;
        this.nanoTime = nanoTime;
    }

    /** The key was just accepted: notes it unless this server did within {@link #INTERVAL}. */
    void used(String fingerprint) {
        long now = nanoTime.getAsLong();
        AtomicBoolean due = new AtomicBoolean();
        notedAtNanos.compute(fingerprint, (f, noted) -> {
            if (noted != null && now - noted < INTERVAL.toNanos()) {
                return noted;
            }
            due.set(true);
            return now;
        });
        if (due.get()) {
            try {
                keys.recordUse(fingerprint);
            } catch (RepositoryException e) {
                LOG.debug("the last use of API key {} is not noted: {}", fingerprint, e.getMessage());
            }
        }
    }
}
