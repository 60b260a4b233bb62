package io.mosaicod.server.ingest;

import io.mosaicod.core.ClientText;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.mosaicod.db.ChunksAdded;
import io.mosaicod.db.NewChunk;
import io.mosaicod.db.Topic;
import io.mosaicod.db.UploadClaim;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.server.catalog.UploadRegistry;
import io.mosaicod.server.metrics.ServerMetrics;
import io.mosaicod.server.protocol.ErrorStatus;
import io.mosaicod.server.protocol.ProtocolException;
import io.mosaicod.store.Folder;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
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
 * One running DoPut of one topic, after its header was accepted and its claim on the topic granted. Every
 * non-empty record batch becomes one chunk: decoded on the stream's thread, encoded into its object by a chunk
 * writer, the object committed by a publisher, the chunk recorded by the group commit; several of an upload's
 * chunks may be on their way at once. Chunks are recorded in batch order only, so the chunks of an upload that
 * breaks off are always its first ones, without gaps. A batch that carried application metadata is acknowledged
 * with it once it is recorded (and every batch before it), which is what an acknowledgement means: the chunk is
 * durable in the store and in the repository.
 *
 * <p>Once the client ends the stream and every chunk is recorded, the upload is marked complete; a failure, or
 * the client cancelling, leaves the topic incomplete with the chunks already recorded. Either ends the claim
 * once no chunk is being written any more.
 */
final class TopicUpload implements GroupCommit.Upload {
    private static final Logger LOG = LoggerFactory.getLogger(TopicUpload.class);

    private enum State { WRITING, STORED, SUBMITTED, RECORDED }

    /** One batch received and not acknowledged yet. */
    private static final class Slot {
        final int ordinal;
        final long rows;
        final long receivedBytes;
        final byte[] acknowledgement;
        State state;
        NewChunk chunk;

        Slot(int ordinal, long rows, long receivedBytes, byte[] acknowledgement, State state) {
            this.ordinal = ordinal;
            this.rows = rows;
            this.receivedBytes = receivedBytes;
            this.acknowledgement = acknowledgement;
            this.state = state;
        }
    }

    private final Topic topic;
    private final Folder folder;
    private final Schema schema;
    private final WriterProfile profile;
    private final TopicClaim claim;
    private final ChunkPipeline pipeline;
    private final UploadRegistry registry;
    private final BufferAllocator allocator;
    private final PutReplies replies;
    private final Runnable onAcknowledged;
    private final ServerMetrics metrics;
    private final long startedNanos = System.nanoTime();
    /** Written by the stream's thread only. */
    private int nextOrdinal;

    private final ArrayDeque<Slot> unacknowledged = new ArrayDeque<>();
    /** Batches being decoded or held by a chunk writer: each holds memory of the upload's pool, closed once none is. */
    private int writing;
    private int chunks;
    private long rows;
    private long bytes;
    private boolean streamEnded;
    /** Why the stream ended badly: the upload stops with it once the batches before are stored. */
    private Throwable refusal;
    private boolean completing;
    private boolean stopped;
    private boolean ended;

    /**
     * Takes over the claim on the topic, its entry in the registry and the allocator; all are released when it
     * ends.
     */
    TopicUpload(Topic topic, Folder folder, Schema schema, TopicClaim claim, ChunkPipeline pipeline,
                UploadRegistry registry, BufferAllocator allocator, PutReplies replies, Runnable onAcknowledged,
                ServerMetrics metrics) {
        this.topic = topic;
        this.folder = folder;
        this.schema = schema;
        this.profile = WriterProfile.forSerializationFormat(topic.serializationFormat());
        this.claim = claim;
        this.pipeline = pipeline;
        this.registry = registry;
        this.allocator = allocator;
        this.replies = replies;
        this.onAcknowledged = onAcknowledged;
        this.metrics = metrics;
    }

    String locator() {
        return topic.locator();
    }

    /** Batches received and not acknowledged yet: the upload's window. */
    synchronized int unacknowledged() {
        return unacknowledged.size();
    }

    /**
     * Decodes the record batch {@code message} carries and hands it to the chunk writers (empty batches make no
     * chunk). The {@code receivedBytes} charged to the budget for it are the upload's now, returned to the budget
     * once the batch is acknowledged or the upload stops.
     */
    void write(FlightDataMessage message, long receivedBytes) {
        synchronized (this) {
            if (stopped) {
                pipeline.budget().release(receivedBytes);
                return;
            }
            writing++; // counted before decoding: an upload stopped meanwhile must not close the pool under it
        }
        VectorSchemaRoot batch = VectorSchemaRoot.create(schema, allocator);
        try {
            load(message, batch);
        } catch (RuntimeException e) {
            batch.close();
            pipeline.budget().release(receivedBytes);
            synchronized (this) {
                writing--;
                if (stopped) {
                    endOnceIdle();
                }
            }
            throw e;
        }
        int batchRows = batch.getRowCount();
        Slot slot;
        long acknowledged;
        synchronized (this) {
            if (stopped) {
                batch.close();
                pipeline.budget().release(receivedBytes);
                writing--;
                endOnceIdle();
                return;
            }
            slot = new Slot(batchRows == 0 ? -1 : nextOrdinal++, batchRows, receivedBytes, message.appMetadata(),
                    batchRows == 0 ? State.RECORDED : State.WRITING);
            unacknowledged.add(slot);
            if (batchRows == 0) {
                batch.close();
                writing--;
                acknowledged = acknowledgeRecorded();
            } else {
                acknowledged = 0; // still counted: a chunk writer holds it now
            }
        }
        acknowledged(acknowledged);
        if (batchRows > 0) {
            try {
                pipeline.writers().execute(() -> store(slot, batch));
            } catch (RejectedExecutionException e) {
                batch.close();
                written(slot, null, new IllegalStateException("the server is stopping", e));
            }
        }
    }

