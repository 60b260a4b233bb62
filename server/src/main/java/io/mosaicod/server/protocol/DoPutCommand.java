package io.mosaicod.server.protocol;

import java.util.Objects;

/** The CMD descriptor of a DoPut: which topic the stream uploads, and the uuid {@code topic_create} returned. */
public record DoPutCommand(String resourceLocator, String topicUuid) {
    public DoPutCommand {
        Objects.requireNonNull(resourceLocator, "resourceLocator");
        Objects.requireNonNull(topicUuid, "topicUuid");
    }
}
