package io.mosaicod.db;

import java.time.Instant;

/** A client-reported event on a sequence or topic (PROTOCOL.md §3); {@code type} is e.g. {@code error}. */
public record Notification(long id, NotificationTarget target, String type, String message, Instant createdAt) {
}
