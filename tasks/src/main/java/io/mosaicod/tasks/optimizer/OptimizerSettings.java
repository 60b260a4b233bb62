package io.mosaicod.tasks.optimizer;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * @param maxChunkSizeBytes soft size limit of the chunks a rewrite writes (a chunk is closed once it reaches it)
 * @param memoryPoolBytes   cap on the decoded data a rewrite holds; 0 = no limit
 * @param leaseDuration     how long a lease lasts unless renewed (renewed every third of it)
 * @param spillDirectory    where merge passes that exceed the pool spill sorted runs (one subfolder per topic)
 * @param maxAttempts       failed attempts in a row after which a pass no longer takes a topic, until an operator
 *                          retries it
 */
public record OptimizerSettings(long maxChunkSizeBytes, long memoryPoolBytes, Duration leaseDuration,
                                Path spillDirectory, int maxAttempts) {
    public OptimizerSettings {
        Objects.requireNonNull(leaseDuration, "leaseDuration");
        Objects.requireNonNull(spillDirectory, "spillDirectory");
        if (maxChunkSizeBytes < 1) {
            throw new IllegalArgumentException("maxChunkSizeBytes must be >= 1, got " + maxChunkSizeBytes);
        }
        if (memoryPoolBytes < 0) {
            throw new IllegalArgumentException("memoryPoolBytes must be >= 0, got " + memoryPoolBytes);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be >= 1, got " + maxAttempts);
        }
        if (leaseDuration.toSeconds() < 1) {
            throw new IllegalArgumentException("leaseDuration must be >= 1 s, got " + leaseDuration);
        }
    }
}
