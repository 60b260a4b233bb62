package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.grpc.Status;
import io.mosaicod.client.ActionReply;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicMatch;
import io.mosaicod.client.TopicSpec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The {@code query} action's ontology block (SEARCH.md §1) on uploaded data ({@link SampleTopic} rows:
 * {@code value = ts / 1000}, {@code label = "row-<ts>"}): conditions judged on rows, several tags combined by
 * sequence, the upstream {@code $neq} defect not copied, refusals. Confined to this class's sequences.
 */
abstract class OntologyQueryContract extends ServerFixture {
    private String prefix;

    @BeforeAll
    void uploadTopics() {
        prefix = uniqueName("ontology");
        SessionHandle a = session("a");
        upload(topic(a, "imu", "imu"), new long[] {1000, 2000, 3000}, new long[] {5000, 4000});
        upload(topic(a, "gps", "gps"), new long[] {10_000, 11_000, 12_000});
        upload(topic(session("b"), "imu", "imu"), new long[] {100_000, 101_000, 102_000});
        upload(topic(session("c"), "imu", "imu"), new long[] {3000});
    }

    private SessionHandle session(String name) {
        client.createSequence(prefix + "_" + name, metadata("robot", name));
        return client.createSession(prefix + "_" + name);
    }

    private String topic(SessionHandle session, String path, String tag) {
        return sequenceOf(session) + "/" + path + "|" + client.createTopic(session.uuid(),
                new TopicSpec(sequenceOf(session) + "/" + path, "ragged", tag, metadata("unit", "V")));
    }

    private void upload(String topic, long[]... batches) {
        String[] parts = topic.split("\\|");
        upload(parts[0], UUID.fromString(parts[1]), batches);
    }

    /** The locators (without this class's prefix) answered for {@code ontology}, confined to this class. */
    private List<String> locators(String ontology) {
        String filter = ("{'sequence':{'name':{'$match':'" + prefix + "_*'}},'ontology':" + ontology + "}")
                .replace('\'', '"');
        return client.query(filter).stream().flatMap(match -> match.topics().stream()).map(TopicMatch::locator)
                .map(locator -> locator.substring(prefix.length() + 1)).toList();
    }

    @Test
    void aTopicMatchesWhenOneOfItsRowsSatisfiesEveryConditionOfItsTag() {
        assertThat(locators("{'imu.value':{'$gt':50}}")).containsExactly("b/imu");
        assertThat(locators("{'imu.value':{'$between':[2, 4]}}")).containsExactly("a/imu", "c/imu");
        assertThat(locators("{'imu.label':{'$match':'row-10?000'}}")).containsExactly("b/imu");
        assertThat(locators("{'imu.value':{'$eq':2},'imu.label':{'$eq':'row-3000'}}"))
                .as("both on the same row").isEmpty();
        assertThat(locators("{'imu.value':{'$eq':2},'imu.label':{'$eq':'row-2000'}}")).containsExactly("a/imu");
    }

    @Test
    void severalTagsAnswerTheSequencesMatchingEveryTagWithTheirMatchingTopics() {
        assertThat(locators("{'imu.value':{'$lt':10},'gps.value':{'$geq':11}}")).containsExactly("a/gps", "a/imu");
        assertThat(locators("{'imu.value':{'$lt':10},'gps.value':{'$geq':13}}")).isEmpty();
    }

    @Test
    void notEqualAnswersATopicWithOtherValuesEvenWhenTheOperandLiesWithinItsRange() {
        // upstream skips a/imu's chunk (3 lies within [1, 5]); c/imu holds only 3
        assertThat(locators("{'imu.value':{'$neq':3}}")).containsExactly("a/imu", "b/imu");
    }

    @Test
    void theTopicBlockNarrowsTheTopicsWhoseDataIsJudged() {
        String filter = ("{'sequence':{'name':{'$match':'" + prefix + "_*'}},'topic':{'name':{'$match':'*/gps'}},"
                + "'ontology':{'imu.value':{'$gt':0}}}").replace('\'', '"');
        assertThat(client.query(filter)).isEmpty();
    }

