package io.mosaicod.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.apikey.ApiKeyToken;
import io.mosaicod.core.apikey.Permission;
import io.mosaicod.core.apikey.Permissions;
import io.mosaicod.db.ApiKeyRecord;
import io.mosaicod.db.ApiKeys;
import io.mosaicod.db.NewApiKey;
import io.mosaicod.db.memory.InMemoryTestRepository;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The cache on the in-memory repository, with a clock the test moves. */
@Tag("fast")
class KeyCacheTest {
    private final InMemoryTestRepository repository = new InMemoryTestRepository();
    private final ApiKeys keys = repository.repository().apiKeys();
    private final AtomicLong nanos = new AtomicLong();
    private final KeyCache cache = new KeyCache(keys, nanos::get);

    private String create(Optional<Instant> expiresAt) {
        ApiKeyToken token = ApiKeyToken.generate(new SecureRandom());
        keys.create(NewApiKey.of(token, Permissions.of(Permission.READ), "cached", expiresAt));
        return token.fingerprint();
    }

    private void pass(Duration time) {
        nanos.addAndGet(time.toNanos());
    }

    @Test
    void aRevocationIsSeenOnceTheAnswerIsNoLongerFresh() {
        String key = create(Optional.empty());
        assertThat(cache.find(key).orElseThrow().state()).isEqualTo(ApiKeyRecord.State.ACTIVE);
        keys.revoke(key);
        pass(KeyCache.FRESHNESS.minusMillis(1));
        assertThat(cache.find(key).orElseThrow().state()).as("still fresh").isEqualTo(ApiKeyRecord.State.ACTIVE);
        pass(Duration.ofMillis(1));
        assertThat(cache.find(key).orElseThrow().state()).isEqualTo(ApiKeyRecord.State.REVOKED);
    }

    @Test
    void anAnswerIsNotTrustedPastItsKeysExpiry() {
        Instant expiry = repository.repository().now().plusMillis(500);
        String key = create(Optional.of(expiry));
        assertThat(cache.find(key).orElseThrow().state()).isEqualTo(ApiKeyRecord.State.ACTIVE);
        pass(Duration.ofMillis(500));
        repository.passClock(expiry);
        assertThat(cache.find(key).orElseThrow().state()).isEqualTo(ApiKeyRecord.State.EXPIRED);
    }

    @Test
    void aKeyPurgedFromTheRepositoryIsForgottenOnceStale() {
        String key = create(Optional.empty());
        keys.revoke(key);
        assertThat(cache.find(key)).isPresent();
        keys.purge();
        pass(KeyCache.FRESHNESS);
        assertThat(cache.find(key)).isEmpty();
        assertThat(cache.find("00000000")).isEmpty();
    }
}
