package io.mosaicod.client;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * How a client reaches the server: plain text or TLS, whether it compresses what it sends with gzip, and the API
 * key it sends.
 *
 * @param tls            whether to speak TLS
 * @param trustedCertificates PEM certificates (e.g. a private CA's) to trust instead of the JVM's default trust
 *                       store; only with TLS
 * @param gzip           whether to compress the messages sent (the server answers gzip whenever it sends it)
 * @param apiKey         the key sent with every call, for a server that requires one; empty: none
 */
public record ClientWire(boolean tls, Optional<Path> trustedCertificates, boolean gzip, Optional<ApiKey> apiKey) {
    public static final ClientWire PLAIN = new ClientWire(false, Optional.empty(), false, Optional.empty());

    public ClientWire {
        Objects.requireNonNull(trustedCertificates, "trustedCertificates");
        Objects.requireNonNull(apiKey, "apiKey");
        if (!tls && trustedCertificates.isPresent()) {
            throw new IllegalArgumentException("trusted certificates are only used with TLS");
        }
    }

    /** TLS, trusting the JVM's default certificate authorities. */
    public static ClientWire tlsWithDefaultTrust() {
        return new ClientWire(true, Optional.empty(), false, Optional.empty());
    }

    /** TLS, trusting the PEM certificates in {@code file}. */
    public static ClientWire tlsTrusting(Path file) {
        return new ClientWire(true, Optional.of(file), false, Optional.empty());
    }

    public ClientWire withGzip() {
        return new ClientWire(tls, trustedCertificates, true, apiKey);
    }

    public ClientWire withApiKey(ApiKey key) {
        return new ClientWire(tls, trustedCertificates, gzip, Optional.of(key));
    }
}
