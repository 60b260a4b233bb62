package io.mosaicod.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.config.DatabaseConfig;
import io.mosaicod.db.Repository;
import io.mosaicod.db.Topic;
import io.mosaicod.db.jdbc.Repositories;
import io.mosaicod.store.LocalObjectStore;
import io.mosaicod.read.batch.Batches;
import io.mosaicod.read.fixture.TopicFixture;
import io.mosaicod.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class TopicReaderTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    @TempDir
    Path data;
    Repository repository;
    LocalObjectStore store;
    BufferAllocator allocator;
    TopicFixture fixture;
    Topic topic;
    List<String> ingested;

    @BeforeEach
    void ingestAFragmentedTopic() throws IOException {
        repository = Repositories.open(DatabaseConfig.sqlite(data.resolve("mosaico.db")));
        store = new LocalObjectStore(data.resolve("store"));
        allocator = new RootAllocator();
        fixture = new TopicFixture(repository, store, allocator);
        Random random = new Random(SEED.value());
        List<TopicFixture.ChunkShape> chunks = new ArrayList<>();
        for (int c = 0; c < 15; c++) {
            List<Long> ts = new ArrayList<>();
            for (int r = 0; r < 120; r++) {
                ts.add(random.nextInt(40) == 0 ? null : c * 50L + random.nextInt(200));
            }
            if (c % 4 == 0) {
                Collections.shuffle(ts, random);
            } else {
                ts.sort(Comparator.nullsLast(Comparator.naturalOrder()));
            }
            chunks.add(new TopicFixture.ChunkShape(ts));
        }
        topic = fixture.ingest("imu", "default", chunks);
        ingested = fixture.rows(topic);
    }

    @AfterEach
    void close() throws IOException {
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
        store.close();
        repository.close();
    }

    @Test
    void readsEveryRowInTimeOrderWithNullsLast() throws IOException {
        List<String> rows = read(TopicReader.Range.ALL);
        List<String> expected = new ArrayList<>(ingested);
        expected.sort(Comparator.comparing(TopicFixture::timestampOf, Comparator.nullsLast(Comparator.naturalOrder())));
        assertThat(rows).containsExactlyElementsOf(expected);
    }

    @Test
    void readsOnlyTheHalfOpenRange() throws IOException {
        List<String> rows = read(new TopicReader.Range(300L, 500L));
        List<String> expected = new ArrayList<>();
        for (String row : ingested) {
            Long ts = TopicFixture.timestampOf(row);
            if (ts != null && ts >= 300 && ts < 500) {
                expected.add(row);
            }
        }
        expected.sort(Comparator.comparing(TopicFixture::timestampOf));
        assertThat(rows).isNotEmpty().containsExactlyElementsOf(expected);
        assertThat(read(new TopicReader.Range(10_000L, 20_000L))).isEmpty();
    }

    @Test
    void aSinkMayKeepTheBuffersItTakesFromARangedRead() throws IOException {
        TopicReader.Range range = new TopicReader.Range(290L, 520L);
        List<VectorSchemaRoot> kept = new ArrayList<>();
        List<String> rows = new ArrayList<>();
        try {
            new TopicReader(repository.catalog(), store, allocator).read(topic, TopicFixture.SCHEMA, range, 37,
                    batch -> {
                        VectorSchemaRoot taken = VectorSchemaRoot.create(batch.getSchema(), allocator);
                        kept.add(taken);
                        Batches.move(batch, taken);
                        taken.setRowCount(batch.getRowCount());
                    });
            for (VectorSchemaRoot batch : kept) {
                for (int r = 0; r < batch.getRowCount(); r++) {
                    rows.add(TopicFixture.render(batch, r));
                }
            }
        } finally {
            kept.forEach(VectorSchemaRoot::close);
        }
        assertThat(rows).isNotEmpty().containsExactlyElementsOf(read(range));
    }

    private List<String> read(TopicReader.Range range) throws IOException {
        List<String> rows = new ArrayList<>();
        new TopicReader(repository.catalog(), store, allocator).read(topic, TopicFixture.SCHEMA, range, 37, batch -> {
            for (int r = 0; r < batch.getRowCount(); r++) {
                rows.add(TopicFixture.render(batch, r));
            }
        });
        return rows;
    }
}
