package io.mosaicod.cli;

import io.mosaicod.client.ClientWire;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.generate.DataGenerator;
import io.mosaicod.client.generate.GenerationReport;
import io.mosaicod.client.generate.GeneratorSpec;
import io.mosaicod.cli.logging.LogSetup;
import io.mosaicod.core.config.LogLevel;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.config.StoreConfig;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.Repository;
import io.mosaicod.server.MosaicodServer;
import io.mosaicod.server.ServerSettings;
import io.mosaicod.tasks.cleanup.CleanupRoutine;
import io.mosaicod.tasks.cleanup.CleanupSettings;
import io.mosaicod.tasks.optimizer.OptimizerSettings;
import io.mosaicod.tasks.optimizer.PassSummary;
import io.mosaicod.tasks.optimizer.StoreOptimizer;
import io.mosaicod.tasks.optimizer.TopicOptimizer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * {@code mosaicod demo}: the whole story in one command. Starts a server, ingests fragmented sensor topics
 * through the Flight API as robots would, runs the store optimizer and the cleanup, and shows per topic what
 * changed (chunks, bytes, full-read time) and what did not (rows, schema and metadata). The data stays in
 * the data folder for {@code topic ls/show/cat}.
 */
final class DemoCommand extends ConfiguredCommand {
    /** Full reads per topic and state; the table shows the fastest. */
    private static final int READS = 3;
    private static final int SEQUENCES = 2;
    private static final int CHUNKS = 300;
    private static final int ROWS = 100;

    DemoCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    CommandSpec baseSpec() {
        return CommandSpec.of("demo", "Show the whole story on the configured repository and store (by default the"
                        + " embedded ones in ./mosaico-data): ingest fragmented topics through a server, optimize, clean"
                        + " up, compare. Logs only warnings unless --log-level debug.")
                .withOptions(List.of(
                        CommandSpec.Option.valued("--sequences", "N", "Recordings to ingest. Default: " + SEQUENCES + "."),
                        CommandSpec.Option.valued("--chunks", "K",
                                "Batches (so chunks) per topic; each sequence has 5 topics. Default: " + CHUNKS + "."),
                        CommandSpec.Option.valued("--rows", "R", "Rows per batch. Default: " + ROWS + "."),
                        ClientOptions.API_KEY_FILE));
    }

