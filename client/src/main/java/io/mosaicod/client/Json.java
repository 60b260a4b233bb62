package io.mosaicod.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The client's one JSON mapper and the few conversions it needs. */
final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static byte[] bytes(JsonNode node) {
        return node.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Parses a server reply; a reply that is not JSON is a protocol violation, reported as such. */
    static JsonNode parse(byte[] bytes, String what) {
        try {
            return MAPPER.readTree(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("the server sent " + what + " that is not JSON: "
                    + new String(bytes, StandardCharsets.UTF_8), e);
        }
    }

    static JsonNode parse(String text, String what) {
        return parse(text.getBytes(StandardCharsets.UTF_8), what);
    }
}
