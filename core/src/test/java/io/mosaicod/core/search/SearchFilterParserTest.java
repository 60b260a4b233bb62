package io.mosaicod.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mosaicod.core.RequestJson;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@Tag("fast")
class SearchFilterParserTest {

    private static SearchFilter parse(String json) {
        return SearchFilterParser.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    }

    private static Condition topicCondition(String field, String condition) {
        return parse("{'topic':{'" + field + "':" + condition + "}}").topic().fields().get(0).condition();
    }

    /** The sequence or topic block of a body made of it alone. */
    private static MetadataFilter block(String name, String block) {
        SearchFilter filter = parse("{'" + name + "':" + block + "}");
        return name.equals("topic") ? filter.topic() : filter.sequence();
    }

    private static Condition metadataCondition(String condition) {
        return parse("{'sequence':{'user_metadata':{'robot.arm':" + condition + "}}}").sequence().userMetadata()
                .get(0).condition();
    }

    @Test
    void anEmptyBodyHasNoCondition() {
        SearchFilter filter = parse("{}");
        assertThat(filter.sequence().isEmpty()).isTrue();
        assertThat(filter.topic().isEmpty()).isTrue();
        assertThat(filter.ontology()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "{'$eq': 5}|EQ|1", "{'$neq': 5}|NEQ|1", "{'$lt': 5}|LT|1", "{'$leq': 5}|LEQ|1", "{'$gt': 5}|GT|1",
            "{'$geq': 5}|GEQ|1", "{'$between': [1, 5]}|BETWEEN|2", "{'$outside': [1, 5]}|OUTSIDE|2",
            "{'$in': [1, 2, 3]}|IN|3", "'$ex'|EX|0", "'$nex'|NEX|0"})
    void everyOperatorOnATimeFieldIsReadWithItsOperands(String json, Operator operator, int operands) {
        Condition condition = topicCondition("created_at_ns", json);
        assertThat(condition.operator()).isEqualTo(operator);
        assertThat(condition.operands()).hasSize(operands).allMatch(v -> v instanceof FilterValue.Number);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {"{'$eq': 'x'}|EQ", "{'$neq': 'x'}|NEQ", "{'$in': ['x', 'y']}|IN",
            "{'$match': 'x*'}|MATCH", "'$ex'|EX", "'$nex'|NEX"})
    void textFieldsTakeEqualityMembershipMatchAndExistence(String json, Operator operator) {
        for (String field : List.of("name", "ontology_tag", "serialization_format")) {
            assertThat(topicCondition(field, json).operator()).isEqualTo(operator);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"{'$lt': 'x'}", "{'$leq': 'x'}", "{'$gt': 'x'}", "{'$geq': 'x'}",
            "{'$between': ['a', 'b']}", "{'$outside': ['a', 'b']}"})
    void anOrderingOperatorOnATextFieldIsRejected(String json) {
        assertThatThrownBy(() -> topicCondition("name", json)).isInstanceOf(BadFilterException.class)
                .hasMessageStartingWith("Bad request: operator").hasMessageContaining("text field");
    }

    @Test
    void valuesKeepTheirJsonTypeAndNumbersStayExact() {
        assertThat(metadataCondition("{'$eq': 1700000000123456789}").operand())
                .isEqualTo(new FilterValue.Number(new BigDecimal("1700000000123456789")));
        assertThat(metadataCondition("{'$gt': 9223372036854775806.5}").operand()).as("a fraction, not a double")
                .isEqualTo(new FilterValue.Number(new BigDecimal("9223372036854775806.5")));
        assertThat(metadataCondition("{'$eq': 'ur5'}").operand()).isEqualTo(new FilterValue.Text("ur5"));
        assertThat(metadataCondition("{'$eq': true}").operand()).isEqualTo(new FilterValue.Bool(true));
        assertThat(metadataCondition("{'$gt': 'b'}").operandType()).isEqualTo("string");
        assertThat(metadataCondition("{'$between': ['a', 'c']}").operands()).hasSize(2);
        assertThat(metadataCondition("{'$match': 'ur#'}").glob().matches("ur5")).isTrue();
    }

