package io.mosaicod.client;

import java.util.Map;
import java.util.Objects;

/**
 * What {@code info} reports: the protocol version and the gRPC message limits.
 *
 * @param config every {@code config} entry as sent (several names for the same limits)
 */
public record ServerInfo(String version, int major, int minor, int patch, String pre, Map<String, Long> config) {
    public ServerInfo {
        Objects.requireNonNull(version, "version");
        config = Map.copyOf(config);
    }

    /** The largest message the server accepts ({@code max_grpc_message_size}). */
    public long maxMessageBytes() {
        Long limit = config.get("max_grpc_message_size");
        if (limit == null) {
            throw new IllegalStateException("the server's info has no max_grpc_message_size: " + config);
        }
        return limit;
    }

    /**
     * How many batches of an upload the server receives ahead of their acknowledgement
     * ({@code put_acknowledgement_window}, this server's own entry); 0 for a server that does not acknowledge
     * batches (upstream mosaicod).
     */
    public int putAcknowledgementWindow() {
        return config.getOrDefault("put_acknowledgement_window", 0L).intValue();
    }

    /** What the SDK sizes upload batches at: 90 % of {@link #maxMessageBytes()}. */
    public long uploadBatchBudgetBytes() {
        return maxMessageBytes() * 9 / 10;
    }
}
