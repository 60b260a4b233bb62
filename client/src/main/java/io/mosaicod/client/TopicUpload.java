package io.mosaicod.client;

import org.apache.arrow.flight.FlightClient.ClientStreamListener;
import org.apache.arrow.flight.SyncPutListener;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;

/**
 * One DoPut: the schema went out when the upload opened; each {@link #put} sends one record batch, which
 * the server stores as one chunk. {@link #complete()} ends the stream normally (the topic's upload is then
 * complete) and reports the server's verdict; closing without completing cancels the stream.
 */
public final class TopicUpload implements AutoCloseable {
    private final String locator;
    private final VectorSchemaRoot root;
    private final ClientStreamListener writer;
    private final SyncPutListener replies;
    private boolean ended;

    TopicUpload(String locator, VectorSchemaRoot root, ClientStreamListener writer, SyncPutListener replies) {
        this.locator = locator;
        this.root = root;
        this.writer = writer;
        this.replies = replies;
    }

    public String locator() {
        return locator;
    }

    /**
     * Sends {@code batch} (of the upload's schema) as the next record batch. Its buffers are shared, not
     * copied, for the duration of the call.
     */
    public void put(VectorSchemaRoot batch) {
        requireOpen();
        try (ArrowRecordBatch record = new VectorUnloader(batch).getRecordBatch()) {
            new VectorLoader(root).load(record);
            writer.putNext();
        } catch (RuntimeException e) {
            throw ClientErrors.translate(e);
        } finally {
            root.clear();
        }
    }

    /** Ends the stream normally and waits for the server's answer; throws the server's refusal, if any. */
    public void complete() {
        requireOpen();
        ended = true;
        try {
            writer.completed();
            writer.getResult();
        } catch (RuntimeException e) {
            throw ClientErrors.translate(e);
        } finally {
            release();
        }
    }

    /** Ends the stream with a client error (the server sees a cancelled stream); idempotent. */
    public void abort(String reason) {
        if (ended) {
            return;
        }
        ended = true;
        try {
            writer.error(new IllegalStateException(reason));
        } finally {
            release();
        }
    }

    /** Aborts unless {@link #complete()} was called. */
    @Override
    public void close() {
        abort("upload of " + locator + " closed before it completed");
    }

    private void requireOpen() {
        if (ended) {
            throw new IllegalStateException("the upload of " + locator + " has ended");
        }
    }

    private void release() {
        root.close();
        replies.close();
    }
}
