package io.mosaicod.server.protocol;

import io.mosaicod.core.ClientText;
import java.util.UUID;
import java.util.regex.Pattern;

/** The uuids clients hold as capability tokens: canonical 8-4-4-4-12 hexadecimal only. */
public final class Uuids {
    private static final Pattern CANONICAL =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private Uuids() {
    }

    /** @throws ProtocolException INVALID_ARGUMENT, naming the text, if it is not a canonical uuid */
    public static UUID parse(String text) {
        if (text == null || !CANONICAL.matcher(text).matches()) {
            throw ProtocolException.badRequest("`" + ClientText.quote(text) + "` is not a valid UUID");
        }
        return UUID.fromString(text);
    }
}
