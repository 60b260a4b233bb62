package io.mosaicod.server.read;

import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.server.flight.ErrorStatus;
import io.mosaicod.server.protocol.TimeRange;
import io.mosaicod.server.protocol.TopicManifest;
import io.mosaicod.server.protocol.WireCodec;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.TopicReader;
import io.mosaicod.server.protocol.ClientText;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.BackpressureStrategy;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * DoGet (PROTOCOL.md §5): streams a topic's rows in {@code timestamp_ns} order across its chunks, filtered to
 * the ticket's range, with the tasks module's {@link TopicReader}: chunks whose time statistics miss the
 * range are never opened and the others are merged lazily, so memory follows how many chunks overlap in
 * time, not how many there are. The stream's first message carries the topic schema with its
 * {@code mosaico:*} metadata, describing the requested range.
 *
 * <p>Streams run on their own threads rather than on the gRPC call's, so that gRPC can deliver the client's
 * flow-control signals while a stream waits for them. A stream whose client reads nothing for the stall timeout
 * is cancelled: what it holds (its decoded batch, its read-ahead, its thread) would otherwise stay pinned for as
 * long as a client cares to keep the call open.
 */
public final class TopicStreamer {
    private static final Logger LOG = LoggerFactory.getLogger(TopicStreamer.class);
    /** How long to wait for a flow-control signal before looking at the transport again. */
    private static final long READY_POLL_MILLIS = 200;
    private static final int MAX_BATCH_ROWS = 1 << 16;

    private final WireCodec codec;
    private final Catalog catalog;
    private final TopicResolver resolver;
    private final TopicManifests manifests;
    private final ObjectStore store;
    private final BufferAllocator allocator;
    private final Executor executor;
    private final long targetMessageBytes;
    private final Duration stallTimeout;
    private final AtomicInteger openStreams = new AtomicInteger();

    TopicStreamer(WireCodec codec, Catalog catalog, TopicResolver resolver, TopicManifests manifests,
                  ObjectStore store, BufferAllocator allocator, Executor executor, long targetMessageBytes,
                  Duration stallTimeout) {
        this.codec = codec;
        this.catalog = catalog;
        this.resolver = resolver;
        this.manifests = manifests;
        this.store = store;
        this.allocator = allocator;
        this.executor = executor;
        this.targetMessageBytes = targetMessageBytes;
        this.stallTimeout = stallTimeout;
    }

    int openStreams() {
        return openStreams.get();
    }

    /** Starts streaming and returns at once. */
    public void stream(Ticket ticket, ServerStreamListener listener) {
        BackpressureStrategy.CallbackBackpressureStrategy backpressure =
                new BackpressureStrategy.CallbackBackpressureStrategy();
        backpressure.register(listener);
        openStreams.incrementAndGet();
        try {
            executor.execute(() -> {
                try {
                    run(ticket, listener, backpressure);
                } finally {
                    openStreams.decrementAndGet();
                }
            });
        } catch (RuntimeException e) {
            openStreams.decrementAndGet();
            throw e;
        }
    }

