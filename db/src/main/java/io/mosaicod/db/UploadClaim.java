package io.mosaicod.db;

import java.time.Duration;

/**
 * The right to upload one topic, granted by {@link UploadClaims#claim} to one upload (a DoPut on some server).
 * {@code token} identifies this grant; every renewal extends it to database-now + {@code duration}.
 */
public record UploadClaim(long topicId, String token, Duration duration) {
}
