package io.mosaicod.format;

import io.mosaicod.core.io.InMemorySource;
import static org.assertj.core.api.Assertions.assertThat;

import io.mosaicod.testkit.TestSeed;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Random schemas and batches survive write → read exactly: vectors, nullability, names, field and schema
 * metadata. Seed: {@code -Dmosaicod.test.seed=N} ({@link TestSeed}); number of schemas: {@code -Dcodec.cases=N}
 * (default 500; use thousands for a deep run). A failure names the seed of the failing case
 * ({@code -Dcodec.caseSeed=N} reruns only that one).
 */
class ChunkRoundTripTest {

    @RegisterExtension
    static final TestSeed SEED = new TestSeed();
    private static final int CASES = Integer.getInteger("codec.cases", 500);
    private static final Long CASE_SEED = Long.getLong("codec.caseSeed");
    /** Threads that decode some of a batch's columns (groups of different top-level fields) in some cases. */
    private static final ExecutorService HELPERS = Executors.newFixedThreadPool(3, r -> {
        Thread t = new Thread(r, "decode-helper");
        t.setDaemon(true);
        return t;
    });

    @Test
    void randomSchemasAndBatchesRoundTripExactly() throws Exception {
        Random seeds = new Random(SEED.value());
        try (BufferAllocator allocator = new RootAllocator()) {
            if (CASE_SEED != null) {
                roundTrip(CASE_SEED, allocator);
                return;
            }
            for (int c = 0; c < CASES; c++) {
                long caseSeed = seeds.nextLong();
                try {
                    roundTrip(caseSeed, allocator);
                } catch (Throwable t) {
                    throw new AssertionError("case " + c + " failed; rerun with -Dcodec.caseSeed=" + caseSeed, t);
                }
            }
        }
    }

    private static void roundTrip(long caseSeed, BufferAllocator allocator) throws IOException {
        Random rnd = new Random(caseSeed);
        RandomBatches generator = new RandomBatches(rnd);
        Schema schema = generator.schema();
        WriterProfile profile = WriterProfile.values()[rnd.nextInt(3)];
        long rowGroupBytes = rnd.nextBoolean() ? 1 + rnd.nextInt(8192) : ChunkWriter.DEFAULT_ROW_GROUP_BYTES;
        int batchCount = 1 + rnd.nextInt(4);
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        List<VectorSchemaRoot> written = new ArrayList<>();
        try {
            ChunkSummary summary;
            // drawn apart from the case's data, which stays what it was for a case seed: a rewrite's writer, whose
            // columns are encoded on other threads, each column moving on to the next batch by itself
            boolean rewrite = new Random(~caseSeed).nextBoolean();
            try (ChunkWriter writer = rewrite
                    ? ChunkWriter.openForRewrite(file, "case-" + caseSeed, schema, profile, rowGroupBytes, HELPERS)
                    : ChunkWriter.open(file, "case-" + caseSeed, schema, profile, rowGroupBytes)) {
                for (int b = 0; b < batchCount; b++) {
                    int rows = rnd.nextInt(5) == 0 ? 0 : rnd.nextInt(300);
                    VectorSchemaRoot batch = generator.batch(schema, rows, allocator);
                    written.add(batch);
                    writer.write(batch);
                }
                summary = writer.finish();
            }
            RowCursor expected = new RowCursor(written);
            assertThat(summary.rowCount()).isEqualTo(expected.totalRows());
            assertThat(summary.sizeBytes()).isEqualTo(file.size());

            InMemorySource source = new InMemorySource("case-" + caseSeed, file.toByteArray());
            ChunkReadOptions options = ChunkReadOptions.all().withBatchRows(1 + rnd.nextInt(400));
            options = switch (rnd.nextInt(3)) { // the last draw: a case seed's data stays what it was
                case 0 -> options;
                case 1 -> options.withDecodeHelpers(HELPERS, 1 + rnd.nextInt(3));
                // helpers that never start: the reading thread must not wait for them
                default -> options.withDecodeHelpers(task -> { }, 1 + rnd.nextInt(3));
            };
            try (ChunkReader reader = ChunkReader.open(source, allocator, options)) {
                assertThat(reader.schema()).isEqualTo(schema);
                assertThat(reader.footer().rowCount()).isEqualTo(expected.totalRows());
                while (reader.loadNextBatch()) {
                    assertThat(reader.root().getRowCount()).isBetween(1, options.batchRows());
                    expected.assertNextRowsEqual(reader.root(), "profile " + profile + (rewrite ? " (rewrite)" : "")
                            + ", schema " + schema);
                }
            }
            expected.assertExhausted();
        } finally {
            written.forEach(VectorSchemaRoot::close);
        }
    }
}
