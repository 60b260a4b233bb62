package io.mosaicod.server;

import io.mosaicod.core.config.MosaicodConfig;
import io.mosaicod.core.search.QueryEngineLimits;
import java.time.Duration;
import io.netty.handler.ssl.SslContext;
import java.util.Objects;
import java.util.Optional;

/**
 * How the Flight server runs.
 *
 * @param host                      address to listen on
 * @param port                      TCP port; 0 picks a free one
 * @param maxDecodeMessageBytes     the largest gRPC message accepted ({@code MOSAICOD_MAX_GRPC_DECODE_MESSAGE_SIZE});
 *                                  clients size upload batches by it, and a larger message is refused
 * @param targetEncodeMessageBytes  the size DoGet aims at for each record batch it sends
 * @param chunkWriteConcurrency     how many chunks are encoded and stored at once, across all uploads
 * @param memoryLimitBytes          cap on the Arrow memory of all streams; a stream that would exceed it fails
 *                                  with RESOURCE_EXHAUSTED instead of the process running out of memory
 * @param clientLimits              what one client may hold of the server: stalled streams, streams per
 *                                  connection, idle connections
 * @param shutdownGrace             how long a stopping server lets running calls finish while it refuses new
 *                                  uploads ({@code MOSAICOD_SHUTDOWN_GRACE_PERIOD})
 * @param wire                      TLS and compression on the Flight port
 * @param apiKeysRequired           whether every Flight call needs an API key from the repository
 *                                  ({@code MOSAICOD_API_KEY_ENABLED}); the health service never does
 * @param queryEngine               what searches on the data may take: memory, chunks at once ({@code [query_engine]})
 */
