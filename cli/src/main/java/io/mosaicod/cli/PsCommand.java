package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.db.Repository;
import io.mosaicod.db.jdbc.Repositories;
import java.util.List;

/** Reads the repository only: {@code ps} does not register itself as an instance. */
final class PsCommand extends ConfiguredCommand {
    private static final CommandSpec.Option ALL = CommandSpec.Option.flag(List.of("-a", "--all"),
            "Also show dead instances (no heartbeat for 300 s or more).");
    private static final CommandSpec.Option VERBOSE = CommandSpec.Option.flag(List.of("-v", "--verbose"),
            "Show absolute UTC times besides relative ones, and errors in full.");

    PsCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    CommandSpec baseSpec() {
        return CommandSpec.of("ps", "Show running server, cleanup and store-optimizer instances, the last cleanup and"
                + " the optimization queue.").withOptions(List.of(ALL, VERBOSE));
    }

    @Override
    int run(MosaicodConfig config, CommandArguments arguments) {
        try (Repository repository = Repositories.open(config.database())) {
            PsReport report = new PsReport(repository.instances().list(), repository.cleanupLedger().lastRun(),
                    repository.optimizationQueue().overview(PsReport.RECENT_FAILURES), arguments.flag(ALL.key()),
                    arguments.flag(VERBOSE.key()));
            report.printTo(invocation.out());
        }
        return ExitCode.OK;
    }
}
