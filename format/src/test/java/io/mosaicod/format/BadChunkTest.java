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
        readAll(chunk, ChunkReadOptions.DEFAULT_BATCH_ROWS);
    }

    private void readAll(byte[] chunk, int batchRows) throws IOException {
        try (ChunkReader reader = ChunkReader.open(new InMemorySource(KEY, chunk), allocator,
                ChunkReadOptions.all().withBatchRows(batchRows))) {
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

    /**
     * Columns below one list must agree on where its slots start: a file whose {@code y} column moves a row
     * boundary one element from where {@code x} puts it (same rows, same elements in all) would leave the list's
     * offsets, which {@code x} builds, pointing past the values {@code y} has in a batch. The page stays valid
     * (its CRC is recomputed), so only the columns' disagreement can reject it.
     */
    @Test
    void columnsThatDisagreeOnTheirSharedListAreRejected() throws IOException {
        Field points = new Field("points", FieldType.notNullable(ArrowType.List.INSTANCE), List.of(
                new Field("item", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
                        new Field("x", FieldType.notNullable(new ArrowType.Int(64, true)), null),
                        new Field("y", FieldType.notNullable(new ArrowType.Int(64, true)), null)))));
        Schema schema = new Schema(List.of(
                new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null), points));
        Random rnd = new Random(11);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
             ChunkWriter writer = ChunkWriter.open(out, KEY, schema, WriterProfile.DEFAULT)) {
            org.apache.arrow.vector.complex.impl.UnionListWriter list =
                    ((org.apache.arrow.vector.complex.ListVector) root.getVector(1)).getWriter();
            long value = 0;
            for (int row = 0; row < 60; row++) {
                ((org.apache.arrow.vector.BigIntVector) root.getVector(0)).setSafe(row, row);
                list.setPosition(row);
                list.startList();
                for (int e = 1 + rnd.nextInt(3); e > 0; e--) {
                    list.struct().start();
                    list.struct().bigInt("x").writeBigInt(value++); // every value distinct: PLAIN pages
                    list.struct().bigInt("y").writeBigInt(value++);
                    list.struct().end();
                }
                list.endList();
            }
            root.setRowCount(60);
            writer.write(root);
            writer.finish();
        }
        byte[] chunk = out.toByteArray();
        ColumnChunkMetaData y = ChunkFooter.read(new InMemorySource(KEY, chunk)).parquetMetadata().getBlocks().get(0)
                .getColumns().stream().filter(c -> c.getPath().toDotString().endsWith(".y")).findFirst().orElseThrow();
        assertThat(DataPages.plainOnly(y)).as("y decodes directly").isTrue();
        readAll(chunk);

        byte[] moved = moveOneRowBoundary(chunk, (int) y.getStartingPos());
        assertThatThrownBy(() -> readAll(moved, 1)).isInstanceOf(ChunkFormatException.class)
                .hasMessageContaining(KEY)
                .rootCause().hasMessageContaining("points[].y").hasMessageContaining("slots");
    }

    /**
     * {@code chunk} with the one-bit repetition levels of the first page at {@code pageAt} changed from (0, 1) to
     * (1, 0) at the first place where that keeps the page header's size once its CRC is recomputed.
     */
    private static byte[] moveOneRowBoundary(byte[] chunk, int pageAt) throws IOException {
        java.io.ByteArrayInputStream in = new java.io.ByteArrayInputStream(chunk, pageAt, chunk.length - pageAt);
        org.apache.parquet.format.PageHeader header = org.apache.parquet.format.Util.readPageHeader(in);
        int headerLength = chunk.length - pageAt - in.available();
        int data = pageAt + headerLength;
        int levelsEnd = data + 4 + java.nio.ByteBuffer.wrap(chunk, data, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        int run = data + 4;
        while (run < levelsEnd) {
            int runHeader = chunk[run] & 0xFF; // one byte: fewer than 64 groups of eight levels
            int packed = (runHeader & 1) == 1 ? runHeader >>> 1 : 0;
            for (int at = run + 2; at < run + 1 + packed; at++) { // the first byte keeps the chunk's first row start
                for (int bit = 0; bit < 7; bit++) {
                    if ((chunk[at] >>> bit & 3) != 2) {
                        continue; // not a row start followed by a continuation
                    }
                    byte[] moved = chunk.clone();
                    moved[at] ^= (byte) (3 << bit);
                    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                    crc.update(moved, data, header.getCompressed_page_size());
                    header.setCrc((int) crc.getValue());
                    ByteArrayOutputStream newHeader = new ByteArrayOutputStream();
                    org.apache.parquet.format.Util.writePageHeader(header, newHeader);
                    if (newHeader.size() == headerLength) {
                        System.arraycopy(newHeader.toByteArray(), 0, moved, pageAt, headerLength);
                        return moved;
                    }
                }
            }
            run += (runHeader & 1) == 1 ? 1 + packed : 2; // an RLE run's value takes one byte
        }
        throw new IllegalStateException("no row boundary to move in the first page");
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
                    .hasMessageContaining("`outer." + bad.getName() + "` has type " + ArrowTypeText.of(bad));
        }
    }
}
