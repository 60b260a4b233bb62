package io.mosaicod.core.config;

import io.mosaicod.core.search.QueryEngineLimits;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The resolved, validated configuration of one mosaicod process (DESIGN.md §3). Built by {@link ConfigLoader};
 * immutable; its {@code toString} shows no secret.
 *
 * @param configFile  the configuration file that was read, if any
 * @param dataDir     absolute local data folder
 * @param notInEffect upstream settings given a value this build does not act on, for the server to report
 */
public record MosaicodConfig(Optional<Path> configFile, Path dataDir, DatabaseConfig database, StoreConfig store,
                             Server server, StoreOptimizer storeOptimizer, Cleanup cleanup, Log log,
                             Metrics metrics, QueryEngineLimits queryEngine, List<IgnoredSetting> notInEffect) {

    public MosaicodConfig {
        Objects.requireNonNull(configFile, "configFile");
        Objects.requireNonNull(dataDir, "dataDir");
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(storeOptimizer, "storeOptimizer");
        Objects.requireNonNull(cleanup, "cleanup");
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(queryEngine, "queryEngine");
        notInEffect = List.copyOf(notInEffect);
    }

    /**
     * The Flight server's endpoint ({@code port} 0 picks a free port) and its limits on each client.
     *
     * @param readStallTimeout        a read stream whose client reads nothing for this long is cancelled
     * @param maxStreamsPerConnection calls one connection may have open at once
     * @param connectionIdleTimeout   a connection without a call open for this long is closed
     * @param maxConnections          client connections open at once; more are closed as they arrive
     * @param maxReadStreams          read streams open at once over all clients; more are refused
     * @param shutdownGracePeriod     how long a stopping server lets running calls finish
     * @param targetEncodeMessageSizeBytes the size a read aims at for each batch it sends
     * @param maxConcurrentWrites     chunks encoded and stored at once over all uploads; empty: the server decides
     * @param tls                     the certificate and key to serve TLS with; empty: plain text
     * @param gzip                    whether the server compresses what it sends
     * @param apiKeyEnabled           whether every call needs an API key
     */
    public record Server(String host, int port, long grpcMaxDecodeMessageSizeBytes, Duration readStallTimeout,
                         int maxStreamsPerConnection, Duration connectionIdleTimeout, int maxConnections,
                         int maxReadStreams, Duration shutdownGracePeriod, long targetEncodeMessageSizeBytes,
                         Optional<Integer> maxConcurrentWrites, Optional<TlsFiles> tls, boolean gzip,
                         boolean apiKeyEnabled) {
    }

    /** PEM files: the server's certificate (chain) and its private key, both readable at start. */
    public record TlsFiles(Path certificate, Path privateKey) {
    }

    /**
     * @param timeInterval     sleep after each pass; zero = one pass, then exit
     * @param maxChunkSizeBytes soft limit on the chunks written
     * @param memoryPoolBytes  cap on decoded data held by a rewrite; 0 = no limit
     * @param leaseDuration    how long a lease lasts without renewal
     * @param maxAttempts      failed attempts in a row after which a topic is no longer retried, until an operator
     *                         clears them
     */
    public record StoreOptimizer(Duration timeInterval, long maxChunkSizeBytes, long memoryPoolBytes,
                                 Duration leaseDuration, int maxAttempts) {

        public boolean runsOnce() {
            return timeInterval.isZero();
        }

        /** Leases are renewed every third of their duration, so two renewals may fail before expiry. */
        public Duration leaseRenewalInterval() {
            return leaseDuration.dividedBy(3);
        }
    }

    /** @param timeInterval sleep after each pass; zero = one pass, then exit */
    public record Cleanup(Duration timeInterval, Duration retentionDuration, Duration sweepInterval) {

        public boolean runsOnce() {
            return timeInterval.isZero();
        }
    }

    public record Log(LogFormat format, LogLevel level) {
    }

    /** @param address where the Prometheus endpoint listens (unresolved); empty: no endpoint */
    public record Metrics(Optional<InetSocketAddress> address) {
        public Metrics {
            Objects.requireNonNull(address, "address");
        }
    }
}
