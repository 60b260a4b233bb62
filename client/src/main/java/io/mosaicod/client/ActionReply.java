package io.mosaicod.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * One {@code DoAction} reply as sent: the envelope's {@code action} and {@code response} (JSON null when the
 * action returns nothing), and how many {@code Result} messages the server sent (the protocol says one).
 */
public record ActionReply(String action, JsonNode response, int results) {
    public ActionReply {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(response, "response");
    }
}
