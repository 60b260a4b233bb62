package io.mosaicod.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.core.search.SearchFilterParser;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What every SQL repository answers to the sequence and topic blocks of a {@code query}: {@code <Backend>CatalogSearchTest}
 * runs it on SQLite and on PostgreSQL. One catalog, created once, is searched by every test; each case names the
 * filter (single quotes for JSON's double quotes) and the topic locators it must find, in order.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class CatalogSearchContract {
    private static final List<String> EVERY_TOPIC = List.of("run_1/camera/front", "run_1/imu", "run_2/gps",
            "run_2/imu", "supertruck_volvo/lidar", "truck_volvo/imu");

    private TestRepository testRepository;
    private CatalogSearch search;
    private Topic run1Imu;

    protected abstract TestRepository createRepository() throws Exception;

    @BeforeAll
    void createCatalog() throws Exception {
        testRepository = createRepository();
        testRepository.wipe();
        Catalog catalog = testRepository.repository().catalog();
        search = testRepository.repository().search();
        long run1 = session(catalog, "run_1", """
                {"robot":{"name":"r1","arm":{"model":"ur5","payload_kg":5}},"tags":["outdoor","night"],
                 "operator":"ann","weather":null,"calibrated":true,"speeds":[1.5,2.5]}""");
        long run2 = session(catalog, "run_2", """
                {"robot":{"name":"r2","arm":{"model":"ur10","payload_kg":10}},"tags":["indoor"],"operator":"bob",
                 "calibrated":false,"nested":{"deep":{"deeper":{"level":4}}},"my key":"spaced"}""");
        long truck = session(catalog, "truck_volvo", """
                {"robot":{"name":"t1"},"fleet":[{"id":7},{"id":9}]}""");
        long supertruck = session(catalog, "supertruck_volvo", "{}");
        catalog.createSequence("empty_run", "{\"robot\":{\"name\":\"r1\"}}", "sq_empty_run");
        run1Imu = topic(catalog, run1, "run_1/imu", "default", "imu", """
                {"hz":100,"sensor":{"vendor":"bosch"}}""");
        topic(catalog, run1, "run_1/camera/front", "image", "image", """
                {"hz":30,"resolution":[1920,1080]}""");
        topic(catalog, run2, "run_2/imu", "default", "imu", "{\"hz\":200}");
        topic(catalog, run2, "run_2/gps", "default", null, "{}");
        topic(catalog, truck, "truck_volvo/imu", "ragged", "imu", "{\"hz\":100.5}");
        topic(catalog, supertruck, "supertruck_volvo/lidar", "ragged", "point_cloud", "{\"hz\":10}");
    }

    private static long session(Catalog catalog, String sequence, String userMetadata) {
        Sequence created = catalog.createSequence(sequence, userMetadata, "sq_" + sequence);
        return catalog.createSession(created.id()).id();
    }

    private static Topic topic(Catalog catalog, long session, String locator, String format, String tag,
                               String userMetadata) {
        return catalog.createTopic(new NewTopic(session, locator, userMetadata, "tp_" + locator.replace('/', '_'),
                format, Optional.ofNullable(tag)));
    }

    @AfterAll
    void closeRepository() {
        testRepository.close();
    }

    private List<SearchHit> find(String json) {
        SearchFilter filter = SearchFilterParser.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
        return search.find(filter.sequence(), filter.topic());
    }

    private List<String> locators(String json) {
        return find(json).stream().map(SearchHit::locator).toList();
    }

    private static List<String> expected(String locators) {
        return locators.equals("-") ? List.of() : List.of(locators.split(" "));
    }

    @Test
    void anEmptyFilterFindsEveryTopicButNoSequenceWithoutTopics() {
        assertThat(locators("{}")).isEqualTo(EVERY_TOPIC);
    }

    @Test
    void hitsNameTheSequenceAndTheOntologyTag() {
        assertThat(find("{'topic':{'name':{'$in':['run_1/imu','run_2/gps']}}}")).containsExactly(
                new SearchHit(run1Imu.id(), "run_1", "run_1/imu", Optional.of("imu")),
                new SearchHit(find("{'topic':{'name':{'$eq':'run_2/gps'}}}").get(0).topicId(), "run_2", "run_2/gps",
                        Optional.empty()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "{'sequence':{'name':{'$eq':'run_1'}}}|run_1/camera/front run_1/imu",
            "{'sequence':{'name':{'$neq':'run_1'}}}|run_2/gps run_2/imu supertruck_volvo/lidar truck_volvo/imu",
            "{'sequence':{'name':{'$in':['run_2','truck_volvo','nowhere']}}}|run_2/gps run_2/imu truck_volvo/imu",
            "{'sequence':{'name':{'$match':'truck*'}}}|truck_volvo/imu",
            "{'sequence':{'name':{'$match':'*truck_volvo'}}}|supertruck_volvo/lidar truck_volvo/imu",
            "{'sequence':{'name':{'$match':'run_#'}}}|run_1/camera/front run_1/imu run_2/gps run_2/imu",
            "{'sequence':{'name':{'$match':'run_?2'}}}|-",
            "{'sequence':{'name':{'$match':'[!r]*'}}}|supertruck_volvo/lidar truck_volvo/imu",
            "{'sequence':{'name':{'$match':'[s-u]*_volvo'}}}|supertruck_volvo/lidar truck_volvo/imu",
            "{'sequence':{'name':'$ex'}}|run_1/camera/front run_1/imu run_2/gps run_2/imu supertruck_volvo/lidar truck_volvo/imu",
            "{'sequence':{'name':'$nex'}}|-",
            "{'topic':{'name':{'$eq':'run_1/imu'}}}|run_1/imu",
            "{'topic':{'name':{'$eq':'imu'}}}|-",
            "{'topic':{'name':{'$match':'*/imu'}}}|run_1/imu run_2/imu truck_volvo/imu",
            "{'topic':{'name':{'$match':'run_1/*'}}}|run_1/camera/front run_1/imu",
            "{'topic':{'name':{'$match':'*#/imu'}}}|run_1/imu run_2/imu",
            "{'topic':{'name':{'$match':'*_volvo/l?dar'}}}|supertruck_volvo/lidar",
            "{'topic':{'name':{'$match':'*[!0-9]/imu'}}}|truck_volvo/imu",
            "{'topic':{'name':{'$match':'*imu*'}}}|run_1/imu run_2/imu truck_volvo/imu",
            "{'topic':{'name':{'$neq':'run_1/imu'}}}|run_1/camera/front run_2/gps run_2/imu supertruck_volvo/lidar truck_volvo/imu",
            "{'topic':{'ontology_tag':{'$eq':'imu'}}}|run_1/imu run_2/imu truck_volvo/imu",
            "{'topic':{'ontology_tag':{'$neq':'imu'}}}|run_1/camera/front supertruck_volvo/lidar",
            "{'topic':{'ontology_tag':{'$in':['image','point_cloud']}}}|run_1/camera/front supertruck_volvo/lidar",
            "{'topic':{'ontology_tag':{'$match':'*_cloud'}}}|supertruck_volvo/lidar",
            "{'topic':{'ontology_tag':'$ex'}}|run_1/camera/front run_1/imu run_2/imu supertruck_volvo/lidar truck_volvo/imu",
            "{'topic':{'ontology_tag':'$nex'}}|run_2/gps",
            "{'topic':{'serialization_format':{'$eq':'ragged'}}}|supertruck_volvo/lidar truck_volvo/imu",
            "{'topic':{'serialization_format':{'$neq':'default'}}}|run_1/camera/front supertruck_volvo/lidar truck_volvo/imu",
            "{'topic':{'serialization_format':{'$in':['image']}}}|run_1/camera/front",
            "{'topic':{'serialization_format':{'$match':'?mage'}}}|run_1/camera/front",
            "{'topic':{'serialization_format':'$ex'}}|run_1/camera/front run_1/imu run_2/gps run_2/imu supertruck_volvo/lidar truck_volvo/imu",
            "{'topic':{'serialization_format':'$nex'}}|-"})
    void textFieldsCompareWholeValuesAndGlobs(String filter, String topics) {
        assertThat(locators(filter)).isEqualTo(expected(topics));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "{'sequence':{'user_metadata':{'robot.arm.model':{'$eq':'ur5'}}}}|run_1/camera/front run_1/imu",
            "{'sequence':{'user_metadata':{'robot.arm.model':{'$neq':'ur5'}}}}|run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'robot.arm.payload_kg':{'$gt':6}}}}|run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'robot.arm.payload_kg':{'$geq':10}}}}|run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'robot.arm.payload_kg':{'$lt':10}}}}|run_1/camera/front run_1/imu",
            "{'sequence':{'user_metadata':{'robot.arm.payload_kg':{'$leq':5.0}}}}|run_1/camera/front run_1/imu",
            "{'sequence':{'user_metadata':{'robot.arm.payload_kg':{'$between':[5,10]}}}}|run_1/camera/front run_1/imu run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'robot.arm.payload_kg':{'$outside':[6,20]}}}}|run_1/camera/front run_1/imu",
            "{'sequence':{'user_metadata':{'robot.arm.payload_kg':{'$in':[10,11]}}}}|run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'robot.arm.payload_kg':{'$eq':'5'}}}}|-",
            "{'sequence':{'user_metadata':{'operator':{'$gt':'ann'}}}}|run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'operator':{'$between':['a','az']}}}}|run_1/camera/front run_1/imu",
            "{'sequence':{'user_metadata':{'operator':{'$match':'b*'}}}}|run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'calibrated':{'$eq':true}}}}|run_1/camera/front run_1/imu",
            "{'sequence':{'user_metadata':{'calibrated':{'$eq':false}}}}|run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'calibrated':{'$neq':true}}}}|run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'calibrated':{'$in':[true]}}}}|run_1/camera/front run_1/imu",
            "{'sequence':{'user_metadata':{'calibrated':{'$eq':1}}}}|-",
            "{'sequence':{'user_metadata':{'weather':'$ex'}}}|-",
            "{'sequence':{'user_metadata':{'weather':'$nex'}}}|run_1/camera/front run_1/imu run_2/gps run_2/imu supertruck_volvo/lidar truck_volvo/imu",
            "{'sequence':{'user_metadata':{'operator':'$nex'}}}|supertruck_volvo/lidar truck_volvo/imu",
            "{'sequence':{'user_metadata':{'robot':'$ex'}}}|run_1/camera/front run_1/imu run_2/gps run_2/imu truck_volvo/imu",
            "{'sequence':{'user_metadata':{'robot':{'$match':'*'}}}}|-",
            "{'sequence':{'user_metadata':{'no.such.key':{'$eq':1}}}}|-",
            "{'sequence':{'user_metadata':{'nested.deep.deeper.level':{'$eq':4}}}}|run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'my key':{'$eq':'spaced'}}}}|run_2/gps run_2/imu"})
    void userMetadataComparesByTheOperandsJsonType(String filter, String topics) {
        assertThat(locators(filter)).isEqualTo(expected(topics));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "{'sequence':{'user_metadata':{'tags':{'$eq':'night'}}}}|run_1/camera/front run_1/imu",
            "{'sequence':{'user_metadata':{'tags':{'$in':['indoor','attic']}}}}|run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'tags':{'$match':'out*'}}}}|run_1/camera/front run_1/imu",
            "{'sequence':{'user_metadata':{'tags[*]':{'$eq':'indoor'}}}}|run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'speeds':{'$gt':2}}}}|run_1/camera/front run_1/imu",
            "{'sequence':{'user_metadata':{'speeds':{'$lt':1}}}}|-",
            "{'sequence':{'user_metadata':{'fleet[*].id':{'$eq':9}}}}|truck_volvo/imu",
            "{'sequence':{'user_metadata':{'fleet.id':{'$eq':7}}}}|truck_volvo/imu",
            "{'topic':{'user_metadata':{'resolution':{'$eq':1080}}}}|run_1/camera/front",
            "{'topic':{'user_metadata':{'resolution.[*]':{'$geq':1920}}}}|run_1/camera/front"})
    void listsAreLaxAValueMatchesWhenAnyElementDoes(String filter, String topics) {
        assertThat(locators(filter)).isEqualTo(expected(topics));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "{'sequence':{'user_metadata':{'robot.*.model':{'$eq':'ur10'}}}}|run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'*.name':{'$eq':'r1'}}}}|run_1/camera/front run_1/imu",
            "{'sequence':{'user_metadata':{'*.model':'$ex'}}}|-",
            "{'sequence':{'user_metadata':{'**.level':{'$eq':4}}}}|run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'**.model':{'$match':'ur*'}}}}|run_1/camera/front run_1/imu run_2/gps run_2/imu",
            "{'sequence':{'user_metadata':{'**.name':{'$match':'t#'}}}}|truck_volvo/imu",
            "{'sequence':{'user_metadata':{'**.operator':{'$eq':'ann'}}}}|run_1/camera/front run_1/imu",
            "{'sequence':{'user_metadata':{'**':{'$eq':9}}}}|truck_volvo/imu",
            "{'topic':{'user_metadata':{'*.vendor':{'$eq':'bosch'}}}}|run_1/imu"})
    void wildcardKeysMatchOneKeyAnyDepthOrAnyElement(String filter, String topics) {
        assertThat(locators(filter)).isEqualTo(expected(topics));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "{'topic':{'user_metadata':{'hz':{'$eq':100}}}}|run_1/imu",
            "{'topic':{'user_metadata':{'hz':{'$gt':100}}}}|run_2/imu truck_volvo/imu",
            "{'topic':{'user_metadata':{'hz':'$nex'}}}|run_2/gps",
            "{'topic':{'user_metadata':{'sensor.vendor':{'$eq':'bosch'}}}}|run_1/imu",
            "{'sequence':{'user_metadata':{'robot.name':{'$eq':'r1'}}},'topic':{'ontology_tag':{'$eq':'imu'}}}|run_1/imu",
            "{'sequence':{'name':{'$match':'run_*'}},'topic':{'user_metadata':{'hz':{'$lt':150}}}}|run_1/camera/front run_1/imu"})
    void topicConditionsAndBothBlocksTogether(String filter, String topics) {
        assertThat(locators(filter)).isEqualTo(expected(topics));
    }

    @Test
    void creationTimesCompareInNanosecondsExactly() {
        long createdNs = run1Imu.createdAt().toEpochMilli() * 1_000_000L;
        assertThat(locators("{'topic':{'created_at_ns':{'$eq':" + createdNs + "}}}")).contains("run_1/imu");
        assertThat(locators("{'topic':{'created_at_ns':{'$eq':" + (createdNs + 1) + "}}}")).isEmpty();
        assertThat(locators("{'topic':{'created_at_ns':{'$in':[" + createdNs + "]}}}")).contains("run_1/imu");
        assertThat(locators("{'topic':{'created_at_ns':{'$leq':" + createdNs + "}}}")).contains("run_1/imu");
        assertThat(locators("{'topic':{'created_at_ns':{'$lt':" + createdNs + "}}}")).doesNotContain("run_1/imu");
        assertThat(locators("{'topic':{'created_at_ns':{'$geq':" + createdNs + "}}}")).contains("run_1/imu");
        assertThat(locators("{'topic':{'created_at_ns':{'$gt':" + createdNs + "}}}")).doesNotContain("run_1/imu");
        assertThat(locators("{'topic':{'created_at_ns':{'$neq':" + createdNs + "}}}")).doesNotContain("run_1/imu");
        assertThat(locators("{'sequence':{'created_at_ns':{'$between':[0," + (createdNs + 1) + "]}}}"))
                .contains("run_1/imu");
        assertThat(locators("{'sequence':{'created_at_ns':{'$outside':[0," + (createdNs + 1) + "]}}}"))
                .doesNotContain("run_1/imu");
        assertThat(locators("{'topic':{'created_at_ns':{'$gt':0}}}")).isEqualTo(EVERY_TOPIC);
        assertThat(locators("{'topic':{'created_at_ns':{'$lt':0.5}}}")).isEmpty();
        assertThat(locators("{'topic':{'created_at_ns':'$ex'}}")).isEqualTo(EVERY_TOPIC);
        assertThat(locators("{'topic':{'created_at_ns':'$nex'}}")).isEmpty();
    }
}
