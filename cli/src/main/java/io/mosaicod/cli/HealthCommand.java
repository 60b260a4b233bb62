package io.mosaicod.cli;

import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.mosaicod.core.config.ConfigException;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Asks a server's standard gRPC health service whether it serves: the probe of container health checks and
 * service managers, which need an exit code, not a client library.
 */
final class HealthCommand extends ConfiguredCommand {
    private static final long DEADLINE_SECONDS = 5;
    /** The type of a DNS name among a certificate's subject alternative names (RFC 5280). */
    private static final int DNS_NAME = 2;
    /** Addresses a server listens on that a client cannot connect to as such: it asks the loopback instead. */
    private static final Set<String> ANY_ADDRESS = Set.of("0.0.0.0", "::", "[::]");

    HealthCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    CommandSpec baseSpec() {
        return CommandSpec.of("health", "Ask a server whether it serves (the gRPC health service on its Flight port).")
                .withFooter("", "Prints SERVING and exits 0; prints what the server said (NOT_SERVING while it shuts"
                        + " down) or why it did not answer within " + DEADLINE_SECONDS + " s, and exits 1.");
    }

    @Override
    List<Setting<?>> flaggedSettings() {
        return List.of(Settings.HOST, Settings.PORT);
    }

    /** A server that serves TLS is asked over TLS, trusting the certificate it was configured with. */
    private static ChannelCredentials trustingOwnCertificate(MosaicodConfig.TlsFiles files) {
        try {
            return TlsChannelCredentials.newBuilder().trustManager(files.certificate().toFile()).build();
        } catch (IOException e) {
            throw new ConfigException("cannot read the TLS certificate file " + files.certificate() + " ("
                    + Settings.TLS_CERT_FILE.env() + "): " + e.getMessage());
        }
    }

    /** The first DNS name the server's certificate was issued for, if it names one. */
    private static Optional<String> dnsName(MosaicodConfig.TlsFiles files) {
        try (InputStream pem = Files.newInputStream(files.certificate())) {
            X509Certificate certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(pem);
            Collection<List<?>> names = certificate.getSubjectAlternativeNames();
            return names == null ? Optional.empty() : names.stream()
                    .filter(name -> Integer.valueOf(DNS_NAME).equals(name.get(0)))
                    .map(name -> (String) name.get(1)).findFirst();
        } catch (IOException | GeneralSecurityException e) {
            return Optional.empty(); // the TLS handshake will say what is wrong with it
        }
    }

    @Override
    int run(MosaicodConfig config, CommandArguments arguments) throws InterruptedException {
        String host = ANY_ADDRESS.contains(config.server().host()) ? "127.0.0.1" : config.server().host();
        int port = config.server().port();
        HostNameCheck.requireResolvable(host, "--host/MOSAICOD_HOST");
        ManagedChannelBuilder<?> builder = Grpc.newChannelBuilderForAddress(host, port,
                config.server().tls().map(HealthCommand::trustingOwnCertificate)
                        .orElseGet(InsecureChannelCredentials::create));
        // the loopback is not the name the certificate was issued for: ask under that name
        config.server().tls().flatMap(HealthCommand::dnsName).ifPresent(builder::overrideAuthority);
        ManagedChannel channel = builder.build();
        try {
            ServingStatus status = HealthGrpc.newBlockingStub(channel)
                    .withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS)
                    .check(HealthCheckRequest.getDefaultInstance()).getStatus();
            invocation.out().println(status);
            return status == ServingStatus.SERVING ? ExitCode.OK : ExitCode.FATAL;
        } catch (StatusRuntimeException e) {
            if (refused(e)) { // gRPC calls it UNAVAILABLE (io exception)
                invocation.err().println("mosaicod: nothing answers at " + host + ":" + port
                        + " (is the server running, on this port?)");
                return ExitCode.FATAL;
            }
            invocation.err().println("mosaicod: no health answer from " + host + ":" + port + ": "
                    + e.getStatus().getCode() + (e.getStatus().getDescription() == null ? ""
                    : " (" + e.getStatus().getDescription() + ")"));
            return ExitCode.FATAL;
        } finally {
            channel.shutdownNow().awaitTermination(DEADLINE_SECONDS, TimeUnit.SECONDS);
        }
    }

    private static boolean refused(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException) {
                return true;
            }
        }
        return false;
    }
}
