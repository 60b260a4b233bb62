package io.mosaicod.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.vector.types.pojo.Schema;

/** GetFlightInfo of a topic: its Arrow schema with the {@code mosaico:*} metadata, and its one endpoint. */
public record TopicInfo(FlightInfo flightInfo, TopicEndpoint endpoint) {
    public TopicInfo {
        Objects.requireNonNull(flightInfo, "flightInfo");
        Objects.requireNonNull(endpoint, "endpoint");
    }

    static TopicInfo of(FlightInfo info) {
        if (info.getEndpoints().size() != 1) {
            throw new IllegalStateException("a topic FlightInfo has exactly one endpoint, got "
                    + info.getEndpoints().size());
        }
        return new TopicInfo(info, TopicEndpoint.of(info.getEndpoints().get(0)));
    }

    public Schema schema() {
        return flightInfo.getSchema();
    }

    public Map<String, String> schemaMetadata() {
        Map<String, String> metadata = schema().getCustomMetadata();
        return metadata == null ? Map.of() : metadata;
    }

    /** {@code mosaico:properties}: ontology tag, serialization format and, with rows, their count and range. */
    public JsonNode properties() {
        return Json.parse(schemaMetadata().getOrDefault("mosaico:properties", "null"), "mosaico:properties");
    }

    /** {@code mosaico:user_metadata}. */
    public JsonNode userMetadata() {
        return Json.parse(schemaMetadata().getOrDefault("mosaico:user_metadata", "null"), "mosaico:user_metadata");
    }
}
