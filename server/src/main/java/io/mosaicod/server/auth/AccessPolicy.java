package io.mosaicod.server.auth;

import io.mosaicod.core.apikey.Permission;
import io.mosaicod.server.protocol.ActionName;
import java.util.Optional;

/**
 * The permission each call needs of its API key (PROTOCOL.md §7); empty: any valid key. Reading needs
 * {@code read}, creating and uploading {@code write}, deleting and purging {@code delete}; what only describes the
 * server ({@code info}, {@code version}, ListActions) and the methods the protocol does not serve need a valid key
 * and nothing more.
 */
final class AccessPolicy {
    /** DoAction's permission depends on the action its one message names. */
    static final String DO_ACTION = "DoAction";

    private AccessPolicy() {
    }

    /** What a call of Flight method {@code bareMethodName} needs, for every method but {@value #DO_ACTION}. */
    static Optional<Permission> forMethod(String bareMethodName) {
        return switch (bareMethodName) {
            case "ListFlights", "GetFlightInfo", "GetSchema", "DoGet" -> Optional.of(Permission.READ);
            case "DoPut" -> Optional.of(Permission.WRITE);
            default -> Optional.empty();
        };
    }

    /** What action {@code name} needs. An action the server does not know needs a valid key, then is refused. */
    static Optional<Permission> forAction(ActionName name) {
        return switch (name) {
            case INFO, VERSION -> Optional.empty();
            case SEQUENCE_NOTIFICATION_LIST, TOPIC_NOTIFICATION_LIST, QUERY, TOPIC_FILTER_CLUSTERIZE,
                    TOPIC_FILTER_INTERSECT -> Optional.of(Permission.READ);
            case SEQUENCE_CREATE, SESSION_CREATE, SESSION_FINALIZE, TOPIC_CREATE, SEQUENCE_NOTIFICATION_CREATE,
                    TOPIC_NOTIFICATION_CREATE -> Optional.of(Permission.WRITE);
            case SEQUENCE_DELETE, SESSION_DELETE, TOPIC_DELETE, SEQUENCE_NOTIFICATION_PURGE,
                    TOPIC_NOTIFICATION_PURGE -> Optional.of(Permission.DELETE);
        };
    }
}
