package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.QueueOverview;
import io.mosaicod.db.Repositories;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.format.ChunkFooter;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.tasks.read.TopicReader;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mosaicod topic ls|show|cat}: inspect topics in the repository and the store. */
@Command(name = "topic", synopsisSubcommandLabel = "COMMAND", description = "Inspect topics.",
        subcommands = {TopicCommand.Ls.class, TopicCommand.Show.class, TopicCommand.Cat.class})
final class TopicCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(),
                "missing command: one of " + String.join(", ", spec.subcommands().keySet()));
    }

    /** The topic named by a locator, or a one-line usage error. */
    static Topic find(Repository repository, String locator, CommandSpec spec) {
        return repository.catalog().findTopicByLocator(locator).orElseThrow(() -> new ParameterException(
                spec.commandLine(), "no topic '" + locator + "' in the repository (see 'mosaicod topic ls')"));
    }

    @Command(name = "ls", sortOptions = false, description = "List topics with their size and optimization state.")
    static final class Ls extends ConfiguredCommand {
        @Option(names = "--json", description = "Print JSON instead of a table.")
        boolean json;

        Ls(Invocation invocation) {
            super(invocation);
        }

        @Override
        int run(MosaicodConfig config) throws Exception {
            try (Repository repository = Repositories.open(config.database())) {
                QueueOverview queue = repository.optimizationQueue().overview(Duration.ZERO);
                TopicListing.print(TopicListing.entries(repository.catalog(), queue), json, spec.commandLine().getOut());
            }
            return ExitCode.OK;
        }
    }

    @Command(name = "show", sortOptions = false,
            description = "Show a topic's chunks, sizes, time range, optimization state and history.")
    static final class Show extends ConfiguredCommand {
        @Parameters(paramLabel = "LOCATOR", description = "Topic locator, e.g. run42/camera/front.")
        String locator;

        @Option(names = "--json", description = "Print JSON instead of text.")
        boolean json;

        Show(Invocation invocation) {
            super(invocation);
        }

        @Override
        int run(MosaicodConfig config) throws Exception {
            try (Repository repository = Repositories.open(config.database())) {
                Topic topic = find(repository, locator, spec);
                boolean leased = repository.optimizationQueue().overview(Duration.ZERO).leased().stream()
                        .anyMatch(l -> l.topicId() == topic.id());
                new TopicReport(topic, repository.catalog().listChunks(topic.id()),
                        repository.optimizationQueue().runsOf(topic.id()), leased).print(json, spec.commandLine().getOut());
            }
            return ExitCode.OK;
        }
    }

    @Command(name = "cat", sortOptions = false, description = "Print a topic's rows in time order, as CSV.")
    static final class Cat extends ConfiguredCommand {
        @Parameters(paramLabel = "LOCATOR", description = "Topic locator, e.g. run42/imu.")
        String locator;

        @Option(names = "--json", description = "Print one JSON object per row instead of CSV.")
        boolean json;

        @Option(names = "--start", paramLabel = "NS", description = "Only rows with timestamp_ns >= NS.")
        Long start;

        @Option(names = "--end", paramLabel = "NS", description = "Only rows with timestamp_ns < NS.")
        Long end;

        @Option(names = "--limit", paramLabel = "N", description = "Print at most N rows.")
        long limit = Long.MAX_VALUE;

        Cat(Invocation invocation) {
            super(invocation);
        }

        @Override
        int run(MosaicodConfig config) throws Exception {
            if (start != null && end != null && start >= end) {
                throw new ParameterException(spec.commandLine(), "--start " + start + " must be below --end " + end);
            }
            try (Repository repository = Repositories.open(config.database());
                 ObjectStore store = ObjectStores.open(config.store());
                 BufferAllocator allocator = new RootAllocator()) {
                Topic topic = find(repository, locator, spec);
                List<Chunk> chunks = repository.catalog().listChunks(topic.id());
                if (chunks.isEmpty()) {
                    return ExitCode.OK;
                }
                Schema schema;
                try (RandomAccessSource first = store.openSource(chunks.get(0).objectKey())) {
                    schema = ChunkFooter.read(first).schema();
                }
                PrintWriter out = spec.commandLine().getOut();
                RowWriter rows = new RowWriter(schema, json, limit, out);
                try {
                    new TopicReader(repository.catalog(), store, allocator)
                            .read(topic, schema, new TopicReader.Range(start, end), 4096, rows);
                } catch (RowWriter.LimitReached enough) {
                    // the requested rows are printed
                }
                out.flush();
            }
            return ExitCode.OK;
        }
    }
}