    @Test
    void aFieldTheTopicsDoNotHaveIsAbsentFromEveryRow() {
        assertThat(locators("{'imu.missing':'$nex'}")).containsExactly("a/imu", "b/imu", "c/imu");
        assertThat(locators("{'imu.missing':{'$eq':1}}")).isEmpty();
    }

    /**
     * {@code locator: [first, last]} of every topic answered for {@code body} (single quotes for double, P for this
     * class's prefix), read from the raw reply: the 0.5 SDK's shape.
     */
    private Map<String, List<Long>> timestampRanges(String body) {
        ActionReply reply = client.rawAction("query", body.replace("P", prefix).replace('\'', '"')
                .getBytes(StandardCharsets.UTF_8));
        Map<String, List<Long>> ranges = new TreeMap<>();
        for (JsonNode item : reply.response().get("items")) {
            for (JsonNode topic : item.get("topics")) {
                List<Long> range = new ArrayList<>();
                topic.path("timestamp_range").forEach(time -> range.add(time.longValue()));
                ranges.put(topic.get("locator").asText().substring(prefix.length() + 1), range);
            }
        }
        return ranges;
    }

    @Test
    void includeTimestampRangeGivesTheFirstAndLastTimeOfEachTopicsMatchingRows() {
        // a/imu: 2000 and 3000 in one batch, 4000 in the other after 5000; c/imu: 3000 alone
        assertThat(timestampRanges("{'sequence':{'name':{'$match':'P_*'}},"
                + "'ontology':{'include_timestamp_range':true,'imu.value':{'$between':[2, 4]}}}"))
                .isEqualTo(Map.of("a/imu", List.of(2000L, 4000L), "c/imu", List.of(3000L, 3000L)));
        assertThat(timestampRanges("{'sequence':{'name':{'$match':'P_*'}},'ontology':{'include_timestamp_range':true,"
                + "'imu.value':{'$lt':10},'gps.value':{'$geq':11}}}"))
                .isEqualTo(Map.of("a/gps", List.of(11_000L, 12_000L), "a/imu", List.of(1000L, 5000L)));
    }

    @Test
    void includeTimestampRangeWithoutConditionsGivesEachTopicsWholeRange() {
        assertThat(timestampRanges("{'sequence':{'name':{'$match':'P_*'}},"
                + "'ontology':{'include_timestamp_range':true}}"))
                .isEqualTo(Map.of("a/gps", List.of(10_000L, 12_000L), "a/imu", List.of(1000L, 5000L),
                        "b/imu", List.of(100_000L, 102_000L), "c/imu", List.of(3000L, 3000L)));
    }

    /** As the 0.5 SDK writes it: a sequence and topic {@code locator}, the flag among the conditions. */
    @Test
    void a05QueryAnswersTheTopicsOfIts07EquivalentWithTheirRanges() {
        Map<String, List<Long>> old = timestampRanges("{'sequence':{'locator':{'$match':'P_'}},"
                + "'topic':{'locator':{'$match':'mu'}},"
                + "'ontology':{'imu.value':{'$gt':2},'include_timestamp_range':true}}");
        assertThat(old).isEqualTo(Map.of("a/imu", List.of(3000L, 5000L), "b/imu", List.of(100_000L, 102_000L),
                "c/imu", List.of(3000L, 3000L)));
        assertThat(locators("{'imu.value':{'$gt':2}}")).as("0.7, without ranges").isEqualTo(List.copyOf(old.keySet()));
        assertThat(timestampRanges("{'sequence':{'name':{'$match':'P_*'}},'ontology':{'imu.value':{'$gt':2}}}"))
                .as("no range unless asked").containsOnlyKeys(old.keySet()).allSatisfy((topic, range) ->
                        assertThat(range).isEmpty());
    }

    @Test
    void anOperandThatDoesNotFitTheColumnIsInvalidArgument() {
        var refusal = assertRefused(Status.Code.INVALID_ARGUMENT, () -> locators("{'imu.value':{'$eq':'x'}}"));
        assertThat(refusal.serverMessage()).startsWith("Bad request: $eq with a string operand does not apply");
    }
}
