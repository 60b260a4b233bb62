package io.mosaicod.server.read;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.server.protocol.ErrorStatus;
import io.mosaicod.server.protocol.TimeRange;
import io.mosaicod.server.protocol.TopicManifest;
import io.mosaicod.server.protocol.WireCodec;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.TopicReader;
import io.mosaicod.core.ClientText;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.BackpressureStrategy;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * DoGet (PROTOCOL.md §5): streams a topic's rows in {@code timestamp_ns} order across its chunks, filtered to
 * the ticket's range, with the read module's {@link TopicReader}: chunks whose time statistics miss the
 * range are never opened and the others are merged lazily, so memory follows how many chunks overlap in
 * time, not how many there are. The stream's first message carries the topic schema with its
 * {@code mosaico:*} metadata, describing the requested range.
 *
 * <p>Streams run on their own threads rather than on the gRPC call's, so that gRPC can deliver the client's
 * flow-control signals while a stream waits for them. A stream whose client reads nothing for the stall timeout
 * is cancelled: what it holds (its decoded batch, its read-ahead, its thread) would otherwise stay pinned for as
 * long as a client cares to keep the call open. Before that, a stream whose client pauses lets go of its read
 * ({@link StreamSender}), so that stalled clients do not hold memory.
 */
public final class TopicStreamer {
    private static final Logger LOG = LoggerFactory.getLogger(TopicStreamer.class);
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
    private final ParkingLot parking;
    private final Semaphore readSlots;
    private final int maxStreams;
    private final AtomicInteger openStreams = new AtomicInteger();
    private final AtomicLong parkings = new AtomicLong();

    TopicStreamer(WireCodec codec, Catalog catalog, TopicResolver resolver, TopicManifests manifests,
                  ObjectStore store, BufferAllocator allocator, Executor executor, long targetMessageBytes,
                  Duration stallTimeout, ParkingLot parking, int concurrentReads, int maxStreams) {
        this.codec = codec;
        this.catalog = catalog;
        this.resolver = resolver;
        this.manifests = manifests;
        this.store = store;
        this.allocator = allocator;
        this.executor = executor;
        this.targetMessageBytes = targetMessageBytes;
        this.stallTimeout = stallTimeout;
        this.parking = parking;
        this.readSlots = new Semaphore(concurrentReads, true);
        this.maxStreams = maxStreams;
    }

    int openStreams() {
        return openStreams.get();
    }

    long parkings() {
        return parkings.get();
    }

    /**
     * Starts streaming and returns at once, or refuses the stream if {@code maxStreams} are open: each holds a
     * thread while it waits for its client or for a read slot.
     */
    public void stream(Ticket ticket, ServerStreamListener listener) {
        if (openStreams.incrementAndGet() > maxStreams) {
            openStreams.decrementAndGet();
            LOG.warn("refused a stream: {} are open (MOSAICOD_MAX_READ_STREAMS)", maxStreams);
            listener.error(CallStatus.RESOURCE_EXHAUSTED.withDescription("The server has " + maxStreams
                    + " read streams open, its limit (MOSAICOD_MAX_READ_STREAMS): retry when some have ended.")
                    .toRuntimeException());
            return;
        }
        BackpressureStrategy.CallbackBackpressureStrategy backpressure =
                new BackpressureStrategy.CallbackBackpressureStrategy();
        backpressure.register(listener);
        Runnable reset = StreamReset.ofCurrentCall();
        try {
            executor.execute(() -> {
                try {
                    run(ticket, listener, backpressure, reset);
                } finally {
                    openStreams.decrementAndGet();
                }
            });
        } catch (RuntimeException e) {
            openStreams.decrementAndGet();
            throw e;
        }
    }

