package io.mosaicod.cli;

import io.grpc.Status;
import io.mosaicod.client.MosaicoClient;
import io.mosaicod.client.MosaicoException;
import io.mosaicod.client.SequenceMatch;
import io.mosaicod.client.TopicMatch;
import io.mosaicod.core.config.MosaicodConfig;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code mosaicod query FILTER_JSON}: asks a server which sequences and topics match a filter (metadata and data). */
final class QueryCommand extends ConfiguredCommand {
    private static final String JSON = "--json";

    QueryCommand(Invocation invocation) {
        super(invocation);
    }

    @Override
    CommandSpec baseSpec() {
        return CommandSpec.of("query", "Find the topics whose sequence, own metadata and data match a filter (the"
                        + " query action; filters are described in docs/search.md).")
                .withParameters(CommandSpec.Parameter.required("FILTER_JSON",
                        "The filter, e.g. '{\"topic\":{\"ontology_tag\":{\"$eq\":\"imu\"}}}'; '{}' matches every topic."))
                .withOptions(List.of(CommandSpec.Option.flag(List.of(JSON), "Print the server's answer as JSON."),
                        ClientOptions.SERVER, ClientOptions.TLS, ClientOptions.TLS_CA, ClientOptions.GZIP,
                        ClientOptions.API_KEY_FILE));
    }

    @Override
    int run(MosaicodConfig config, CommandArguments arguments) throws Exception {
        List<SequenceMatch> matches;
        try (MosaicoClient client = ClientOptions.connect(arguments, config, invocation.env())) {
            matches = client.query(arguments.parameters().get(0));
        } catch (MosaicoException e) {
            if (e.code() == Status.Code.INVALID_ARGUMENT) {
                throw new UsageException("the server refused the filter: " + e.serverMessage());
            }
            throw e;
        }
        print(matches, arguments.flag(JSON), invocation.out());
        return ExitCode.OK;
    }

    private static void print(List<SequenceMatch> matches, boolean json, PrintWriter out) throws Exception {
        if (json) {
            out.println(TopicListing.JSON.writeValueAsString(Map.of("items",
                    matches.stream().map(QueryCommand::asMap).toList())));
            return;
        }
        TextTable table = new TextTable("SEQUENCE", "TOPIC", "ONTOLOGY TAG");
        for (SequenceMatch match : matches) {
            for (TopicMatch topic : match.topics()) {
                table.add(match.sequence(), topic.locator(), topic.ontologyTag().orElse("-"));
            }
        }
        table.printTo(out);
    }

    /** The reply's own shape, so that scripts read the CLI's JSON as they read the action's. */
    private static Map<String, Object> asMap(SequenceMatch match) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("sequence", match.sequence());
        item.put("topics", match.topics().stream().map(topic -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("locator", topic.locator());
            entry.put("ontology_tag", topic.ontologyTag().orElse(null));
            return entry;
        }).toList());
        return item;
    }
}
