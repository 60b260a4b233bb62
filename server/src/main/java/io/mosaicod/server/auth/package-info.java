/**
 * API keys on the Flight port (PROTOCOL.md §7, MOSAICOD_API_KEY_ENABLED): {@link io.mosaicod.server.auth.ApiKeyGate}
 * lets a call through only with a valid key that has the permission {@link io.mosaicod.server.auth.AccessPolicy}
 * names for it; {@link io.mosaicod.server.auth.ApiKeyVerifier} judges a key against the repository.
 */
package io.mosaicod.server.auth;
