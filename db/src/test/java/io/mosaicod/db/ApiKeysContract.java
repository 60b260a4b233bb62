package io.mosaicod.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.core.apikey.ApiKeyToken;
import io.mosaicod.core.apikey.Permission;
import io.mosaicod.core.apikey.Permissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What every repository does with API keys: {@code <Backend>ApiKeysTest} runs it on one backend (InMemory, Sqlite,
 * Postgres). The repository is opened once for the class and wiped before each test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ApiKeysContract {
    private static final SecureRandom RANDOM = new SecureRandom();

    private TestRepository testRepository;
    private ApiKeys keys;

    protected abstract TestRepository createRepository() throws Exception;

    @BeforeAll
    void openRepository() throws Exception {
        testRepository = createRepository();
        keys = testRepository.repository().apiKeys();
    }

    @BeforeEach
    void emptyRepository() {
        testRepository.wipe();
    }

    @AfterAll
    void closeRepository() {
        testRepository.close();
    }

    private ApiKeyRecord create(Permissions permissions, Optional<Instant> expiresAt) {
        return keys.create(NewApiKey.of(ApiKeyToken.generate(RANDOM), permissions, "robot r1", expiresAt));
    }

    @Test
    void aCreatedKeyIsFoundByItsFingerprintWithWhatItAllowsAndOnlyTheHashOfItsPayload() {
        ApiKeyToken token = ApiKeyToken.generate(RANDOM);
        Instant before = testRepository.repository().now();
        ApiKeyRecord created = keys.create(NewApiKey.of(token, Permissions.of(Permission.READ, Permission.WRITE),
                "uploader of r1", Optional.empty()));

        ApiKeyRecord found = keys.find(token.fingerprint()).orElseThrow();
        assertThat(found.fingerprint()).isEqualTo(token.fingerprint());
        assertThat(found.payloadHash()).isEqualTo(token.payloadHash()).doesNotContain(token.reveal().substring(5, 37));
        assertThat(token.matches(found.payloadHash())).isTrue();
        assertThat(found.permissions()).isEqualTo(Permissions.parse("read|write"));
        assertThat(found.description()).isEqualTo("uploader of r1");
        assertThat(found.createdAt()).isEqualTo(created.createdAt()).isAfterOrEqualTo(before.minusMillis(1));
        assertThat(found.expiresAt()).isEmpty();
        assertThat(found.revokedAt()).isEmpty();
        assertThat(found.lastUsedAt()).isEmpty();
        assertThat(found.state()).isEqualTo(ApiKeyRecord.State.ACTIVE);
        assertThat(keys.find("00000000")).isEmpty();
    }

    @Test
    void aSecondKeyWithATakenFingerprintIsRefused() {
        ApiKeyToken token = ApiKeyToken.generate(RANDOM);
        keys.create(NewApiKey.of(token, Permissions.of(Permission.READ), "first", Optional.empty()));
        assertThatThrownBy(() -> keys.create(new NewApiKey(token.fingerprint(), ApiKeyToken.generate(RANDOM)
                .payloadHash(), Permissions.of(Permission.MANAGE), "second", Optional.empty())))
                .isInstanceOf(AlreadyExistsException.class);
        assertThat(keys.find(token.fingerprint()).orElseThrow().description()).isEqualTo("first");
    }

    @Test
    void theListHoldsEveryKeyOldestFirst() {
        ApiKeyRecord first = create(Permissions.of(Permission.READ), Optional.empty());
        testRepository.passClock(first.createdAt().plusMillis(2));
        ApiKeyRecord second = create(Permissions.of(Permission.DELETE), Optional.empty());
        assertThat(keys.list()).extracting(ApiKeyRecord::fingerprint)
                .containsExactly(first.fingerprint(), second.fingerprint());
    }

    @Test
    void aKeyExpiresAtItsExpiryTime() {
        Instant expiry = testRepository.repository().now().plusMillis(300);
        ApiKeyRecord key = create(Permissions.of(Permission.WRITE), Optional.of(expiry));
        assertThat(key.expiresAt()).contains(expiry);
        assertThat(key.state()).isEqualTo(ApiKeyRecord.State.ACTIVE);
        testRepository.passClock(expiry);
        assertThat(keys.find(key.fingerprint()).orElseThrow().state()).isEqualTo(ApiKeyRecord.State.EXPIRED);
    }

    @Test
    void revokingKeepsTheFirstRevocationTimeAndFindsNoUnknownKey() {
        ApiKeyRecord key = create(Permissions.of(Permission.MANAGE), Optional.empty());
        ApiKeyRecord revoked = keys.revoke(key.fingerprint()).orElseThrow();
        assertThat(revoked.state()).isEqualTo(ApiKeyRecord.State.REVOKED);
        assertThat(revoked.revokedAt()).isPresent();
        testRepository.passClock(revoked.revokedAt().orElseThrow().plusMillis(2));
        assertThat(keys.revoke(key.fingerprint()).orElseThrow().revokedAt()).isEqualTo(revoked.revokedAt());
        assertThat(keys.find(key.fingerprint()).orElseThrow().state()).isEqualTo(ApiKeyRecord.State.REVOKED);
        assertThat(keys.revoke("00000000")).isEmpty();
    }

    @Test
    void purgeDeletesTheRevokedAndExpiredKeysOnly() {
        Instant soon = testRepository.repository().now().plusMillis(100);
        ApiKeyRecord active = create(Permissions.of(Permission.READ), Optional.of(soon.plus(Duration.ofDays(1))));
        ApiKeyRecord forever = create(Permissions.of(Permission.READ), Optional.empty());
        ApiKeyRecord expiring = create(Permissions.of(Permission.READ), Optional.of(soon));
        ApiKeyRecord revoked = create(Permissions.of(Permission.READ), Optional.empty());
        keys.revoke(revoked.fingerprint());
        testRepository.passClock(soon);

        assertThat(keys.purge()).containsExactlyInAnyOrder(expiring.fingerprint(), revoked.fingerprint());
        assertThat(keys.list()).extracting(ApiKeyRecord::fingerprint)
                .containsExactlyInAnyOrder(active.fingerprint(), forever.fingerprint());
        assertThat(keys.purge()).isEmpty();
    }

    @Test
    void aRecordedUseIsTheLastUse() {
        ApiKeyRecord key = create(Permissions.of(Permission.READ), Optional.empty());
        keys.recordUse(key.fingerprint());
        Instant used = keys.find(key.fingerprint()).orElseThrow().lastUsedAt().orElseThrow();
        assertThat(used).isAfterOrEqualTo(key.createdAt());
        keys.recordUse("00000000"); // a key purged meanwhile: nothing to note
    }
}