public record ServerSettings(String host, int port, int maxDecodeMessageBytes, int targetEncodeMessageBytes,
                             int chunkWriteConcurrency, long memoryLimitBytes, ClientLimits clientLimits,
                             Duration shutdownGrace, Wire wire, boolean apiKeysRequired,
                             QueryEngineLimits queryEngine) {
    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 6726;
    /** mosaicod's default limit: 50 MiB. */
    public static final int DEFAULT_MAX_DECODE_MESSAGE_BYTES = 50 << 20;
    public static final Duration DEFAULT_SHUTDOWN_GRACE = Duration.ofSeconds(30);
    /** Arrow Flight's usual target for the messages a server sends: 2 MiB. */
    public static final int DEFAULT_TARGET_ENCODE_MESSAGE_BYTES = 2 << 20;

    /**
     * @param readStallTimeout        a DoGet whose client reads nothing for this long is cancelled, freeing what
     *                                it holds ({@code MOSAICOD_READ_STALL_TIMEOUT})
     * @param maxStreamsPerConnection calls one connection may have open at once; more wait in the client
     *                                ({@code MOSAICOD_MAX_STREAMS_PER_CONNECTION})
     * @param connectionIdleTimeout   a connection with no call open for this long is closed, as is one that
     *                                never completes a request ({@code MOSAICOD_CONNECTION_IDLE_TIMEOUT})
     * @param maxConnections          connections open at once; more are closed as they arrive
     *                                ({@code MOSAICOD_MAX_CONNECTIONS})
     * @param maxReadStreams          DoGet streams open at once over all connections; more are refused with
     *                                {@code RESOURCE_EXHAUSTED} ({@code MOSAICOD_MAX_READ_STREAMS}): each holds a
     *                                thread while it waits for its client or for a read slot
     */
    public record ClientLimits(Duration readStallTimeout, int maxStreamsPerConnection,
                               Duration connectionIdleTimeout, int maxConnections, int maxReadStreams) {
        public static final ClientLimits DEFAULTS = new ClientLimits(Duration.ofSeconds(60), 100,
                Duration.ofSeconds(300), 1000, 256);

        public ClientLimits {
            requirePositive(readStallTimeout, "read stall timeout");
            requirePositive(connectionIdleTimeout, "connection idle timeout");
            requirePositive(maxStreamsPerConnection, "streams per connection");
            requirePositive(maxConnections, "maximum connections");
            requirePositive(maxReadStreams, "maximum read streams");
        }

        private static void requirePositive(int count, String what) {
            if (count < 1) {
                throw new IllegalArgumentException(what + " is " + count + " but must be >= 1");
            }
        }

        private static void requirePositive(Duration duration, String what) {
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException(what + " is " + duration + " but must be positive");
            }
        }
    }

    /**
     * How bytes travel on the Flight port.
     *
     * @param tls  the server's certificate and key; empty: plain text
     * @param gzip whether the server compresses the messages it sends (it accepts gzip from clients either way)
     */
    public record Wire(Optional<SslContext> tls, boolean gzip) {
        public static final Wire PLAIN = new Wire(Optional.empty(), false);

        public Wire {
            Objects.requireNonNull(tls, "tls");
        }
    }

    public ServerSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(wire, "wire");
        Objects.requireNonNull(clientLimits, "clientLimits");
        Objects.requireNonNull(shutdownGrace, "shutdownGrace");
        Objects.requireNonNull(queryEngine, "queryEngine");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("server port is " + port + " but must be within 0..65535");
        }
        if (maxDecodeMessageBytes < 1024) {
            throw new IllegalArgumentException("maximum decode message size is " + maxDecodeMessageBytes
                    + " bytes but must be >= 1024");
        }
        if (targetEncodeMessageBytes < 1024) {
            throw new IllegalArgumentException("target encode message size is " + targetEncodeMessageBytes
                    + " bytes but must be >= 1024");
        }
        if (chunkWriteConcurrency < 1) {
            throw new IllegalArgumentException("chunk write concurrency is " + chunkWriteConcurrency
                    + " but must be >= 1");
        }
        if (memoryLimitBytes < 2L * maxDecodeMessageBytes) {
            throw new IllegalArgumentException("memory limit is " + memoryLimitBytes + " bytes but must be at least"
                    + " twice the maximum message size (" + 2L * maxDecodeMessageBytes + " bytes)");
        }
    }

    /** The defaults on {@code 127.0.0.1:6726}. */
    public static ServerSettings defaults() {
        return new ServerSettings(DEFAULT_HOST, DEFAULT_PORT, DEFAULT_MAX_DECODE_MESSAGE_BYTES,
                DEFAULT_TARGET_ENCODE_MESSAGE_BYTES, Math.max(2, Runtime.getRuntime().availableProcessors()),
                defaultMemoryLimit(DEFAULT_MAX_DECODE_MESSAGE_BYTES), ClientLimits.DEFAULTS, DEFAULT_SHUTDOWN_GRACE,
                Wire.PLAIN, false, QueryEngineLimits.DEFAULTS);
    }

    /**
     * The settings of {@code mosaicod server}, defaults for the rest.
     *
     * @throws io.mosaicod.core.config.ConfigException when the TLS certificate or key cannot serve
     */
    public static ServerSettings from(MosaicodConfig.Server server, QueryEngineLimits queryEngine) {
        int maxDecode = Math.toIntExact(server.grpcMaxDecodeMessageSizeBytes());
        ServerSettings defaults = defaults();
        return defaults.withEndpoint(server.host(), server.port()).withMaxDecodeMessageBytes(maxDecode)
                .withTargetEncodeMessageBytes(Math.toIntExact(server.targetEncodeMessageSizeBytes()))
                .withChunkWriteConcurrency(server.maxConcurrentWrites().orElse(defaults.chunkWriteConcurrency()))
                .withWire(new Wire(server.tls().map(TlsIdentity::load), server.gzip()))
                .withClientLimits(new ClientLimits(server.readStallTimeout(), server.maxStreamsPerConnection(),
                        server.connectionIdleTimeout(), server.maxConnections(), server.maxReadStreams()))
                .withShutdownGrace(server.shutdownGracePeriod())
                .withApiKeysRequired(server.apiKeyEnabled())
                .withQueryEngine(queryEngine);
    }

    public ServerSettings withEndpoint(String newHost, int newPort) {
        return new ServerSettings(newHost, newPort, maxDecodeMessageBytes, targetEncodeMessageBytes,
                chunkWriteConcurrency, memoryLimitBytes, clientLimits, shutdownGrace, wire, apiKeysRequired,
                queryEngine);
    }

    /** Also raises the memory limit if it would no longer hold two messages. */
    public ServerSettings withMaxDecodeMessageBytes(int bytes) {
        return new ServerSettings(host, port, bytes, targetEncodeMessageBytes, chunkWriteConcurrency,
                Math.max(memoryLimitBytes, defaultMemoryLimit(bytes)), clientLimits, shutdownGrace, wire,
                apiKeysRequired, queryEngine);
    }

    public ServerSettings withTargetEncodeMessageBytes(int bytes) {
        return new ServerSettings(host, port, maxDecodeMessageBytes, bytes, chunkWriteConcurrency, memoryLimitBytes,
                clientLimits, shutdownGrace, wire, apiKeysRequired, queryEngine);
    }

    public ServerSettings withWire(Wire newWire) {
        return new ServerSettings(host, port, maxDecodeMessageBytes, targetEncodeMessageBytes, chunkWriteConcurrency,
                memoryLimitBytes, clientLimits, shutdownGrace, newWire, apiKeysRequired, queryEngine);
    }

    public ServerSettings withChunkWriteConcurrency(int chunks) {
        return new ServerSettings(host, port, maxDecodeMessageBytes, targetEncodeMessageBytes, chunks, memoryLimitBytes,
                clientLimits, shutdownGrace, wire, apiKeysRequired, queryEngine);
    }

    public ServerSettings withMemoryLimitBytes(long bytes) {
        return new ServerSettings(host, port, maxDecodeMessageBytes, targetEncodeMessageBytes, chunkWriteConcurrency,
                bytes, clientLimits, shutdownGrace, wire, apiKeysRequired, queryEngine);
    }

    public ServerSettings withClientLimits(ClientLimits limits) {
        return new ServerSettings(host, port, maxDecodeMessageBytes, targetEncodeMessageBytes, chunkWriteConcurrency,
                memoryLimitBytes, limits, shutdownGrace, wire, apiKeysRequired, queryEngine);
    }

    public ServerSettings withShutdownGrace(Duration grace) {
        return new ServerSettings(host, port, maxDecodeMessageBytes, targetEncodeMessageBytes, chunkWriteConcurrency,
                memoryLimitBytes, clientLimits, grace, wire, apiKeysRequired, queryEngine);
    }

    public ServerSettings withApiKeysRequired(boolean required) {
        return new ServerSettings(host, port, maxDecodeMessageBytes, targetEncodeMessageBytes, chunkWriteConcurrency,
                memoryLimitBytes, clientLimits, shutdownGrace, wire, required, queryEngine);
    }

    public ServerSettings withQueryEngine(QueryEngineLimits limits) {
        return new ServerSettings(host, port, maxDecodeMessageBytes, targetEncodeMessageBytes, chunkWriteConcurrency,
                memoryLimitBytes, clientLimits, shutdownGrace, wire, apiKeysRequired, limits);
    }

    /** The largest message the server sends; advertised by {@code info}. */
    public int maxEncodeMessageBytes() {
        return maxDecodeMessageBytes;
    }

    /** Room for several concurrent streams at the largest message size, and never less than 1 GiB. */
    private static long defaultMemoryLimit(int maxDecodeMessageBytes) {
        return Math.max(1L << 30, 8L * maxDecodeMessageBytes);
    }
}