    @Test
    void aPlainListColumnComparesWithAnArray() {
        SearchFilter filter = parse("{'ontology':{'imu.covariance':{'$eq':[1, 2, 3]}}}");
        assertThat(filter.ontology().get(0).condition().operand()).isInstanceOf(FilterValue.Array.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "{'topic':{'created_at_ns':{'$gt':'yesterday'}}}|cannot be compared with a value of type string",
            "{'topic':{'created_at_ns':{'$match':'1*'}}}|operator $match is not supported",
            "{'topic':{'name':{'$eq':5}}}|cannot be compared with a value of type number",
            "{'topic':{'name':{'$in':['a', 5]}}}|mixes a string and a number",
            "{'topic':{'name':{'$in':[]}}}|needs a non-empty array",
            "{'topic':{'name':{'$in':'a'}}}|needs a non-empty array",
            "{'topic':{'created_at_ns':{'$between':[1]}}}|needs an array of two bounds",
            "{'topic':{'created_at_ns':{'$outside':[1, 2, 3]}}}|needs an array of two bounds",
            "{'topic':{'created_at_ns':{'$between':[1, 'b']}}}|mixes a number and a string",
            "{'sequence':{'user_metadata':{'a':{'$gt':true}}}}|needs numbers or strings, not a boolean",
            "{'sequence':{'user_metadata':{'a':{'$eq':[1]}}}}|cannot be compared with a value of type array",
            "{'sequence':{'user_metadata':{'a':{'$eq':null}}}}|needs a number, a string or a boolean",
            "{'sequence':{'user_metadata':{'a':{'$match':5}}}}|needs a string pattern",
            "{'topic':{'name':{'$eq':'a','$neq':'b'}}}|exactly one operator",
            "{'topic':{'name':{}}}|exactly one operator",
            "{'topic':{'name':'$exists'}}|must be an object with one operator",
            "{'topic':{'name':{'$ex':true}}}|unknown operator `$ex`",
            "{'topic':{'name':{'$regex':'a'}}}|unknown operator `$regex`",
            "{'topic':{'colour':{'$eq':'red'}}}|unknown field `colour`",
            "{'sequence':{'ontology_tag':{'$eq':'imu'}}}|unknown field `ontology_tag`",
            "{'robots':{}}|unknown query block `robots`",
            "{'topic':[]}|must be a JSON object",
            "[]|must be a JSON object",
            "{'ontology':{'imu.acc[?].x[0]':{'$gt':1}}}|more than one list specifier",
            "{'ontology':{'imu':{'$gt':1}}}|must be `<ontology_tag>.<field>`",
            "{'ontology':{'imu[0].x':{'$gt':1}}}|invalid ontology path",
            "{'ontology':{'imu..x':{'$gt':1}}}|invalid ontology path",
            "{'ontology':{'imu.x':{'$eq':[[1]]}}}|unsupported operation on lists of lists",
            "{'sequence':{'user_metadata':{'a.***':'$ex'}}}|invalid user_metadata key path",
            "{'sequence':{'user_metadata':{'a..b':'$ex'}}}|invalid user_metadata key path",
            "{'sequence':{'user_metadata':{'a--b':'$ex'}}}|invalid user_metadata key path",
            "{'sequence':{'user_metadata':{'a/b':'$ex'}}}|invalid user_metadata key path",
            "{'topic':{'name':{'$match':''}}}|empty $match pattern",
            "{'topic':{'name':{'$match':'[a-z'}}}|malformed character class",
            "{'topic':{'name':{'$match':'a[]'}}}|malformed character class",
            "{'topic':{'name':{'$eq':'a'},'name':{'$eq':'b'}}}|body deserialization error",
            "{'topic':|body deserialization error",
            "{'sequence':{'name':{'$eq':'a'},'locator':{'$eq':'a'}}}|the `sequence` block has both `name`",
            "{'topic':{'locator':{'$match':'imu'},'name':{'$match':'*imu'}}}|the `topic` block has both `name`",
            "{'topic':{'locator':{'$gt':'a'}}}|operator $gt is not supported on `topic.locator`, a text field",
            "{'sequence':{'locator':{'$eq':1}}}|cannot be compared with a value of type number",
            "{'topic':{'locator':{'$match':''}}}|empty $match pattern",
            "{'ontology':{'include_timestamp_range':'yes'}}|`ontology.include_timestamp_range` must be true or false",
            "{'ontology':{'include_timestamp_range':null}}|`ontology.include_timestamp_range` must be true or false"})
    void everyMistakeIsABadRequestNamingTheRule(String json, String problem) {
        assertThatThrownBy(() -> parse(json)).isInstanceOf(BadFilterException.class)
                .hasMessageStartingWith("Bad request: ").hasMessageContaining(problem);
    }

