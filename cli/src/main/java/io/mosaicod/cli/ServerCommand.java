package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.Setting;
import io.mosaicod.core.config.Settings;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.server.MosaicodServer;
import io.mosaicod.server.ServerSettings;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

final class ServerCommand extends ConfiguredCommand {
    /** Printed on standard output, followed by the bound port, once the server accepts calls: for scripts. */
    static final String READY_LINE = "mosaicod server ready on port ";
    private static final String ZERO_COPY_WRITE = "arrow.flight.enable_zero_copy_write";

    ServerCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    CommandSpec baseSpec() {
        return CommandSpec.of("server",
                        "Run the Arrow Flight endpoint (mosaicod 0.7 protocol): ingest, read, catalog actions.")
                .withFooter("", "Runs until SIGINT/SIGTERM, then finishes the calls in flight and exits 0.");
    }

    /**
     * Lets Flight hand gRPC the Arrow buffers of DoGet's batches instead of copying each batch into gRPC's own
     * first (docs/benchmarks.md, "Reads sent without copies"); an operator's explicit setting stands. Only here,
     * in a process that is nothing but a server: Arrow reads the setting once per JVM, for clients too, and a
     * client that refills its batch after sending it — Flight's usual pattern, the demo's and the tests' — would
     * then send the refilled memory. The server's own batches are safe: each one sent owns its buffers
     * (StreamSender, TopicReader), accounted to an allocator that outlives the stream (TopicStreamer).
     */
    private static void sendBatchesWithoutCopying() {
        if (System.getProperty(ZERO_COPY_WRITE) == null
                && System.getenv("ARROW_FLIGHT_ENABLE_ZERO_COPY_WRITE") == null) {
            System.setProperty(ZERO_COPY_WRITE, "true");
        }
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
            sendBatchesWithoutCopying();
            MosaicodServer server = MosaicodServer.start(settings, instance.repository(), instance.store(),
                    instance.metrics().server());
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

    /** Upstream settings of features this build does not have (all of them the server's): logged once each. */
    private static void reportSettingsNotInEffect(MosaicodConfig config) {
        Logger log = LoggerFactory.getLogger(ServerCommand.class);
        config.notInEffect().forEach(ignored -> log.warn(ignored.describe()));
    }
}
