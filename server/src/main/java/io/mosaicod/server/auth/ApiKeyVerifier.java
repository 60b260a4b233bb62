package io.mosaicod.server.auth;

import io.mosaicod.core.apikey.ApiKeyToken;
import io.mosaicod.core.apikey.Permissions;
import io.mosaicod.db.ApiKeyRecord;
import io.mosaicod.db.ApiKeys;
import io.mosaicod.server.protocol.ErrorCode;
import io.mosaicod.server.protocol.ProtocolException;
import java.util.function.LongSupplier;

/**
 * Judges the token a call carries: its shape, then the key it names. A key is looked up by its fingerprint and
 * accepted only if the token's payload hashes to what the repository holds for it: a fingerprint is public (listings
 * show it) and a payload with any given CRC32 is easy to make, so the fingerprint alone proves nothing (upstream
 * accepts it alone). A forged payload is refused exactly as an unknown key is.
 */
public final class ApiKeyVerifier {
    /** The gRPC header a client sends its token in. */
    public static final String HEADER = "mosaico-api-key-token";

    private final KeyCache cache;
    private final KeyUses uses;

    public ApiKeyVerifier(ApiKeys keys) {
        this(keys, System::nanoTime);
    }

    ApiKeyVerifier(ApiKeys keys, LongSupplier nanoTime) {
        this.cache = new KeyCache(keys, nanoTime);
        this.uses = new KeyUses(keys, nanoTime);
    }

    /**
     * What the key in {@code header} allows.
     *
     * @param header the header's value; null when the call has none
     * @throws ProtocolException PERMISSION_DENIED for a missing, unknown, forged, revoked or expired key;
     *                           INVALID_ARGUMENT for a value that is no token
     */
    public Permissions verify(String header) {
        if (header == null || header.isEmpty()) {
            throw unauthorized("Missing API key in request header `" + HEADER + "`.");
        }
        ApiKeyToken token = ApiKeyToken.parse(header).orElseThrow(() -> ProtocolException.badRequest("bad header"));
        ApiKeyRecord key = cache.find(token.fingerprint()).filter(found -> token.matches(found.payloadHash()))
                .orElseThrow(() -> unauthorized("Unauthorized: API key does not exist."));
        switch (key.state()) {
            case REVOKED -> throw unauthorized("Unauthorized: API key is revoked.");
            case EXPIRED -> throw unauthorized("Unauthorized: API key is expired.");
            case ACTIVE -> uses.used(key.fingerprint());
        }
        return key.permissions();
    }

    static ProtocolException unauthorized(String sentence) {
        return new ProtocolException(ErrorCode.PERMISSION_DENIED, sentence);
    }
}
