package io.mosaicod.client;

import java.time.Duration;
import org.apache.arrow.flight.FlightClient.ClientStreamListener;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;

/**
 * One DoPut: the schema went out when the upload opened; each {@link #put} sends one record batch, which
 * the server stores as one chunk, and numbers it so that the server can confirm it stored ({@link #stored()},
 * {@link #awaitStored}). {@link #complete()} ends the stream normally (the topic's upload is then complete) and
 * reports the server's verdict; closing without completing cancels the stream.
 */
public final class TopicUpload implements AutoCloseable {
    /**
     * Batches sent and not yet acknowledged at most, with a server that acknowledges and did not say how many it
     * receives ahead ({@link ServerInfo#putAcknowledgementWindow()}, which this server's {@code info} reports and
     * the client follows otherwise): as many as this server keeps on their way per upload, so that a batch waits in
     * this client rather than in the transport's buffers, and its acknowledgement follows it closely.
     */
    public static final int WINDOW_BATCHES = 4;

    private final String locator;
    private final VectorSchemaRoot root;
    private final ClientStreamListener writer;
    private final StoredBatches replies;
    private final BufferAllocator allocator;
    private final int window;
    private long sent;
    private boolean ended;

    TopicUpload(String locator, VectorSchemaRoot root, ClientStreamListener writer, StoredBatches replies,
                BufferAllocator allocator, int window) {
        this.locator = locator;
        this.root = root;
        this.writer = writer;
        this.replies = replies;
        this.allocator = allocator;
        this.window = window;
    }

    public String locator() {
        return locator;
    }

    /**
     * Sends {@code batch} (of the upload's schema) as the next record batch. Its buffers are shared, not
     * copied, for the duration of the call. Blocks while the window's worth of batches wait for the server's
     * acknowledgement, or while its flow control holds the stream.
     *
     * @return the batch's number in the upload, from 0, as {@link #stored()} counts them
     */
    public long put(VectorSchemaRoot batch) {
        requireOpen();
        replies.awaitWindow(sent, window);
        try (ArrowRecordBatch record = new VectorUnloader(batch).getRecordBatch()) {
            new VectorLoader(root).load(record);
            ArrowBuf number = allocator.buffer(Long.BYTES);
            number.setLong(0, sent);
            number.writerIndex(Long.BYTES);
            writer.putNext(number); // the writer releases it once sent
            return sent++;
        } catch (RuntimeException e) {
            throw ClientErrors.translate(e);
        } finally {
            root.clear();
        }
    }

    /** Batches sent so far. */
    public long sent() {
        return sent;
    }

    /**
     * Batches the server confirmed durable in its store and recorded, counted from the first: every batch
     * numbered below is stored. Stays 0 with a server that does not confirm batches (upstream mosaicod).
     */
    public long stored() {
        return replies.stored();
    }

    /**
     * Waits until the server confirmed at least {@code batches} batches stored, the stream ended, or
     * {@code timeout} passed.
     *
     * @return the batches confirmed stored
     */
    public long awaitStored(long batches, Duration timeout) throws InterruptedException {
        return replies.awaitStored(batches, timeout);
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
    }
}
