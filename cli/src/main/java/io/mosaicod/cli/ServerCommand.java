package io.mosaicod.cli;

import io.mosaicod.core.config.ConfigException;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.server.MosaicodServer;
import io.mosaicod.server.ServerSettings;
import java.io.IOException;
import java.net.SocketException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

final class ServerCommand extends ConfiguredCommand {
    /** Printed on standard output, followed by the bound port, once the server accepts calls: for scripts. */
    static final String READY_LINE = "mosaicod server ready on port ";

    ServerCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    CommandSpec baseSpec() {
        return CommandSpec.of("server",
                        "Run the Arrow Flight endpoint (mosaicod 0.7 protocol): ingest, read, catalog actions.")
                .withFooter("", "Runs until SIGINT/SIGTERM, then finishes the calls in flight and exits 0.");
    }

    @Override
    List<Setting<?>> flaggedSettings() {
        return List.of(Settings.HOST, Settings.PORT);
    }

    @Override
    int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
        reportSettingsNotInEffect(config);
        ServerSettings settings = ServerSettings.from(config.server(), config.queryEngine()); // a bad TLS file stops here, unregistered
        try (RunningInstance instance = RunningInstance.start(config, InstanceKind.SERVER, false)) {
            MosaicodServer server = startOn(config, settings, instance);
            try {
                LoggerFactory.getLogger(ServerCommand.class).info("mosaicod server listening on {}:{}",
                        config.server().host(), server.port());
                invocation.out().println(READY_LINE + server.port());
                invocation.out().flush();
                while (!instance.stop().sleep(3600)) {
                    // serve until a stop signal
                }
            } finally {
                server.close();
            }
        }
        return ExitCode.OK;
    }

    /**
     * The server, or a configuration error naming the address settings when it cannot listen there (the port taken,
     * a host name that does not resolve or is not this machine's): gRPC's own message names neither.
     */
    private static MosaicodServer startOn(MosaicodConfig config, ServerSettings settings, RunningInstance instance)
            throws IOException {
        HostNameCheck.requireResolvable(config.server().host(), "--host/MOSAICOD_HOST");
        try {
            return MosaicodServer.start(settings, instance.repository(), instance.store(), instance.metrics().server());
        } catch (IOException e) {
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof SocketException) {
                    throw new ConfigException("cannot listen on " + config.server().host() + ":"
                            + config.server().port() + " (--host/MOSAICOD_HOST, --port/MOSAICOD_PORT): "
                            + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage()));
                }
            }
            throw e;
        }
    }

    /** Upstream settings of features this build does not have (all of them the server's): logged once each. */
    private static void reportSettingsNotInEffect(MosaicodConfig config) {
        Logger log = LoggerFactory.getLogger(ServerCommand.class);
        config.notInEffect().forEach(ignored -> log.warn(ignored.describe()));
    }
}
