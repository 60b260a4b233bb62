package io.mosaicod.server.read;

import io.mosaicod.db.Catalog;
import io.mosaicod.db.Chunk;
import io.mosaicod.format.ChunkReadOptions;
import io.mosaicod.format.WriterProfile;
import io.mosaicod.server.protocol.Interval;
import io.mosaicod.server.protocol.TimeRange;
import io.mosaicod.server.protocol.TopicManifest;
import io.mosaicod.store.ObjectStore;
import io.mosaicod.read.StoredChunkRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The rows of a topic inside a time range: how many, and their first and last timestamp. Chunks entirely
 * inside the range count from their repository statistics; only chunks that straddle a bound (or hold null
 * timestamps) are read, and of those only the {@code timestamp_ns} column of the row groups that overlap.
 */
final class RangeStatistics {
    private static final String TIMESTAMP = WriterProfile.TIMESTAMP_COLUMN;

    private final Catalog catalog;
    private final ObjectStore store;
    private final BufferAllocator allocator;

    RangeStatistics(Catalog catalog, ObjectStore store, BufferAllocator allocator) {
        this.catalog = catalog;
        this.store = store;
        this.allocator = allocator;
    }

    /** @param nullableTimestamps whether the topic's schema lets {@code timestamp_ns} be null */
    TopicManifest.TimeWindow window(List<Chunk> chunks, TimeRange range, boolean nullableTimestamps) {
        Accumulator total = new Accumulator();
        for (Chunk chunk : chunks) {
            if (chunk.minTimestampNs().isEmpty()) {
                continue; // only null timestamps: never inside a range
            }
            long min = chunk.minTimestampNs().getAsLong();
            long max = chunk.maxTimestampNs().getAsLong();
            if (!range.overlaps(min, max)) {
                continue;
            }
            if (range.contains(min) && range.contains(max) && !(nullableTimestamps && NullTimestamps.mayBeIn(catalog, chunk))) {
                total.add(min, max, chunk.rowCount());
            } else {
                scan(chunk, range, total);
            }
        }
        return new TopicManifest.TimeWindow(total.interval(), total.rows);
    }

    private void scan(Chunk chunk, TimeRange range, Accumulator total) {
        ChunkReadOptions options = ChunkReadOptions.all().withColumns(List.of(TIMESTAMP))
                .withTimeRange(range.lowerNs(), range.upperNs());
        try (StoredChunkRun run = StoredChunkRun.open(store, chunk.objectKey(), allocator, options)) {
            for (VectorSchemaRoot batch = run.nextBatch(); batch != null; batch = run.nextBatch()) {
                BigIntVector timestamps = (BigIntVector) batch.getVector(TIMESTAMP);
                for (int row = 0; row < timestamps.getValueCount(); row++) {
                    if (!timestamps.isNull(row)) {
                        long ts = timestamps.get(row);
                        if (range.contains(ts)) {
                            total.add(ts, ts, 1);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read chunk '" + chunk.objectKey() + "'", e);
        }
    }

    private static final class Accumulator {
        long rows;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;

        void add(long min, long max, long count) {
            rows += count;
            first = Math.min(first, min);
            last = Math.max(last, max);
        }

        Interval interval() {
            return rows == 0 ? null : new Interval(first, last);
        }
    }
}
