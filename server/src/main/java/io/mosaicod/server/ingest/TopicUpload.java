package io.mosaicod.server.ingest;

import io.mosaicod.db.Topic;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.server.metrics.ServerMetrics;
import io.mosaicod.server.catalog.UploadRegistry;
import io.mosaicod.server.protocol.ProtocolException;
import io.mosaicod.store.Folder;
import java.io.IOException;
import java.util.concurrent.Semaphore;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running DoPut of one topic, after its header was accepted and its claim on the topic granted: every
 * non-empty record batch becomes one chunk as it arrives; {@link #complete()} marks the upload complete,
 * {@link #abort} leaves the topic incomplete with the chunks already committed (each with its row). Either ends
 * the claim. Meant for the stream's thread.
 */
final class TopicUpload {
    private static final Logger LOG = LoggerFactory.getLogger(TopicUpload.class);

    private final Topic topic;
    private final Folder folder;
    private final Schema schema;
    private final WriterProfile profile;
    private final TopicClaim claim;
    private final ChunkCommitter committer;
    private final UploadRegistry registry;
    private final Semaphore writePermits;
    private final BufferAllocator allocator;
    private final VectorSchemaRoot batch;
    private final VectorLoader loader;
    private final ServerMetrics metrics;
    private final long startedNanos = System.nanoTime();
    private int chunks;
    private long rows;
    private long bytes;
    private boolean completed;
    private boolean ended;

    /**
     * Takes over the claim on the topic, its entry in the registry and the allocator; all are released when it
     * ends.
     */
    TopicUpload(Topic topic, Folder folder, Schema schema, TopicClaim claim, ChunkCommitter committer,
                UploadRegistry registry, Semaphore writePermits, BufferAllocator allocator, ServerMetrics metrics) {
        this.topic = topic;
        this.folder = folder;
        this.schema = schema;
        this.profile = WriterProfile.forSerializationFormat(topic.serializationFormat());
        this.claim = claim;
        this.committer = committer;
        this.registry = registry;
        this.writePermits = writePermits;
        this.allocator = allocator;
        this.batch = VectorSchemaRoot.create(schema, allocator);
        this.loader = new VectorLoader(batch);
        this.metrics = metrics;
    }

    String locator() {
        return topic.locator();
    }

    /** Writes the record batch {@code message} carries as the topic's next chunk (empty batches make none). */
    void write(FlightDataMessage message) throws IOException {
        load(message);
        if (batch.getRowCount() == 0) {
            return;
        }
        long chunkBytes;
        writePermits.acquireUninterruptibly();
        try {
            chunkBytes = committer.commit(claim, folder, chunks, schema, profile, batch).sizeBytes();
        } finally {
            writePermits.release();
        }
        chunks++;
        rows += batch.getRowCount();
        bytes += chunkBytes;
        metrics.batchStored(batch.getRowCount(), chunkBytes);
    }

    private void load(FlightDataMessage message) {
        ArrowBuf body = message.takeBody();
        ArrowRecordBatch record;
        try {
            // consumes the body reference on success, and only then
            record = MessageSerializer.deserializeRecordBatch(message.header(),
                    body == null ? allocator.getEmpty() : body);
        } catch (IOException | RuntimeException e) {
            if (body != null) {
                body.close();
            }
            throw ProtocolException.badRequest("record batch " + chunks + " of topic `" + topic.locator()
                    + "` is malformed (" + e.getMessage() + ")", e);
        }
        try (record) {
            if (record.getBodyCompression().getCodec() != CompressionUtil.CodecType.NO_COMPRESSION.getType()) {
                throw ProtocolException.badRequest("record batch " + chunks + " of topic `" + topic.locator()
                        + "` uses IPC body compression, which this server does not accept");
            }
            RecordBatchCheck.beforeLoad(schema, record);
            loader.load(record);
            RecordBatchCheck.afterLoad(batch);
        } catch (RecordBatchCheck.Inconsistent e) {
            throw ProtocolException.badRequest("record batch " + chunks + " of topic `" + topic.locator()
                    + "` does not match its own body: " + e.getMessage());
        } catch (RuntimeException e) {
            if (e instanceof ProtocolException protocol) {
                throw protocol;
            }
            throw ProtocolException.badRequest("record batch " + chunks + " of topic `" + topic.locator()
                    + "` does not match the stream's schema (" + e.getMessage() + ")", e);
        }
    }

    /** The stream ended normally: the topic's upload is complete. */
    void complete() {
        try {
            claim.complete();
            LOG.info("uploaded topic {}: {} chunks, {} rows, {} bytes in {} ms", topic.locator(), chunks, rows, bytes,
                    (System.nanoTime() - startedNanos) / 1_000_000);
            completed = true;
        } finally {
            end();
        }
    }

    /**
     * The stream failed or was refused: the topic stays incomplete, its committed chunks stay readable. An upload
     * cut by an outage is logged at info: the outage's own line is the warning.
     */
    void abort(String reason, boolean byOutage) {
        if (!ended) {
            (byOutage ? LOG.atInfo() : LOG.atWarn()).log("upload of topic {} stopped after {} chunks: {}",
                    topic.locator(), chunks, reason);
        }
        end();
    }

    private void end() {
        if (ended) {
            return;
        }
        ended = true;
        metrics.uploadEnded(completed);
        try {
            batch.close();
            allocator.close();
        } finally {
            claim.release();
            registry.end(topic.id());
        }
    }
}
