package io.mosaicod.format;

import io.mosaicod.core.io.InMemorySource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.testkit.TestSeed;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Row groups copied from other chunks without decoding read back exactly, with merged statistics. */
@Tag("fast")
class RowGroupCopyTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();

    private final BufferAllocator allocator = new RootAllocator();
    private final List<VectorSchemaRoot> written = new ArrayList<>();

    @AfterEach
    void close() {
        written.forEach(VectorSchemaRoot::close);
        allocator.close();
    }

    private record Chunk(byte[] bytes, ChunkSummary summary) {
    }

    private Chunk chunk(RandomBatches generator, Schema schema, long firstTimestamp, int rows) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VectorSchemaRoot batch = generator.batch(schema, rows, allocator);
        BigIntVector ts = (BigIntVector) batch.getVector(WriterProfile.TIMESTAMP_COLUMN);
        for (int i = 0; i < rows; i++) {
            ts.set(i, firstTimestamp + i);
        }
        written.add(batch);
        try (ChunkWriter writer = ChunkWriter.open(out, "in", schema, WriterProfile.RAGGED, 4096)) {
            writer.write(batch);
            ChunkSummary summary = writer.finish();
            return new Chunk(out.toByteArray(), summary);
        }
    }

    @Test
    void copiedRowGroupsReadBackExactlyAndTheirStatisticsAreMerged() throws IOException {
        Random rnd = new Random(SEED.value());
        RandomBatches generator = new RandomBatches(rnd);
        Schema schema;
        do {
            schema = generator.schema();
        } while (schema.getFields().stream().noneMatch(f -> f.getName().equals(WriterProfile.TIMESTAMP_COLUMN)
                && !f.isNullable()));
        Chunk first = chunk(generator, schema, 0, 300);
        Chunk second = chunk(generator, schema, 1000, 200);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ChunkSummary merged;
        VectorSchemaRoot decoded = generator.batch(schema, 50, allocator);
        BigIntVector ts = (BigIntVector) decoded.getVector(WriterProfile.TIMESTAMP_COLUMN);
        for (int i = 0; i < 50; i++) {
            ts.set(i, 5000 + i);
        }
        written.add(decoded);
        try (ChunkWriter writer = ChunkWriter.open(out, "merged", schema, WriterProfile.RAGGED)) {
            for (Chunk c : List.of(first, second)) {
                InMemorySource source = new InMemorySource("in", c.bytes());
                writer.appendRowGroups(source, ChunkFooter.read(source), c.summary());
            }
            writer.write(decoded);
            merged = writer.finish();
        }
        ChunkSummary reference; // the same rows, all written through the encoder
        try (ChunkWriter writer = ChunkWriter.open(new ByteArrayOutputStream(), "reference", schema,
                WriterProfile.RAGGED)) {
            for (VectorSchemaRoot batch : written) {
                writer.write(batch);
            }
            reference = writer.finish();
        }
        assertThat(merged.rowCount()).isEqualTo(550);
        assertThat(merged.minTimestampNs()).isZero();
        assertThat(merged.maxTimestampNs()).isEqualTo(5049);
        assertThat(merged.sortedByTimestamp()).isTrue();
        assertThat(merged.columnStatistics()).isEqualTo(reference.columnStatistics());
        assertThat(merged.arrowSizeBytes()).isEqualTo(reference.arrowSizeBytes());

        RowCursor cursor = new RowCursor(written);
        try (ChunkReader reader = ChunkReader.open(new InMemorySource("merged", out.toByteArray()), allocator,
                ChunkReadOptions.all())) {
            assertThat(reader.schema()).isEqualTo(schema);
            while (reader.loadNextBatch()) {
                cursor.assertNextRowsEqual(reader.root(), "schema " + schema);
            }
        }
        cursor.assertExhausted();
    }

    @Test
    void aChunkOfAnotherSchemaIsRefused() throws IOException {
        Random rnd = new Random(1);
        RandomBatches generator = new RandomBatches(rnd);
        Schema schema = generator.schema();
        Schema other = generator.schema();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ChunkWriter writer = ChunkWriter.open(out, "other", other, WriterProfile.DEFAULT)) {
            ChunkSummary summary = writer.finish();
            InMemorySource source = new InMemorySource("other", out.toByteArray());
            try (ChunkWriter target = ChunkWriter.open(new ByteArrayOutputStream(), "target", schema,
                    WriterProfile.DEFAULT)) {
                assertThatThrownBy(() -> target.appendRowGroups(source, ChunkFooter.read(source), summary))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'other'");
            }
        }
    }
}
