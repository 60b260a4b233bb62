package io.mosaicod.db;

/** The sequence or topic a notification is about. */
public record NotificationTarget(Kind kind, long id) {
    public enum Kind { SEQUENCE, TOPIC }

    public static NotificationTarget sequence(long sequenceId) {
        return new NotificationTarget(Kind.SEQUENCE, sequenceId);
    }

    public static NotificationTarget topic(long topicId) {
        return new NotificationTarget(Kind.TOPIC, topicId);
    }
}
