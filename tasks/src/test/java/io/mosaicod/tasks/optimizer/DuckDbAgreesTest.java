package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.InstanceKind;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.tasks.StopSignal;
import io.mosaicod.read.fixture.TopicFixture;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The independent check of DESIGN.md §10: DuckDB, which shares no code with us, reads the optimized files
 * and finds the same multiset of rows as in the original chunks, globally sorted across the files taken in
 * name order.
 */
class DuckDbAgreesTest {
    @TempDir
    Path data;

    @Test
    void duckDbFindsTheSameRowsGloballySortedInTheOptimizedFiles() throws Exception {
        Path storeRoot = data.resolve("store");
        try (Repository repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")));
             LocalObjectStore store = new LocalObjectStore(storeRoot);
             BufferAllocator allocator = new RootAllocator()) {
            ScheduledExecutorService renewals = Executors.newSingleThreadScheduledExecutor();
            TopicFixture fixture = new TopicFixture(repository, store, allocator);
            Topic topic = fixture.ingest("imu", "ragged", TopicFixture.nearlyOrdered(50, 300, 0.3, 21));
            List<Path> originals = files(storeRoot, repository.catalog().listChunks(topic.id()));

            OptimizerSettings settings = new OptimizerSettings(200_000, 0, Duration.ofSeconds(30), data.resolve("spill"),
                    3);
            StopSignal stop = new StopSignal();
            TopicOptimizer topics = TopicOptimizer.assemble(repository.catalog(), repository.optimizationQueue(), store,
                    allocator, settings, renewals, stop);
            long instance = repository.instances().register(InstanceKind.STORE_OPTIMIZER, "test", 1, true);
            assertThat(new StoreOptimizer(repository.optimizationQueue(), topics, settings, instance, stop).runPass()
                    .successful()).isEqualTo(1);
            renewals.shutdownNow();
            List<Path> optimized = files(storeRoot, repository.catalog().listChunks(topic.id()));
            assertThat(optimized).hasSizeGreaterThan(1);

            try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
                try (Statement s = duck.createStatement()) {
                    s.execute("SET threads=1"); // keeps the files' order in the scan
                }
                List<String> before = rows(duck, originals);
                List<String> after = rows(duck, optimized);
                assertThat(after).hasSameSizeAs(before);
                assertThat(sorted(after)).isEqualTo(sorted(before));
                List<Long> timestamps = timestamps(duck, optimized);
                assertThat(timestamps).isSorted();
            }
        }
    }

    private static List<Path> files(Path root, List<Chunk> chunks) {
        return chunks.stream().map(c -> root.resolve(c.objectKey())).toList();
    }

    private static String fileList(List<Path> files) {
        return files.stream().map(p -> "'" + p + "'").collect(Collectors.joining(", ", "[", "]"));
    }

    private static List<String> rows(Connection duck, List<Path> files) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement s = duck.createStatement();
             ResultSet rs = s.executeQuery("SELECT CAST(timestamp_ns AS VARCHAR), CAST(acc_x AS VARCHAR), label, "
                     + "CAST(gps AS VARCHAR), CAST(ranges AS VARCHAR), hex(blob) FROM read_parquet(" + fileList(files) + ")")) {
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int c = 1; c <= 6; c++) {
                    row.append(rs.getString(c)).append('|');
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    private static List<Long> timestamps(Connection duck, List<Path> files) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (Statement s = duck.createStatement();
             ResultSet rs = s.executeQuery("SELECT timestamp_ns FROM read_parquet(" + fileList(files) + ")")) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }

    private static List<String> sorted(List<String> rows) {
        List<String> copy = new ArrayList<>(rows);
        copy.sort(null);
        return copy;
    }
}
