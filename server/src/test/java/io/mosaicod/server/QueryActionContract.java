package io.mosaicod.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.grpc.Status;
import io.mosaicod.client.ActionReply;
import io.mosaicod.client.SequenceMatch;
import io.mosaicod.client.SessionHandle;
import io.mosaicod.client.TopicMatch;
import io.mosaicod.client.TopicSpec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The {@code query} action (SEARCH.md §1) over a real Flight connection: the reply envelope, metadata conditions
 * of both blocks, and refusals. Every filter is confined to this class's sequences, {@code <prefix>_*}, as other
 * test classes share the server.
 */
abstract class QueryActionContract extends ServerFixture {
    private String prefix;

    @BeforeAll
    void createCatalog() {
        prefix = uniqueName("query");
        SessionHandle r1 = sequence("r1", JSON.createObjectNode().put("driver", "ada")
                .set("robot", JSON.createObjectNode().put("model", "ur5").put("payload_kg", 5)));
        SessionHandle r2 = sequence("r2", (ObjectNode) JSON.createObjectNode().put("driver", "bob")
                .set("tags", JSON.createArrayNode().add("night").add("rain")));
        sequence("empty", JSON.createObjectNode().put("driver", "ada"));
        topic(r1, "imu", "imu", JSON.createObjectNode().put("hz", 100));
        topic(r1, "camera/front", "image", JSON.createObjectNode().put("hz", 30));
        topic(r2, "imu", "imu", JSON.createObjectNode().put("hz", 200));
    }

    private SessionHandle sequence(String name, ObjectNode userMetadata) {
        client.createSequence(prefix + "_" + name, userMetadata);
        return client.createSession(prefix + "_" + name);
    }

    private void topic(SessionHandle session, String path, String tag, ObjectNode userMetadata) {
        client.createTopic(session.uuid(), new TopicSpec(sequenceOf(session) + "/" + path,
                tag.equals("image") ? "image" : "default", tag, userMetadata));
    }

    /** {@code conditions} (single quotes for double) plus a condition confining it to this class's sequences. */
    private String filter(String conditions) {
        try {
            ObjectNode filter = (ObjectNode) JSON.readTree(conditions.isEmpty() ? "{}" : conditions.replace('\'', '"'));
            filter.withObject("/sequence").putObject("name").put("$match", prefix + "_*");
            return filter.toString();
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("a test filter is not JSON: " + conditions, e);
        }
    }

    private List<String> locators(String conditions) {
        return client.query(filter(conditions)).stream().flatMap(match -> match.topics().stream())
                .map(TopicMatch::locator).map(locator -> locator.substring(prefix.length() + 1)).toList();
    }

    @Test
    void theReplyIsOneEnvelopeOfItemsGroupedBySequenceWithTopicLocatorsAndTags() {
        ActionReply reply = client.rawAction("query", filter("").getBytes(StandardCharsets.UTF_8));
        assertThat(reply.results()).isEqualTo(1);
        assertThat(reply.action()).isEqualTo("query");
        assertThat(reply.response().toString()).isEqualTo(("{'items':["
                + "{'sequence':'P_r1','topics':[{'locator':'P_r1/camera/front','ontology_tag':'image'},"
                + "{'locator':'P_r1/imu','ontology_tag':'imu'}]},"
                + "{'sequence':'P_r2','topics':[{'locator':'P_r2/imu','ontology_tag':'imu'}]}]}")
                .replace("P", prefix).replace('\'', '"'));
    }

    @Test
    void theClientReadsMatchesAsSequencesWithTheirTopics() {
        assertThat(client.query(filter("{'topic':{'ontology_tag':{'$eq':'image'}}}"))).containsExactly(
                new SequenceMatch(prefix + "_r1",
                        List.of(new TopicMatch(prefix + "_r1/camera/front", Optional.of("image")))));
    }

    @Test
    void sequenceAndTopicConditionsAreAllAnded() {
        assertThat(locators("{'sequence':{'user_metadata':{'robot.model':{'$eq':'ur5'}}}}"))
                .containsExactly("r1/camera/front", "r1/imu");
        assertThat(locators("{'sequence':{'user_metadata':{'tags':{'$eq':'rain'}}}}")).containsExactly("r2/imu");
        assertThat(locators("{'sequence':{'user_metadata':{'driver':{'$eq':'ada'}}},"
                + "'topic':{'user_metadata':{'hz':{'$gt':50}}}}")).containsExactly("r1/imu");
        assertThat(locators("{'topic':{'name':{'$match':'*/imu'},'created_at_ns':{'$gt':0}}}"))
                .containsExactly("r1/imu", "r2/imu");
        assertThat(locators("{'topic':{'serialization_format':{'$in':['ragged']}}}")).isEmpty();
    }

    @Test
    void aSequenceWithoutAMatchingTopicIsNotAnswered() {
        assertThat(client.query(filter("{'sequence':{'user_metadata':{'driver':{'$eq':'ada'}}}}")))
                .extracting(SequenceMatch::sequence).containsExactly(prefix + "_r1");
    }

    /** The locators answered for {@code body} as written (single quotes for double, P for this class's prefix). */
    private List<String> locatorsAsWritten(String body) {
        return client.query(body.replace("P", prefix).replace('\'', '"')).stream()
                .flatMap(match -> match.topics().stream()).map(TopicMatch::locator)
                .map(locator -> locator.substring(prefix.length() + 1)).toList();
    }

