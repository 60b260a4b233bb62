package io.mosaicod.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.apikey.ApiKeyToken;
import io.mosaicod.core.apikey.Permission;
import io.mosaicod.core.apikey.Permissions;
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

/** Last uses on the in-memory repository, with clocks the test moves. */
@Tag("fast")
class KeyUsesTest {
    private final InMemoryTestRepository repository = new InMemoryTestRepository();
    private final ApiKeys keys = repository.repository().apiKeys();
    private final AtomicLong nanos = new AtomicLong();
    private final KeyUses uses = new KeyUses(keys, nanos::get);

    @Test
    void aKeysUseIsNotedAtMostOncePerInterval() {
        ApiKeyToken token = ApiKeyToken.generate(new SecureRandom());
        String key = token.fingerprint();
        keys.create(NewApiKey.of(token, Permissions.of(Permission.READ), "used", Optional.empty()));
        assertThat(keys.find(key).orElseThrow().lastUsedAt()).isEmpty();

        uses.used(key);
        Instant first = keys.find(key).orElseThrow().lastUsedAt().orElseThrow();
        repository.passClock(first.plusSeconds(30));
        nanos.addAndGet(KeyUses.INTERVAL.minusMillis(1).toNanos());
        uses.used(key);
        assertThat(keys.find(key).orElseThrow().lastUsedAt()).as("a use within the interval").contains(first);

        nanos.addAndGet(Duration.ofMillis(1).toNanos());
        uses.used(key);
        assertThat(keys.find(key).orElseThrow().lastUsedAt().orElseThrow()).isAfterOrEqualTo(first.plusSeconds(30));
    }
}
