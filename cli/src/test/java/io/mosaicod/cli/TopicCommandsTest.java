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
    }

    @Test
    void anUnknownTopicIsAOneLineUsageError() {
        MainRun run = run("topic", "show", "nope/imu");
        assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(run.errLines()).singleElement().asString().contains("no topic 'nope/imu'");
    }
}
