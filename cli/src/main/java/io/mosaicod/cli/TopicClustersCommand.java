package io.mosaicod.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.search.BadFilterException;
import io.mosaicod.core.search.SearchFilter.OntologyCondition;
import io.mosaicod.core.search.SearchFilterParser;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.read.cluster.ClusterBuilder;
import io.mosaicod.read.cluster.MatchTimes;
import io.mosaicod.read.search.TopicSearch;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectStores;
import java.io.PrintWriter;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * {@code mosaicod topic clusters LOCATOR ONTOLOGY_JSON}: when, in a topic of the local repository, rows match an
 * ontology filter — the clusters {@code topic_filter_clusterize} answers, printed as they are found.
 */
final class TopicClustersCommand extends ConfiguredCommand {
    private static final String JSON = "--json";

    TopicClustersCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    CommandSpec baseSpec() {
        return CommandSpec.of("clusters", "Print when a topic's rows match an ontology filter: clusters of matches at"
                        + " most --dt apart, in time order (the topic_filter_clusterize action; docs/search.md).")
                .withParameters(CommandSpec.Parameter.required("LOCATOR", "Topic locator, e.g. run42/imu."),
                        CommandSpec.Parameter.required("ONTOLOGY_JSON",
                                "Conditions on the topic's own tag, e.g. '{\"imu.acc.x\":{\"$gt\":9}}'."))
                .withOptions(List.of(
                        CommandSpec.Option.valued("--dt", "NS", "Largest gap inside a cluster; 0 (the default) makes"
                                + " one cluster from the first match to the last."),
                        CommandSpec.Option.valued("--start", "NS", "Only rows with timestamp_ns >= NS."),
                        CommandSpec.Option.valued("--end", "NS", "Only rows with timestamp_ns < NS."),
                        CommandSpec.Option.flag(List.of(JSON), "Print one JSON object per cluster, as the action does.")));
    }

    @Override
    int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
        String locator = arguments.parameters().get(0);
        long dt = arguments.longValue("--dt").orElse(0L);
        long start = arguments.longValue("--start").orElse(Long.MIN_VALUE);
        long end = arguments.longValue("--end").orElse(Long.MAX_VALUE);
        if (dt < 0) {
            throw new UsageException("--dt must not be negative, got " + dt);
        }
        if (start >= end) {
            throw new UsageException("--start " + start + " must be below --end " + end);
        }
        List<OntologyCondition> conditions = conditions(arguments.parameters().get(1));
        boolean json = arguments.flag(JSON);
        PrintWriter out = invocation.out();
        try (Repository repository = ExistingRepository.open(config.database());
             ObjectStore store = ObjectStores.open(config.store());
             BufferAllocator allocator = new RootAllocator(config.queryEngine().memoryPoolBytes() == 0 ? Long.MAX_VALUE
                     : config.queryEngine().memoryPoolBytes());
             TopicSearch search = new TopicSearch(repository.catalog(), store, allocator, config.queryEngine())) {
            Topic topic = TopicCommand.find(repository, locator);
            for (OntologyCondition c : conditions) {
                if (!topic.ontologyTag().map(c.path().tag()::equals).orElse(false)) {
                    throw new UsageException("the filter names ontology tag '" + c.path().tag() + "' but topic '"
                            + locator + "' has " + topic.ontologyTag().map(t -> "'" + t + "'").orElse("none"));
                }
            }
            if (!json) {
                out.println("ID  START_NS  END_NS");
            }
            long[] id = {0};
            search.matchTimes(topic, conditions, start, end,
                    new MatchTimes(new ClusterBuilder(dt, cluster -> {
                        out.println(json ? "{\"ts\":{\"start_ns\":" + cluster.startNs() + ",\"end_ns\":"
                                + cluster.endNs() + "},\"id\":" + id[0] + "}"
                                : id[0] + "  " + cluster.startNs() + "  " + cluster.endNs());
                        id[0]++;
                        out.flush();
                    })));
        } catch (BadFilterException e) {
            throw new UsageException(e.getMessage());
        }
        return ExitCode.OK;
    }

    private static List<OntologyCondition> conditions(String text) {
        JsonNode ontology;
        try {
            // built here, not in a static field: every command instantiates the whole command tree at start-up,
            // and a mapper costs every command ~65 ms of class loading there (docs/benchmarks.md)
            ontology = new ObjectMapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw new UsageException("ONTOLOGY_JSON is not JSON: " + e.getOriginalMessage());
        }
        if (ontology == null || !ontology.isObject() || ontology.isEmpty()) {
            throw new UsageException("ONTOLOGY_JSON must be an object with at least one condition");
        }
        try {
            return SearchFilterParser.parseOntology(ontology);
        } catch (BadFilterException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
