package io.mosaicod.client.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.TestSeed;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

@Tag("fast")
class TopicBatchesTest {
    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private final long seed = SEED.value();

    /** Per chunk: its timestamps, in row order. */
    private static List<long[]> chunks(GeneratorSpec spec, int sequence, int topic) {
        List<long[]> out = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
             TopicBatches batches = new TopicBatches(spec, sequence, topic, allocator)) {
            VectorSchemaRoot batch;
            while ((batch = batches.next()) != null) {
                BigIntVector ts = (BigIntVector) batch.getVector("timestamp_ns");
                long[] timestamps = new long[batch.getRowCount()];
                for (int r = 0; r < timestamps.length; r++) {
                    timestamps[r] = ts.get(r);
                }
                out.add(timestamps);
            }
        }
        return out;
    }

    private static List<String> contents(GeneratorSpec spec, int sequence, int topic) {
        List<String> out = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
             TopicBatches batches = new TopicBatches(spec, sequence, topic, allocator)) {
            VectorSchemaRoot batch;
            while ((batch = batches.next()) != null) {
                for (int r = 0; r < batch.getRowCount(); r++) {
                    StringBuilder row = new StringBuilder();
                    for (FieldVector vector : batch.getFieldVectors()) {
                        Object value = vector.getObject(r);
                        row.append(value instanceof byte[] bytes ? java.util.HexFormat.of().formatHex(bytes) : value)
                                .append('|');
                    }
                    out.add(row.toString());
                }
            }
        }
        return out;
    }

    @Test
    void theSameSpecGivesTheSameRowsAndAnotherSeedOthers() {
        GeneratorSpec spec = GeneratorSpec.defaults().withShape(1, 5, 3, 50).withSeed(seed).withImageBytes(64);
        for (int t = 0; t < 5; t++) {
            assertThat(contents(spec, 0, t)).isEqualTo(contents(spec, 0, t));
            assertThat(contents(spec, 0, t)).isNotEqualTo(contents(spec.withSeed(seed + 1), 0, t));
        }
    }

    @Test
    void eachKindHasAnInt64TimestampAndDocumentsEveryField() {
        for (TopicKind kind : TopicKind.values()) {
            GeneratorSpec spec = GeneratorSpec.defaults().withKinds(List.of(kind)).withShape(1, 1, 1, 20)
                    .withImageBytes(300);
            try (BufferAllocator allocator = new RootAllocator();
                 TopicBatches batches = new TopicBatches(spec, 0, 0, allocator)) {
                VectorSchemaRoot batch = batches.next();
                assertThat(batch.getRowCount()).isEqualTo(20);
                assertThat(batch.getSchema().getFields().get(0).getName()).isEqualTo("timestamp_ns");
                assertThat(batch.getSchema().getCustomMetadata()).isNotEmpty();
                for (Field field : batch.getSchema().getFields()) {
                    assertThat(field.getMetadata()).as("%s.%s", kind, field.getName()).containsKey("description");
                }
                for (FieldVector vector : batch.getFieldVectors()) {
                    assertThat(vector.getValueCount()).as("%s.%s", kind, vector.getName()).isEqualTo(20);
                }
                assertThat(batches.topicSpec().serializationFormat()).isEqualTo(kind.serializationFormat());
            }
        }
    }

    @Test
    void withoutOverlapChunksAreSortedAndDisjointInUploadOrder() {
        GeneratorSpec spec = GeneratorSpec.defaults().withShape(1, 5, 6, 40).withSeed(seed);
        for (int t = 0; t < 5; t++) {
            List<long[]> chunks = chunks(spec, 0, t);
            for (int k = 0; k < chunks.size(); k++) {
                assertThat(chunks.get(k)).isSorted();
                if (k > 0) {
                    assertThat(chunks.get(k)[0]).isGreaterThan(chunks.get(k - 1)[39]);
                }
            }
        }
    }

    @Test
    void overlapMakesNeighbouringChunksShareAboutThatFractionOfTheirSpan() {
        GeneratorSpec spec = GeneratorSpec.defaults().withShape(1, 1, 5, 100).withOverlap(0.4).withSeed(seed);
        List<long[]> chunks = chunks(spec, 0, 0);
        for (int k = 1; k < chunks.size(); k++) {
            long[] previous = chunks.get(k - 1);
            long[] current = chunks.get(k);
            long shared = java.util.Arrays.stream(previous).filter(ts -> ts >= current[0]).count();
            assertThat(shared).as("rows of chunk %d at or after the start of chunk %d", k - 1, k).isBetween(38L, 42L);
        }
    }

    @Test
    void anUnsortedFractionOfOneShufflesEveryChunk() {
        GeneratorSpec spec = GeneratorSpec.defaults().withShape(1, 1, 4, 100).withUnsortedFraction(1).withSeed(seed);
        for (long[] chunk : chunks(spec, 0, 0)) {
            long[] sorted = chunk.clone();
            java.util.Arrays.sort(sorted);
            assertThat(chunk).isNotEqualTo(sorted).containsExactlyInAnyOrder(sorted);
        }
    }

    @Test
    void sequencesAreAnHourApart() {
        GeneratorSpec spec = GeneratorSpec.defaults().withShape(2, 1, 1, 5).withSeed(seed);
        long first = chunks(spec, 0, 0).get(0)[0];
        long second = chunks(spec, 1, 0).get(0)[0];
        assertThat(second - first).isBetween(3_600_000_000_000L - 10_000_000L, 3_600_000_000_000L + 10_000_000L);
    }
}