    private void run(Ticket ticket, ServerStreamListener listener, BackpressureStrategy backpressure) {
        String name = "unknown topic";
        try (BufferAllocator streamAllocator = allocator.newChildAllocator("read", 0, allocator.getLimit())) {
            TopicTicket request = TopicTicket.decode(ticket.getBytes());
            name = request.locator();
            TopicSnapshot snapshot = resolver.resolve(request.locator());
            TopicManifest manifest = manifests.describe(snapshot, request.range());
            Schema schema = SchemaMetadata.with(snapshot.schema(), codec.topicSchemaMetadata(manifest));
            long rows = 0;
            try (VectorSchemaRoot out = VectorSchemaRoot.create(schema, streamAllocator)) {
                listener.start(out);
                if (!snapshot.chunks().isEmpty()) {
                    Sender sender = new Sender(out, listener, backpressure, stallTimeout.toNanos());
                    rows = new TopicReader(catalog, store, streamAllocator).read(snapshot.topic(), snapshot.schema(),
                            range(request.range()), batchRows(snapshot.chunks()), sender::send);
                }
                listener.completed();
            }
            LOG.debug("streamed {} rows of topic {} in range {}", rows, name, request.range());
        } catch (StreamCancelled e) {
            LOG.debug("client cancelled the stream of topic {}", ClientText.quote(name));
        } catch (StreamStalled e) {
            LOG.info("cancelled the stream of topic {}: its client read nothing for {} s", ClientText.quote(name),
                    stallTimeout.toSeconds());
            listener.error(CallStatus.TIMED_OUT.withDescription("The server cancelled the stream of topic `"
                    + ClientText.quote(name) + "`: the client read nothing for " + stallTimeout.toSeconds()
                    + " s (MOSAICOD_READ_STALL_TIMEOUT).").toRuntimeException());
        } catch (Throwable e) {
            listener.error(ErrorStatus.asException(e));
        }
    }

    private static TopicReader.Range range(TimeRange range) {
        return new TopicReader.Range(range.startNs(), range.endNs());
    }

    /** Rows per batch so that a batch is about the target message size. */
    private int batchRows(List<Chunk> chunks) {
        long bytes = 0;
        long rows = 0;
        for (Chunk chunk : chunks) {
            bytes += chunk.arrowSizeBytes();
            rows += chunk.rowCount();
        }
        long bytesPerRow = Math.max(1, rows == 0 ? 1 : bytes / rows);
        return (int) Math.max(1, Math.min(MAX_BATCH_ROWS, targetMessageBytes / bytesPerRow));
    }

    /** Moves each batch of rows into the stream's root and sends it, respecting flow control. */
    private static final class Sender {
        private final VectorSchemaRoot out;
        private final ServerStreamListener listener;
        private final BackpressureStrategy backpressure;
        private final long stallTimeoutNanos;

        Sender(VectorSchemaRoot out, ServerStreamListener listener, BackpressureStrategy backpressure,
               long stallTimeoutNanos) {
            this.out = out;
            this.listener = listener;
            this.backpressure = backpressure;
            this.stallTimeoutNanos = stallTimeoutNanos;
        }

        /**
         * Hands the batch's buffers to the stream's root instead of copying them: the reader reuses its batch
         * after this returns, and reallocates the vectors it gave away.
         */
        void send(VectorSchemaRoot batch) throws StreamCancelled, StreamStalled {
            awaitReady();
            List<FieldVector> from = batch.getFieldVectors();
            List<FieldVector> to = out.getFieldVectors();
            for (int c = 0; c < from.size(); c++) {
                from.get(c).makeTransferPair(to.get(c)).transfer();
            }
            out.setRowCount(batch.getRowCount());
            listener.putNext();
        }

        private void awaitReady() throws StreamCancelled, StreamStalled {
            long since = System.nanoTime();
            while (true) {
                switch (backpressure.waitForListener(READY_POLL_MILLIS)) {
                    case READY:
                        return;
                    case CANCELLED:
                        throw new StreamCancelled();
                    default:
                        if (listener.isCancelled()) {
                            throw new StreamCancelled();
                        }
                        if (System.nanoTime() - since >= stallTimeoutNanos) {
                            throw new StreamStalled();
                        }
                }
            }
        }
    }

    /** The client went away. */
    private static final class StreamCancelled extends IOException {
        private static final long serialVersionUID = 1L;

        StreamCancelled() {
            super("cancelled by the client", null);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this; // control flow, not an error
        }
    }

    /** The client stopped reading for longer than the stall timeout. */
    private static final class StreamStalled extends IOException {
        private static final long serialVersionUID = 1L;

        StreamStalled() {
            super("the client stopped reading", null);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this; // control flow, not an error
        }
    }
}
