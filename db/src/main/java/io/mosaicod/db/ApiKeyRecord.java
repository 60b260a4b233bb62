package io.mosaicod.db;

import io.mosaicod.core.apikey.Permissions;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * An API key as the repository knows it.
 *
 * @param payloadHash the SHA-256 of the token's payload (ApiKeyToken#payloadHash): what proves a token is this key's
 * @param expiresAt   from then on the key is refused; empty: never
 * @param revokedAt   when an operator revoked it; empty: not revoked
 * @param lastUsedAt  when a server last accepted it, to within a minute; empty: never used
 * @param readAt      the database time this was read at, which its {@link #state()} is judged against
 */
public record ApiKeyRecord(String fingerprint, String payloadHash, Permissions permissions, String description,
                           Instant createdAt, Optional<Instant> expiresAt, Optional<Instant> revokedAt,
                           Optional<Instant> lastUsedAt, Instant readAt) {

    /** Whether a key is accepted. */
    public enum State {
        ACTIVE, EXPIRED, REVOKED;

        /** {@code active}, {@code expired}, {@code revoked}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Revoked (whether or not it also expired), expired (its expiry is not after {@link #readAt}), or active. */
    public State state() {
        if (revokedAt.isPresent()) {
            return State.REVOKED;
        }
        return expiresAt.filter(expiry -> !expiry.isAfter(readAt)).isPresent() ? State.EXPIRED : State.ACTIVE;
    }

    /** The payload hash is left out: it is no secret, but nothing needs it in a log line. */
    @Override
    public String toString() {
        return "ApiKeyRecord[" + fingerprint + ", " + permissions + ", " + state().label() + "]";
    }
}
