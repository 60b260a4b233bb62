package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.db.CleanupRun;
import io.mosaicod.db.InstanceSnapshot;
import io.mosaicod.db.QueueOverview;
import io.mosaicod.db.Repository;
import java.util.List;
import java.util.Optional;

/** Reads the repository only: {@code ps} does not register itself as an instance. */
final class PsCommand extends ConfiguredCommand {
    private static final CommandSpec.Option ALL = CommandSpec.Option.flag(List.of("-a", "--all"),
            "Also show dead instances (no heartbeat for 300 s or more).");
    private static final CommandSpec.Option VERBOSE = CommandSpec.Option.flag(List.of("-v", "--verbose"),
            "Show absolute UTC times besides relative ones, and errors in full.");
    private static final CommandSpec.Option JSON = CommandSpec.Option.flag(List.of("--json"),
            "Print the report as one JSON object (UTC times, errors in full) instead of tables.");

    PsCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    CommandSpec baseSpec() {
        return CommandSpec.of("ps", "Show running server, cleanup and store-optimizer instances, the last cleanup and"
                + " the optimization queue.").withOptions(List.of(ALL, VERBOSE, JSON));
    }

    @Override
    int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
        try (Repository repository = ExistingRepository.open(config.database())) {
            InstanceSnapshot instances = repository.instances().list();
            Optional<CleanupRun> lastCleanup = repository.cleanupLedger().lastRun();
            QueueOverview queue = repository.optimizationQueue().overview(PsReport.RECENT_FAILURES,
                    config.storeOptimizer().maxAttempts());
            if (arguments.flag(JSON.key())) {
                invocation.out().println(TopicListing.JSON.writeValueAsString(
                        PsJson.of(instances, lastCleanup, queue, arguments.flag(ALL.key()))));
            } else {
                new PsReport(instances, lastCleanup, queue, arguments.flag(ALL.key()), arguments.flag(VERBOSE.key()))
                        .printTo(invocation.out());
            }
        }
        return ExitCode.OK;
    }
}
