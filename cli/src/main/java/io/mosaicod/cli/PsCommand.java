package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.db.Repositories;
import io.mosaicod.db.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Reads the repository only: {@code ps} does not register itself as an instance. */
@Command(name = "ps", sortOptions = false,
        description = "Show running server, cleanup and store-optimizer instances, the last cleanup and the"
                + " optimization queue.")
final class PsCommand extends ConfiguredCommand {
    @Option(names = {"-a", "--all"}, description = "Also show dead instances (no heartbeat for 300 s or more).")
    boolean all;

    @Option(names = {"-v", "--verbose"},
            description = "Show absolute UTC times besides relative ones, and errors in full.")
    boolean verbose;

    PsCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    int run(MosaicodConfig config) {
        try (Repository repository = Repositories.open(config.database())) {
            PsReport report = new PsReport(repository.instances().list(), repository.cleanupLedger().lastRun(),
                    repository.optimizationQueue().overview(PsReport.RECENT_FAILURES), all, verbose);
            report.printTo(spec.commandLine().getOut());
        }
        return ExitCode.OK;
    }
}