    /** Each 0.5-dialect body answers the topics of the 0.7 body beside it; both confined to this class. */
    @Test
    void the05DialectAnswersTheTopicsOfIts07Equivalent() {
        assertThat(locatorsAsWritten("{'sequence':{'locator':{'$eq':'P_r1'}}}"))
                .isEqualTo(locatorsAsWritten("{'sequence':{'name':{'$eq':'P_r1'}}}"))
                .containsExactly("r1/camera/front", "r1/imu");
        assertThat(locatorsAsWritten("{'sequence':{'locator':{'$match':'P_r'}}}"))
                .isEqualTo(locatorsAsWritten("{'sequence':{'name':{'$match':'*P_r*'}}}"))
                .containsExactly("r1/camera/front", "r1/imu", "r2/imu");
        String ours = "'sequence':{'name':{'$match':'P_*'}}";
        assertThat(locatorsAsWritten("{" + ours + ",'topic':{'locator':{'$match':'imu'}}}"))
                .isEqualTo(locatorsAsWritten("{" + ours + ",'topic':{'name':{'$match':'*/*imu*'}}}"))
                .containsExactly("r1/imu", "r2/imu");
        assertThat(locatorsAsWritten("{'sequence':{'locator':{'$eq':'P_r1'}},"
                + "'topic':{'locator':{'$eq':'camera/front'}}}"))
                .isEqualTo(locatorsAsWritten("{'topic':{'name':{'$eq':'P_r1/camera/front'}}}"))
                .containsExactly("r1/camera/front");
        assertThat(locatorsAsWritten("{" + ours + ",'topic':{'locator':{'$in':['imu', 'gps']},"
                + "'user_metadata':{'hz':{'$gt':150}}}}")).containsExactly("r2/imu");
        assertThat(locatorsAsWritten("{" + ours + ",'topic':{'locator':{'$match':'era/fr'}}}"))
                .as("across a /").containsExactly("r1/camera/front");
    }

    @Test
    void aTopicLocatorIsComparedWithThePathAfterTheSequenceName() {
        assertThat(locatorsAsWritten("{'sequence':{'name':{'$match':'P_*'}},'topic':{'locator':{'$match':'_r1'}}}"))
                .as("_r1 is in the sequence name only").isEmpty();
        assertThat(locatorsAsWritten("{'sequence':{'name':{'$match':'P_*'}},'topic':{'locator':{'$eq':'P_r1/imu'}}}"))
                .isEmpty();
    }

    @Test
    void the05MatchTakesGlobWildcardsLiterally() {
        assertThat(locatorsAsWritten("{'sequence':{'locator':{'$match':'P_r*'}}}")).isEmpty();
        assertThat(locatorsAsWritten("{'sequence':{'locator':{'$match':'P_r?'}}}")).isEmpty();
        assertThat(locatorsAsWritten("{'sequence':{'locator':{'$match':'P_[r]1'}}}")).isEmpty();
        assertThat(locatorsAsWritten("{'sequence':{'locator':{'$match':'P_r#'}}}")).isEmpty();
    }

    @Test
    void includeTimestampRangeLeavesTheTopicsAnsweredAndGivesNoRangeToTopicsWithoutData() {
        ActionReply reply = client.rawAction("query", ("{'sequence':{'name':{'$match':'P_*'}},"
                + "'topic':{'ontology_tag':{'$eq':'imu'}},'ontology':{'include_timestamp_range':true}}")
                .replace("P", prefix).replace('\'', '"').getBytes(StandardCharsets.UTF_8));
        assertThat(reply.response().toString()).isEqualTo(("{'items':["
                + "{'sequence':'P_r1','topics':[{'locator':'P_r1/imu','ontology_tag':'imu'}]},"
                + "{'sequence':'P_r2','topics':[{'locator':'P_r2/imu','ontology_tag':'imu'}]}]}")
                .replace("P", prefix).replace('\'', '"'));
    }

    @Test
    void aBlockMixingTheDialectsOrABadFlagIsInvalidArgument() {
        var mixed = assertRefused(Status.Code.INVALID_ARGUMENT,
                () -> client.query("{\"topic\":{\"locator\":{\"$eq\":\"imu\"},\"name\":{\"$eq\":\"r/imu\"}}}"));
        assertThat(mixed.serverMessage()).isEqualTo("Bad request: the `topic` block has both `name` (the 0.7 dialect)"
                + " and `locator` (the 0.5 dialect), whose $match differ: use one of them.");
        var flag = assertRefused(Status.Code.INVALID_ARGUMENT,
                () -> client.query("{\"ontology\":{\"include_timestamp_range\":1}}"));
        assertThat(flag.serverMessage())
                .isEqualTo("Bad request: `ontology.include_timestamp_range` must be true or false.");
    }

    @Test
    void aMistakeInTheFilterIsInvalidArgumentNamingIt() {
        var ordering = assertRefused(Status.Code.INVALID_ARGUMENT,
                () -> client.query("{\"topic\":{\"name\":{\"$gt\":\"a\"}}}"));
        assertThat(ordering.serverMessage()).startsWith("Bad request: operator $gt is not supported on `topic.name`");
        var glob = assertRefused(Status.Code.INVALID_ARGUMENT,
                () -> client.query("{\"sequence\":{\"name\":{\"$match\":\"[a-\"}}}"));
        assertThat(glob.serverMessage()).startsWith("Bad request: malformed character class");
        var json = assertRefused(Status.Code.INVALID_ARGUMENT, () -> client.query("{\"topic\":"));
        assertThat(json.serverMessage()).isEqualTo("Bad request: body deserialization error.");
    }
}
