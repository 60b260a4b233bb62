package io.mosaicod.db;

import io.mosaicod.core.apikey.ApiKeyToken;
import io.mosaicod.core.apikey.Permissions;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A key to record: what the repository keeps of a new token (its fingerprint and the hash of its payload), what
 * it allows and until when.
 *
 * @param expiresAt from then on the key is refused; empty: never
 */
public record NewApiKey(String fingerprint, String payloadHash, Permissions permissions, String description,
                        Optional<Instant> expiresAt) {
    public NewApiKey {
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(payloadHash, "payloadHash");
        Objects.requireNonNull(permissions, "permissions");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }

    public static NewApiKey of(ApiKeyToken token, Permissions permissions, String description,
                               Optional<Instant> expiresAt) {
        return new NewApiKey(token.fingerprint(), token.payloadHash(), permissions, description, expiresAt);
    }
}
