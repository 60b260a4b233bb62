package io.mosaicod.server.ingest;

import io.grpc.MethodDescriptor;
import io.grpc.ServerMethodDefinition;
import io.grpc.protobuf.ProtoUtils;
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
public final class DoPutService {
    private final MethodDescriptor<FlightDataMessage, Flight.PutResult> method;
    private final TopicUploads uploads;

    /**
     * @param claims          the repository's upload claims, which let one upload of a topic run across servers
     * @param claimRenewals   the timer that renews the claims of running uploads
     * @param allocator       the memory every upload's messages are read into; its limit bounds them all
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
        this.uploads = new TopicUploads(codec, lookup, store, registry, claims, ClaimTerms.DEFAULT, claimRenewals,
                chunkWriteConcurrency, allocator, maxMessageBytes, metrics);
    }

    public String fullMethodName() {
        return method.getFullMethodName();
    }

    public ServerMethodDefinition<FlightDataMessage, Flight.PutResult> definition() {
        return ServerMethodDefinition.create(method,
                ServerCalls.asyncBidiStreamingCall(replies -> new DoPutStream(uploads, replies)));
    }
}
