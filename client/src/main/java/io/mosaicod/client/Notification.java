package io.mosaicod.client;

/** One entry of {@code *_notification_list}; {@code createdDatetime} as the server renders it. */
public record Notification(String name, String notificationType, String message, String createdDatetime) {
}