    private void load(FlightDataMessage message, VectorSchemaRoot batch) {
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
            throw ProtocolException.badRequest("record batch " + nextOrdinal + " of topic `"
                    + ClientText.quote(topic.locator())
                    + "` is malformed: its header does not decode as an Arrow record batch", e);
        }
        try (record) {
            if (record.getBodyCompression().getCodec() != CompressionUtil.CodecType.NO_COMPRESSION.getType()) {
                throw ProtocolException.badRequest("record batch " + nextOrdinal + " of topic `"
                        + ClientText.quote(topic.locator())
                        + "` uses IPC body compression, which this server does not accept");
            }
            RecordBatchCheck.beforeLoad(schema, record);
            new VectorLoader(batch).load(record);
            RecordBatchCheck.afterLoad(batch);
        } catch (RecordBatchCheck.Inconsistent e) {
            throw ProtocolException.badRequest("record batch " + nextOrdinal + " of topic `"
                    + ClientText.quote(topic.locator())
                    + "` does not match its own body: " + e.getMessage());
        } catch (RuntimeException e) {
            if (e instanceof ProtocolException protocol) {
                throw protocol;
            }
            // Arrow's loader words its failures for Java programmers: the cause goes to the log, not the client
            throw ProtocolException.badRequest("record batch " + nextOrdinal + " of topic `"
                    + ClientText.quote(topic.locator())
                    + "` does not match the stream's schema", e);
        }
    }

    /** On a chunk writer: encodes the batch into its object, whose commit is then a publisher's. */
    private void store(Slot slot, VectorSchemaRoot batch) {
        ChunkObjects.Encoded encoded = null;
        Throwable failure = null;
        try {
            if (recording()) {
                encoded = pipeline.objects().encode(claim, folder, slot.ordinal, schema, profile, batch);
            }
        } catch (Throwable e) {
            failure = e;
        } finally {
            batch.close();
        }
        if (encoded == null) {
            written(slot, null, failure);
            return;
        }
        ChunkObjects.Encoded object = encoded;
        try {
            pipeline.publishers().execute(() -> publish(slot, object));
        } catch (RejectedExecutionException e) {
            IllegalStateException stopping = new IllegalStateException("the server is stopping", e);
            abort(object, stopping);
            written(slot, null, stopping);
        }
    }

    /** On a publisher: makes the encoded chunk's object durable. */
    private void publish(Slot slot, ChunkObjects.Encoded object) {
        NewChunk chunk = null;
        Throwable failure = null;
        try {
            if (recording()) {
                chunk = object.commit();
            }
        } catch (Throwable e) {
            failure = e;
        }
        if (chunk == null) {
            abort(object, failure);
        }
        written(slot, chunk, failure);
    }

    /** Aborts an object not committed; its own failure is kept with {@code cause}, or logged without one. */
    private void abort(ChunkObjects.Encoded object, Throwable cause) {
        try {
            object.close();
        } catch (IOException | RuntimeException e) {
            if (cause != null) {
                cause.addSuppressed(e);
            } else {
                LOG.warn("could not remove the uncommitted chunk object of topic `{}`: {}", topic.locator(), e.toString());
            }
        }
    }

    private void written(Slot slot, NewChunk chunk, Throwable failure) {
        synchronized (this) {
            writing--;
            if (failure != null) {
                stop(failure);
            }
            if (stopped) {
                pipeline.budget().release(slot.receivedBytes);
                endOnceIdle();
                return;
            }
            slot.chunk = chunk;
            slot.state = State.STORED;
            // submitted under the lock: the group commit must receive the upload's chunks in their order
            List<NewChunk> ready = new ArrayList<>();
            for (Slot next : unacknowledged) {
                if (next.state == State.WRITING) {
                    break;
                }
                if (next.state == State.STORED) {
                    next.state = State.SUBMITTED;
                    ready.add(next.chunk);
                }
            }
            if (!ready.isEmpty()) {
                pipeline.commits().submit(this, ready);
            }
        }
    }

    @Override
    public UploadClaim claim() {
        return claim.held();
    }

    @Override
    public synchronized boolean recording() {
        return !stopped;
    }

    @Override
    public void recorded(List<NewChunk> recorded, ChunksAdded outcome, long askedAtNanos) {
        long acknowledged;
        synchronized (this) {
            if (stopped) {
                return;
            }
            try {
                claim.recorded(outcome.outcome(), askedAtNanos);
            } catch (RuntimeException e) {
                stop(e);
                return;
            }
            int left = recorded.size();
            for (Slot slot : unacknowledged) {
                if (left == 0) {
                    break;
                }
                if (slot.state == State.SUBMITTED) {
                    slot.state = State.RECORDED;
                    left--;
                    chunks++;
                    rows += slot.rows;
                    bytes += slot.chunk.sizeBytes();
                    metrics.batchStored(slot.rows, slot.chunk.sizeBytes());
                }
            }
            acknowledged = acknowledgeRecorded();
        }
        acknowledged(acknowledged);
    }

    @Override
    public void notRecorded(RuntimeException failure) {
        synchronized (this) {
            stop(failure);
        }
    }

    /**
     * Acknowledges the recorded batches at the head, in order, and completes the upload if the client ended the
     * stream and nothing is left.
     *
     * @return the received bytes of the batches acknowledged, for the caller to return to the budget outside the lock
     */
    private long acknowledgeRecorded() {
        long released = 0;
        while (!unacknowledged.isEmpty() && unacknowledged.peek().state == State.RECORDED) {
            Slot slot = unacknowledged.poll();
            if (slot.acknowledgement != null) {
                replies.acknowledge(slot.acknowledgement);
            }
            released += slot.receivedBytes;
        }
        if (streamEnded && unacknowledged.isEmpty() && !completing) {
            completing = true;
            if (refusal != null) {
                stop(refusal);
                return released;
            }
            try {
                pipeline.writers().execute(this::complete);
            } catch (RejectedExecutionException e) {
                stop(new IllegalStateException("the server is stopping", e));
            }
        }
        return released;
    }

    /** The client ended the stream normally: once every chunk is recorded, the topic's upload is complete. */
    void endOfStream() {
        endOfStream(null);
    }

    /**
     * The client sent what the protocol refuses: the batches before are stored as usual, then the upload stops
     * with {@code failure}, which the client receives as the call's status.
     */
    void refuse(Throwable failure) {
        endOfStream(failure);
    }

    private void endOfStream(Throwable failure) {
        long acknowledged;
        synchronized (this) {
            if (stopped) {
                return;
            }
            streamEnded = true;
            refusal = failure;
            acknowledged = acknowledgeRecorded();
        }
        acknowledged(acknowledged);
    }

    /** Outside the lock: returns the acknowledged batches' bytes to the budget and tells the stream. */
    private void acknowledged(long receivedBytes) {
        pipeline.budget().release(receivedBytes);
        onAcknowledged.run();
    }

    private void complete() {
        try {
            claim.complete();
        } catch (RuntimeException e) {
            synchronized (this) {
                stop(e);
            }
            return;
        }
        LOG.info("uploaded topic {}: {} chunks, {} rows, {} bytes in {} ms", topic.locator(), chunks, rows, bytes,
                (System.nanoTime() - startedNanos) / 1_000_000);
        synchronized (this) {
            stopped = true;
            end(true);
        }
        replies.complete();
    }

    /** The client cancelled the stream or the transport broke: nobody is left to answer. */
    synchronized void cancelled(String reason) {
        if (!stopped) {
            stopped = true;
            LOG.warn("upload of topic {} stopped after {} chunks: the client stream failed: {}", topic.locator(),
                    chunks, reason);
            dropUnacknowledged();
            endOnceIdle();
        }
    }

    /**
     * Stops the upload with {@code failure}, which the client receives as the call's status: the topic stays
     * incomplete, its recorded chunks stay readable. An upload cut by an outage is logged at info: the outage's own
     * line is the warning.
     */
    private void stop(Throwable failure) {
        if (stopped) {
            return;
        }
        stopped = true;
        StatusRuntimeException status = ErrorStatus.asException(failure);
        (status.getStatus().getCode() == Status.Code.UNAVAILABLE ? LOG.atInfo() : LOG.atWarn())
                .log("upload of topic {} stopped after {} chunks: {}", topic.locator(), chunks,
                        status.getStatus().getDescription());
        replies.fail(status);
        dropUnacknowledged();
        endOnceIdle();
    }

    /** Returns the bytes of the batches no chunk writer holds any more; a writer returns its own when done. */
    private void dropUnacknowledged() {
        long released = 0;
        for (Slot slot : unacknowledged) {
            if (slot.state != State.WRITING) {
                released += slot.receivedBytes;
            }
        }
        unacknowledged.clear();
        pipeline.budget().release(released);
    }

    private void endOnceIdle() {
        if (writing == 0) {
            end(false);
        }
    }

    private void end(boolean completed) {
        if (ended) {
            return;
        }
        ended = true;
        metrics.uploadEnded(completed);
        try {
            allocator.close();
        } catch (RuntimeException e) { // memory still held: a defect to report, not a reason to fail the caller
            LOG.error("upload of topic {} ended holding memory: {}", topic.locator(), e.getMessage());
        } finally {
            claim.release();
            registry.end(topic.id());
        }
    }
}
