package io.mosaicod.store;

import java.time.Instant;
import java.util.Objects;

/** What the store knows about one object without reading it. */
public record ObjectInfo(String key, long size, Instant lastModified) implements ListEntry {
    public ObjectInfo {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(lastModified, "lastModified");
    }
}
