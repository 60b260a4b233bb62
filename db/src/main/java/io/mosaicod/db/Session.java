package io.mosaicod.db;

import io.mosaicod.core.Ulid;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** A writing session of a sequence; finalizing it ({@code completedAt}) locks its topics. */
public record Session(long id, UUID uuid, long sequenceId, String sequenceLocator, Ulid ulid, Instant createdAt,
                      Optional<Instant> completedAt) {

    /** {@code <sequence>:<ULID>}. */
    public String locator() {
        return sequenceLocator + ":" + ulid;
    }

    public boolean isFinalized() {
        return completedAt.isPresent();
    }
}
