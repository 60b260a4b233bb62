package io.mosaicod.cli;

import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.generate.DataGenerator;
import io.mosaicod.client.generate.GenerationProgress;
import io.mosaicod.client.generate.GenerationReport;
import io.mosaicod.client.generate.GeneratorSpec;
import io.mosaicod.core.CountText;
import io.mosaicod.core.config.MosaicodConfig;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

final class GenerateCommand extends ConfiguredCommand {
    private static final int SEQUENCES = 1;
    private static final int TOPICS = 5;
    private static final int CHUNKS = 10;
    private static final int ROWS = 1000;
    private static final double OVERLAP = 0.3;
    private static final double UNSORTED = 0;
    private static final long SEED = 42;
    private static final String PREFIX = "generated";

    GenerateCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    CommandSpec baseSpec() {
        return CommandSpec.of("generate", "Ingest realistic, fragmented topics through the server API, for demos and"
                        + " benchmarks: IMU, GPS (nested struct), lidar (ragged lists), camera (binary blobs) and label"
                        + " topics.")
                .withOptions(List.of(
                        ClientOptions.SERVER,
                        CommandSpec.Option.valued("--sequences", "N", "Sequences to create. Default: " + SEQUENCES + "."),
                        CommandSpec.Option.valued("--topics", "M", "Topics per sequence. Default: " + TOPICS + "."),
                        CommandSpec.Option.valued("--chunks", "K",
                                "Batches (so chunks) uploaded per topic. Default: " + CHUNKS + "."),
                        CommandSpec.Option.valued("--rows", "R", "Rows per batch. Default: " + ROWS + "."),
                        CommandSpec.Option.valued("--overlap", "FRACTION",
                                "Share of a chunk's time span the next chunk also covers, in [0, 1). Default: " + OVERLAP + "."),
                        CommandSpec.Option.valued("--unsorted", "FRACTION",
                                "Share of batches whose rows are shuffled, in [0, 1]. Default: " + UNSORTED + "."),
                        CommandSpec.Option.valued("--seed", "S", "Random seed. Default: " + SEED + "."),
                        CommandSpec.Option.valued("--prefix", "NAME",
                                "Sequences are named NAME_0000, NAME_0001, ... Default: " + PREFIX + "."),
                        ClientOptions.TLS, ClientOptions.TLS_CA, ClientOptions.GZIP, ClientOptions.API_KEY_FILE));
    }

    @Override
    int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
        GeneratorSpec generation;
        try {
            generation = GeneratorSpec.defaults()
                    .withShape(arguments.intValue("--sequences", SEQUENCES), arguments.intValue("--topics", TOPICS),
                            arguments.intValue("--chunks", CHUNKS), arguments.intValue("--rows", ROWS))
                    .withOverlap(arguments.doubleValue("--overlap", OVERLAP))
                    .withUnsortedFraction(arguments.doubleValue("--unsorted", UNSORTED))
                    .withSeed(arguments.longValue("--seed").orElse(SEED))
                    .withSequencePrefix(arguments.value("--prefix", PREFIX));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        PrintWriter err = invocation.err();
        boolean terminal = System.console() != null;
        try (MosaicoClient client = ClientOptions.connect(arguments, config, invocation.env())) {
            GenerationReport report = DataGenerator.run(client, generation, progress -> {
                if (terminal) {
                    err.print("\r\033[K" + describe(progress));
                    err.flush();
                }
            });
            if (terminal) {
                err.print("\r\033[K");
            }
            invocation.out().printf(Locale.ROOT, "ingested %s in %s: %s, %s, %.1f MB in %.1f s%n",
                    CountText.of(report.topics().size(), "topic"), CountText.of(report.sequences().size(), "sequence"),
                    CountText.of(report.chunks(), "chunk"), CountText.of(report.rows(), "row"),
                    report.bytes() / 1e6, report.elapsed().toMillis() / 1e3);
        }
        return ExitCode.OK;
    }

    private static String describe(GenerationProgress p) {
        return String.format(Locale.ROOT, "generating: %3.0f%% (%d of %d chunks) %s", p.fraction() * 100,
                p.chunksDone(), p.totalChunks(), p.topic());
    }
}
