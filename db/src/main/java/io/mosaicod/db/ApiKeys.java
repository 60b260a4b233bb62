package io.mosaicod.db;

import java.util.List;
import java.util.Optional;

/**
 * The API keys a server accepts (PROTOCOL.md §7). A key is known by its fingerprint and proven by the hash of its
 * secret payload; the payload itself is never stored. Times come from the database clock.
 */
public interface ApiKeys {

    /**
     * Records a new key, created now.
     *
     * @throws AlreadyExistsException if a key has this fingerprint (the caller draws another token)
     */
    ApiKeyRecord create(NewApiKey key);

    /** The key with this fingerprint, whatever its state. */
    Optional<ApiKeyRecord> find(String fingerprint);

    /** Every key, oldest first. */
    List<ApiKeyRecord> list();

    /**
     * Revokes the key: from now on it is refused. Revoking a revoked key keeps its first revocation time.
     *
     * @return the key as revoked; empty if no key has this fingerprint
     */
    Optional<ApiKeyRecord> revoke(String fingerprint);

    /** Deletes the revoked and the expired keys; returns their fingerprints. */
    List<String> purge();

    /** Notes that the key was just used (callers do it at most now and then, not on every call). */
    void recordUse(String fingerprint);
}
