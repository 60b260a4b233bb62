package io.mosaicod.cli;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.io.RandomAccessSource;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.FailingTopic;
import io.mosaicod.db.OptimizationQueue;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.TopicScope;
import io.mosaicod.db.TopicSelection;
import io.mosaicod.db.TopicState;
import io.mosaicod.format.ChunkFooter;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import io.mosaicod.read.TopicReader;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/** {@code mosaicod topic ls|show|cat}: inspect topics in the repository and the store. */
final class TopicCommand extends CommandGroup {
    private static final String JSON = "--json";
    private final List<Command> subcommands;

    TopicCommand(Invocation invocation) {
        this.subcommands = List.of(new Ls(invocation), new Show(invocation), new Cat(invocation),
                new TopicClustersCommand(invocation));
    }

    @Override
    public CommandSpec spec() {
        return CommandSpec.of("topic", "Inspect topics.");
    }

    @Override
    public List<Command> subcommands() {
        return subcommands;
    }

    /** The topic named by a locator, or a one-line usage error. */
    static Topic find(Repository repository, String locator) {
        return repository.catalog().findTopicByLocator(locator).orElseThrow(() -> new UsageException(
                "no topic '" + locator + "' in the repository", "mosaicod topic ls"));
    }

    static final class Ls extends ConfiguredCommand {
        private static final String SEQUENCE = "--sequence";
        private static final String STATE = "--state";
        private static final String LIMIT = "--limit";
        private static final String STATES = Arrays.stream(TopicState.values()).map(TopicState::optionValue)
                .collect(Collectors.joining("|"));

        Ls(Invocation invocation) {
            super(invocation);
        }

        @Override
        CommandSpec baseSpec() {
            return CommandSpec.of("ls", "List topics with their size and optimization state, by locator.")
                    .withOptions(List.of(CommandSpec.Option.flag(List.of(JSON), "Print JSON instead of a table."),
                            CommandSpec.Option.valued(SEQUENCE, "NAME", "Only the topics of sequence NAME."),
                            CommandSpec.Option.valued(STATE, "STATE", "Only the topics showing STATE as their upload"
                                    + " or optimization state: " + STATES + "."),
                            CommandSpec.Option.valued(LIMIT, "N", "List at most N topics.")));
        }

        @Override
        int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
            long limit = arguments.longValue(LIMIT).orElse(Long.MAX_VALUE);
            if (limit < 0) {
                throw new UsageException(LIMIT + " must not be negative, got " + limit);
            }
            TopicSelection selection = new TopicSelection(arguments.value(SEQUENCE),
                    arguments.value(STATE).map(Ls::state), limit, config.storeOptimizer().maxAttempts());
            try (Repository repository = ExistingRepository.open(config.database())) {
                PrintWriter out = invocation.out();
                TopicListing listing = arguments.flag(JSON) ? TopicListing.json(out) : TopicListing.table(out);
                repository.catalog().summarizeTopics(selection, listing);
                listing.finish();
            }
            return ExitCode.OK;
        }

        private static TopicState state(String value) {
            return Arrays.stream(TopicState.values()).filter(s -> s.optionValue().equals(value.strip())).findFirst()
                    .orElseThrow(() -> new UsageException("invalid value '" + value + "' for " + STATE
                            + ": expected one of " + STATES));
        }
    }

    static final class Show extends ConfiguredCommand {
        Show(Invocation invocation) {
            super(invocation);
        }

        @Override
        CommandSpec baseSpec() {
            return CommandSpec.of("show", "Show a topic's chunks, sizes, time range, optimization state and history.")
                    .withParameters(CommandSpec.Parameter.required("LOCATOR", "Topic locator, e.g. run42/camera/front."))
                    .withOptions(List.of(CommandSpec.Option.flag(List.of(JSON), "Print JSON instead of text.")));
        }

        @Override
        int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
            try (Repository repository = ExistingRepository.open(config.database())) {
                Topic topic = find(repository, arguments.parameters().get(0));
                OptimizationQueue queue = repository.optimizationQueue();
                boolean leased = queue.overview(Duration.ZERO).leased().stream()
                        .anyMatch(l -> l.topicId() == topic.id());
                Optional<FailingTopic> failing = queue.failingTopics(TopicScope.only(List.of(topic.id())), 1).stream()
                        .findFirst();
                new TopicReport(topic, repository.catalog().listChunks(topic.id()), queue.runsOf(topic.id()), leased,
                        new TopicReport.Failures(failing, config.storeOptimizer().maxAttempts()))
                        .print(arguments.flag(JSON), invocation.out());
            }
            return ExitCode.OK;
        }
    }

    static final class Cat extends ConfiguredCommand {
        Cat(Invocation invocation) {
            super(invocation);
        }

        @Override
        CommandSpec baseSpec() {
            return CommandSpec.of("cat", "Print a topic's rows in time order, as CSV.")
                    .withParameters(CommandSpec.Parameter.required("LOCATOR", "Topic locator, e.g. run42/imu."))
                    .withOptions(List.of(
                            CommandSpec.Option.flag(List.of(JSON), "Print one JSON object per row instead of CSV."),
                            CommandSpec.Option.valued("--start", "NS", "Only rows with timestamp_ns >= NS."),
                            CommandSpec.Option.valued("--end", "NS", "Only rows with timestamp_ns < NS."),
                            CommandSpec.Option.valued("--limit", "N", "Print at most N rows.")));
        }

        @Override
        int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
            String locator = arguments.parameters().get(0);
            boolean json = arguments.flag(JSON);
            Long start = arguments.longValue("--start").orElse(null);
            Long end = arguments.longValue("--end").orElse(null);
            long limit = arguments.longValue("--limit").orElse(Long.MAX_VALUE);
            if (limit < 0) {
                throw new UsageException("--limit must not be negative, got " + limit);
            }
            if (start != null && end != null && start >= end) {
                throw new UsageException("--start " + start + " must be below --end " + end);
            }
            try (Repository repository = ExistingRepository.open(config.database());
                 ObjectStore store = ObjectStores.open(config.store());
                 BufferAllocator allocator = new RootAllocator()) {
                Topic topic = find(repository, locator);
                List<Chunk> chunks = repository.catalog().listChunks(topic.id());
                if (chunks.isEmpty()) {
                    return ExitCode.OK;
                }
                Schema schema;
                try (RandomAccessSource first = store.openSource(chunks.get(0).objectKey())) {
                    schema = ChunkFooter.read(first).schema();
                }
                PrintWriter out = invocation.out();
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
