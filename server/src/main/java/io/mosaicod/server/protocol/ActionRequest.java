package io.mosaicod.server.protocol;

import io.mosaicod.core.search.SearchFilter;

import java.util.List;

import java.util.Objects;

/**
 * The decoded body of a {@code DoAction}. Locators and uuids stay text here: checking them is the action's
 * job, whatever the wire encoding.
 */
public sealed interface ActionRequest {

    /** {@code sequence_create}. */
    record SequenceCreate(String locator, UserMetadata userMetadata) implements ActionRequest {
        public SequenceCreate {
            Objects.requireNonNull(locator, "locator");
            Objects.requireNonNull(userMetadata, "userMetadata");
        }
    }

    /**
     * Every action whose only argument is a locator: {@code sequence_delete}, {@code session_create},
     * {@code topic_delete}, {@code *_notification_list}, {@code *_notification_purge}.
     */
    record ByLocator(String locator) implements ActionRequest {
        public ByLocator {
            Objects.requireNonNull(locator, "locator");
        }
    }

    /** {@code session_finalize}. */
    record SessionFinalize(String sessionUuid) implements ActionRequest {
        public SessionFinalize {
            Objects.requireNonNull(sessionUuid, "sessionUuid");
        }
    }

    /** {@code session_delete}: by locator ({@code <seq>:<ULID>}) or by uuid; exactly one is set. */
    record SessionDelete(String locator, String sessionUuid) implements ActionRequest {
        public SessionDelete {
            if ((locator == null) == (sessionUuid == null)) {
                throw new IllegalArgumentException("exactly one of locator and sessionUuid must be set");
            }
        }
    }

    /** {@code topic_create}; {@code ontologyTag} is empty when the client sent none. */
    record TopicCreate(String locator, String sessionUuid, String serializationFormat, String ontologyTag,
                       UserMetadata userMetadata) implements ActionRequest {
        public TopicCreate {
            Objects.requireNonNull(locator, "locator");
            Objects.requireNonNull(sessionUuid, "sessionUuid");
            Objects.requireNonNull(serializationFormat, "serializationFormat");
            Objects.requireNonNull(ontologyTag, "ontologyTag");
            Objects.requireNonNull(userMetadata, "userMetadata");
        }
    }

    /** {@code sequence_notification_create} and {@code topic_notification_create}. */
    record NotificationCreate(String locator, String notificationType, String message) implements ActionRequest {
        public NotificationCreate {
            Objects.requireNonNull(locator, "locator");
            Objects.requireNonNull(notificationType, "notificationType");
            Objects.requireNonNull(message, "message");
        }
    }

    /**
     * {@code topic_filter_clusterize}: when, inside one topic, rows satisfy {@code ontology}; clusters of matches
     * at most {@code dtNs} apart (0: one cluster), within {@code range} ({@link TimeRange#ALL} when null).
     */
    record Clusterize(String locator, long dtNs, List<SearchFilter.OntologyCondition> ontology, TimeRange range)
            implements ActionRequest {
    }

    /** {@code topic_filter_intersect}: when the clusters of several topics of one sequence meet, within {@code dtNs}. */
    record Intersect(List<Clusterize> topics, long dtNs) implements ActionRequest {
    }
}
