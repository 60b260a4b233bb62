package io.mosaicod.format;

import io.mosaicod.core.io.InMemorySource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Footer-only reads, column projection and row-group pruning by time. */
class ChunkReaderOptionsTest {

    private static final int ROWS = 10_000;
    private final BufferAllocator allocator = new RootAllocator();
    private final Schema schema = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null),
            new Field("label", new FieldType(true, ArrowType.Utf8.INSTANCE, null, Map.of("unit", "none")), null)),
            Map.of("topic", "camera"));

    @AfterEach
    void closeAllocator() {
        allocator.close();
    }

    /** Timestamps 0, 10, 20, ... in row groups of a few hundred rows. */
    private InMemorySource chunk(WriterProfile profile) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ChunkWriter writer = ChunkWriter.open(out, "sorted", schema, profile, 4096);
             VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            BigIntVector ts = (BigIntVector) root.getVector(0);
            VarCharVector label = (VarCharVector) root.getVector(1);
            for (int i = 0; i < ROWS; i++) {
                ts.setSafe(i, i * 10L);
                label.setSafe(i, ("row " + i).getBytes(StandardCharsets.UTF_8));
            }
            root.setRowCount(ROWS);
            writer.write(root);
            assertThat(writer.encodedSizeBytes()).isPositive();
            writer.finish();
        }
        return new InMemorySource("sorted", out.toByteArray());
    }

    @Test
    void theFooterAloneGivesRowCountSchemaAndRowGroupTimeRanges() throws IOException {
        for (WriterProfile profile : WriterProfile.values()) {
            ChunkFooter footer = ChunkFooter.read(chunk(profile));
            assertThat(footer.rowCount()).isEqualTo(ROWS);
            assertThat(footer.schema()).isEqualTo(schema);
            assertThat(footer.rowGroups()).hasSizeGreaterThan(3);
            assertThat(footer.rowGroups().get(0).minTimestampNs()).isZero();
            assertThat(footer.rowGroups().get(footer.rowGroups().size() - 1).maxTimestampNs()).isEqualTo((ROWS - 1) * 10L);
        }
    }

    @Test
    void aTimeRangeSkipsRowGroupsThatCannotHoldItsRows() throws IOException {
        InMemorySource source = chunk(WriterProfile.RAGGED);
        long start = 25_000;
        long end = 50_000;
        List<Long> timestamps = new ArrayList<>();
        try (ChunkReader reader = ChunkReader.open(source, allocator, ChunkReadOptions.all().withTimeRange(start, end))) {
            while (reader.loadNextBatch()) {
                BigIntVector ts = (BigIntVector) reader.root().getVector("timestamp_ns");
                for (int i = 0; i < reader.root().getRowCount(); i++) {
                    timestamps.add(ts.get(i));
                }
            }
        }
        // every row in range is returned, in order; rows outside come only from row groups straddling the bounds
        List<Long> inRange = timestamps.stream().filter(t -> t >= start && t < end).toList();
        assertThat(inRange).hasSize(2500).isSorted();
        assertThat(timestamps.size()).isLessThan(ROWS / 2);
        ChunkFooter footer = ChunkFooter.read(source);
        long groupsOverlapping = footer.rowGroups().stream().filter(g -> g.mayOverlap(start, end)).count();
        assertThat(groupsOverlapping).isLessThan(footer.rowGroups().size());
    }

    @Test
    void projectionReturnsTheRequestedColumnsInTheRequestedOrderWithTheirMetadata() throws IOException {
        InMemorySource source = chunk(WriterProfile.DEFAULT);
        try (ChunkReader reader = ChunkReader.open(source, allocator,
                ChunkReadOptions.all().withColumns(List.of("label")).withBatchRows(1000))) {
            assertThat(reader.schema()).isEqualTo(new Schema(List.of(schema.getFields().get(1)), schema.getCustomMetadata()));
            int rows = 0;
            while (reader.loadNextBatch()) {
                VarCharVector label = (VarCharVector) reader.root().getVector(0);
                assertThat(label.getObject(0).toString()).isEqualTo("row " + rows);
                rows += reader.root().getRowCount();
            }
            assertThat(rows).isEqualTo(ROWS);
        }
        assertThatThrownBy(() -> ChunkReader.open(source, allocator, ChunkReadOptions.all().withColumns(List.of("nope"))))
                .isInstanceOf(ChunkFormatException.class).hasMessageContaining("'nope'");
    }
}
