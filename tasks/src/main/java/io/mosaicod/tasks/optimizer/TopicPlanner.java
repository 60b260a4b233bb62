package io.mosaicod.tasks.optimizer;

import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.db.RunVolume;
import io.mosaicod.db.Topic;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Step 3 of DESIGN.md §6.1 for one topic, from the catalog alone: its chunks as the planner sees them, and what a
 * rewrite would do with them. The optimizer plans every topic it leased this way, and
 * {@code store-optimizer --dry-run} shows the same plan without leasing anything.
 */
public final class TopicPlanner {
    private final Catalog catalog;
    private final RewritePlanner planner;

    public TopicPlanner(Catalog catalog, RewritePlanner planner) {
        this.catalog = catalog;
        this.planner = planner;
    }

    /** The planner the optimizer runs with {@code settings}. */
    public static TopicPlanner of(Catalog catalog, OptimizerSettings settings) {
        return new TopicPlanner(catalog, new RewritePlanner(settings.maxChunkSizeBytes(), settings.memoryPoolBytes(),
                RewriteTuning.DEFAULT));
    }

    /** A topic's recorded chunks, how much they hold, and the plan for them. */
    public record Planned(List<Chunk> chunks, RunVolume volume, RewritePlan plan) {
    }

    public Planned plan(Topic topic) {
        List<Chunk> chunks = catalog.listChunks(topic.id());
        return new Planned(chunks, volumeOf(chunks), planner.plan(spansOf(topic, chunks)));
    }

    private List<ChunkSpan> spansOf(Topic topic, List<Chunk> chunks) {
        Set<Long> withNullTimestamps = catalog.chunksWithNulls(topic.id(), TopicOptimizer.TIMESTAMP_COLUMN);
        List<ChunkSpan> spans = new ArrayList<>(chunks.size());
        for (Chunk chunk : chunks) {
            boolean nullTimestamps = (chunk.rowCount() > 0 && chunk.minTimestampNs().isEmpty())
                    || withNullTimestamps.contains(chunk.id());
            spans.add(new ChunkSpan(chunk.ordinal(), chunk.objectKey(), chunk.sizeBytes(), chunk.arrowSizeBytes(),
                    chunk.rowCount(), boxed(chunk.minTimestampNs()), boxed(chunk.maxTimestampNs()), chunk.sorted(),
                    nullTimestamps));
        }
        return spans;
    }

    private static RunVolume volumeOf(List<Chunk> chunks) {
        long bytes = 0;
        long rows = 0;
        for (Chunk chunk : chunks) {
            bytes += chunk.sizeBytes();
            rows += chunk.rowCount();
        }
        return new RunVolume(chunks.size(), bytes, rows);
    }

    private static Long boxed(OptionalLong value) {
        return value.isPresent() ? value.getAsLong() : null;
    }
}
