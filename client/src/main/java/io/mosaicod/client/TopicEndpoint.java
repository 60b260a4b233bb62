package io.mosaicod.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.OptionalLong;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.Ticket;

/**
 * One topic endpoint of a GetFlightInfo reply: the DoGet ticket and the TopicAppMetadata JSON
 * ({@code created_at_ns}, {@code locked}, {@code data_info}, {@code time_window_info}...).
 */
public record TopicEndpoint(FlightEndpoint endpoint, JsonNode appMetadata) {
    public TopicEndpoint {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(appMetadata, "appMetadata");
    }

    static TopicEndpoint of(FlightEndpoint endpoint) {
        byte[] metadata = endpoint.getAppMetadata();
        return new TopicEndpoint(endpoint, metadata == null ? Json.MAPPER.nullNode()
                : Json.parse(metadata, "topic app_metadata"));
    }

    public Ticket ticket() {
        return endpoint.getTicket();
    }

    public String locator() {
        return appMetadata.path("resource_locator").asText();
    }

    public long totalRowCount() {
        return appMetadata.path("data_info").path("total_row_count").asLong();
    }

    public long totalChunksCount() {
        return appMetadata.path("data_info").path("total_chunks_count").asLong();
    }

    public long totalBytes() {
        return appMetadata.path("data_info").path("total_bytes").asLong();
    }

    /** First timestamp of the whole topic, if it has rows. */
    public OptionalLong firstTimestampNs() {
        JsonNode interval = appMetadata.path("data_info").path("interval");
        return interval.isObject() ? OptionalLong.of(interval.path("start_ns").asLong()) : OptionalLong.empty();
    }

    /** Last timestamp of the whole topic, if it has rows. */
    public OptionalLong lastTimestampNs() {
        JsonNode interval = appMetadata.path("data_info").path("interval");
        return interval.isObject() ? OptionalLong.of(interval.path("end_ns").asLong()) : OptionalLong.empty();
    }

    public boolean locked() {
        return appMetadata.path("locked").asBoolean();
    }
}
