package io.mosaicod.db.memory;

import io.mosaicod.db.AlreadyExistsException;
import io.mosaicod.db.ApiKeyRecord;
import io.mosaicod.db.ApiKeys;
import io.mosaicod.db.NewApiKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

final class InMemoryApiKeys implements ApiKeys {
    private final Tables tables;

    InMemoryApiKeys(Tables tables) {
        this.tables = tables;
    }

    @Override
    public ApiKeyRecord create(NewApiKey key) {
        synchronized (tables) {
            if (tables.apiKeys.containsKey(key.fingerprint())) {
                throw new AlreadyExistsException("API key", key.fingerprint());
            }
            Instant now = tables.now();
            ApiKeyRecord created = new ApiKeyRecord(key.fingerprint(), key.payloadHash(), key.permissions(),
                    key.description(), now, key.expiresAt(), Optional.empty(), Optional.empty(), now);
            tables.apiKeys.put(key.fingerprint(), created);
            return created;
        }
    }

    @Override
    public Optional<ApiKeyRecord> find(String fingerprint) {
        synchronized (tables) {
            return Optional.ofNullable(tables.apiKeys.get(fingerprint)).map(this::readNow);
        }
    }

    @Override
    public List<ApiKeyRecord> list() {
        synchronized (tables) {
            return tables.apiKeys.values().stream().map(this::readNow)
                    .sorted(Comparator.comparing(ApiKeyRecord::createdAt).thenComparing(ApiKeyRecord::fingerprint))
                    .toList();
        }
    }

    @Override
    public Optional<ApiKeyRecord> revoke(String fingerprint) {
        synchronized (tables) {
            return Optional.ofNullable(tables.apiKeys.computeIfPresent(fingerprint, (f, key) ->
                    key.revokedAt().isPresent() ? key : with(key, Optional.of(tables.now()), key.lastUsedAt())))
                    .map(this::readNow);
        }
    }

    @Override
    public List<String> purge() {
        synchronized (tables) {
            List<String> purged = new ArrayList<>();
            tables.apiKeys.values().removeIf(key -> {
                boolean gone = readNow(key).state() != ApiKeyRecord.State.ACTIVE;
                if (gone) {
                    purged.add(key.fingerprint());
                }
                return gone;
            });
            return purged;
        }
    }

    @Override
    public void recordUse(String fingerprint) {
        synchronized (tables) {
            tables.apiKeys.computeIfPresent(fingerprint,
                    (f, key) -> with(key, key.revokedAt(), Optional.of(tables.now())));
        }
    }

    private ApiKeyRecord readNow(ApiKeyRecord key) {
        return new ApiKeyRecord(key.fingerprint(), key.payloadHash(), key.permissions(), key.description(),
                key.createdAt(), key.expiresAt(), key.revokedAt(), key.lastUsedAt(), tables.now());
    }

    private static ApiKeyRecord with(ApiKeyRecord key, Optional<Instant> revokedAt, Optional<Instant> lastUsedAt) {
        return new ApiKeyRecord(key.fingerprint(), key.payloadHash(), key.permissions(), key.description(),
                key.createdAt(), key.expiresAt(), revokedAt, lastUsedAt, key.readAt());
    }
}
