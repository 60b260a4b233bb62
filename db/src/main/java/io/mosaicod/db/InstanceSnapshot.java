package io.mosaicod.db;

import java.time.Instant;
import java.util.List;

/** The registered instances as seen at database time {@code now}. */
public record InstanceSnapshot(Instant now, List<Instance> instances) {
}
