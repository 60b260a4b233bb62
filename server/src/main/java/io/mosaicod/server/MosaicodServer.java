package io.mosaicod.server;

import io.grpc.Server;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.mosaicod.db.Repository;
import io.mosaicod.read.search.TopicSearch;
import io.mosaicod.server.auth.ApiKeyGate;
import io.mosaicod.server.auth.ApiKeyVerifier;
import io.mosaicod.server.catalog.ActionDispatcher;
import io.mosaicod.server.catalog.CatalogLookup;
import io.mosaicod.server.catalog.ServerInfoActions;
import io.mosaicod.server.catalog.UploadRegistry;
import io.mosaicod.server.flight.DoActionService;
import io.mosaicod.server.flight.MalformedRequests;
import io.mosaicod.server.flight.ReplySizeLimit;
import io.mosaicod.server.flight.MosaicoFlightProducer;
import io.mosaicod.server.ingest.DoPutService;
import io.mosaicod.server.metrics.ServerMetrics;
import io.mosaicod.server.protocol.JsonWireCodec;
import io.mosaicod.server.protocol.WireCodec;
import io.mosaicod.server.read.DoGetService;
import io.mosaicod.server.read.ReadService;
import io.mosaicod.server.read.StreamReset;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.transport.PooledArrowMemory;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.arrow.flight.FlightGrpcUtils;
import org.apache.arrow.flight.auth.ServerAuthHandler;
import org.apache.arrow.flight.grpc.ServerBackpressureThresholdInterceptor;
import org.apache.arrow.memory.BufferAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The mosaicod Flight endpoint (PROTOCOL.md): Arrow's Flight service for DoAction, ListFlights,
 * GetFlightInfo, GetSchema and DoGet, with the server's own DoPut bound in its place, on a gRPC server that
 * accepts messages up to the configured size. The repository and store are the caller's; closing the
 * server does not close them.
 */
