package io.mosaicod.db.memory;

import io.mosaicod.db.NewTopic;
import io.mosaicod.db.Topic;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;

/** A topic row; the fields that change after creation are mutable, as the table's columns are. */
final class TopicRow {
    final long id;
    final UUID uuid = UUID.randomUUID();
    final long sequenceId;
    final long sessionId;
    final NewTopic created;
    final Instant createdAt;
    String folder;
    Instant uploadCompletedAt;
    boolean locked;
    OptionalLong firstTimestampNs = OptionalLong.empty();
    OptionalLong lastTimestampNs = OptionalLong.empty();
    Instant optimizedAt;
    /** The newest failed run an operator cleared; failed runs up to it no longer count (0: none cleared). */
    long failuresClearedThroughRunId;
    /** The token of the upload claim held on the topic; null while none is. */
    String uploadClaimToken;
    Instant uploadClaimExpiresAt;

    TopicRow(long id, long sequenceId, NewTopic created, Instant createdAt) {
        this.id = id;
        this.sequenceId = sequenceId;
        this.sessionId = created.sessionId();
        this.created = created;
        this.createdAt = createdAt;
        this.folder = created.folder();
    }

    String locator() {
        return created.locator();
    }

    Topic toTopic() {
        return new Topic(id, uuid, sequenceId, sessionId, created.locator(), created.userMetadataJson(), folder,
                created.serializationFormat(), created.ontologyTag(), createdAt, Optional.ofNullable(uploadCompletedAt),
                locked, firstTimestampNs, lastTimestampNs, Optional.ofNullable(optimizedAt));
    }
}