    private void run(Ticket ticket, ServerStreamListener listener, BackpressureStrategy backpressure,
                     Runnable reset) {
        String name = "unknown topic";
        try (BufferAllocator streamAllocator = allocator.newChildAllocator("read", 0, allocator.getLimit())) {
            TopicTicket request = TopicTicket.decode(ticket.getBytes());
            name = request.locator();
            TopicSnapshot snapshot = resolver.resolve(request.locator());
            TopicManifest manifest = manifests.describe(snapshot, request.range());
            Schema schema = SchemaMetadata.with(snapshot.schema(), codec.topicSchemaMetadata(manifest));
            long rows = 0;
            // gRPC sends the stream's batches straight from their buffers (FlightDataEncoder) and lets go of
            // them once written, which may be after the stream ends: they are accounted to the server's read
            // allocator, which outlives every stream, so that the stream's own closes with nothing outstanding
            try (VectorSchemaRoot out = VectorSchemaRoot.create(schema, allocator)) {
                listener.start(out);
                if (!snapshot.chunks().isEmpty()) {
                    StreamSender sender = new StreamSender(out, listener, backpressure, stallTimeout.toNanos(),
                            range(request.range()),
                            () -> NullTimestamps.mayBeIn(catalog, snapshot.schema(), snapshot.chunks()), parking,
                            streamAllocator);
                    send(snapshot, batchRows(snapshot.chunks()), sender, streamAllocator);
                    rows = sender.rowsSent();
                }
                listener.completed();
            }
            LOG.debug("streamed {} rows of topic {} in range {}", rows, ClientText.quote(name), request.range());
        } catch (StreamSender.Interruption e) {
            endInterrupted(e.reason(), name, listener);
            if (e.reason() != StreamSender.Reason.CANCELLED) {
                reset.run(); // the client reads nothing: its status would wait behind what gRPC queued for it
            }
        } catch (Throwable e) {
            StatusRuntimeException status = ErrorStatus.asException(e);
            if (status.getStatus().getCode() != Status.Code.INTERNAL) { // INTERNAL was logged with its stack trace
                LOG.info("refused the stream of topic {}: {}", ClientText.quote(name), status.getStatus());
            }
            listener.error(status);
        }
    }

    /** Ends a stream its client cancelled, or the server cancelled for stalling or eviction: one log line. */
    private void endInterrupted(StreamSender.Reason reason, String name, ServerStreamListener listener) {
        String topic = ClientText.quote(name);
        switch (reason) {
            case CANCELLED -> LOG.debug("client cancelled the stream of topic {}", topic);
            case STALLED -> {
                LOG.info("cancelled the stream of topic {}: its client read nothing for {} s", topic,
                        stallTimeout.toSeconds());
                listener.error(CallStatus.TIMED_OUT.withDescription("The server cancelled the stream of topic `"
                        + ClientText.quote(topic) + "`: the client read nothing for " + stallTimeout.toSeconds()
                        + " s (MOSAICOD_READ_STALL_TIMEOUT).").toRuntimeException());
            }
            case EVICTED -> {
                LOG.info("cancelled the stream of topic {}: its client stopped reading while {} others had too",
                        topic, parking.capacity());
                listener.error(CallStatus.RESOURCE_EXHAUSTED.withDescription("The server cancelled the stream of"
                        + " topic `" + ClientText.quote(topic)
                        + "`: its client stopped reading while more clients than the server"
                        + " keeps waiting (" + parking.capacity() + ") had too.").toRuntimeException());
            }
            case PARKED -> throw new IllegalStateException("a parked stream resumes; it does not end");
        }
    }

    /**
     * Reads the topic into the sender, letting go of the read (and its read slot) whenever the sender parks the
     * stream.
     */
    private void send(TopicSnapshot snapshot, int batchRows, StreamSender sender, BufferAllocator streamAllocator)
            throws IOException {
        TopicReader reader = new TopicReader(catalog, store, streamAllocator);
        while (true) {
            sender.awaitReadSlot(readSlots);
            try {
                reader.read(snapshot.topic(), snapshot.schema(), sender.remainingRange(), batchRows, sender::send);
                return;
            } catch (StreamSender.Interruption interruption) {
                if (interruption.reason() != StreamSender.Reason.PARKED) {
                    throw interruption;
                }
                parkings.incrementAndGet();
            } finally {
                readSlots.release();
            }
            sender.awaitResumption();
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
}
