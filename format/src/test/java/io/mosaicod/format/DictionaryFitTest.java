package io.mosaicod.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.io.InMemorySource;
import io.mosaicod.testkit.TestSeed;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
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
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A chunk of one batch in a dictionary profile ({@link ChunkWriter#openForBatch}): a column that a dictionary
 * would not shrink is written PLAIN at once, as parquet-java writes it after trying; one it would shrink keeps its
 * dictionary; and whatever is chosen, the rows read back exactly.
 */
@Tag("fast")
class DictionaryFitTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final Schema SCHEMA = new Schema(List.of(
            new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null),
            new Field("value", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null),
            new Field("payload", FieldType.nullable(ArrowType.Binary.INSTANCE), null),
            new Field("label", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
            new Field("mode", FieldType.nullable(new ArrowType.Int(64, true)), null)));

    /**
     * An upload's batch: increasing timestamps, measured floats and random payloads (nothing repeats), labels and
     * modes drawn from a handful of values (a dictionary pays).
     */
    static VectorSchemaRoot upload(BufferAllocator allocator, Random random, int rows, int payloadBytes) {
        VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, allocator);
        batch.allocateNew();
        byte[] payload = new byte[payloadBytes];
        for (int r = 0; r < rows; r++) {
            ((BigIntVector) batch.getVector("timestamp_ns")).setSafe(r, 1_000_000L * r + random.nextInt(1000));
            ((Float8Vector) batch.getVector("value")).setSafe(r, random.nextGaussian());
            random.nextBytes(payload);
            ((VarBinaryVector) batch.getVector("payload")).setSafe(r, payload);
            if (r % 7 == 3) {
                ((VarCharVector) batch.getVector("label")).setNull(r);
            } else {
                ((VarCharVector) batch.getVector("label")).setSafe(r,
                        ("state-" + random.nextInt(4)).getBytes(StandardCharsets.UTF_8));
            }
            ((BigIntVector) batch.getVector("mode")).setSafe(r, random.nextInt(3));
        }
        batch.setRowCount(rows);
        return batch;
    }

    private static List<ColumnChunkMetaData> columns(byte[] chunk) throws IOException {
        return ChunkFooter.read(new InMemorySource("chunk", chunk)).parquetMetadata().getBlocks().get(0).getColumns();
    }

    /** Whether each column of the chunk's first row group has a dictionary page, by column name. */
    private static Map<String, Boolean> dictionaries(byte[] chunk) throws IOException {
        Map<String, Boolean> out = new LinkedHashMap<>();
        for (ColumnChunkMetaData column : columns(chunk)) {
            out.put(column.getPath().toDotString(), column.hasDictionaryPage());
        }
        return out;
    }

    /** Each column's Parquet statistics (min, max, null count), by column name: what readers prune by. */
    private static Map<String, String> statistics(byte[] chunk) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (ColumnChunkMetaData column : columns(chunk)) {
            out.put(column.getPath().toDotString(), String.valueOf(column.getStatistics()));
        }
        return out;
    }

    /** The chunk, written by parquet-java's attempt ({@code judged} false) or after judging the batch. */
    private static byte[] write(VectorSchemaRoot batch, boolean judged, int expectedDirectColumns) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ChunkWriter writer = judged
                ? ChunkWriter.openForBatch(out, "judged", batch.getSchema(), batch, WriterProfile.DEFAULT)
                : ChunkWriter.open(out, "tried", batch.getSchema(), WriterProfile.DEFAULT)) {
            if (expectedDirectColumns >= 0) {
                assertThat(writer.directlyEncodedColumns()).as("columns written PLAIN at once")
                        .isEqualTo(expectedDirectColumns);
            }
            writer.write(batch);
            writer.finish();
        }
        return out.toByteArray();
    }

    private static void assertReadsBack(byte[] chunk, VectorSchemaRoot batch, BufferAllocator allocator, String what)
            throws IOException {
        RowCursor expected = new RowCursor(List.of(batch));
        try (ChunkReader reader = ChunkReader.open(new InMemorySource("chunk", chunk), allocator, ChunkReadOptions.all())) {
            while (reader.loadNextBatch()) {
                expected.assertNextRowsEqual(reader.root(), what);
            }
        }
        expected.assertExhausted();
    }

    @Test
    void columnsADictionaryWouldNotShrinkAreWrittenPlainAsParquetJavaEndsUpWritingThem() throws IOException {
        Random random = new Random(SEED.value());
        try (BufferAllocator allocator = new RootAllocator()) {
            for (int[] shape : new int[][] {{9, 1024}, {300, 64}, {2_000, 1024}}) { // 9 KiB .. 2 MiB batches
                try (VectorSchemaRoot batch = upload(allocator, random, shape[0], shape[1])) {
                    byte[] tried = write(batch, false, 0);
                    byte[] judged = write(batch, true, 3); // timestamps, floats and payloads
                    assertThat(statistics(judged)).isEqualTo(statistics(tried));
                    String what = shape[0] + " rows of " + shape[1] + " B (seed " + SEED.value() + ")";
                    assertThat(dictionaries(judged)).as(what).isEqualTo(dictionaries(tried));
                    assertThat(dictionaries(judged)).as(what).containsEntry("payload", false)
                            .containsEntry("timestamp_ns", false).containsEntry("value", false)
                            .containsEntry("label", true).containsEntry("mode", true);
                    assertReadsBack(judged, batch, allocator, what);
                    for (String plain : List.of("payload", "timestamp_ns", "value")) {
                        assertThat(DictionaryFit.pays(batch.getVector(plain), shape[0], 1 << 20, 20_000)).as(plain).isFalse();
                    }
                    for (String repeated : List.of("label", "mode")) {
                        assertThat(DictionaryFit.pays(batch.getVector(repeated), shape[0], 1 << 20, 20_000)).as(repeated)
                                .isTrue();
                    }
                }
            }
        }
    }

    /**
     * Long values are told apart by three sampled stretches only: payloads that differ only between them count as
     * one value, so the judgement says a dictionary may pay, and parquet-java then tries it and decides as it
     * always did. The chunk is what parquet-java alone writes, and reads back; payloads that differ in a sampled
     * stretch are still told apart.
     */
    @Test
    void longValuesAlikeWhereSampledAreLeftToParquetJavaToTry() throws IOException {
        Random random = new Random(SEED.value());
        try (BufferAllocator allocator = new RootAllocator()) {
            int sampled = DictionaryFit.SAMPLED_BYTES;
            for (int alikeBytes : new int[] {sampled, 0}) { // the sampled stretches alike, or nothing alike
                try (VectorSchemaRoot batch = upload(allocator, random, 2_000, 1024)) {
                    VarBinaryVector payloads = (VarBinaryVector) batch.getVector("payload");
                    byte[] value = new byte[1024];
                    for (int r = 0; r < 2_000; r++) {
                        System.arraycopy(payloads.get(r), 0, value, 0, value.length);
                        for (int at : new int[] {0, (value.length - sampled) / 2, value.length - sampled}) {
                            Arrays.fill(value, at, at + alikeBytes, (byte) 7);
                        }
                        payloads.setSafe(r, value);
                    }
                    String what = alikeBytes + " bytes alike at each sampled stretch (seed " + SEED.value() + ")";
                    assertThat(DictionaryFit.pays(payloads, 2_000, 1 << 20, 20_000)).as(what).isEqualTo(alikeBytes > 0);
                    byte[] tried = write(batch, false, 0);
                    byte[] judged = write(batch, true, alikeBytes > 0 ? 2 : 3);
                    assertThat(dictionaries(judged)).as(what).isEqualTo(dictionaries(tried))
                            .containsEntry("payload", false);
                    assertThat(statistics(judged)).as(what).isEqualTo(statistics(tried));
                    assertReadsBack(judged, batch, allocator, what);
                }
            }
        }
    }

    @Test
    void randomBatchesReadBackExactlyWhateverIsChosen() throws IOException {
        Random seeds = new Random(SEED.value());
        try (BufferAllocator allocator = new RootAllocator()) {
            for (int c = 0; c < 200; c++) {
                long caseSeed = seeds.nextLong();
                Random rnd = new Random(caseSeed);
                RandomBatches generator = new RandomBatches(rnd);
                Schema schema = generator.schema();
                try (VectorSchemaRoot batch = generator.batch(schema, 1 + rnd.nextInt(400), allocator)) {
                    byte[] chunk = write(batch, true, -1);
                    assertReadsBack(chunk, batch, allocator, "case seed " + caseSeed + ", schema " + schema);
                }
            }
        }
    }
}
