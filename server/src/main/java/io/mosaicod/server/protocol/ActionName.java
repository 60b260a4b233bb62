package io.mosaicod.server.protocol;

import java.util.Locale;
import java.util.Optional;

/** Every {@code DoAction} type the server answers (PROTOCOL.md §3), by its wire name. */
public enum ActionName {
    INFO,
    VERSION,
    SEQUENCE_CREATE,
    SEQUENCE_DELETE,
    SESSION_CREATE,
    SESSION_FINALIZE,
    SESSION_DELETE,
    TOPIC_CREATE,
    TOPIC_DELETE,
    SEQUENCE_NOTIFICATION_CREATE,
    SEQUENCE_NOTIFICATION_LIST,
    SEQUENCE_NOTIFICATION_PURGE,
    TOPIC_NOTIFICATION_CREATE,
    TOPIC_NOTIFICATION_LIST,
    TOPIC_NOTIFICATION_PURGE,
    QUERY,
    TOPIC_FILTER_CLUSTERIZE,
    TOPIC_FILTER_INTERSECT;

    private final String wireName = name().toLowerCase(Locale.ROOT);

    /** The snake_case name clients put in {@code Action.type} and servers echo in the reply envelope. */
    public String wireName() {
        return wireName;
    }

    public static Optional<ActionName> fromWireName(String type) {
        for (ActionName name : values()) {
            if (name.wireName.equals(type)) {
                return Optional.of(name);
            }
        }
        return Optional.empty();
    }
}