    @Override
    int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
        int sequences = arguments.intValue("--sequences", SEQUENCES);
        int chunks = arguments.intValue("--chunks", CHUNKS);
        int rows = arguments.intValue("--rows", ROWS);
        for (var option : List.of(Map.entry("--sequences", sequences), Map.entry("--chunks", chunks),
                Map.entry("--rows", rows))) {
            if (option.getValue() < 1) {
                throw new UsageException(option.getKey() + " must be at least 1, got " + option.getValue());
            }
        }
        ClientWire wire = ClientOptions.apiKey(arguments, invocation.env()).map(ClientWire.PLAIN::withApiKey)
                .orElse(ClientWire.PLAIN);
        if (config.server().apiKeyEnabled() && wire.apiKey().isEmpty()) {
            throw new UsageException("API keys are required (MOSAICOD_API_KEY_ENABLED): give the demo a key with read"
                    + " and write permissions in " + ClientOptions.API_KEY_VARIABLE + " or a file named by "
                    + ClientOptions.API_KEY_FILE.key());
        }
        if (config.log().level() == LogLevel.INFO) {
            // the demo narrates on stdout; routine logs only when asked for with --log-level debug
            LogSetup.apply(new MosaicodConfig.Log(config.log().format(), LogLevel.WARNING));
        }
        PrintWriter out = invocation.out();
        out.println("mosaicod demo on " + where(config));
        String prefix = "demo_" + LocalTime.now().format(DateTimeFormatter.ofPattern("HHmmss"));
        try (RunningInstance instance = RunningInstance.start(config, InstanceKind.SERVER, true);
             BufferAllocator allocator = new RootAllocator()) {
            Repository repository = instance.repository();
            MosaicodServer server = MosaicodServer.start(ServerSettings.from(config.server(), config.queryEngine()).withEndpoint("127.0.0.1", 0),
                    repository, instance.store());
            try (MosaicoClient client = MosaicoClient.connect("127.0.0.1", server.port(), wire)) {
                out.printf(Locale.ROOT, "%n1. Ingesting %d recordings x 5 sensor topics x %d batches of %d rows through the "
                        + "Flight API on port %d (one chunk per batch, neighbouring batches overlapping in time)...%n",
                        sequences, chunks, rows, server.port());
                GenerationReport generated = DataGenerator.run(client, GeneratorSpec.defaults()
                        .withShape(sequences, 5, chunks, rows).withOverlap(0.3).withUnsortedFraction(0.02)
                        .withSequencePrefix(prefix).withImageBytes(4096), new PercentProgress(out, "ingested")::onChunk);
                out.printf(Locale.ROOT, "   %d chunks, %d rows, %.1f MB in %.1f s%n", generated.chunks(), generated.rows(),
                        generated.bytes() / 1e6, generated.elapsed().toMillis() / 1e3);

                out.println("\n2. Reading every topic in full through DoGet (rows merged into time order on the fly), "
                        + READS + " times...");
                List<TopicSnapshot> before = snapshots(client, repository, generated.topics());

                out.println("\n3. Store optimizer: rewriting each topic into few large, time-sorted chunks...");
                long started = System.nanoTime();
                PassSummary optimized = optimize(instance, allocator, config);
                out.printf(Locale.ROOT, "   %s (%.1f s)%n", optimized.headline(), (System.nanoTime() - started) / 1e9);

                out.println("\n4. Cleanup (retention 0 for the demo): deleting the folders nothing references any more...");
                new CleanupRoutine(repository, instance.store(), CleanupSettings.withRetention(Duration.ZERO),
                        instance.instanceId(), instance.stop(), instance.scheduler()).runPass()
                        .ifPresent(result -> out.println("   " + CleanupRoutine.headline(result)));

                out.println("\n5. Reading every topic again, " + READS + " times...");
                List<TopicSnapshot> after = snapshots(client, repository, generated.topics());
                out.println();
                printComparison(out, before, after);
                boolean allPreserved = true;
                for (int i = 0; i < before.size(); i++) {
                    allPreserved &= before.get(i).preservedBy(after.get(i));
                }
                out.println();
                out.println(allPreserved ? "Every topic kept its rows, schema and metadata, and now reads in time order."
                        : "SOME TOPIC CHANGED: see the table above.");
                out.println("\nThe data stays in place. Explore it with:");
                out.println("  bin/mosaicod topic ls");
                out.println("  bin/mosaicod topic show " + generated.topics().get(0));
                out.println("  bin/mosaicod topic cat " + generated.topics().get(0) + " --limit 5");
                out.println("  bin/mosaicod ps");
                return allPreserved && optimized.failures().isEmpty() ? ExitCode.OK : ExitCode.FATAL;
            } finally {
                server.close();
            }
        }
    }

    private static List<TopicSnapshot> snapshots(MosaicoClient client, Repository repository, List<String> topics) {
        List<TopicSnapshot> snapshots = new ArrayList<>();
        for (String topic : topics) {
            snapshots.add(TopicSnapshot.take(client, repository.catalog(), topic, READS));
        }
        return snapshots;
    }

    private static PassSummary optimize(RunningInstance instance, BufferAllocator allocator, MosaicodConfig config) {
        MosaicodConfig.StoreOptimizer options = config.storeOptimizer();
        OptimizerSettings settings = new OptimizerSettings(options.maxChunkSizeBytes(), options.memoryPoolBytes(),
                options.leaseDuration(), Path.of(System.getProperty("java.io.tmpdir"), "mosaicod-spill"),
                options.maxAttempts());
        Repository repository = instance.repository();
        TopicOptimizer topics = TopicOptimizer.assemble(repository.catalog(), repository.optimizationQueue(),
                instance.store(), allocator, settings, instance.scheduler(), instance.stop());
        return new StoreOptimizer(repository.optimizationQueue(), topics, settings, instance.instanceId(),
                instance.stop()).runPass();
    }

    private static void printComparison(PrintWriter out, List<TopicSnapshot> before, List<TopicSnapshot> after) {
        TextTable table = new TextTable("TOPIC", "CHUNKS", "SIZE", "ROWS", "FULL READ", "ROWS, SCHEMA, METADATA");
        for (int i = 0; i < before.size(); i++) {
            TopicSnapshot b = before.get(i);
            TopicSnapshot a = after.get(i);
            table.add(b.locator(), b.chunks() + " -> " + a.chunks(),
                    TopicListing.bytes(b.bytes()) + " -> " + TopicListing.bytes(a.bytes()),
                    a.rows() == b.rows() ? Long.toString(a.rows()) : b.rows() + " -> " + a.rows(),
                    String.format(Locale.ROOT, "%.0f -> %.0f ms (%.1fx)", b.readSeconds() * 1e3, a.readSeconds() * 1e3,
                            b.readSeconds() / Math.max(a.readSeconds(), 1e-6)),
                    b.preservedBy(a) ? "unchanged, sorted" : "CHANGED");
        }
        table.printTo(out);
    }

    private static String where(MosaicodConfig config) {
        String store = config.store() instanceof StoreConfig.Local local ? "local store " + local.root()
                : "S3 store";
        return (config.database().isSqlite() ? "embedded SQLite repository" : "PostgreSQL repository") + " and " + store;
    }
}
