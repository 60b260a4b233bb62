package io.mosaicod.client;

import java.util.Objects;
import java.util.UUID;

/** An open session: its uuid (the capability to write and finalize it) and its locator {@code <seq>:<ULID>}. */
public record SessionHandle(UUID uuid, String locator) {
    public SessionHandle {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(locator, "locator");
    }
}