public final class MosaicodServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MosaicodServer.class);
    private static final long SHUTDOWN_GRACE_SECONDS = 5;

    private final ServerSettings settings;
    private final BufferAllocator allocator;
    private final ExecutorService executor;
    private final ScheduledExecutorService claimRenewals;
    private final ServerTransport transport;
    private final Server server;
    private final ReadService reads;
    private final TopicSearch search;
    private final DoPutService doPut;
    private final ShutdownDrain drain;
    private final int port;

    private MosaicodServer(ServerSettings settings, BufferAllocator allocator, ExecutorService executor,
                           ScheduledExecutorService claimRenewals, ServerTransport transport, Server server,
                           ReadService reads, TopicSearch search, DoPutService doPut, ShutdownDrain drain) {
        this.settings = settings;
        this.drain = drain;
        this.allocator = allocator;
        this.executor = executor;
        this.claimRenewals = claimRenewals;
        this.transport = transport;
        this.server = server;
        this.reads = reads;
        this.search = search;
        this.doPut = doPut;
        this.port = server.getPort();
    }

    /** Binds and starts serving; returns once the port is open. */
    public static MosaicodServer start(ServerSettings settings, Repository repository, ObjectStore store)
            throws IOException {
        return start(settings, repository, store, ServerMetrics.NONE);
    }

    /** The same, reporting uploads and calls to {@code metrics}. */
    public static MosaicodServer start(ServerSettings settings, Repository repository, ObjectStore store,
                                       ServerMetrics metrics) throws IOException {
        BufferAllocator root = PooledArrowMemory.rootAllocator(settings.memoryLimitBytes());
        ExecutorService executor = Executors.newCachedThreadPool(threads("mosaicod-flight-"));
        ScheduledExecutorService claimRenewals = Executors.newSingleThreadScheduledExecutor(
                threads("mosaicod-upload-claims-"));
        ServerTransport transport = new ServerTransport();
        TopicSearch search = null;
        DoPutService doPut = null;
        try {
            WireCodec codec = new JsonWireCodec();
            CatalogLookup lookup = new CatalogLookup(repository.catalog());
            ReadService reads = new ReadService(codec, lookup, store,
                    root.newChildAllocator("reads", 0, root.getLimit()), executor, settings.targetEncodeMessageBytes(),
                    settings.clientLimits().readStallTimeout(), settings.clientLimits().maxReadStreams());
            long searchMemory = settings.queryEngine().memoryPoolBytes();
            search = new TopicSearch(repository.catalog(), store, root.newChildAllocator("search", 0,
                    searchMemory == 0 ? root.getLimit() : Math.min(searchMemory, root.getLimit())),
                    settings.queryEngine());
            UploadRegistry uploads = new UploadRegistry();
            doPut = new DoPutService(codec, lookup, store, uploads, repository.uploadClaims(), claimRenewals,
                    settings.chunkWriteConcurrency(), root.newChildAllocator("uploads", 0, root.getLimit()),
                    settings.maxDecodeMessageBytes(), metrics);
            ShutdownDrain drain = new ShutdownDrain();
            Server server = build(settings, codec, lookup, repository, reads, search, store, doPut, uploads, root, executor,
                    transport, drain, metrics).start();
            MosaicodServer started = new MosaicodServer(settings, root, executor, claimRenewals, transport, server,
                    reads, search, doPut, drain);
            LOG.info("mosaicod server listening on {}:{} ({}{}max message {} bytes{})", settings.host(),
                    started.port(), settings.wire().tls().isPresent() ? "TLS, " : "plain text, ",
                    settings.apiKeysRequired() ? "API keys required, " : "", settings.maxDecodeMessageBytes(),
                    settings.wire().gzip() ? ", gzip replies" : "");
            if (settings.apiKeysRequired() && settings.wire().tls().isEmpty()) {
                LOG.warn("API keys are required but the Flight port speaks plain text: every token crosses the network"
                        + " readable by anyone on the way; serve TLS (MOSAICOD_TLS_ENABLED) or keep the port on a"
                        + " trusted network");
            }
            return started;
        } catch (IOException | RuntimeException e) {
            executor.shutdownNow();
            claimRenewals.shutdownNow();
            if (search != null) {
                search.close();
            }
            if (doPut != null) {
                doPut.stopNow();
            }
            closeQuietly(transport);
            root.close();
            throw e;
        }
    }

    private static Server build(ServerSettings settings, WireCodec codec, CatalogLookup lookup, Repository repository,
                                ReadService reads, TopicSearch search, ObjectStore store, DoPutService doPut,
                                UploadRegistry uploads, BufferAllocator root, ExecutorService executor, ServerTransport transport,
                                ShutdownDrain drain, ServerMetrics metrics) {
        ServerInfoActions info = new ServerInfoActions(settings.maxDecodeMessageBytes(),
                settings.maxEncodeMessageBytes(), settings.targetEncodeMessageBytes(), DoPutService.WINDOW_BATCHES);
        ActionDispatcher actions = new ActionDispatcher(codec, lookup, repository.search(), search, store, uploads, info,
                Clock.systemUTC());
        ServerServiceDefinition flight = FlightGrpcUtils.createFlightService(
                root.newChildAllocator("flight", 0, root.getLimit()), new MosaicoFlightProducer(reads),
                ServerAuthHandler.NO_OP, executor).bindService();
        List<ServerInterceptor> flightInterceptors = new ArrayList<>();
        flightInterceptors.add(new ReplySizeLimit(settings.maxEncodeMessageBytes()));
        // a stream stops being ready once a message's worth waits for its client: what a client that stops reading
        // pins (see ParkingLot)
        flightInterceptors.add(new ServerBackpressureThresholdInterceptor(settings.targetEncodeMessageBytes()));
        if (settings.apiKeysRequired()) {
            // added last, so called first: a refused call reaches nothing of the service
            flightInterceptors.add(new ApiKeyGate(new ApiKeyVerifier(repository.apiKeys())));
        }
        NettyServerBuilder builder = transport.builder(settings, executor)
                .addService(ServerInterceptors.intercept(MalformedRequests.refusedIn(withOwnMethods(flight,
                        List.of(doPut.definition(), new DoGetService(reads).definition(),
                                new DoActionService(actions, settings.clientLimits().readStallTimeout()).definition()))),
                        flightInterceptors))
                .addService(drain.health().getHealthService())
                .addStreamTracerFactory(doPut.streamTracerFactory())
                .intercept(drain);
        if (settings.wire().gzip()) {
            builder.intercept(new GzipReplies());
        }
        // the interceptor added last is called first: the call metrics see what the drain refuses, and the
        // stream reset, outermost, sees gRPC's own call object (the call metrics hand on a wrapper)
        return builder.intercept(new CallMetrics(metrics))
                .intercept(new StreamReset())
                .build();
    }

    /**
     * Arrow's Flight service definition with some of its methods replaced by the server's own: DoPut, which reads
     * every message as sent, DoGet, which sends its batches without a copy, and DoAction, which waits for its client.
     */
    private static ServerServiceDefinition withOwnMethods(ServerServiceDefinition flight,
                                                          List<ServerMethodDefinition<?, ?>> own) {
        Set<String> replaced = own.stream().map(m -> m.getMethodDescriptor().getFullMethodName())
                .collect(Collectors.toSet());
        List<ServerMethodDefinition<?, ?>> methods = new ArrayList<>(own);
        flight.getMethods().stream()
                .filter(m -> !replaced.contains(m.getMethodDescriptor().getFullMethodName()))
                .forEach(methods::add);
        ServiceDescriptor.Builder descriptor = ServiceDescriptor.newBuilder(flight.getServiceDescriptor().getName())
                .setSchemaDescriptor(flight.getServiceDescriptor().getSchemaDescriptor());
        methods.forEach(m -> descriptor.addMethod(m.getMethodDescriptor()));
        ServerServiceDefinition.Builder service = ServerServiceDefinition.builder(descriptor.build());
        methods.forEach(service::addMethod);
        return service.build();
    }

    private static ThreadFactory threads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** The bound port (the chosen one if the settings asked for port 0). */
    public int port() {
        return port;
    }

    public String host() {
        return settings.host();
    }

    public ServerSettings settings() {
        return settings;
    }

    /** Client connections open now. */
    public int openConnections() {
        return transport.openConnections();
    }

    /** DoGet streams running now; a stream cancelled by its client or for stalling no longer counts. */
    public int openReadStreams() {
        return reads.openStreams();
    }

    /**
     * Bytes of Arrow memory the reads hold now: decoded batches, read-ahead, and batches gRPC has not written yet
     * (0 once every stream has ended and its last messages are written or dropped).
     */
    public long readMemoryBytes() {
        return reads.allocatedBytes();
    }

    /** How many times a DoGet stream let go of its read (decoded data, read-ahead) because its client paused. */
    public long readStreamParkings() {
        return reads.streamParkings();
    }

    /** Blocks until the server stops. */
    public void awaitTermination() throws InterruptedException {
        server.awaitTermination();
    }

    /**
     * Stops gracefully: health NOT_SERVING and new uploads refused while running calls get the settings' grace
     * period to finish ({@link ShutdownDrain}); then no call is accepted, and those still running after a few more
     * seconds are cancelled.
     */
    @Override
    public void close() throws InterruptedException {
        if (!drain.drain(settings.shutdownGrace())) {
            LOG.warn("calls still running after the {} s shutdown grace period are cancelled",
                    settings.shutdownGrace().toSeconds());
        }
        server.shutdown();
        try {
            if (!server.awaitTermination(SHUTDOWN_GRACE_SECONDS, TimeUnit.SECONDS)) {
                server.shutdownNow();
                server.awaitTermination(SHUTDOWN_GRACE_SECONDS, TimeUnit.SECONDS);
            }
        } finally {
            executor.shutdownNow();
            executor.awaitTermination(SHUTDOWN_GRACE_SECONDS, TimeUnit.SECONDS);
            doPut.close(); // the chunks of uploads cut short are stored and recorded (or refused) first
            claimRenewals.shutdownNow(); // the uploads are over: each released its claim, or it expires by itself
            search.close();
            transport.close();
            closeAllocators();
        }
        LOG.info("mosaicod server on port {} stopped", port());
    }

    private static void closeQuietly(ServerTransport transport) {
        try {
            transport.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void closeAllocators() {
        try {
            for (BufferAllocator child : allocator.getChildAllocators()) {
                child.close();
            }
            allocator.close();
        } catch (IllegalStateException leak) {
            // a stream cut short at shutdown may still hold buffers; the process is ending anyway
            LOG.warn("Arrow memory still in use at shutdown: {}", leak.getMessage());
        }
    }
}
