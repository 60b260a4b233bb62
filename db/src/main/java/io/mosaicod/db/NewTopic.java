package io.mosaicod.db;

import java.util.Objects;
import java.util.Optional;

/** What the server knows when a client creates a topic; the sequence is the session's. */
public record NewTopic(long sessionId, String locator, String userMetadataJson, String folder,
                       String serializationFormat, Optional<String> ontologyTag) {
    public NewTopic {
        Objects.requireNonNull(locator, "locator");
        Objects.requireNonNull(userMetadataJson, "userMetadataJson");
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(serializationFormat, "serializationFormat");
        Objects.requireNonNull(ontologyTag, "ontologyTag");
    }
}
