package io.mosaicod.db;

import java.time.Instant;
import java.util.UUID;

/** One recording. {@code folder} is its store folder ({@code sq_<ULID>}). */
public record Sequence(long id, UUID uuid, String locator, String userMetadataJson, String folder,
                       Instant createdAt) {
}
