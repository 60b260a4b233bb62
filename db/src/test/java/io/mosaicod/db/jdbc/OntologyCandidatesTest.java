package io.mosaicod.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.search.SearchFilter;
import io.mosaicod.core.search.SearchFilterParser;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.ColumnStats;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.NewTopic;
import io.mosaicod.db.NumericColumnStats;
import io.mosaicod.db.Repository;
import io.mosaicod.db.SearchHit;
import io.mosaicod.db.TextColumnStats;
import io.mosaicod.testkit.PostgresServer;
import io.mosaicod.testkit.SqliteDatabase;
import io.mosaicod.testkit.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which topics an ontology block leaves as candidates, from their column summaries: those whose summary reaches
 * the bound, and those nothing is known against (uploading, statistics of another kind or missing from a chunk, a
 * struct named instead of a leaf); never a topic of another tag.
 */
class OntologyCandidatesTest {

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void candidatesAreTheTopicsWhoseSummaryReachesTheBoundOrSaysNothing(String dialect) throws Exception {
        try (TestDatabase database = dialect.equals("sqlite") ? SqliteDatabase.create()
                : PostgresServer.shared().createDatabase();
             Repository repository = Repositories.open(database.config())) {
            Catalog catalog = repository.catalog();
            long sequence = catalog.createSequence("run", "{}", "sq_run").id();
            topic(catalog, sequence, "imu", "low", true, List.of(numeric("acc.z", -5, 10), numeric("pose.x", 0, 1)));
            topic(catalog, sequence, "imu", "high", true, List.of(numeric("acc.z", 40, 60)), List.of(
                    numeric("acc.z", 45, 90)));
            topic(catalog, sequence, "imu", "uploading", false, List.of(numeric("acc.z", 0, 1)));
            topic(catalog, sequence, "imu", "text", true, List.of(new TextColumnStats("acc.z", Optional.of("a"),
                    Optional.of("b"), false)));
            topic(catalog, sequence, "imu", "mixed", true, List.of(numeric("acc.z", 0, 1)), List.of());
            topic(catalog, sequence, "imu", "nulls", true, List.of(new NumericColumnStats("acc.z",
                    OptionalDouble.empty(), OptionalDouble.empty(), true, true)));
            topic(catalog, sequence, "gps", "other_tag", true, List.of(numeric("acc.z", 0, 100)));

            List<String> unknown = List.of("run/mixed", "run/text", "run/uploading");
            assertThat(candidates(repository, "{'imu.acc.z':{'$gt':70}}")).isEqualTo(withUnknown(unknown, "run/high"));
            assertThat(candidates(repository, "{'imu.acc.z':{'$gt':100}}")).isEqualTo(unknown);
            assertThat(candidates(repository, "{'imu.acc.z':{'$lt':-5}}")).isEqualTo(withUnknown(unknown, "run/low"));
            assertThat(candidates(repository, "{'imu.acc.z':{'$between':[11,39]}}")).isEqualTo(unknown);
            assertThat(candidates(repository, "{'imu.acc.z':{'$outside':[-6,91]}}")).isEqualTo(unknown);
            assertThat(candidates(repository, "{'imu.acc.z':{'$outside':[-5,95]}}")).as("bounds are non-strict")
                    .isEqualTo(withUnknown(unknown, "run/low"));
            assertThat(candidates(repository, "{'imu.acc.z':{'$in':[20,30]}}")).isEqualTo(unknown);
            assertThat(candidates(repository, "{'imu.acc.z':{'$eq':60}}")).isEqualTo(withUnknown(unknown, "run/high"));
            assertThat(candidates(repository, "{'imu.acc.z':{'$gt':70},'imu.pose.x':{'$lt':0}}"))
                    .as("each bound holds").isEqualTo(List.of("run/uploading"));
            assertThat(candidates(repository, "{'imu.pose':{'$gt':70}}")).as("a struct: its data refuses it")
                    .isEqualTo(List.of("run/low", "run/uploading"));
            assertThat(candidates(repository, "{'imu.acc.z':{'$neq':70}}")).as("no bound").hasSize(6);
            assertThat(candidates(repository, "{'imu.acc.z':{'$gt':100},'gps.acc.z':{'$lt':1}}"))
                    .isEqualTo(withUnknown(unknown, "run/other_tag"));
        }
    }

    private static List<String> withUnknown(List<String> unknown, String reaching) {
        return Stream.concat(unknown.stream(), Stream.of(reaching)).sorted().toList();
    }

    private static List<String> candidates(Repository repository, String ontology) {
        String body = "{\"ontology\":" + ontology.replace('\'', '"') + "}";
        SearchFilter filter = SearchFilterParser.parse(body.getBytes(StandardCharsets.UTF_8));
        return repository.search().find(filter.sequence(), filter.topic(), filter.ontology()).stream()
                .map(SearchHit::locator).toList();
    }

    /** A topic of one chunk per statistics list, completed or not. */
    @SafeVarargs
    private static void topic(Catalog catalog, long sequence, String tag, String name, boolean complete,
                              List<ColumnStats>... chunks) {
        long topic = catalog.createTopic(new NewTopic(catalog.createSession(sequence).id(), "run/" + name, "{}",
                "tp_" + name, "default", Optional.of(tag))).id();
        for (int c = 0; c < chunks.length; c++) {
            catalog.addChunk(topic, new NewChunk(c, name + c, 1, 1, 1, OptionalLong.of(c), OptionalLong.of(c), true,
                    chunks[c]));
        }
        if (complete) {
            catalog.markUploadComplete(topic);
        }
    }

    private static NumericColumnStats numeric(String path, double min, double max) {
        return new NumericColumnStats(path, OptionalDouble.of(min), OptionalDouble.of(max), false, false);
    }
}
