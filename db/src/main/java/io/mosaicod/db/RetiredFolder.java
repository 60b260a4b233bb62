package io.mosaicod.db;

import java.time.Instant;
import java.util.Objects;

/**
 * A store folder the repository stopped referencing, recorded in the transaction that stopped the last reference
 * (or by the cleanup's orphan sweep): the cleanup deletes it once the retention has passed since {@code retiredAt}.
 *
 * @param retiredAt the database time it was recorded at
 * @param reason    what retired it, e.g. {@code topic deleted}, {@code found by the orphan sweep}
 */
public record RetiredFolder(String folder, Instant retiredAt, String reason) {
    public RetiredFolder {
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(retiredAt, "retiredAt");
        Objects.requireNonNull(reason, "reason");
    }
}
