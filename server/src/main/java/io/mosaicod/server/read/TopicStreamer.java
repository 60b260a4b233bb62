package io.mosaicod.server.read;

import io.mosaicod.db.Chunk;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.server.flight.ErrorStatus;
import io.mosaicod.server.protocol.TimeRange;
import io.mosaicod.server.protocol.TopicManifest;
import io.mosaicod.server.protocol.WireCodec;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.tasks.optimizer.merge.TimeOrderedMerge;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
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
 * the ticket's range. Chunks whose time statistics miss the range are never opened; the others are merged
 * lazily (see {@link TimeOrderedMerge}), so memory follows how many chunks overlap in time, not how many
 * there are. The stream's first message carries the topic schema with its {@code mosaico:*} metadata,
 * describing the requested range.
 *
 * <p>Streams run on their own threads rather than on the gRPC call's, so that gRPC can deliver the client's
 * flow-control signals while a stream waits for them.
 */
public final class TopicStreamer {
    private static final Logger LOG = LoggerFactory.getLogger(TopicStreamer.class);
    /** How long to wait for a flow-control signal before looking at the transport again. */
    private static final long READY_POLL_MILLIS = 200;
    private static final int MAX_BATCH_ROWS = 1 << 16;

    private final WireCodec codec;
    private final TopicResolver resolver;
    private final TopicManifests manifests;
    private final ObjectStore store;
    private final BufferAllocator allocator;
    private final Executor executor;
    private final long targetMessageBytes;

    TopicStreamer(WireCodec codec, TopicResolver resolver, TopicManifests manifests, ObjectStore store,
                  BufferAllocator allocator, Executor executor, long targetMessageBytes) {
        this.codec = codec;
        this.resolver = resolver;
        this.manifests = manifests;
        this.store = store;
        this.allocator = allocator;
        this.executor = executor;
        this.targetMessageBytes = targetMessageBytes;
    }

    /** Starts streaming and returns at once. */
    public void stream(Ticket ticket, ServerStreamListener listener) {
        BackpressureStrategy.CallbackBackpressureStrategy backpressure =
                new BackpressureStrategy.CallbackBackpressureStrategy();
        backpressure.register(listener);
        executor.execute(() -> run(ticket, listener, backpressure));
    }

    private void run(Ticket ticket, ServerStreamListener listener, BackpressureStrategy backpressure) {
        String name = "unknown topic";
        try (BufferAllocator streamAllocator = allocator.newChildAllocator("read", 0, allocator.getLimit())) {
            TopicTicket request = TopicTicket.decode(ticket.getBytes());
            name = request.locator();
            TopicSnapshot snapshot = resolver.resolve(request.locator());
            TopicManifest manifest = manifests.describe(snapshot, request.range());
            Schema schema = SchemaMetadata.with(snapshot.schema(), codec.topicSchemaMetadata(manifest));
            List<Chunk> chunks = overlapping(snapshot.chunks(), request.range());
            long rows;
            try (VectorSchemaRoot out = VectorSchemaRoot.create(schema, streamAllocator)) {
                listener.start(out);
                rows = chunks.isEmpty() ? 0 : send(snapshot.schema(), chunks, request.range(), streamAllocator,
                        new Sender(out, listener, backpressure));
                listener.completed();
            }
            LOG.debug("streamed {} rows of topic {} in range {} from {} chunks", rows, name, request.range(),
                    chunks.size());
        } catch (StreamCancelled e) {
            LOG.debug("client cancelled the stream of topic {}", name);
        } catch (Throwable e) {
            listener.error(ErrorStatus.asException(e));
        }
    }

    private long send(Schema schema, List<Chunk> chunks, TimeRange range, BufferAllocator streamAllocator,
                      Sender sender) throws IOException {
        int batchRows = batchRows(chunks);
        ChunkReadOptions options = ChunkReadOptions.all().withBatchRows(batchRows);
        if (range.isBounded()) {
            options = options.withTimeRange(range.lowerNs(), range.upperNs());
        }
        ChunkRuns runs = new ChunkRuns(store, streamAllocator, options);
        try {
            TimeOrderedMerge.merge(schema, runs.of(chunks), streamAllocator, batchRows,
                    batch -> sender.send(batch, range));
        } catch (EndOfRange e) {
            // every row left sorts after the range: nothing more to read
        }
        return sender.rows;
    }

    /** The chunks the range may touch, by their time statistics; a chunk without timestamps only when unbounded. */
    private static List<Chunk> overlapping(List<Chunk> chunks, TimeRange range) {
        List<Chunk> kept = new ArrayList<>(chunks.size());
        for (Chunk chunk : chunks) {
            boolean timestamped = chunk.minTimestampNs().isPresent();
            if (!range.isBounded() || timestamped && range.overlaps(chunk.minTimestampNs().getAsLong(),
                    chunk.maxTimestampNs().getAsLong())) {
                kept.add(chunk);
            }
        }
        return kept;
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

    /** Moves each merged batch's rows in range into the stream's root and sends it, respecting flow control. */
    private static final class Sender {
        private final VectorSchemaRoot out;
        private final ServerStreamListener listener;
        private final BackpressureStrategy backpressure;
        long rows;

        Sender(VectorSchemaRoot out, ServerStreamListener listener, BackpressureStrategy backpressure) {
            this.out = out;
            this.listener = listener;
            this.backpressure = backpressure;
        }

        void send(VectorSchemaRoot batch, TimeRange range) throws IOException {
            RangeSlice slice = RangeSlice.of(batch, range);
            if (slice.rows() > 0) {
                awaitReady();
                transfer(batch, slice);
                listener.putNext();
                rows += slice.rows();
            }
            if (slice.pastEnd()) {
                throw new EndOfRange();
            }
        }

        /**
         * Hands the batch's buffers to the stream's root instead of copying them: the merge reuses its batch
         * after this returns, and reallocates the vectors it gave away.
         */
        private void transfer(VectorSchemaRoot batch, RangeSlice slice) {
            List<FieldVector> from = batch.getFieldVectors();
            List<FieldVector> to = out.getFieldVectors();
            boolean whole = slice.from() == 0 && slice.to() == batch.getRowCount();
            for (int c = 0; c < from.size(); c++) {
                var pair = from.get(c).makeTransferPair(to.get(c));
                if (whole) {
                    pair.transfer();
                } else {
                    pair.splitAndTransfer(slice.from(), slice.rows());
                }
            }
            out.setRowCount(slice.rows());
        }

        private void awaitReady() throws StreamCancelled {
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
                }
            }
        }
    }

    /** The merge passed the range's end. */
    private static final class EndOfRange extends IOException {
        private static final long serialVersionUID = 1L;

        EndOfRange() {
            super("end of range");
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this; // control flow, not an error
        }
    }

    /** The client went away. */
    private static final class StreamCancelled extends IOException {
        private static final long serialVersionUID = 1L;

        StreamCancelled() {
            super("cancelled by the client");
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this; // control flow, not an error
        }
    }
}
