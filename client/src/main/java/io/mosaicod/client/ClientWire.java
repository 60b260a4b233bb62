package io.mosaicod.client;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * How a client reaches the server: plain text or TLS, and whether it compresses what it sends with gzip.
 *
 * @param tls            whether to speak TLS
 * @param trustedCertificates PEM certificates (e.g. a private CA's) to trust instead of the JVM's default trust
 *                       store; only with TLS
 * @param gzip           whether to compress the messages sent (the server answers gzip whenever it sends it)
 */
public record ClientWire(boolean tls, Optional<Path> trustedCertificates, boolean gzip) {
    public static final ClientWire PLAIN = new ClientWire(false, Optional.empty(), false);

    public ClientWire {
        Objects.requireNonNull(trustedCertificates, "trustedCertificates");
        if (!tls && trustedCertificates.isPresent()) {
            throw new IllegalArgumentException("trusted certificates are only used with TLS");
        }
    }

    /** TLS, trusting the JVM's default certificate authorities. */
    public static ClientWire tlsWithDefaultTrust() {
        return new ClientWire(true, Optional.empty(), false);
    }

    /** TLS, trusting the PEM certificates in {@code file}. */
    public static ClientWire tlsTrusting(Path file) {
        return new ClientWire(true, Optional.of(file), false);
    }

    public ClientWire withGzip() {
        return new ClientWire(tls, trustedCertificates, true);
    }
}
