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
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
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

    /**
     * Struct fields named by path are read alone, the struct's nulls kept: a search on {@code pose.position.y}
     * decodes that leaf, not its siblings. A name the struct lacks leaves it whole.
     */
    @Test
    void aColumnPathReadsOnlyTheNamedFieldsOfAStruct() throws IOException {
        Field x = new Field("x", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null);
        Field y = new Field("y", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null);
        Field position = new Field("position", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(x, y));
        Field frame = new Field("frame", FieldType.nullable(ArrowType.Utf8.INSTANCE), null);
        Field pose = new Field("pose", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(position, frame));
        Field ts = new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null);
        Schema nested = new Schema(List.of(ts, pose));
        int rows = 500;
        for (WriterProfile profile : WriterProfile.values()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ChunkWriter writer = ChunkWriter.open(out, "nested", nested, profile, 4096);
                 VectorSchemaRoot root = VectorSchemaRoot.create(nested, allocator)) {
                StructVector poses = (StructVector) root.getVector("pose");
                StructVector positions = (StructVector) poses.getChild("position");
                for (int i = 0; i < rows; i++) {
                    ((BigIntVector) root.getVector(0)).setSafe(i, i);
                    if (i % 7 == 0) {
                        poses.setNull(i);
                        continue;
                    }
                    poses.setIndexDefined(i);
                    if (i % 5 == 0) {
                        positions.setNull(i);
                    } else {
                        positions.setIndexDefined(i);
                        ((Float8Vector) positions.getChild("x")).setSafe(i, -i);
                        if (i % 3 != 0) {
                            ((Float8Vector) positions.getChild("y")).setSafe(i, i / 2.0);
                        }
                    }
                    ((VarCharVector) poses.getChild("frame")).setSafe(i, ("f" + i).getBytes(StandardCharsets.UTF_8));
                }
                root.setRowCount(rows);
                writer.write(root);
                writer.finish();
            }
            InMemorySource source = new InMemorySource("nested", out.toByteArray());
            List<List<String>> paths = List.of(List.of("pose", "frame"), List.of("timestamp_ns"),
                    List.of("pose", "position", "y"));
            try (ChunkReader whole = ChunkReader.open(source, allocator, ChunkReadOptions.all());
                 ChunkReader part = ChunkReader.open(source, allocator, ChunkReadOptions.all().withColumnPaths(paths))) {
                Field yOnly = new Field("position", position.getFieldType(), List.of(y));
                assertThat(part.schema()).as(profile.name()).isEqualTo(new Schema(List.of(
                        new Field("pose", pose.getFieldType(), List.of(yOnly, frame)), ts)));
                int seen = 0;
                while (whole.loadNextBatch()) {
                    assertThat(part.loadNextBatch()).isTrue();
                    StructVector expected = (StructVector) whole.root().getVector("pose");
                    StructVector actual = (StructVector) part.root().getVector("pose");
                    for (int i = 0; i < whole.root().getRowCount(); i++) {
                        String row = profile + " row " + (seen + i);
                        assertThat(actual.isNull(i)).as(row).isEqualTo(expected.isNull(i));
                        StructVector expectedPosition = (StructVector) expected.getChild("position");
                        StructVector actualPosition = (StructVector) actual.getChild("position");
                        assertThat(actualPosition.isNull(i)).as(row).isEqualTo(expectedPosition.isNull(i));
                        assertThat(actualPosition.getChild("y").getObject(i)).as(row)
                                .isEqualTo(expectedPosition.getChild("y").getObject(i));
                        assertThat(actual.getChild("frame").getObject(i)).as(row)
                                .isEqualTo(expected.getChild("frame").getObject(i));
                    }
                    seen += whole.root().getRowCount();
                }
                assertThat(part.loadNextBatch()).isFalse();
                assertThat(seen).isEqualTo(rows);
            }
            try (ChunkReader unknown = ChunkReader.open(source, allocator,
                    ChunkReadOptions.all().withColumnPaths(List.of(List.of("pose", "nope"))))) {
                assertThat(unknown.schema().getFields()).containsExactly(pose);
            }
        }
    }

    /**
     * A projection skips the chunks of the columns between those it reads when the gap is longer than the source's
     * join gap, and reads them along when it is shorter: the same values either way.
     */
    @Test
    void aProjectionReadsOnlyItsColumnChunksUnlessTheGapIsCheaperToReadThanToSkip() throws IOException {
        Field payload = new Field("payload", FieldType.nullable(ArrowType.Binary.INSTANCE), null);
        Field value = new Field("value", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                null);
        Schema wide = new Schema(List.of(schema.getFields().get(0), payload, value));
        int rows = 4000;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Random random = new Random(7);
        try (ChunkWriter writer = ChunkWriter.open(out, "wide", wide, WriterProfile.RAGGED, 64 << 20);
             VectorSchemaRoot root = VectorSchemaRoot.create(wide, allocator)) {
            for (int i = 0; i < rows; i++) {
                ((BigIntVector) root.getVector(0)).setSafe(i, i * 10L);
                byte[] noise = new byte[100];
                random.nextBytes(noise); // incompressible: the payload's chunk stays ~400 KB
                ((VarBinaryVector) root.getVector(1)).setSafe(i, noise);
                ((Float8Vector) root.getVector(2)).setSafe(i, i / 4.0);
            }
            root.setRowCount(rows);
            writer.write(root);
            writer.finish();
        }
        InMemorySource file = new InMemorySource("wide", out.toByteArray());
        long payloadBytes = 100L * rows;
        ChunkReadOptions timeAndValue = ChunkReadOptions.all().withColumns(List.of("timestamp_ns", "value"));
        for (long joinGap : new long[] {64 << 10, 1 << 20}) {
            ColumnChunkRangesTest.RecordingSource source = new ColumnChunkRangesTest.RecordingSource(file, joinGap);
            ChunkFooter footer = ChunkFooter.read(source);
            source.requests.clear();
            int seen = 0;
            try (ChunkReader reader = ChunkReader.open(source, footer, allocator, timeAndValue)) {
                while (reader.loadNextBatch()) {
                    BigIntVector ts = (BigIntVector) reader.root().getVector("timestamp_ns");
                    Float8Vector values = (Float8Vector) reader.root().getVector("value");
                    for (int i = 0; i < reader.root().getRowCount(); i++, seen++) {
                        assertThat(ts.get(i)).isEqualTo(seen * 10L);
                        assertThat(values.get(i)).isEqualTo(seen / 4.0);
                    }
                }
            }
            assertThat(seen).isEqualTo(rows);
            if (joinGap < payloadBytes) {
                assertThat(source.bytesRead()).as("gap %d", joinGap).isLessThan(file.size() - payloadBytes);
            } else {
                assertThat(source.bytesRead()).as("gap %d", joinGap).isGreaterThan(payloadBytes);
            }
        }
    }
}
