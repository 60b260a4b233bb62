package io.mosaicod.cli;

import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Asks a server's standard gRPC health service whether it serves: the probe of container health checks and
 * service managers, which need an exit code, not a client library.
 */
final class HealthCommand extends ConfiguredCommand {
    private static final long DEADLINE_SECONDS = 5;
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

    @Override
    int run(MosaicodConfig config, CommandArguments arguments) throws InterruptedException {
        String host = ANY_ADDRESS.contains(config.server().host()) ? "127.0.0.1" : config.server().host();
        int port = config.server().port();
        ManagedChannel channel = Grpc.newChannelBuilderForAddress(host, port, InsecureChannelCredentials.create())
                .build();
        try {
            ServingStatus status = HealthGrpc.newBlockingStub(channel)
                    .withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS)
                    .check(HealthCheckRequest.getDefaultInstance()).getStatus();
            invocation.out().println(status);
            return status == ServingStatus.SERVING ? ExitCode.OK : ExitCode.FATAL;
        } catch (StatusRuntimeException e) {
            invocation.err().println("mosaicod: no health answer from " + host + ":" + port + ": "
                    + e.getStatus().getCode() + (e.getStatus().getDescription() == null ? ""
                    : " (" + e.getStatus().getDescription() + ")"));
            return ExitCode.FATAL;
        } finally {
            channel.shutdownNow().awaitTermination(DEADLINE_SECONDS, TimeUnit.SECONDS);
        }
    }
}
