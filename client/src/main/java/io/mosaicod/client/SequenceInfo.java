package io.mosaicod.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.flight.FlightInfo;

/**
 * GetFlightInfo of a sequence: SequenceAppMetadata ({@code created_at_ns}, {@code user_metadata},
 * {@code sessions}) and one endpoint per topic.
 */
public record SequenceInfo(FlightInfo flightInfo, JsonNode appMetadata, List<TopicEndpoint> topics) {
    public SequenceInfo {
        Objects.requireNonNull(flightInfo, "flightInfo");
        Objects.requireNonNull(appMetadata, "appMetadata");
        topics = List.copyOf(topics);
    }

    static SequenceInfo of(FlightInfo info) {
        byte[] metadata = info.getAppMetadata();
        JsonNode app = metadata == null ? Json.MAPPER.nullNode() : Json.parse(metadata, "sequence app_metadata");
        return new SequenceInfo(info, app, info.getEndpoints().stream().map(TopicEndpoint::of).toList());
    }

    public Map<String, String> schemaMetadata() {
        Map<String, String> metadata = flightInfo.getSchema() == null ? null : flightInfo.getSchema().getCustomMetadata();
        return metadata == null ? Map.of() : metadata;
    }

    public JsonNode userMetadata() {
        return appMetadata.path("user_metadata");
    }

    public JsonNode sessions() {
        return appMetadata.path("sessions");
    }
}
