package io.mosaicod.server.protocol;

import java.util.List;
import java.util.Objects;

/** The {@code response} part of a {@code DoAction} reply envelope. */
public sealed interface ActionResponse {

    /** {@code "response": null}. */
    None NONE = new None();

    final class None implements ActionResponse {
        private None() {
        }
    }

    /** The server's version, as {@code version} and {@code info} report it. */
    record Version(int major, int minor, int patch, String pre) {
        public Version {
            Objects.requireNonNull(pre, "pre");
        }

        /** {@code major.minor.patch[-pre]}. */
        public String text() {
            String core = major + "." + minor + "." + patch;
            return pre.isEmpty() ? core : core + "-" + pre;
        }
    }

    /** {@code version}: {@code {"version", "semver"}}. */
    record VersionReply(Version version) implements ActionResponse {
        public VersionReply {
            Objects.requireNonNull(version, "version");
        }
    }

    /**
     * {@code info}: the version and the gRPC message limits, which clients size their upload batches by.
     *
     * @param maxDecodeMessageBytes  the largest message the server accepts
     * @param maxEncodeMessageBytes  the largest message the server sends
     * @param targetEncodeMessageBytes the size the server aims at for the messages it sends
     */
    record InfoReply(Version version, long maxDecodeMessageBytes, long maxEncodeMessageBytes,
                     long targetEncodeMessageBytes, int putAcknowledgementWindow) implements ActionResponse {
        public InfoReply {
            Objects.requireNonNull(version, "version");
        }
    }

    /** {@code session_create}. */
    record SessionCreated(String uuid, String locator) implements ActionResponse {
        public SessionCreated {
            Objects.requireNonNull(uuid, "uuid");
            Objects.requireNonNull(locator, "locator");
        }
    }

    /** {@code topic_create}. */
    record TopicCreated(String uuid) implements ActionResponse {
        public TopicCreated {
            Objects.requireNonNull(uuid, "uuid");
        }
    }

    /** One notification; {@code createdAtEpochMillis} is rendered by the codec. */
    record NotificationItem(String name, String notificationType, String message, long createdAtEpochMillis) {
        public NotificationItem {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(notificationType, "notificationType");
            Objects.requireNonNull(message, "message");
        }
    }

    /**
     * A topic a {@code query} found; {@code ontologyTag} is null for a topic created without one,
     * {@code timestampRange} unless the 0.5 dialect asked for it and the topic has matching rows with a time.
     */
    record QueryTopic(String locator, String ontologyTag, Interval timestampRange) {
        public QueryTopic {
            Objects.requireNonNull(locator, "locator");
        }
    }

    /** A sequence a {@code query} found, with its matching topics. */
    record QueryItem(String sequence, List<QueryTopic> topics) {
        public QueryItem {
            Objects.requireNonNull(sequence, "sequence");
            topics = List.copyOf(topics);
        }
    }

    /**
     * {@code query}: {@code {"items":[{"sequence","topics":[{"locator","ontology_tag"}]}]}}, a topic with a
     * {@code "timestamp_range":[first, last]} too when it has one.
     */
    record QueryReply(List<QueryItem> items) implements ActionResponse {
        public QueryReply {
            items = List.copyOf(items);
        }
    }

    /** {@code *_notification_list}. */
    record NotificationList(List<NotificationItem> notifications) implements ActionResponse {
        public NotificationList {
            notifications = List.copyOf(notifications);
        }
    }

    /** One Result of clusterize or intersect: cluster {@code id} (from 0, in time order) spans {@code interval}. */
    record ClusterReply(Interval interval, long id) implements ActionResponse {
    }
}
