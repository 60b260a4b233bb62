package io.mosaicod.server;

import io.grpc.netty.GrpcSslContexts;
import io.mosaicod.core.config.ConfigException;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.Settings;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The certificate chain and private key the server proves itself with, read from PEM files and checked before the
 * server starts: a file that is missing or unreadable, holds no certificate, holds a key in another form than
 * unencrypted PKCS#8, or a key that does not belong to the certificate is one line naming the setting — not a TLS
 * handshake failure on every client later.
 */
final class TlsIdentity {
    private static final Logger LOG = LoggerFactory.getLogger(TlsIdentity.class);
    private static final Pattern PKCS8 = Pattern.compile(
            "-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\\s]+)-----END PRIVATE KEY-----");
    private static final List<String> KEY_ALGORITHMS = List.of("RSA", "EC", "Ed25519", "Ed448");

    private TlsIdentity() {
    }

    /** The server's TLS context for {@code files}, with gRPC's protocol negotiation (ALPN h2). */
    static SslContext load(MosaicodConfig.TlsFiles files) {
        List<X509Certificate> chain = certificates(files.certificate());
        PrivateKey key = privateKey(files.privateKey());
        X509Certificate leaf = chain.get(0);
        if (!belongTogether(key, leaf)) {
            throw new ConfigException("the private key " + files.privateKey() + " (" + Settings.TLS_PRIVATE_KEY_FILE.env()
                    + ") does not belong to the certificate " + files.certificate() + " ("
                    + Settings.TLS_CERT_FILE.env() + ", " + leaf.getSubjectX500Principal().getName() + ")");
        }
        warnIfOutOfValidity(leaf, files.certificate());
        try {
            return GrpcSslContexts.configure(SslContextBuilder.forServer(key, chain.toArray(X509Certificate[]::new)))
                    .build();
        } catch (SSLException e) {
            throw new ConfigException("cannot serve TLS with " + files.certificate() + " and " + files.privateKey()
                    + ": " + e.getMessage());
        }
    }

    private static List<X509Certificate> certificates(Path file) {
        byte[] pem = read(file, Settings.TLS_CERT_FILE.env(), "certificate");
        try {
            List<X509Certificate> chain = CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(pem)).stream()
                    .map(X509Certificate.class::cast).toList();
            if (!chain.isEmpty()) {
                return chain;
            }
        } catch (CertificateException e) {
            LOG.debug("{} holds no readable certificate", file, e);
        }
        throw new ConfigException("the TLS certificate file " + file + " (" + Settings.TLS_CERT_FILE.env()
                + ") holds no PEM certificate (-----BEGIN CERTIFICATE-----)");
    }

    private static PrivateKey privateKey(Path file) {
        String pem = new String(read(file, Settings.TLS_PRIVATE_KEY_FILE.env(), "private key"),
                StandardCharsets.US_ASCII);
        Matcher pkcs8 = PKCS8.matcher(pem);
        if (pkcs8.find()) {
            PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(Base64.getMimeDecoder().decode(pkcs8.group(1)));
            for (String algorithm : KEY_ALGORITHMS) {
                try {
                    return KeyFactory.getInstance(algorithm).generatePrivate(spec);
                } catch (GeneralSecurityException notThisAlgorithm) {
                    LOG.debug("{} is not an {} key", file, algorithm);
                }
            }
        }
        throw new ConfigException("the TLS private key file " + file + " (" + Settings.TLS_PRIVATE_KEY_FILE.env()
                + ") holds no unencrypted PKCS#8 key (-----BEGIN PRIVATE KEY-----); convert it with: openssl pkcs8"
                + " -topk8 -nocrypt -in " + file + " -out key.pem");
    }

    private static byte[] read(Path file, String setting, String what) {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ConfigException("the TLS " + what + " file " + file + " (" + setting + ") does not exist");
        } catch (AccessDeniedException e) {
            throw new ConfigException("the TLS " + what + " file " + file + " (" + setting + ") is not readable by"
                    + " this user");
        } catch (IOException e) {
            throw new ConfigException("cannot read the TLS " + what + " file " + file + " (" + setting + "): " + e);
        }
    }

    /** Whether a signature made with {@code key} verifies with the certificate's public key. */
    private static boolean belongTogether(PrivateKey key, X509Certificate certificate) {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            default -> key.getAlgorithm(); // Ed25519, Ed448, EdDSA sign with their own name
        };
        byte[] probe = "mosaicod TLS key check".getBytes(StandardCharsets.US_ASCII);
        try {
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(probe);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false; // a key of another algorithm than the certificate's
        }
    }

    private static void warnIfOutOfValidity(X509Certificate leaf, Path file) {
        try {
            leaf.checkValidity();
        } catch (CertificateExpiredException e) {
            LOG.warn("the TLS certificate {} expired on {}: clients will refuse it", file, leaf.getNotAfter());
        } catch (CertificateNotYetValidException e) {
            LOG.warn("the TLS certificate {} is valid only from {}: clients will refuse it until then", file,
                    leaf.getNotBefore());
        }
    }
}
