package io.mosaicod.server.folder;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** The common frame of every {@code metadata.json}: format version, kind, locator, creation time. */
final class FolderJson {
    /** Bumped when a field changes meaning; readers refuse versions they do not know. */
    static final int FORMAT_VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private FolderJson() {
    }

    static ObjectNode header(String kind, String locator, Instant createdAt) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format_version", FORMAT_VERSION);
        root.put("kind", kind);
        root.put("locator", locator);
        root.put("created_at", createdAt.toString());
        return root;
    }

    static byte[] bytes(ObjectNode root) {
        try {
            return JSON.writeValueAsBytes(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode folder metadata", e);
        }
    }

    static ObjectNode parse(byte[] json, String kind, String key) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (IOException e) {
            throw new IOException("'" + key + "' is not JSON: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new IOException("'" + key + "' does not hold a JSON object");
        }
        int version = root.path("format_version").asInt(-1);
        if (version != FORMAT_VERSION) {
            throw new IOException("'" + key + "' has format_version " + root.get("format_version")
                    + ", this server reads " + FORMAT_VERSION);
        }
        if (!kind.equals(root.path("kind").asText())) {
            throw new IOException("'" + key + "' describes a " + root.path("kind").asText() + ", not a " + kind);
        }
        return (ObjectNode) root;
    }

    static String text(ObjectNode root, String field, String key) throws IOException {
        JsonNode value = root.get(field);
        if (value == null || !value.isTextual()) {
            throw new IOException("'" + key + "' has no text field '" + field + "'");
        }
        return value.textValue();
    }

    static Instant instant(ObjectNode root, String field, String key) throws IOException {
        String text = text(root, field, key);
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new IOException("'" + key + "' field '" + field + "' is not an ISO-8601 instant: " + text, e);
        }
    }
}