    @Test
    void aBodyOverASizeLimitIsRefusedNamingThatLimit() {
        assertThatThrownBy(() -> parse("{'topic':{'name':{'$eq':'" + "x".repeat(RequestJson.MAX_STRING_CHARS + 1)
                + "'}}}")).isInstanceOf(BadFilterException.class)
                .hasMessageContaining("holds a string longer than 20,000,000 characters, the limit");
        assertThatThrownBy(() -> parse("{'a':".repeat(RequestJson.MAX_NESTING_DEPTH) + "{}"
                + "}".repeat(RequestJson.MAX_NESTING_DEPTH))).isInstanceOf(BadFilterException.class)
                .hasMessageContaining("nested deeper than 128 levels");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sequence", "topic"})
    void aLocatorFieldIsThe05DialectWhoseMatchIsASubstringTest(String block) {
        MetadataFilter.FieldCondition locator = block(block, "{'locator':{'$match':'[1]_*'}}").fields().get(0);
        assertThat(locator.field()).isEqualTo(MetadataField.LOCATOR);
        assertThat(locator.condition().operand()).isEqualTo(new FilterValue.Text("[1]_*"));
        assertThat(locator.condition().glob().matches("run_[1]_*/imu")).isTrue();
        assertThat(locator.condition().glob().matches("run_1x")).as("no glob metacharacter").isFalse();
        for (String condition : List.of("{'$eq':'r'}", "{'$neq':'r'}", "{'$in':['r', 's']}", "'$ex'", "'$nex'")) {
            assertThat(block(block, "{'locator':" + condition + "}").fields()).hasSize(1);
        }
    }

    @Test
    void theOtherFieldsOfA05BlockAreRead() {
        SearchFilter filter = parse("{'topic':{'locator':{'$match':'imu'},'ontology_tag':{'$match':'im*'},"
                + "'created_at_ns':{'$gt':0},'user_metadata':{'hz':{'$eq':100}}}}");
        assertThat(filter.topic().fields()).extracting(MetadataFilter.FieldCondition::field)
                .containsExactly(MetadataField.LOCATOR, MetadataField.ONTOLOGY_TAG, MetadataField.CREATED_AT_NS);
        assertThat(filter.topic().fields().get(1).condition().glob().matches("imu")).as("still a glob").isTrue();
        assertThat(filter.topic().fields().get(1).condition().glob().matches("xim")).isFalse();
        assertThat(filter.topic().userMetadata()).hasSize(1);
    }

    @Test
    void includeTimestampRangeIsAFlagOfTheOntologyBlockNotAPath() {
        assertThat(parse("{}").includeTimestampRange()).isFalse();
        assertThat(parse("{'ontology':{'imu.x':{'$gt':1}}}").includeTimestampRange()).isFalse();
        SearchFilter flagged = parse("{'ontology':{'include_timestamp_range':true,'imu.x':{'$gt':1}}}");
        assertThat(flagged.includeTimestampRange()).isTrue();
        assertThat(flagged.ontology()).extracting(c -> c.path().tag()).containsExactly("imu");
        SearchFilter alone = parse("{'ontology':{'include_timestamp_range':true}}");
        assertThat(alone.includeTimestampRange()).isTrue();
        assertThat(alone.ontology()).isEmpty();
        assertThat(parse("{'ontology':{'include_timestamp_range':false}}").includeTimestampRange()).isFalse();
    }

    @Test
    void theClusterActionsOntologyHasNoTimestampRangeFlag() throws Exception {
        JsonNode ontology = new ObjectMapper().readTree("{\"include_timestamp_range\":true}");
        assertThatThrownBy(() -> SearchFilterParser.parseOntology(ontology)).isInstanceOf(BadFilterException.class)
                .hasMessageContaining("must be `<ontology_tag>.<field>`");
    }

    @Test
    void aMatchPatternOverTwoHundredFiftySixCharactersIsRejected() {
        String pattern = "a".repeat(257);
        assertThatThrownBy(() -> parse("{'topic':{'name':{'$match':'" + pattern + "'}}}"))
                .hasMessage("Bad request: $match pattern longer than 256 characters.");
        assertThat(topicCondition("name", "{'$match':'" + "a".repeat(256) + "'}").operator())
                .isEqualTo(Operator.MATCH);
    }

    @Test
    void ontologyPathsNameTheTagTheFieldsAndOneListSpecifier() {
        OntologyPath plain = OntologyPath.parse("imu.acceleration.x");
        assertThat(plain.tag()).isEqualTo("imu");
        assertThat(plain.fields()).containsExactly("acceleration", "x");
        assertThat(plain.list()).isEmpty();
        assertThat(OntologyPath.parse("joints.position[3]").list()).contains(
                new OntologyPath.ListSpecifier(0, OntologyPath.ListSpecifier.Kind.ELEMENT, 3));
        assertThat(OntologyPath.parse("lidar.points[?].z").list()).contains(
                new OntologyPath.ListSpecifier(0, OntologyPath.ListSpecifier.Kind.ANY, -1));
        assertThat(OntologyPath.parse("lidar.a.points[!]").list()).contains(
                new OntologyPath.ListSpecifier(1, OntologyPath.ListSpecifier.Kind.EVERY, -1));
    }
}
