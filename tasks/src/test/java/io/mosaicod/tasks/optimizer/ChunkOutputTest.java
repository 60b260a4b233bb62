package io.mosaicod.tasks.optimizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mosaicod.db.NewChunk;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.read.BackgroundThreads;
import io.mosaicod.read.fixture.ForwardingObjectStore;
import io.mosaicod.store.Folder;
import io.mosaicod.store.InMemoryObjectStore;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.store.ObjectWriter;
import java.io.IOException;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A finished chunk is committed on the commit thread while the next one is written; {@code finish} reports the
 * chunks only once all are committed, and a failed commit fails the output.
 */
class ChunkOutputTest {
    private static final Schema SCHEMA = new Schema(List.of(
            Field.notNullable(WriterProfile.TIMESTAMP_COLUMN, new ArrowType.Int(64, true)),
            Field.notNullable("payload", ArrowType.Binary.INSTANCE)));
    /** Every batch fills a chunk: each becomes a chunk of its own. */
    private static final long MAX_CHUNK_BYTES = 32 << 10;

    private final InMemoryObjectStore objects = new InMemoryObjectStore();
    private final Folder folder = Folder.newTopic();
    private BufferAllocator allocator;
    private ExecutorService commits;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
        commits = BackgroundThreads.fixedPool("chunk-commit", 1);
    }

    @AfterEach
    void tearDown() {
        commits.shutdownNow();
        allocator.close();
    }

    @Test
    void aChunkIsCommittedWhileTheNextIsWritten() throws Exception {
        CountDownLatch secondChunkStarted = new CountDownLatch(1);
        ObjectStore store = new ForwardingObjectStore(objects) {
            @Override
            public ObjectWriter newWriter(String key) throws IOException {
                if (key.equals(folder.chunkKey(1))) {
                    secondChunkStarted.countDown();
                }
                ObjectWriter writer = super.newWriter(key);
                return key.equals(folder.chunkKey(0)) ? new Gated(writer, secondChunkStarted) : writer;
            }
        };
        List<NewChunk> chunks;
        try (ChunkOutput output = output(store)) {
            for (int i = 0; i < 3; i++) {
                write(output, i);
            }
            chunks = output.finish();
        }
        assertThat(chunks).extracting(NewChunk::objectKey)
                .containsExactly(folder.chunkKey(0), folder.chunkKey(1), folder.chunkKey(2));
        for (NewChunk chunk : chunks) {
            assertThat(objects.exists(chunk.objectKey())).isTrue();
        }
        assertThat(objects.unfinishedWrites()).isEmpty();
    }

    @Test
    void aFailedCommitFailsTheOutputAndNothingAfterItIsReported() throws Exception {
        ObjectStore store = failingCommitOf(key -> key.equals(folder.chunkKey(1)));
        try (ChunkOutput output = output(store)) {
            assertThatThrownBy(() -> {
                for (int i = 0; i < 4; i++) {
                    write(output, i);
                }
                output.finish();
            }).isInstanceOf(IOException.class).hasMessageContaining("disk full");
        }
        assertThat(objects.exists(folder.chunkKey(1))).isFalse();
        assertThat(objects.exists(folder.chunkKey(3))).isFalse();
        assertThat(objects.unfinishedWrites()).as("every writer committed or aborted").isEmpty();
    }

    @Test
    void theLastChunksFailedCommitIsThrownByFinish() throws Exception {
        ObjectStore store = failingCommitOf(key -> key.equals(folder.chunkKey(1)));
        try (ChunkOutput output = output(store)) {
            write(output, 0);
            write(output, 1);
            assertThatThrownBy(output::finish).isInstanceOf(IOException.class).hasMessageContaining("disk full");
        }
        assertThat(objects.exists(folder.chunkKey(0))).isTrue();
        assertThat(objects.exists(folder.chunkKey(1))).isFalse();
        assertThat(objects.unfinishedWrites()).isEmpty();
    }

    @Test
    void aChunkWhoseWriterFailsToOpenIsAbortedWithItsWriteBehindThread() throws Exception {
        try (ChunkOutput output = output(objects)) {
            Thread.currentThread().interrupt(); // the new chunk's first bytes cannot be queued for writing
            try {
                assertThatThrownBy(() -> write(output, 0)).isInstanceOf(java.io.InterruptedIOException.class);
            } finally {
                Thread.interrupted();
            }
        }
        assertThat(objects.unfinishedWrites()).as("the chunk's writer aborted").isEmpty();
        assertThat(Thread.getAllStackTraces().keySet()).as("no write-behind thread left")
                .noneMatch(t -> t.getName().startsWith("write-behind ") && t.isAlive());
    }

    private ObjectStore failingCommitOf(Predicate<String> fails) {
        return new ForwardingObjectStore(objects) {
            @Override
            public ObjectWriter newWriter(String key) throws IOException {
                ObjectWriter writer = super.newWriter(key);
                return fails.test(key) ? new FailingCommit(writer) : writer;
            }
        };
    }

    private ChunkOutput output(ObjectStore store) {
        return new ChunkOutput(store, folder, SCHEMA, WriterProfile.RAGGED, MAX_CHUNK_BYTES, MAX_CHUNK_BYTES,
                () -> { }, rows -> { }, null, WriteBehindStream.buffers(16 << 10, 2), commits);
    }

    /** A batch of random, incompressible payloads larger than the max chunk size. */
    private void write(ChunkOutput output, int index) throws IOException {
        Random random = new Random(index);
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, allocator)) {
            BigIntVector time = (BigIntVector) batch.getVector(0);
            VarBinaryVector payload = (VarBinaryVector) batch.getVector(1);
            int rows = 40;
            for (int row = 0; row < rows; row++) {
                time.setSafe(row, index * 1_000L + row);
                byte[] bytes = new byte[1_000];
                random.nextBytes(bytes);
                payload.setSafe(row, bytes);
            }
            batch.setRowCount(rows);
            output.accept(batch);
        }
    }

    /** Writes through {@code target}; its commit waits (at most a minute) until {@code gate} opens. */
    private static final class Gated extends Delegating {
        private final CountDownLatch gate;

        Gated(ObjectWriter target, CountDownLatch gate) {
            super(target);
            this.gate = gate;
        }

        @Override
        protected void publish() throws IOException {
            try {
                if (!gate.await(1, TimeUnit.MINUTES)) {
                    throw new IOException("the next chunk was not started while this one was committing");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException();
            }
            super.publish();
        }
    }

    /** Writes through {@code target}, whose content is thrown away at commit, which fails. */
    private static final class FailingCommit extends Delegating {
        FailingCommit(ObjectWriter target) {
            super(target);
        }

        @Override
        protected void publish() throws IOException {
            throw new IOException("disk full");
        }
    }

    /** Another writer's stream and commit behind this one's. */
    private static class Delegating extends ObjectWriter {
        private final ObjectWriter target;

        Delegating(ObjectWriter target) {
            super(target.key());
            this.target = target;
        }

        @Override
        protected void append(byte[] bytes, int offset, int length) throws IOException {
            target.stream().write(bytes, offset, length);
        }

        @Override
        protected void publish() throws IOException {
            target.commit();
        }

        @Override
        protected void discard() throws IOException {
            target.close();
        }
    }
}
