package io.mosaicod.server.ingest;

import io.grpc.MethodDescriptor;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerStreamTracer;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.ServerCalls;
import io.mosaicod.db.UploadClaims;
import io.mosaicod.server.metrics.ServerMetrics;
import io.mosaicod.server.catalog.CatalogLookup;
import io.mosaicod.server.catalog.UploadRegistry;
import io.mosaicod.server.protocol.WireCodec;
import io.mosaicod.store.ObjectStore;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The server's own DoPut method, bound in place of Arrow's (see {@link FlightDataMarshaller} for why). It
 * keeps Arrow's method name and schema descriptor, so clients and reflection see the standard service.
 */
public final class DoPutService implements AutoCloseable {
    /** Batches of one upload received ahead of their acknowledgement at most; {@code info} tells clients. */
    public static final int WINDOW_BATCHES = DoPutStream.WINDOW_BATCHES;
    /**
     * The receive budget is this fraction of the upload memory (128 MiB of the default 1 GiB). The chunk writers
     * keep busy with far less queued, and the budget is what a fleet's wake-up can overshoot by (reservations that
     * lapsed while their robots idled are charged in full when their batches come): on the serial collector, a
     * quarter let a server taking 128 uploads of 10 MiB batches peak at 1.12-1.20 GB resident, an eighth at
     * 0.93 GB, at the same throughput (docs/benchmarks.md, "Concurrent uploads").
     */
    private static final int RECEIVE_BUDGET_SHARE = 8;

    private final MethodDescriptor<FlightDataMessage, Flight.PutResult> method;
    private final ChunkPipeline pipeline;
    private final TopicUploads uploads;
    private final long firstBatchBytes;

    /**
     * @param claims          the repository's upload claims, which let one upload of a topic run across servers
     * @param claimRenewals   the timer that renews the claims of running uploads (and lapses idle reservations)
     * @param chunkWriteConcurrency chunks encoded and written to the store at once, over all uploads
     * @param allocator       the memory every upload's messages are read into; its limit bounds them all, and a
     *                        share of it ({@link #RECEIVE_BUDGET_SHARE}) is what uploads may have received and not
     *                        stored yet
     * @param maxMessageBytes the advertised message limit
     * @param metrics         hears of every upload and stored batch
     */
    public DoPutService(WireCodec codec, CatalogLookup lookup, ObjectStore store, UploadRegistry registry,
                        UploadClaims claims, ScheduledExecutorService claimRenewals, int chunkWriteConcurrency,
                        BufferAllocator allocator, int maxMessageBytes, ServerMetrics metrics) {
        MethodDescriptor<Flight.FlightData, Flight.PutResult> standard = FlightServiceGrpc.getDoPutMethod();
        this.method = MethodDescriptor.<FlightDataMessage, Flight.PutResult>newBuilder()
                .setType(standard.getType())
                .setFullMethodName(standard.getFullMethodName())
                .setSampledToLocalTracing(false)
                .setRequestMarshaller(new FlightDataMarshaller(allocator, maxMessageBytes))
                .setResponseMarshaller(ProtoUtils.marshaller(Flight.PutResult.getDefaultInstance()))
                .setSchemaDescriptor(standard.getSchemaDescriptor())
                .build();
        long receiveBudget = Math.max(allocator.getLimit() / RECEIVE_BUDGET_SHARE, maxMessageBytes);
        this.pipeline = ChunkPipeline.start(store, claims, chunkWriteConcurrency, receiveBudget,
                claimRenewals);
        this.uploads = new TopicUploads(codec, lookup, store, registry, claims, ClaimTerms.DEFAULT, claimRenewals,
                pipeline, allocator, metrics);
        // a new stream's first batch may be as large as a message may be: anything less lets a crowd of new streams
        // each send a large first batch at once (its reservation lapses if the stream idles while others wait)
        this.firstBatchBytes = Math.min(maxMessageBytes, receiveBudget);
    }

    public String fullMethodName() {
        return method.getFullMethodName();
    }

    /** Lets the DoPut streams see which of their messages have begun to arrive: the server must install it. */
    public ServerStreamTracer.Factory streamTracerFactory() {
        return MessageStarts.factory(fullMethodName());
    }

    public ServerMethodDefinition<FlightDataMessage, Flight.PutResult> definition() {
        return ServerMethodDefinition.create(method, ServerCalls.asyncBidiStreamingCall(observer -> {
            var call = (ServerCallStreamObserver<Flight.PutResult>) observer;
            call.disableAutoRequest();
            DoPutStream stream = new DoPutStream(uploads, new PutReplies(call), pipeline.budget(),
                    MessageStarts.ofCurrentCall(), firstBatchBytes);
            // however the call ends (the upload stopped it, or the client went away), the stream's reservation
            // returns to the budget; and replies to a cancelled call are dropped instead of thrown
            call.setOnCloseHandler(stream::closed);
            call.setOnCancelHandler(stream::closed);
            return stream;
        }));
    }

    /** Lets the chunks of uploads still running be stored and recorded, then stops the chunk writers. */
    @Override
    public void close() throws InterruptedException {
        pipeline.close();
    }

    /** For a server that failed to start: no upload ran. */
    public void stopNow() {
        pipeline.stopNow();
    }
}
