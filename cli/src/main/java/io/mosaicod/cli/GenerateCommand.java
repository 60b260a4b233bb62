package io.mosaicod.cli;

import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.generate.DataGenerator;
import io.mosaicod.client.generate.GenerationProgress;
import io.mosaicod.client.generate.GenerationReport;
import io.mosaicod.client.generate.GeneratorSpec;
import io.mosaicod.core.config.MosaicodConfig;
import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

@Command(name = "generate", sortOptions = false,
        description = "Ingest realistic, fragmented topics through the server API, for demos and benchmarks: "
                + "IMU, GPS (nested struct), lidar (ragged lists), camera (binary blobs) and label topics.")
final class GenerateCommand extends ConfiguredCommand {
    @Option(names = "--server", paramLabel = "HOST:PORT",
            description = "Server to ingest into; default: the configured MOSAICOD_HOST and MOSAICOD_PORT.")
    String server;

    @Option(names = "--sequences", paramLabel = "N", defaultValue = "1", description = "Sequences to create. Default: ${DEFAULT-VALUE}.")
    int sequences;

    @Option(names = "--topics", paramLabel = "M", defaultValue = "5", description = "Topics per sequence. Default: ${DEFAULT-VALUE}.")
    int topics;

    @Option(names = "--chunks", paramLabel = "K", defaultValue = "10",
            description = "Batches (so chunks) uploaded per topic. Default: ${DEFAULT-VALUE}.")
    int chunks;

    @Option(names = "--rows", paramLabel = "R", defaultValue = "1000", description = "Rows per batch. Default: ${DEFAULT-VALUE}.")
    int rows;

    @Option(names = "--overlap", paramLabel = "FRACTION", defaultValue = "0.3",
            description = "Share of a chunk's time span the next chunk also covers, in [0, 1). Default: ${DEFAULT-VALUE}.")
    double overlap;

    @Option(names = "--unsorted", paramLabel = "FRACTION", defaultValue = "0",
            description = "Share of batches whose rows are shuffled, in [0, 1]. Default: ${DEFAULT-VALUE}.")
    double unsorted;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Random seed. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--prefix", paramLabel = "NAME", defaultValue = "generated",
            description = "Sequences are named NAME_0000, NAME_0001, ... Default: ${DEFAULT-VALUE}.")
    String prefix;

    GenerateCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    int run(MosaicodConfig config) throws Exception {
        GeneratorSpec generation;
        try {
            generation = GeneratorSpec.defaults().withShape(sequences, topics, chunks, rows).withOverlap(overlap)
                    .withUnsortedFraction(unsorted).withSeed(seed).withSequencePrefix(prefix);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        String host = config.server().host();
        int port = config.server().port();
        if (server != null) {
            int colon = server.lastIndexOf(':');
            try {
                host = server.substring(0, colon);
                port = Integer.parseInt(server.substring(colon + 1));
            } catch (RuntimeException e) {
                throw new ParameterException(spec.commandLine(), "invalid value '" + server + "' for --server: expected HOST:PORT");
            }
        }
        PrintWriter err = spec.commandLine().getErr();
        boolean terminal = System.console() != null;
        try (MosaicoClient client = MosaicoClient.connect(host, port)) {
            GenerationReport report = DataGenerator.run(client, generation, progress -> {
                if (terminal) {
                    err.print("\r\033[K" + describe(progress));
                    err.flush();
                }
            });
            if (terminal) {
                err.print("\r\033[K");
            }
            spec.commandLine().getOut().printf(Locale.ROOT, "ingested %d topics in %d sequences: %d chunks, %d rows, "
                            + "%.1f MB in %.1f s%n", report.topics().size(), report.sequences().size(), report.chunks(),
                    report.rows(), report.bytes() / 1e6, report.elapsed().toMillis() / 1e3);
        }
        return ExitCode.OK;
    }

    private static String describe(GenerationProgress p) {
        return String.format(Locale.ROOT, "generating: %3.0f%% (%d of %d chunks) %s", p.fraction() * 100,
                p.chunksDone(), p.totalChunks(), p.topic());
    }
}
