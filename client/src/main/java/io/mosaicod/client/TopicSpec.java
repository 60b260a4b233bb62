package io.mosaicod.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * What {@code topic_create} declares about a topic.
 *
 * @param serializationFormat {@code default}, {@code ragged} or {@code image}
 * @param userMetadata        any JSON object (keys: ASCII letters, digits, space, {@code _}, {@code -})
 */
public record TopicSpec(String locator, String serializationFormat, String ontologyTag, ObjectNode userMetadata) {
    public TopicSpec {
        Objects.requireNonNull(locator, "locator");
        Objects.requireNonNull(serializationFormat, "serializationFormat");
        Objects.requireNonNull(ontologyTag, "ontologyTag");
        Objects.requireNonNull(userMetadata, "userMetadata");
    }
}
