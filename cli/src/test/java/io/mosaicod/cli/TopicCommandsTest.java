package io.mosaicod.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.read.fixture.TopicFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code topic ls|show|cat} on the embedded defaults, before and after optimization. */
class TopicCommandsTest {
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path data;
    Map<String, String> env;
    Topic topic;
    long rows;

    @BeforeEach
    void ingest() throws Exception {
        env = Map.of("MOSAICOD_DATA_DIR", data.toString(), "MOSAICOD_LOG_LEVEL", "warning");
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")));
             LocalObjectStore store = new LocalObjectStore(data.resolve("store"));
             BufferAllocator allocator = new RootAllocator()) {
            topic = new TopicFixture(repository, store, allocator).ingest("imu/front", "default",
                    TopicFixture.nearlyOrdered(8, 50, 0.5, 42));
            rows = repository.catalog().listChunks(topic.id()).stream().mapToLong(Chunk::rowCount).sum();
        }
    }

    MainRun run(String... args) {
        return MainRun.of(data, env, args);
    }

    @Test
    void lsListsEveryTopicWithItsChunksAndState() throws Exception {
        MainRun table = run("topic", "ls");
        assertThat(table.exitCode()).as(table.err()).isZero();
        assertThat(table.out()).contains("TOPIC", topic.locator(), "not optimized", "complete");
        JsonNode json = JSON.readTree(run("topic", "ls", "--json").out());
        assertThat(json).hasSize(1);
        assertThat(json.get(0).get("chunks").asInt()).isEqualTo(8);
        assertThat(json.get(0).get("rows").asLong()).isEqualTo(rows);
    }

    @Test
    void lsSelectsBySequenceStateAndCount() throws Exception {
        String sequence = topic.locator().substring(0, topic.locator().indexOf('/'));
        assertThat(JSON.readTree(run("topic", "ls", "--json", "--sequence", sequence, "--state", "complete").out()))
                .singleElement().satisfies(t -> assertThat(t.get("locator").asText()).isEqualTo(topic.locator()));
        assertThat(JSON.readTree(run("topic", "ls", "--json", "--state", "not-optimized", "--limit", "1").out()))
                .hasSize(1);
        assertThat(JSON.readTree(run("topic", "ls", "--json", "--state", "given-up").out())).isEmpty();
        assertThat(JSON.readTree(run("topic", "ls", "--json", "--limit", "0").out())).isEmpty();
        assertThat(run("topic", "ls", "--sequence", "nope").out().lines()).singleElement().asString()
                .startsWith("TOPIC");
    }

    @Test
    void lsRefusesAnUnknownStateOrANegativeLimitInOneLine() {
        MainRun state = run("topic", "ls", "--state", "done");
        assertThat(state.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(state.errLines()).singleElement().asString()
                .contains("'done' for --state", "uploading|complete|locked|not-optimized|optimizing|given-up|optimized");
        MainRun limit = run("topic", "ls", "--limit", "-1");
        assertThat(limit.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(limit.errLines()).singleElement().asString().contains("--limit must not be negative");
    }

    @Test
    void showGivesTheFolderChunksAndOptimizationHistory() throws Exception {
        assertThat(run("topic", "show", topic.locator()).out()).contains(topic.folder(), topic.folder() + "/data/00007.parquet");
        assertThat(run("store-optimizer").exitCode()).isZero();

        JsonNode shown = JSON.readTree(run("topic", "show", topic.locator(), "--json").out());
        assertThat(shown.get("optimization").asText()).isEqualTo("optimized");
        assertThat(shown.get("folder").asText()).isNotEqualTo(topic.folder());
        assertThat(shown.get("chunks")).hasSize(1);
        assertThat(shown.get("optimization_runs").get(0).get("outcome").asText()).isEqualTo("SUCCEEDED");
        assertThat(run("topic", "show", topic.locator()).out()).contains("succeeded", "optimized");
    }

    /** The fixture's rows have acc_x = 1000 chunk + row / 7: acc_x < 1000 is exactly chunk 0's rows. */
    @Test
    void clustersPrintsWhenRowsMatchAsTheClusterizeActionAnswers() throws Exception {
        Chunk first;
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")))) {
            first = repository.catalog().listChunks(topic.id()).get(0);
        }
        long min = first.minTimestampNs().getAsLong();
        long max = first.maxTimestampNs().getAsLong();
        String chunkZero = "{\"imu.acc_x\":{\"$lt\":1000}}";
        MainRun table = run("topic", "clusters", topic.locator(), chunkZero);
        assertThat(table.exitCode()).as(table.err()).isZero();
        assertThat(table.out().lines()).containsExactly("ID  START_NS  END_NS", "0  " + min + "  " + max);

        MainRun lines = run("topic", "clusters", topic.locator(), chunkZero, "--dt", "1", "--json");
        assertThat(lines.exitCode()).as(lines.err()).isZero();
        List<JsonNode> clusters = new ArrayList<>();
        for (String line : lines.out().lines().toList()) {
            clusters.add(JSON.readTree(line));
        }
        assertThat(clusters.size()).as("rows of one chunk are more than 1 ns apart").isGreaterThan(1);
        assertThat(clusters.get(0).get("ts").get("start_ns").asLong()).isEqualTo(min);
        assertThat(clusters.get(clusters.size() - 1).get("ts").get("end_ns").asLong()).isEqualTo(max);
        for (int i = 0; i < clusters.size(); i++) {
            assertThat(clusters.get(i).get("id").asInt()).isEqualTo(i);
        }

        MainRun otherTag = run("topic", "clusters", topic.locator(), "{\"gps.x\":{\"$gt\":1}}");
        assertThat(otherTag.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(otherTag.errLines()).singleElement().asString().contains("ontology tag 'gps'", "has 'imu'");
        MainRun mismatch = run("topic", "clusters", topic.locator(), "{\"imu.acc_x\":{\"$eq\":\"x\"}}");
        assertThat(mismatch.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(mismatch.errLines()).singleElement().asString().contains("Bad request: $eq with a string operand");
        MainRun notJson = run("topic", "clusters", topic.locator(), "{imu");
        assertThat(notJson.exitCode()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void catPrintsTheRowsInTimeOrderAsCsvOrJsonLines() throws Exception {
        List<String> csv = run("topic", "cat", topic.locator()).out().lines().toList();
        assertThat(csv.get(0)).isEqualTo("timestamp_ns,acc_x,label,gps,ranges,blob");
        assertThat(csv).hasSize((int) rows + 1);
        List<Long> stamps = new ArrayList<>();
        for (String line : csv.subList(1, csv.size())) {
            stamps.add(Long.parseLong(line.substring(0, line.indexOf(','))));
        }
        assertThat(stamps).isSorted();

        List<String> json = run("topic", "cat", topic.locator(), "--json", "--limit", "5").out().lines().toList();
        assertThat(json).hasSize(5);
        JsonNode first = JSON.readTree(json.get(0));
        assertThat(first.get("timestamp_ns").asLong()).isEqualTo(stamps.get(0));
        assertThat(first.has("gps")).isTrue();

        long start = stamps.get(10);
        long end = stamps.get(20);
        List<String> window = run("topic", "cat", topic.locator(), "--start", Long.toString(start), "--end",
                Long.toString(end)).out().lines().toList();
        assertThat(window).hasSize(1 + (int) stamps.stream().filter(t -> t >= start && t < end).count());

        MainRun negative = run("topic", "cat", topic.locator(), "--limit", "-5");
        assertThat(negative.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(negative.errLines()).singleElement().asString().contains("--limit must not be negative, got -5");
    }

    @ParameterizedTest
    @ValueSource(strings = {"show", "cat"})
    void anUnknownTopicIsAOneLineUsageErrorWithOneHint(String subcommand) {
        MainRun run = run("topic", subcommand, "nope/imu");
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.errLines()).singleElement().asString()
                .isEqualTo("mosaicod: no topic 'nope/imu' in the repository (see 'mosaicod topic ls')");
    }
}
