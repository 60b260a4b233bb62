package io.mosaicod.format;

import io.mosaicod.core.io.InMemorySource;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Which column chunks take the bulk PLAIN decoding path (its correctness is the round-trip tests' job). */
@Tag("fast")
class PlainColumnDecoderTest {

    private static ChunkFooter write(WriterProfile profile) throws IOException {
        Schema schema = new Schema(List.of(
                new Field("timestamp_ns", FieldType.notNullable(new ArrowType.Int(64, true)), null),
                new Field("label", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (BufferAllocator allocator = new RootAllocator();
             VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
             ChunkWriter writer = ChunkWriter.open(out, "plain", schema, profile)) {
            for (int i = 0; i < 100; i++) {
                ((BigIntVector) root.getVector(0)).setSafe(i, i);
                ((VarCharVector) root.getVector(1)).setSafe(i, ("v" + i % 3).getBytes(StandardCharsets.UTF_8));
            }
            root.setRowCount(100);
            writer.write(root);
            writer.finish();
        }
        return ChunkFooter.read(new InMemorySource("plain", out.toByteArray()));
    }

    @Test
    void raggedChunksAreDecodedInBulkAndDictionaryChunksAreNot() throws IOException {
        for (ColumnChunkMetaData chunk : write(WriterProfile.RAGGED).parquetMetadata().getBlocks().get(0).getColumns()) {
            assertThat(DataPages.plainOnly(chunk)).as(chunk.getPath().toDotString()).isTrue();
        }
        // three distinct labels: parquet-java keeps the dictionary (for 100 distinct timestamps it falls back)
        ColumnChunkMetaData label = write(WriterProfile.DEFAULT).parquetMetadata().getBlocks().get(0).getColumns().get(1);
        assertThat(label.hasDictionaryPage()).isTrue();
        assertThat(DataPages.plainOnly(label)).isFalse();
    }
}
