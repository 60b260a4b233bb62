package io.mosaicod.format;

import io.mosaicod.core.io.InMemorySource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bad chunks fail with a {@link ChunkFormatException} naming the chunk: nothing hangs, nothing leaks (the
 * allocator is closed after each test and fails on outstanding memory).
 */
@Tag("fast")
@Timeout(30)
class BadChunkTest {

    private static final String KEY = "tp_01ABC/data/00007.parquet";
    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void closeAllocator() {
        allocator.close();
    }

    /** A valid ZSTD chunk of random rows, several row groups. */
    private byte[] validChunk() throws IOException {
        Random rnd = new Random(42);
        RandomBatches generator = new RandomBatches(rnd);
        Schema schema = generator.schema();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ChunkWriter writer = ChunkWriter.open(out, KEY, schema, WriterProfile.RAGGED, 2048);
             VectorSchemaRoot batch = generator.batch(schema, 500, allocator)) {
            writer.write(batch);
            writer.finish();
        }
        return out.toByteArray();
    }

    /** Reads every batch; the failure, if any, is what the test is about. */
    private void readAll(byte[] chunk) throws IOException {
        try (ChunkReader reader = ChunkReader.open(new InMemorySource(KEY, chunk), allocator, ChunkReadOptions.all())) {
            while (reader.loadNextBatch()) {
                assertThat(reader.root().getRowCount()).isPositive();
            }
        }
    }

    private void assertRejected(byte[] chunk) {
        assertThatThrownBy(() -> readAll(chunk)).isInstanceOf(ChunkFormatException.class)
                .hasMessageContaining(KEY)
                .satisfies(e -> assertThat(((ChunkFormatException) e).chunkName()).isEqualTo(KEY));
    }

    @Test
    void aValidChunkReads() throws IOException {
        readAll(validChunk());
    }

    @Test
    void aFileThatIsNotParquetIsRejected() {
        assertRejected("name,value\n1,2\n3,4 this is a CSV file, not Parquet at all".getBytes(StandardCharsets.UTF_8));
        assertRejected(new byte[0]);
        assertRejected("PAR1".getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void aTruncatedChunkIsRejectedWhereverItIsCut() throws IOException {
        byte[] chunk = validChunk();
        for (int cut : new int[] {chunk.length - 1, chunk.length - 8, chunk.length / 2, 100, 5}) {
            assertRejected(Arrays.copyOf(chunk, cut));
        }
    }

    @Test
    void aCorruptPageIsRejected() throws IOException {
        byte[] chunk = validChunk();
        // only bytes of the column chunks: the page indexes between them and the footer are not read
        List<long[]> pages = new ArrayList<>();
        for (BlockMetaData block : ChunkFooter.read(new InMemorySource(KEY, chunk)).parquetMetadata().getBlocks()) {
            for (ColumnChunkMetaData column : block.getColumns()) {
                pages.add(new long[] {column.getStartingPos(), column.getTotalSize()});
            }
        }
        Random rnd = new Random(7);
        for (int attempt = 0; attempt < 20; attempt++) {
            byte[] corrupt = chunk.clone();
            long[] column = pages.get(rnd.nextInt(pages.size()));
            int at = (int) (column[0] + rnd.nextInt((int) column[1]));
            corrupt[at] ^= (byte) (1 + rnd.nextInt(255));
            assertRejected(corrupt);
        }
    }

    @Test
    void anArrowSchemaThatDoesNotDecodeIsRejected() throws IOException {
        byte[] chunk = validChunk();
        String text = new String(chunk, StandardCharsets.ISO_8859_1);
        int key = text.indexOf(ArrowSchemaMetadata.KEY);
        assertThat(key).isPositive();
        // the value follows the key (after a 4-byte Thrift length or so); overwrite part of it in place so
        // the footer stays well-formed Thrift but the value is not base64 any more
        byte[] notBase64 = chunk.clone();
        Arrays.fill(notBase64, key + ArrowSchemaMetadata.KEY.length() + 10, key + ArrowSchemaMetadata.KEY.length() + 30,
                (byte) '!');
        assertThatThrownBy(() -> readAll(notBase64)).isInstanceOf(ChunkFormatException.class)
                .hasMessageContaining(KEY).hasMessageContaining("ARROW:schema");
        byte[] notASchema = chunk.clone();
        Arrays.fill(notASchema, key + ArrowSchemaMetadata.KEY.length() + 10, key + ArrowSchemaMetadata.KEY.length() + 30,
                (byte) 'A');
        assertThatThrownBy(() -> readAll(notASchema)).isInstanceOf(ChunkFormatException.class)
                .hasMessageContaining(KEY).hasMessageContaining("ARROW:schema");
    }

    @Test
    void unsupportedArrowTypesAreRefusedNamingTheFieldAndType() {
        List<Field> unsupported = List.of(
                new Field("n", FieldType.nullable(ArrowType.Null.INSTANCE), null),
                new Field("iv", FieldType.nullable(new ArrowType.Interval(IntervalUnit.DAY_TIME)), null),
                new Field("d256", FieldType.nullable(new ArrowType.Decimal(40, 2, 256)), null),
                new Field("u", FieldType.nullable(new ArrowType.Union(UnionMode.Sparse, new int[] {0})),
                        List.of(new Field("a", FieldType.nullable(new ArrowType.Int(32, true)), null))),
                new Field("dict", new FieldType(true, new ArrowType.Int(32, true),
                        new DictionaryEncoding(1, false, null)), null),
                new Field("empty", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of()));
        for (Field bad : unsupported) {
            Field nested = new Field("outer", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                    new Field("ok", FieldType.nullable(new ArrowType.Date(DateUnit.DAY)), null), bad));
            Schema schema = new Schema(List.of(nested));
            assertThatThrownBy(() -> ChunkWriter.open(new ByteArrayOutputStream(), KEY, schema, WriterProfile.DEFAULT))
                    .isInstanceOf(UnsupportedColumnTypeException.class)
                    .hasMessageContaining("'outer." + bad.getName() + "'");
        }
    }
}
