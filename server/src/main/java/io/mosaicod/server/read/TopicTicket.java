package io.mosaicod.server.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mosaicod.server.protocol.ProtocolException;
import io.mosaicod.server.protocol.TimeRange;
import java.io.IOException;
import java.util.Objects;

/**
 * The DoGet ticket of a topic endpoint: the topic locator and the requested time range. Opaque to clients
 * (PROTOCOL.md §5); JSON so that it is readable in logs and stable across server versions.
 */
record TopicTicket(String locator, TimeRange range) {
    private static final ObjectMapper JSON = new ObjectMapper();

    TopicTicket {
        Objects.requireNonNull(locator, "locator");
        Objects.requireNonNull(range, "range");
    }

    byte[] encode() {
        ObjectNode ticket = JSON.createObjectNode();
        ticket.put("topic", locator);
        if (range.startNs() != null) {
            ticket.put("start_ns", range.startNs().longValue());
        }
        if (range.endNs() != null) {
            ticket.put("end_ns", range.endNs().longValue());
        }
        return ticket.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** @throws ProtocolException INVALID_ARGUMENT for anything but a topic ticket this server issued */
    static TopicTicket decode(byte[] bytes) {
        JsonNode ticket;
        try {
            ticket = JSON.readTree(bytes);
        } catch (IOException e) {
            ticket = null;
        }
        if (ticket == null || !ticket.isObject() || !ticket.path("topic").isTextual()) {
            throw ProtocolException.badRequest("the ticket does not name a topic; take tickets from the "
                    + "endpoints of GetFlightInfo");
        }
        return new TopicTicket(ticket.get("topic").textValue(),
                new TimeRange(optionalLong(ticket, "start_ns"), optionalLong(ticket, "end_ns")));
    }

    private static Long optionalLong(JsonNode ticket, String field) {
        JsonNode value = ticket.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.canConvertToLong() || !value.isIntegralNumber()) {
            throw ProtocolException.badRequest("the ticket's `" + field + "` is not a 64-bit integer");
        }
        return value.longValue();
    }
}
