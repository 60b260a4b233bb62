package io.mosaicod.server.protocol;

import io.mosaicod.core.ClientText;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

/**
 * A sequence's or topic's {@code user_metadata}: a JSON object whose keys, at every depth (inside arrays
 * too), are non-empty, use only ASCII letters, digits, space, {@code _} and {@code -}, and never contain
 * {@code --} (PROTOCOL.md §1). Held as compact JSON text, the form the repository stores and every wire
 * encoding carries (upstream's protobuf messages carry it as raw JSON too).
 */
public final class UserMetadata {
    private static final ObjectMapper JSON = new ObjectMapper();
    public static final UserMetadata EMPTY = new UserMetadata(JSON.createObjectNode());
    /** Largest user metadata, as compact JSON text. */
    public static final int MAX_JSON_CHARS = 1 << 20;

    private final ObjectNode tree;
    private final String json;

    private UserMetadata(ObjectNode tree) {
        this.tree = tree;
        this.json = tree.toString();
    }

    /** Validates a JSON object; {@code null} or JSON {@code null} stand for no metadata ({@code {}}). */
    public static UserMetadata of(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return EMPTY;
        }
        if (!value.isObject()) {
            throw ProtocolException.badRequest("user_metadata must be a JSON object, got " + value.getNodeType()
                    .name().toLowerCase(java.util.Locale.ROOT));
        }
        String nonFinite = firstNonFiniteNumber(value);
        if (nonFinite != null) {
            throw ProtocolException.badRequest("user_metadata value " + nonFinite + " is not a finite number");
        }
        String invalid = firstInvalidKey(value);
        if (invalid != null) {
            throw ProtocolException.badRequest("user_metadata key `" + ClientText.quote(invalid)
                    + "` is invalid (keys use ASCII "
                    + "letters, digits, space, '_' and '-', are non-empty and never contain '--')");
        }
        UserMetadata metadata = new UserMetadata(((ObjectNode) value).deepCopy());
        if (metadata.json.length() > MAX_JSON_CHARS) {
            throw ProtocolException.badRequest("user_metadata is " + metadata.json.length()
                    + " characters of JSON; the limit is " + MAX_JSON_CHARS);
        }
        return metadata;
    }

    /** Parses and validates JSON text (as stored by the repository or sent as raw bytes). */
    public static UserMetadata parse(String jsonText) {
        if (jsonText == null || jsonText.isBlank()) {
            return EMPTY;
        }
        try {
            return of(JSON.readTree(jsonText));
        } catch (JsonProcessingException e) {
            throw ProtocolException.badRequest("user_metadata is not valid JSON", e);
        }
    }

    /** Whether {@code key} follows the key rules. */
    public static boolean isValidKey(String key) {
        if (key.isEmpty() || key.contains("--")) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == ' ' || c == '_' || c == '-';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }

    /** A number JSON cannot carry back (a literal like {@code 1e400} parses as infinity), as text; or null. */
    private static String firstNonFiniteNumber(JsonNode node) {
        if (node.isFloatingPointNumber() && !Double.isFinite(node.doubleValue())) {
            return String.valueOf(node.doubleValue());
        }
        for (JsonNode child : node) {
            String nested = firstNonFiniteNumber(child);
            if (nested != null) {
                return nested;
            }
        }
        return null;
    }

    private static String firstInvalidKey(JsonNode node) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (!isValidKey(field.getKey())) {
                    return field.getKey();
                }
                String nested = firstInvalidKey(field.getValue());
                if (nested != null) {
                    return nested;
                }
            }
        } else if (node.isArray()) {
            for (JsonNode element : node) {
                String nested = firstInvalidKey(element);
                if (nested != null) {
                    return nested;
                }
            }
        }
        return null;
    }

    /** Compact JSON text. */
    public String json() {
        return json;
    }

    /** A copy of the JSON object, for codecs that embed it. */
    public ObjectNode tree() {
        return tree.deepCopy();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UserMetadata other && other.tree.equals(tree);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tree);
    }

    @Override
    public String toString() {
        return json;
    }
}
