package io.mosaicod.db;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * A topic. {@code folder} is where its data currently lives; the optimizer switches it to a fresh folder
 * when it commits. The upload is complete once its DoPut stream ended normally; the topic is locked once
 * its session is finalized. First/last timestamps are known once the upload is complete and the topic has
 * at least one timestamped row.
 */
public record Topic(long id, UUID uuid, long sequenceId, long sessionId, String locator, String userMetadataJson,
                   String folder, String serializationFormat, Optional<String> ontologyTag, Instant createdAt,
                   Optional<Instant> uploadCompletedAt, boolean locked, OptionalLong firstTimestampNs,
                   OptionalLong lastTimestampNs, Optional<Instant> optimizedAt) {

    public boolean isUploadComplete() {
        return uploadCompletedAt.isPresent();
    }

    public boolean isOptimized() {
        return optimizedAt.isPresent();
    }
}
