package io.mosaicod.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.core.io.InMemorySource;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.Repository;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.format.ChunkReader;
import io.mosaicod.format.ChunkSummary;
import io.mosaicod.format.ChunkWriter;
import io.mosaicod.format.WriterProfile;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compare.VectorEqualsVisitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shape matrix's data at tiny size: every shape's batches survive the codec as ingestion writes them,
 * and every variant's chunks lie in time as promised.
 */
class ShapeDatasetTest {
    @TempDir
    Path work;

    static List<Shape> shapes() {
        return Shapes.ALL;
    }

    @ParameterizedTest
    @MethodSource("shapes")
    void everyShapeRoundTripsThroughTheCodec(Shape shape) throws Exception {
        Random random = new Random(3);
        long[] stamps = SensorBatch.sortedTimestamps(random, shape.startNs(), 40 * shape.periodNs(), 40);
        try (BufferAllocator allocator = new RootAllocator();
             VectorSchemaRoot batch = shape.create(allocator, random, stamps)) {
            assertThat(batch.getSchema()).isEqualTo(shape.schema());
            assertThat(batch.getRowCount()).isEqualTo(40);
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            ChunkSummary summary;
            try (ChunkWriter writer = ChunkWriter.open(file, shape.name(), shape.schema(),
                    WriterProfile.forSerializationFormat(shape.serializationFormat()))) {
                writer.write(batch);
                summary = writer.finish();
            }
            assertThat(summary.rowCount()).isEqualTo(40);
            assertThat(summary.sortedByTimestamp()).isTrue();
            assertThat(summary.minTimestampNs()).isEqualTo(stamps[0]);
            try (ChunkReader reader = ChunkReader.open(new InMemorySource(shape.name(), file.toByteArray()), allocator,
                    ChunkReadOptions.all())) {
                assertThat(reader.schema()).isEqualTo(shape.schema());
                assertThat(reader.loadNextBatch()).isTrue();
                assertThat(reader.root().getRowCount()).isEqualTo(40);
                for (FieldVector written : batch.getFieldVectors()) {
                    FieldVector read = reader.root().getVector(written.getName());
                    assertThat(VectorEqualsVisitor.vectorEquals(written, read)).as("%s.%s", shape.name(),
                            written.getName()).isTrue();
                }
                assertThat(reader.loadNextBatch()).isFalse();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void everyVariantsChunksLieInTimeAsPromised(Variant variant) throws Exception {
        for (Shape shape : List.of(FlatShape.INSTANCE, Shapes.named("imu"), Shapes.named("detections"))) {
            int rows = 50; // enough that the recorded ranges overlap as the spans do
            BenchDataset dataset = BenchDataset.prepare(work, new BenchDataset.Spec(shape.name() + "-"
                    + variant.option(), 8, rows, variant.overlap(), 5, 1, shape, variant.disorder()));
            try (Repository repository = dataset.openRepository()) {
                long topic = repository.catalog().findTopicByLocator(dataset.spec().locator(0)).orElseThrow().id();
                List<Chunk> chunks = repository.catalog().listChunks(topic);
                assertThat(chunks).hasSize(8);
                for (int c = 0; c + 1 < chunks.size(); c++) {
                    Chunk chunk = chunks.get(c);
                    Chunk next = chunks.get(c + 1);
                    assertThat(chunk.sorted()).as("%s chunk %d sorted", shape.name(), c)
                            .isEqualTo(variant.disorder() == 0);
                    long max = chunk.maxTimestampNs().orElseThrow();
                    long nextMin = next.minTimestampNs().orElseThrow();
                    if (variant.overlap() == 0) {
                        assertThat(max).as("%s chunk %d ends before the next starts", shape.name(), c)
                                .isLessThan(nextMin);
                    } else {
                        assertThat(max).as("%s chunk %d overlaps the next", shape.name(), c).isGreaterThan(nextMin);
                    }
                }
            }
        }
    }

    @Test
    void disorderLeavesEveryChunkUnsortedButKeepsItsTimestamps() {
        Random random = new Random(11);
        for (int rows : new int[] {2, 3, 14, 200, 3400}) {
            long[] stamps = SensorBatch.sortedTimestamps(random, 0, rows * 1000L, rows);
            long[] sorted = stamps.clone();
            Variant.disorder(random, stamps, Variant.UNSORTED.disorder());
            assertThat(Variant.isSorted(stamps)).as("%d rows", rows).isFalse();
            long[] again = stamps.clone();
            java.util.Arrays.sort(again);
            assertThat(again).isEqualTo(sorted);
            int displaced = 0;
            for (int i = 0; i < rows; i++) {
                displaced += stamps[i] != sorted[i] ? 1 : 0;
            }
            assertThat(displaced).as("%d rows", rows).isLessThanOrEqualTo(Math.max(2, (int) (rows * 0.05)));
        }
    }
}
